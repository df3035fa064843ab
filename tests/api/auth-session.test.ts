import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { revokedSessions, users } from "../../db/schema";
import { loadConfig } from "../../src/config";
import { createTokenService } from "../../src/shared/tokens";
import { DEMO_PASSWORD, ROLE_EMAILS } from "../helpers/demo-accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function signIn(email: string, address: string) {
  const response = await t.request("POST", "/api/auth/login", { body: { email, password: DEMO_PASSWORD }, headers: { "x-forwarded-for": address } });
  expect(response.status, response.text).toBe(200);
  return response.json.token as string;
}

describe("POST /api/auth/logout", () => {
  test("ends that one session on the server; the user's other sessions stay signed in", async () => {
    const laptop = await signIn(ROLE_EMAILS.sales, "198.51.100.10");
    const phone = await signIn(ROLE_EMAILS.sales, "198.51.100.11");
    expect(laptop).not.toBe(phone);
    const out = await t.request("POST", "/api/auth/logout", { token: laptop });
    expect(out.status).toBe(204);
    expect(out.text).toBe("");
    const after = await t.request("GET", "/api/auth/profile", { token: laptop });
    expect(after.status).toBe(401);
    expect(after.json.detail).toMatch(/session has ended/i);
    expect((await t.request("GET", "/api/auth/profile", { token: phone })).status).toBe(200);
    // Signing out again with the ended session is refused like any other dead token.
    expect((await t.request("POST", "/api/auth/logout", { token: laptop })).status).toBe(401);
    // The ended session is remembered until the token would have expired anyway.
    const row = await t.db.query.revokedSessions.findFirst({ where: eq(revokedSessions.userId, (await t.db.query.users.findFirst({ where: eq(users.email, ROLE_EMAILS.sales) }))!.id) });
    const claims = JSON.parse(Buffer.from(laptop.split(".")[1]!, "base64url").toString());
    expect(row?.expiresAt).toBe(claims.exp);
  });

  test("download links made from the session end with it; those of the user's other sessions keep working", async () => {
    const desk = await signIn(ROLE_EMAILS.admin, "198.51.100.15");
    const other = await signIn(ROLE_EMAILS.admin, "198.51.100.16");
    const deskLink = (await t.request("POST", "/api/admin/orders/1/download-link", { token: desk })).json.url as string;
    const otherLink = (await t.request("POST", "/api/admin/orders/1/download-link", { token: other })).json.url as string;
    expect((await t.request("GET", deskLink)).status).toBe(200);
    expect((await t.request("POST", "/api/auth/logout", { token: desk })).status).toBe(204);
    const dead = await t.request("GET", deskLink);
    expect(dead.status).toBe(401);
    expect(dead.json.detail).toMatch(/session has ended/i);
    expect((await t.request("GET", otherLink)).status).toBe(200);
  });

  test("needs a session: anonymous, garbage and scoped tokens are refused", async () => {
    expect((await t.request("POST", "/api/auth/logout")).status).toBe(401);
    expect((await t.request("POST", "/api/auth/logout", { token: "garbage" })).status).toBe(401);
    const admin = await signIn(ROLE_EMAILS.admin, "198.51.100.12");
    const link = await t.request("POST", "/api/admin/orders/1/download-link", { token: admin });
    const scoped = new URL(link.json.url, "http://x").searchParams.get("token")!;
    expect((await t.request("POST", "/api/auth/logout", { token: scoped })).status).toBe(401);
    expect((await t.request("GET", "/api/auth/profile", { token: admin })).status).toBe(200);
  });

  test("a token without a session id (made before sign-out existed, or forged) is not accepted", async () => {
    const user = (await t.db.query.users.findFirst({ where: eq(users.email, ROLE_EMAILS.customer) }))!;
    const { SignJWT } = await import("jose");
    const legacy = await new SignJWT({ typ: "session", tv: user.tokenVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await t.request("GET", "/api/auth/profile", { token: legacy })).status).toBe(401);
  });
});

describe("tokens in URLs", () => {
  test("a full session token in ?token= is refused on downloads and progress streams; scoped links still work", async () => {
    const admin = await signIn(ROLE_EMAILS.admin, "198.51.100.13");
    const download = await t.request("GET", `/api/admin/orders/1/download-csv?token=${admin}`);
    expect(download.status).toBe(401);
    expect(download.json.detail).toMatch(/not accepted in a URL/);
    const profile = await t.request("GET", `/api/auth/profile?token=${admin}`);
    expect(profile.status).toBe(401);
    const link = await t.request("POST", "/api/admin/orders/1/download-link", { token: admin });
    expect((await t.request("GET", link.json.url)).status).toBe(200);
  });

  test("a scoped token is read only on download and progress paths, and only its own", async () => {
    const admin = await signIn(ROLE_EMAILS.admin, "198.51.100.14");
    const user = (await t.db.query.users.findFirst({ where: eq(users.email, ROLE_EMAILS.admin) }))!;
    // A scoped token minted for a non-download path opens nothing: the URL token is not even read there.
    const forProfile = await t.deps.tokens.signScoped(user.id, user.tokenVersion, "/api/auth/profile");
    expect((await t.request("GET", `/api/auth/profile?token=${forProfile}`)).status).toBe(401);
    expect((await t.request("GET", "/api/auth/profile", { token: admin })).status).toBe(200);
  });
});

describe("JWT secret", () => {
  test("a secret under 32 bytes is refused at start with a clear message", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "foam-jwt-"));
    try {
      for (const secret of ["a", "x".repeat(31), "ä".repeat(15)]) {
        expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret })).toThrow(/JWT_SECRET must be at least 32 bytes/);
      }
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(32) }).jwtSecret).toBe("x".repeat(32));
      // Unset: one is generated (and long).
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(() => createTokenService("short", 60)).toThrow(/at least 32 bytes/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the server does not start with JWT_SECRET=a: exit code 2 and one line saying why", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "foam-jwt-"));
    try {
      const child = Bun.spawn([process.execPath, "src/main.ts"], {
        cwd: resolve(import.meta.dir, "../.."),
        env: { ...process.env, JWT_SECRET: "a", DATA_DIR: dataDir, PORT: "0", SCANNER_WARMUP: "false" },
        stdout: "pipe",
        stderr: "pipe",
      });
      expect(await child.exited).toBe(2);
      const stderr = await new Response(child.stderr).text();
      expect(stderr).toContain("JWT_SECRET must be at least 32 bytes (got 1)");
      expect(stderr).not.toContain("    at ");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("demo accounts", () => {
  test("each demo account's password hash has its own salt", async () => {
    const rows = await t.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    const demo = rows.filter((row) => row.email.endsWith("@demo.foam") && Object.values(ROLE_EMAILS).includes(row.email as never));
    expect(demo.length).toBe(6);
    // argon2 PHC string: $argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>
    const salts = demo.map((row) => row.hash.split("$")[4]);
    expect(new Set(salts).size).toBe(6);
    expect(new Set(demo.map((row) => row.hash)).size).toBe(6);
  });
});
