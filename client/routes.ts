/** Every screen under /app/ with its access rule (SPEC section 2). Shared by the server renderer and the client. */
export type Access = "public" | "auth" | "operator" | "admin";

export const PAGE_NAMES = [
  "home",
  "calculator",
  "scanner",
  "scanner-ai",
  "scanner-layout",
  "foam-editor",
  "shop",
  "about",
  "dashboard",
  "project",
  "admin",
  "operator",
  "login",
  "privacy",
  "terms",
  "scanner-guide",
  "scanner-instructions",
  "not-found",
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export type PageRoute = { path: string; page: PageName; title: string; access: Access };

export const APP_BASE = "/app";

export const ROUTES: PageRoute[] = [
  { path: "/", page: "home", title: "Foam Intelligence Platform", access: "public" },
  { path: "/calculator", page: "calculator", title: "Foam Insert Calculator", access: "public" },
  { path: "/scanner", page: "scanner", title: "Tool Scanner", access: "public" },
  { path: "/scanner-ai", page: "scanner-ai", title: "AI Tool Scanner", access: "public" },
  { path: "/scanner/layout", page: "scanner-layout", title: "Tool Layout", access: "auth" },
  { path: "/scanner-layout", page: "scanner-layout", title: "Tool Layout", access: "auth" },
  { path: "/foam-editor", page: "foam-editor", title: "Foam Layout Editor", access: "public" },
  { path: "/shop", page: "shop", title: "Packaging Catalog", access: "public" },
  { path: "/about", page: "about", title: "About", access: "public" },
  { path: "/dashboard", page: "dashboard", title: "Dashboard", access: "auth" },
  // One customer project (/project?id=…): layout, quote, Accept/Decline, timeline.
  { path: "/project", page: "project", title: "Project", access: "auth" },
  { path: "/admin", page: "admin", title: "Admin Console", access: "admin" },
  { path: "/operator", page: "operator", title: "Production board", access: "operator" },
  { path: "/login", page: "login", title: "Sign in", access: "public" },
  { path: "/privacy", page: "privacy", title: "Privacy", access: "public" },
  { path: "/terms", page: "terms", title: "Terms", access: "public" },
  { path: "/scanner-guide", page: "scanner-guide", title: "Руководство по сканированию", access: "public" },
  { path: "/scanner-instructions", page: "scanner-instructions", title: "Scanning instructions", access: "public" },
];

export const NOT_FOUND_ROUTE: PageRoute = { path: "*", page: "not-found", title: "Page not found", access: "public" };

/** Path inside the app: "/app/scanner/" -> "/scanner". */
export function appPath(pathname: string): string {
  let path = pathname.startsWith(APP_BASE) ? pathname.slice(APP_BASE.length) : pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path || "/";
}

export function findRoute(pathname: string): PageRoute {
  const path = appPath(pathname);
  return ROUTES.find((route) => route.path === path) ?? NOT_FOUND_ROUTE;
}

/** A link inside the app: href("/scanner") -> "/app/scanner". */
export function href(path: string): string {
  return path === "/" ? `${APP_BASE}/` : `${APP_BASE}${path}`;
}
