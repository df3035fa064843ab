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
