import { useState, type FormEvent } from "react";
import { Alert } from "../components/ui/alert";
import { Button, ButtonLink } from "../components/ui/button";
import { Field } from "../components/ui/field";
import { apiRequest, ApiError } from "../lib/api";
import { goTo, takeRedirect } from "../lib/navigation";
import type { SessionUser } from "../lib/session";
import { isAdminRole, useSession } from "../lib/session-context";
import { href } from "../routes";

type Errors = { email?: string; password?: string };

/** Where a fresh sign-in lands (SPEC section 2): the remembered path, else /admin for admins, else /dashboard. */
export function landingPath(role: string | null | undefined, remembered: string | null): string {
  return remembered ?? (isAdminRole(role) ? "/admin" : "/dashboard");
}

export function LoginPage() {
  const session = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next: Errors = {};
    if (!email.trim()) next.email = "Email is required.";
    if (!password) next.password = "Password is required.";
    setErrors(next);
    setFailure(null);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const answer = await apiRequest<{ token: string; user: SessionUser }>("/auth/login", {
        method: "POST",
        body: { email: email.trim(), password },
        auth: false,
      });
      session.signIn(answer.token, answer.user);
      goTo(landingPath(answer.user?.role, takeRedirect()), { replace: true });
    } catch (error) {
      const detail = error instanceof ApiError ? (error.payload as { detail?: unknown } | null)?.detail : null;
      setFailure(typeof detail === "string" && detail ? detail : "Login failed");
      setBusy(false);
    }
  };

  return (
    <div className="page login-page">
      <section className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        <p className="muted">Use your Foam Intelligence account to open your dashboard, submit layouts and manage orders.</p>

        {session.status === "signed-in" && session.user ? (
          <Alert tone="info">
            You are signed in as <strong>{session.user.email}</strong>.{" "}
            <a href={href(isAdminRole(session.user.role) ? "/admin" : "/dashboard")}>Continue</a>
          </Alert>
        ) : null}

        {failure ? <Alert tone="error">{failure}</Alert> : null}

        {/* POST so that, without JavaScript, the password never ends up in the address bar. */}
        <form method="post" noValidate onSubmit={submit} aria-describedby="login-hint">
          <Field label="E-mail" id="login-email" error={errors.email} required>
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Field label="Password" id="login-password" error={errors.password} required>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="primary" busy={busy} className="login-submit">
            {busy ? "Signing in…" : "Sign in"}
          </Button>
        </form>

        <div className="demo-hint" id="login-hint">
          <p className="demo-hint-title">Demo accounts</p>
          <p>
            Customer: <code>customer@demo.foam</code> · password <code>foam-demo-1</code>
            <br />
            Administrator: <code>admin@demo.foam</code> · same password
          </p>
        </div>
      </section>
      <p className="login-aside">
        <ButtonLink href={href("/calculator")} variant="ghost" size="sm">
          Try the calculator without an account
        </ButtonLink>
      </p>
    </div>
  );
}
