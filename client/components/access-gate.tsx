import { useEffect, type ReactNode } from "react";
import { goTo, rememberRedirect } from "../lib/navigation";
import { isOperatorRole } from "../lib/session";
import { isAdminRole, useSession } from "../lib/session-context";
import type { Access } from "../routes";

/** Client-side access rules of SPEC section 2: sign-in first, then the role. */
export function AccessGate({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const hasRole = (role: string | undefined) => (access === "admin" ? isAdminRole(role) : access === "operator" ? isOperatorRole(role) : true);
  const allowed = access === "public" || (session.status === "signed-in" && hasRole(session.user?.role));

  useEffect(() => {
    if (access === "public" || session.status === "unknown") return;
    if (session.status === "signed-out") {
      rememberRedirect(window.location.pathname + window.location.search);
      goTo("/login", { replace: true });
    } else if (!hasRole(session.user?.role)) {
      goTo("/dashboard", { replace: true });
    }
  }, [access, session.status, session.user?.role]);

  if (!allowed) {
    return (
      <div className="page-loading" role="status" aria-live="polite">
        Checking your session…
      </div>
    );
  }
  return <>{children}</>;
}
