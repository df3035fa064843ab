import { Elysia } from "elysia";
import { existsSync } from "node:fs";
import { join, normalize } from "node:path";
import type { AppDeps } from "../shared/deps";
import { EMBEDDED } from "../embedded";
import { apiDocsPage } from "./api-docs";
import { renderPage } from "./render";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".pdf": "application/pdf",
  ".map": "application/json",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

function locate(roots: string[], clean: string): string | null {
  // A compiled binary serves what it embedded; development serves the build output and assets/.
  const embedded = EMBEDDED.assets?.[clean];
  if (embedded) return embedded;
  for (const root of roots) {
    const file = join(root, clean);
    if (file.startsWith(root) && existsSync(file)) return file;
  }
  return null;
}

/** Built client files first, then the static assets folder; never a path outside them. */
function assetResponse(roots: string[], relative: string): Response | null {
  const clean = normalize(relative).replace(/^(\.\.[/\\])+/, "");
  if (clean.includes("..")) return null;
  const file = locate(roots, clean);
  if (file) {
    const extension = clean.slice(clean.lastIndexOf("."));
    return new Response(Bun.file(file), {
      headers: {
        "content-type": CONTENT_TYPES[extension] ?? "application/octet-stream",
        "cache-control": clean.startsWith("chunks/") ? "public, max-age=31536000, immutable" : "no-cache",
        "x-content-type-options": "nosniff",
      },
    });
  }
  return null;
}

export const pagesModule = ({ config }: AppDeps) => {
  const site = { contactEmail: config.contactEmail };
  return (
    new Elysia({ detail: { hide: true } })
      .get("/", ({ redirect }) => redirect("/app/", 302))
      .get("/api/docs", () => apiDocsPage())
      .get("/favicon.ico", () => assetResponse([config.assetsDir], "favicon.svg") ?? new Response(null, { status: 404 }))
      .get("/app/assets/*", ({ params }) => {
        const response = assetResponse([config.clientDir, config.assetsDir], params["*"]);
        return response ?? new Response(JSON.stringify({ detail: "Not found." }), { status: 404, headers: { "content-type": "application/json" } });
      })
      .get("/app", ({ request, redirect }) => {
        // Elysia matches /app for /app/ as well: only the bare path redirects.
        if (new URL(request.url).pathname === "/app") return redirect("/app/", 301);
        return renderPage("/app/", site);
      })
      .get("/app/*", ({ request }) => renderPage(new URL(request.url).pathname, site))
  );
};
