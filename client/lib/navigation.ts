import { href } from "../routes";

const REDIRECT_KEY = "auth_redirect";

/** Remembers where an unauthenticated visitor was going, so login can send them back. */
export function rememberRedirect(path: string): void {
  window.sessionStorage.setItem(REDIRECT_KEY, path);
}

export function takeRedirect(): string | null {
  const value = window.sessionStorage.getItem(REDIRECT_KEY);
  window.sessionStorage.removeItem(REDIRECT_KEY);
  // Only same-app paths: never an open redirect to another origin.
  return value && value.startsWith("/app/") && !value.startsWith("//") ? value : null;
}

export function goTo(path: string, options: { replace?: boolean } = {}): void {
  const target = path.startsWith("/app") ? path : href(path);
  if (options.replace) window.location.replace(target);
  else window.location.assign(target);
}

/**
 * Sign out's way to /login (SPEC 2: "goes to /login, replacing history"). On a public page the
 * page you left stays one Back away (issue 19, item 12): a copy of its entry is pushed first and it
 * is that copy /login replaces. A protected page is simply replaced, since Back to it would only
 * bounce to /login again.
 */
export function leaveForLogin(pageIsPublic: boolean): void {
  if (pageIsPublic) window.history.pushState(window.history.state, "", window.location.href);
  goTo("/login", { replace: true });
}
