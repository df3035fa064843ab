import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { loginThrottles } from "../../db/schema";
import { openDatabase } from "../../db/client";
import { createApp, createDeps } from "../../src/app";
import { login } from "../../src/modules/auth/service";
import { ADDRESS_MAX_FAILURES, pairDelayMs, PAIR_FREE_FAILURES } from "../../src/modules/auth/throttle";
import { AppError } from "../../src/shared/errors";
import { DEMO_PASSWORD, ROLE_EMAILS } from "../helpers/demo-accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Sign-in throttling (in-process app: with no socket, X-Forwarded-For stands for the client
 * address, so one test can play many addresses).
 */
setDefaultTimeout(60_000);

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.request("POST", "/api/auth/login", { body: { email: ROLE_EMAILS.super_admin, password: DEMO_PASSWORD }, headers: { "x-forwarded-for": "192.0.2.200" } })).json.token;
});
afterAll(() => t?.close());

const attempt = (email: string, password: string, address: string) =>
  t.request("POST", "/api/auth/login", { body: { email, password }, headers: { "x-forwarded-for": address } });

async function newAccount(email: string, password: string) {
  const created = await t.request("POST", "/api/admin/users", { token: superAdmin, body: { email, role: "customer", password } });
  expect(created.status, created.text).toBe(201);
}

/** The service with a clock of our own: delays are checked without waiting for them. */
async function serviceAttempt(email: string, password: string, address: string, now: number): Promise<number | "ok"> {
  try {
    await login(t.db, t.deps.tokens, { email, password }, address, now);
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe("nobody can lock anybody out", () => {
  test("failures from many addresses (and many from one) never refuse the right password from a clean address", async () => {
    await newAccount("victim@demo.foam", "victim-password-1");
    for (let index = 0; index < 12; index++) expect((await attempt("victim@demo.foam", `wrong-${index}`, `203.0.113.${index}`)).status).toBe(401);
    for (let index = 0; index < 20; index++) {
      const response = await attempt("victim@demo.foam", `again-${index}`, "203.0.113.99");
      expect([401, 429]).toContain(response.status);
    }
    const owner = await attempt("victim@demo.foam", "victim-password-1", "198.51.100.77");
    expect(owner.status, owner.text).toBe(200);
  });

  test("the attacker's own address is the one slowed down, with the documented text", async () => {
    await newAccount("target@demo.foam", "target-password-1");
    const from = "203.0.113.150";
    for (let index = 0; index < PAIR_FREE_FAILURES + 1; index++) expect((await attempt("target@demo.foam", `nope-${index}`, from)).status).toBe(401);
    const slowed = await attempt("target@demo.foam", "target-password-1", from);
    expect(slowed.status).toBe(429);
    expect(slowed.json.detail).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ (second|minute)\(s\)\.$/);
    expect((await attempt("target@demo.foam", "target-password-1", "203.0.113.151")).status).toBe(200);
  });
});

describe("per (account, address): growing delays", () => {
  test("a few free mistakes, then 1 s, 2 s, 4 s …, capped at 15 minutes; a success clears the pair", async () => {
    expect([1, 2, 3].map(pairDelayMs)).toEqual([0, 0, 0]);
    expect([4, 5, 6, 7].map(pairDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(pairDelayMs(40)).toBe(15 * 60 * 1000);

    await newAccount("slow@demo.foam", "slow-password-1");
    const from = "192.0.2.77";
    let now = Date.UTC(2030, 0, 1);
    for (let index = 0; index < PAIR_FREE_FAILURES; index++) expect(await serviceAttempt("slow@demo.foam", "wrong", from, now)).toBe(401);
    for (const delay of [1000, 2000, 4000]) {
      expect(await serviceAttempt("slow@demo.foam", "wrong", from, now)).toBe(401);
      // Blocked until the delay has passed, even for the right password from this address…
      expect(await serviceAttempt("slow@demo.foam", "slow-password-1", from, now + delay - 1)).toBe(429);
      now += delay;
    }
    // …and then the right password works and resets the pair.
    expect(await serviceAttempt("slow@demo.foam", "slow-password-1", from, now)).toBe("ok");
    expect(await serviceAttempt("slow@demo.foam", "wrong", from, now)).toBe(401);
    expect(await serviceAttempt("slow@demo.foam", "slow-password-1", from, now)).toBe("ok");
  });
});

describe("per address: a cap on spraying across accounts", () => {
  test(`${ADDRESS_MAX_FAILURES} failures across accounts stop that address trying new accounts; accounts signed in from it before, and other addresses, carry on`, async () => {
    const from = "198.51.100.200";
    // A colleague behind the same address signed in before the spraying started.
    expect((await attempt(ROLE_EMAILS.sales, DEMO_PASSWORD, from)).status).toBe(200);
    const sprayed = await Promise.all(Array.from({ length: ADDRESS_MAX_FAILURES }, (_, index) => attempt(`sprayed-${index}@demo.foam`, "Spring2026!", from)));
    expect(sprayed.map((response) => response.status)).toEqual(Array(ADDRESS_MAX_FAILURES).fill(401));
    // A success does not reset the address's count.
    expect((await attempt(ROLE_EMAILS.sales, DEMO_PASSWORD, from)).status).toBe(200);
    const refused = await attempt(ROLE_EMAILS.technician, DEMO_PASSWORD, from);
    expect(refused.status).toBe(429);
    expect(refused.json.detail).toMatch(/Too many failed sign-in attempts/);
    // The account itself is not locked for anyone else.
    expect((await attempt(ROLE_EMAILS.technician, DEMO_PASSWORD, "198.51.100.201")).status).toBe(200);
  });

  test("IPv6 addresses count per /64", async () => {
    const sprayed = await Promise.all(Array.from({ length: ADDRESS_MAX_FAILURES }, (_, index) => attempt(`v6-${index}@demo.foam`, "nope", `2001:db8:aa:bb::${(index + 1).toString(16)}`)));
    expect(sprayed.map((response) => response.status)).toEqual(Array(ADDRESS_MAX_FAILURES).fill(401));
    expect((await attempt(ROLE_EMAILS.operator, DEMO_PASSWORD, "2001:db8:aa:bb:ffff::1")).status).toBe(429);
    expect((await attempt(ROLE_EMAILS.operator, DEMO_PASSWORD, "2001:db8:aa:cc::1")).status).toBe(200);
  });
});

describe("counters are shared by instances", () => {
  test("failures are rows in login_throttles, and a second instance on the same database sees them", async () => {
    const database = await openDatabase(t.config.databaseUrl);
    try {
      const second = createApp(createDeps(t.config, database));
      await newAccount("shared@demo.foam", "shared-password-1");
      const from = "192.0.2.99";
      for (let index = 0; index < PAIR_FREE_FAILURES + 1; index++) expect((await attempt("shared@demo.foam", "wrong", from)).status).toBe(401);
      const rows = await t.db.select().from(loginThrottles).where(eq(loginThrottles.key, `pair:shared@demo.foam|${from}`));
      expect(rows[0]?.failures).toBe(PAIR_FREE_FAILURES + 1);
      const elsewhere = await second.handle(
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": from },
          body: JSON.stringify({ email: "shared@demo.foam", password: "shared-password-1" }),
        }),
      );
      expect(elsewhere.status).toBe(429);
    } finally {
      database.close();
    }
  });
});
