import { eq } from "drizzle-orm";
import { Elysia } from "elysia";
import type { Db } from "../../db/client";
import { revokedSessions, users } from "../../db/schema";
import { forbidden, unauthorized } from "./errors";
import type { RoleCode } from "../../common/roles";
import type { TokenService } from "./tokens";

export type AuthUser = typeof users.$inferSelect;
/** The sign-in behind a request made with a session token (absent for a scoped link). */
export type AuthSession = { id: string; expiresAt: number };

const EXPIRED = "Invalid or expired token. Please sign in again.";

/** The signed-in user carries its session id under this key, for links minted on its behalf. */
const SESSION_ID = Symbol("sessionId");
export function sessionIdOf(user: object): string | undefined {
  return (user as { [SESSION_ID]?: string })[SESSION_ID];
}

/**
 * The only GET routes that take `?token=`: downloads opened as plain links and progress streams
 * (EventSource sends no headers). Anywhere else a token in the URL is not even looked at.
 */
export const URL_TOKEN_PATH = /\/(download-[a-z-]+|scan\/[^/]+\/progress)$/;

async function authenticate(db: Db, tokens: TokenService, request: Request, path: string): Promise<{ user: AuthUser; session: AuthSession | null }> {
  const header = request.headers.get("authorization") ?? "";
  const bearer = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : header.trim();
  const queryToken = !bearer && request.method === "GET" && URL_TOKEN_PATH.test(path) ? new URL(request.url).searchParams.get("token") : null;
  const token = bearer || queryToken;
  if (!token) throw unauthorized();
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized(EXPIRED);
  // URLs end up in logs, histories and Referer headers: only a token scoped to this one path may
  // travel in one, and a scoped token never through a header it could leak from.
  if (claims.typ === "scoped" && (bearer || claims.path !== path)) throw unauthorized("This link is not valid for this resource.");
  if (claims.typ === "session" && !bearer) throw unauthorized("A session token is not accepted in a URL. Ask for a download link or a progress token instead.");
  // Both lookups at once: the ended-session check costs no extra round trip to a remote libSQL.
  // A link carries the session it was made for: it ends with that session.
  const sessionId = claims.sid;
  const [user, revoked] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, Number(claims.sub)) }),
    sessionId
      ? db.select({ id: revokedSessions.sessionId }).from(revokedSessions).where(eq(revokedSessions.sessionId, sessionId)).limit(1)
      : Promise.resolve([]),
  ]);
  if (!user || user.tokenVersion !== claims.tv) throw unauthorized(EXPIRED);
  if (!user.isActive) throw unauthorized("This account is deactivated.");
  if (revoked.length) throw unauthorized("This session has ended. Please sign in again.");
  if (claims.typ === "scoped") return { user, session: null };
  (user as { [SESSION_ID]?: string })[SESSION_ID] = claims.sid;
  return { user, session: { id: claims.sid, expiresAt: claims.exp } };
}

/**
 * Authorisation is declared on the route: `{ role: "any" }` for any signed-in user,
 * `{ role: ["admin", "super_admin"] }` for those roles only.
 */
export function createAuthPlugin(db: Db, tokens: TokenService) {
  const signedIn = new WeakMap<Request, { user: AuthUser; session: AuthSession | null }>();
  return new Elysia({ name: "auth" }).macro({
    role: (allowed: RoleCode[] | "any") => ({
      // Checked in transform, i.e. before Elysia validates params, query and form bodies: a caller
      // with a bad token or the wrong role hears 401/403, never a 422 about a body it may not send.
      async transform({ request, path }) {
        const found = await authenticate(db, tokens, request, path);
        if (allowed !== "any" && !allowed.includes(found.user.roleCode as RoleCode)) throw forbidden();
        signedIn.set(request, found);
      },
      resolve({ request }) {
        const found = signedIn.get(request);
        if (!found) throw unauthorized();
        return { user: found.user, session: found.session };
      },
    }),
  });
}

export type AuthPlugin = ReturnType<typeof createAuthPlugin>;
