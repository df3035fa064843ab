import { expect } from "bun:test";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { TestApp } from "../helpers/test-app";

export { ALL_ROLES, ROLE_EMAILS, type Role } from "../helpers/demo-accounts";
import { ALL_ROLES, ROLE_EMAILS, type Role } from "../helpers/demo-accounts";

const signed = new WeakMap<TestApp, Map<string, string>>();

/**
 * A session token for a demo account, signed directly: the same token a login returns, without
 * paying an argon2 verification per role per file (login itself is tested in the auth module).
 * Not cached across a token_version bump: call forgetToken(t, email) after one.
 */
export async function tokenForEmail(t: TestApp, email: string): Promise<string> {
  const cache = signed.get(t) ?? new Map<string, string>();
  signed.set(t, cache);
  const cached = cache.get(email);
  if (cached) return cached;
  const user = await t.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) throw new Error(`no user ${email}`);
  const token = await t.deps.tokens.signSession(user.id, user.tokenVersion);
  cache.set(email, token);
  return token;
}

export const tokenFor = (t: TestApp, role: Role) => tokenForEmail(t, ROLE_EMAILS[role]);
export const forgetToken = (t: TestApp, email: string) => signed.get(t)?.delete(email);

/**
 * 401 without a token and with a garbage one; 403 for every role outside `allowed`.
 * Allowed roles are not called here (their success paths are tested with real data).
 */
export async function expectAccess(t: TestApp, method: string, path: string, allowed: Role[] | "any", body?: unknown) {
  const anonymous = await t.request(method, path, { body });
  expect(anonymous.status, `${method} ${path} without a token`).toBe(401);
  expect(typeof anonymous.json?.detail).toBe("string");
  const garbage = await t.request(method, path, { token: "not-a-token", body });
  expect(garbage.status, `${method} ${path} with a bad token`).toBe(401);
  if (allowed === "any") return;
  for (const role of ALL_ROLES.filter((role) => !allowed.includes(role))) {
    const response = await t.request(method, path, { token: await tokenFor(t, role), body });
    expect(response.status, `${method} ${path} as ${role}`).toBe(403);
  }
}

const TABLES = ["orders", "order_items", "order_addresses", "order_events", "users", "materials", "catalog_boxes", "scanner_jobs", "projects", "cutting_files"];

/** A digest of every business table: equal digests mean no data changed. */
export async function dataDigest(t: TestApp): Promise<string> {
  const hash = createHash("sha256");
  for (const table of TABLES) {
    // last_login_at moves whenever a test signs in; it is not business data.
    const rows = await t.db.all(sql.raw(`select * from ${table} order by rowid`));
    const clean = table === "users" ? (rows as Record<string, unknown>[]).map(({ last_login_at: _ignored, ...rest }) => rest) : rows;
    hash.update(table).update(JSON.stringify(clean));
  }
  return hash.digest("hex");
}

/** Minimal RFC 4180 reader for assertions: quoted fields, doubled quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
