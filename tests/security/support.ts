import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { users } from "../../db/schema";
import { completeRun, createScanRun } from "../../src/modules/photo-tracing/scan-runs";
import type { TestApp } from "../helpers/test-app";

export { ALL_ROLES, DEMO_PASSWORD, ROLE_EMAILS, type Role } from "../helpers/demo-accounts";
import { DEMO_PASSWORD, ROLE_EMAILS, type Role } from "../helpers/demo-accounts";

/** A route as the router knows it: "GET /api/admin/orders/:id". */
export type RouteKey = `${string} ${string}`;

/** Every route the app registered (documented or not), from Elysia's own route list. */
export function registeredRoutes(t: TestApp): RouteKey[] {
  const routes = (t.app as unknown as { routes: { method: string; path: string }[] }).routes;
  return [...new Set(routes.map((route) => `${route.method} ${route.path}` as RouteKey))];
}

/** Every documented route from /api/docs/json, with `{id}` written the router's way (`:id`). */
export async function documentedRoutes(t: TestApp): Promise<RouteKey[]> {
  const spec = (await t.request("GET", "/api/docs/json")).json as { paths: Record<string, Record<string, unknown>> };
  const keys: RouteKey[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const method of Object.keys(operations)) keys.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
  }
  return keys;
}

export type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
};

export async function openApiOperations(t: TestApp): Promise<Map<RouteKey, OpenApiOperation>> {
  const spec = (await t.request("GET", "/api/docs/json")).json as { paths: Record<string, Record<string, OpenApiOperation>> };
  const map = new Map<RouteKey, OpenApiOperation>();
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      map.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`, operation);
    }
  }
  return map;
}

/** Signs a session token exactly as a login would (no argon2 per role per file). */
export async function sessionToken(t: TestApp, email: string): Promise<string> {
  const user = await t.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) throw new Error(`no user ${email}`);
  return t.deps.tokens.signSession(user.id, user.tokenVersion);
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const user = await t.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** A JWT signed with the app's real secret but arbitrary claims (expired, wrong type, unknown user…). */
export async function forgeToken(secret: string, claims: Record<string, unknown>, options: { sub: string; exp: number; alg?: string }) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? "HS256" })
    .setSubject(options.sub)
    .setIssuedAt(Math.min(options.exp - 60, Math.floor(Date.now() / 1000)))
    .setExpirationTime(options.exp)
    .sign(new TextEncoder().encode(secret));
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Keeps header and claims, flips the signature: what an attacker editing a token produces. */
export function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split(".");
  const bytes = Buffer.from(signature!, "base64url");
  bytes[0] = bytes[0]! ^ 0xff;
  return `${header}.${payload}.${bytes.toString("base64url")}`;
}

/** Same signature, but the claims say user 1 (usually the super admin): a signature check must catch it. */
export function tamperClaims(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
  return `${header}.${b64url({ ...claims, ...change })}.${signature}`;
}

export function unsignedToken(token: string): string {
  const [, payload] = token.split(".");
  return `${b64url({ alg: "none", typ: "JWT" })}.${payload}.`;
}

/**
 * Row counts and a hash of every table (whatever the schema holds today), so "no data changed"
 * covers tables added later too. users.last_login_at moves on every sign-in and is not business data,
 * nor are the sign-in failure counters.
 */
export async function snapshotTables(t: TestApp): Promise<{ counts: Record<string, number>; hash: string }> {
  const tables = (await t.db.all(
    // login_throttles counts failed sign-ins: bookkeeping a refused login is meant to change.
    // orders_fts_* are FTS5's shadow tables (two have no rowid); orders_fts itself is hashed.
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name != 'login_throttles' and name not like 'orders_fts_%' order by name`,
  )) as { name: string }[];
  const hash = createHash("sha256");
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const rows = (await t.db.all(sql.raw(`select * from "${name}" order by rowid`))) as Record<string, unknown>[];
    counts[name] = rows.length;
    const clean = name === "users" ? rows.map(({ last_login_at: _ignored, ...rest }) => rest) : rows;
    hash.update(name).update(JSON.stringify(clean, (_key, value) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? createHash("sha1").update(new Uint8Array(value as ArrayBuffer)).digest("hex") : value)));
  }
  return { counts, hash: hash.digest("hex") };
}

/** A finished scan run owned by `ownerId`, so progress/result routes have a real id to answer for. */
export async function completedScanRun(t: TestApp, ownerId: number, kind: "classic" | "ai"): Promise<string> {
  const id = await createScanRun(t.db, ownerId, kind, { sensitivity: 45 } as never);
  await completeRun(t.db, id, { preview_png: "data:image/png;base64,AA==", contour_points_px: [], parameters: { contour_area_mm: 1 }, svg: "<svg/>" });
  return id;
}
