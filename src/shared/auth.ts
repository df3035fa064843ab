import { eq } from "drizzle-orm";
import { Elysia } from "elysia";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { forbidden, unauthorized } from "./errors";
import type { RoleCode } from "./roles";
import type { TokenService } from "./tokens";

export type AuthUser = typeof users.$inferSelect;

async function authenticate(db: Db, tokens: TokenService, request: Request, path: string): Promise<AuthUser> {
  const header = request.headers.get("authorization") ?? "";
  const queryToken = request.method === "GET" ? new URL(request.url).searchParams.get("token") : null;
  const bearer = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : header.trim();
  const token = bearer || queryToken;
  if (!token) throw unauthorized();
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized("Invalid or expired token. Please sign in again.");
  // A scoped token opens one path only and never through a header it could leak from.
  if (claims.typ === "scoped" && (bearer || claims.path !== path)) {
    throw unauthorized("This link is not valid for this resource.");
  }
  const user = await db.query.users.findFirst({ where: eq(users.id, Number(claims.sub)) });
  if (!user || user.tokenVersion !== claims.tv) throw unauthorized("Invalid or expired token. Please sign in again.");
  if (!user.isActive) throw unauthorized("This account is deactivated.");
  return user;
}

/**
 * Authorisation is declared on the route: `{ role: "any" }` for any signed-in user,
 * `{ role: ["admin", "super_admin"] }` for those roles only.
 */
export function createAuthPlugin(db: Db, tokens: TokenService) {
  const signedIn = new WeakMap<Request, AuthUser>();
  return new Elysia({ name: "auth" }).macro({
    role: (allowed: RoleCode[] | "any") => ({
      // Checked in transform, i.e. before Elysia validates params, query and form bodies: a caller
      // with a bad token or the wrong role hears 401/403, never a 422 about a body it may not send.
      async transform({ request, path }) {
        const user = await authenticate(db, tokens, request, path);
        if (allowed !== "any" && !allowed.includes(user.roleCode as RoleCode)) throw forbidden();
        signedIn.set(request, user);
      },
      resolve({ request }) {
        const user = signedIn.get(request);
        if (!user) throw unauthorized();
        return { user };
      },
    }),
  });
}

export type AuthPlugin = ReturnType<typeof createAuthPlugin>;
