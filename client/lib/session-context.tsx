import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { apiRequest } from "./api";
import { clearSession, endSession, isAdminRole, readSession, saveSession, saveUser, subscribeSession, type SessionUser } from "./session";

/** "unknown" until the browser has read storage, so server and first client render agree. */
export type SessionStatus = "unknown" | "signed-in" | "signed-out";
export type SessionState = {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  signIn(token: string, user: SessionUser): void;
  signOut(): void;
};

const SessionContext = createContext<SessionState>({
  status: "unknown",
  token: null,
  user: null,
  signIn: () => {},
  signOut: () => {},
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: SessionStatus; token: string | null; user: SessionUser | null }>({
    status: "unknown",
    token: null,
    user: null,
  });

  useEffect(() => {
    const sync = () => {
      const { token, user } = readSession();
      setState((previous) => ({
        // A token without a user stays unknown until the profile answers.
        status: token ? (user ? "signed-in" : previous.status === "signed-in" ? "signed-in" : "unknown") : "signed-out",
        token,
        user,
      }));
    };
    sync();
    const unsubscribe = subscribeSession(sync);
    const { token } = readSession();
    if (token) {
      apiRequest<SessionUser>("/auth/profile")
        .then((user) => saveUser(user))
        .catch((error) => {
          console.warn("Profile check failed; signing out.", error);
          clearSession();
        });
    }
    return unsubscribe;
  }, []);

  const signIn = useCallback((token: string, user: SessionUser) => saveSession(token, user), []);
  const signOut = useCallback(() => endSession(), []);
  const value = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}

export { isAdminRole };
