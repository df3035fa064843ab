/** The auth session lives in localStorage (SPEC section 3); every read is SSR-safe. */
export type SessionUser = {
  id?: number;
  email: string;
  role: string;
  first_name?: string | null;
  last_name?: string | null;
  [key: string]: unknown;
};
export type Session = { token: string | null; user: SessionUser | null };

const TOKEN_KEY = "auth_token";
const USER_KEY = "auth_user";
const listeners = new Set<() => void>();

function storage(): Storage | null {
  return typeof window === "undefined" ? null : window.localStorage;
}

export function readSession(): Session {
  const store = storage();
  if (!store) return { token: null, user: null };
  const token = store.getItem(TOKEN_KEY);
  let user: SessionUser | null = null;
  try {
    user = JSON.parse(store.getItem(USER_KEY) ?? "null");
  } catch {
    user = null;
  }
  return { token, user };
}

export function getToken(): string | null {
  return readSession().token;
}

export function saveSession(token: string, user: SessionUser): void {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function saveUser(user: SessionUser): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
  notify();
}

/**
 * Sign out: the browser forgets the session at once and the server ends it (POST /api/auth/logout),
 * so a copy of the token left in a log or another tab stops working too. `keepalive` lets the call
 * finish while the page moves on to /login; a failure changes nothing for the user, who is signed out here.
 */
export function endSession(): void {
  const token = getToken();
  clearSession();
  if (!token || typeof fetch !== "function") return;
  void fetch("/api/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {});
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

export function isAdminRole(role: string | null | undefined): boolean {
  return role === "admin" || role === "super_admin";
}

export function isOperatorRole(role: string | null | undefined): boolean {
  return role === "operator" || isAdminRole(role);
}
