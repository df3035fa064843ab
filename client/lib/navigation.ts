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
