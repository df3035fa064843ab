import { ButtonLink, Button } from "../ui/button";
import { Pill } from "../ui/pill";
import { leaveForLogin } from "../../lib/navigation";
import { isAdminRole, useSession } from "../../lib/session-context";
import { findRoute, href } from "../../routes";

/**
 * Header auth actions (SPEC section 2, Shell). While the session is still unknown (server render
 * and the first client render) only the signed-out links inside <noscript> exist, so hydration
 * matches and JavaScript-free visitors still get a way to sign in.
 */
export function AuthActions() {
  const session = useSession();

  if (session.status === "signed-in" && session.user) {
    const admin = isAdminRole(session.user.role);
    return (
      <div className="auth-actions" data-auth="signed-in">
        <ButtonLink href={href(admin ? "/admin" : "/dashboard")} variant="primary" size="sm">
          {admin ? "Admin" : "Dashboard"}
        </ButtonLink>
        <Pill className="user-pill" title={session.user.email}>
          {session.user.email}
        </Pill>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            const pageIsPublic = findRoute(window.location.pathname).access === "public";
            session.signOut();
            leaveForLogin(pageIsPublic);
          }}
        >
          Sign out
        </Button>
      </div>
    );
  }

  if (session.status === "signed-out") {
    return (
      <div className="auth-actions" data-auth="signed-out">
        <SignedOutLinks />
      </div>
    );
  }

  return (
    <div className="auth-actions" data-auth="unknown" aria-busy="true">
      <noscript>
        <SignedOutLinks />
      </noscript>
    </div>
  );
}

function SignedOutLinks() {
  return (
    <>
      <ButtonLink href={href("/login")} variant="ghost" size="sm">
        Dashboard
      </ButtonLink>
      <ButtonLink href={href("/login")} variant="primary" size="sm">
        Sign in
      </ButtonLink>
    </>
  );
}
