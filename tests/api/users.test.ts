import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, expectAccess, forgetToken, tokenFor, tokenForEmail } from "./support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine; 5 s is too tight.
setDefaultTimeout(30_000);

let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, "admin");
  superAdmin = await tokenFor(t, "super_admin");
});
afterAll(() => t.close());

const ADMINS = ["admin", "super_admin"] as const;
const idOf = async (email: string) => (await t.db.query.users.findFirst({ where: eq(users.email, email) }))!.id;

describe("roles and list", () => {
  test("GET /admin/user-roles: code and name of every role the caller may assign, least privileged first", async () => {
    const response = await t.request("GET", "/api/admin/user-roles", { token: admin });
    expect(response.status).toBe(200);
    expect(response.json.results[0]).toEqual({ code: "customer", name: "Customer" });
    expect(response.json.results.map((role: { code: string }) => role.code)).toEqual(["customer", "sales", "technician", "operator", "admin"]);
    const forSuper = await t.request("GET", "/api/admin/user-roles", { token: superAdmin });
    expect(forSuper.json.results.map((role: { code: string }) => role.code)).toEqual(["customer", "sales", "technician", "operator", "admin", "super_admin"]);
    await expectAccess(t, "GET", "/api/admin/user-roles", [...ADMINS]);
  });

  test("GET /admin/users: sorted by e-mail, never a password or hash", async () => {
    const response = await t.request("GET", "/api/admin/users", { token: admin });
    expect(response.status).toBe(200);
    const emails = response.json.results.map((user: { email: string }) => user.email);
    expect([...emails].sort()).toEqual(emails);
    expect(response.json.results[0]).toHaveProperty("role_name");
    expect(response.json.results[0]).toHaveProperty("last_login_at");
    expect(response.text).not.toMatch(/password|hash|argon/i);
    await expectAccess(t, "GET", "/api/admin/users", [...ADMINS]);
  });
});

describe("POST /admin/users", () => {
  test("creates a user (e-mail lower-cased, text trimmed) who can then sign in", async () => {
    const response = await t.request("POST", "/api/admin/users", {
      token: admin,
      body: { email: " New.Person@Example.COM ", first_name: " Nia ", last_name: "", role: "technician", password: "long enough", locale: "en-gb", timezone: "Europe/London", is_verified: true },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ email: "new.person@example.com", first_name: "Nia", last_name: null, role: "technician", role_name: "Technician", locale: "en-GB", timezone: "Europe/London", is_active: true, is_verified: true, last_login_at: null });
    expect(response.text).not.toMatch(/password/i);
    const login = await t.request("POST", "/api/auth/login", { body: { email: "new.person@example.com", password: "long enough" } });
    expect(login.status).toBe(200);
  });

  test("SPEC validation messages; nothing is stored", async () => {
    const before = await dataDigest(t);
    const cases: [unknown, number, string][] = [
      [{ role: "sales", password: "12345678" }, 400, "Email is required."],
      [{ email: "  ", role: "sales", password: "12345678" }, 400, "Email is required."],
      [{ email: "nope", role: "sales", password: "12345678" }, 400, "Enter a valid email address."],
      [{ email: "a@b.co", password: "12345678" }, 400, "Select a role."],
      [{ email: "a@b.co", role: "", password: "12345678" }, 400, "Select a role."],
      [{ email: "a@b.co", role: "wizard", password: "12345678" }, 400, "Select a valid role."],
      [{ email: "a@b.co", role: "sales" }, 400, "Password is required when creating a user."],
      [{ email: "a@b.co", role: "sales", password: "" }, 400, "Password is required when creating a user."],
      [{ email: "a@b.co", role: "sales", password: "1234567" }, 400, "Password must be at least 8 characters."],
      [{ email: "a@b.co", role: "sales", password: "12345678", timezone: "Mars/Olympus" }, 400, "Time zone must be an IANA name such as Europe/London."],
      [{ email: "a@b.co", role: "sales", password: "12345678", locale: "!!" }, 400, "Locale must be a language tag such as en-US."],
      [{ email: "ADMIN@demo.foam", role: "sales", password: "12345678" }, 409, "A user with this email already exists."],
    ];
    for (const [body, status, detail] of cases) {
      const response = await t.request("POST", "/api/admin/users", { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json.detail).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("only a super_admin may create a super_admin", async () => {
    const body = { email: "boss2@example.com", role: "super_admin", password: "12345678" };
    const refused = await t.request("POST", "/api/admin/users", { token: admin, body });
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe("Only a super administrator can create or change super administrator accounts.");
    const allowed = await t.request("POST", "/api/admin/users", { token: superAdmin, body });
    expect(allowed.status).toBe(201);
  });

  test("access", async () => {
    await expectAccess(t, "POST", "/api/admin/users", [...ADMINS], { email: "q@q.co", role: "sales", password: "12345678" });
  });
});

describe("PATCH /admin/users/{id}", () => {
  test("partial edit; blank password keeps the current one", async () => {
    const id = await idOf("sales@demo.foam");
    const response = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body: { company: " ACME ", password: "", is_verified: false } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ email: "sales@demo.foam", company: "ACME", is_verified: false, role: "sales" });
    expect((await t.request("POST", "/api/auth/login", { body: { email: "sales@demo.foam", password: "foam-demo-1" } })).status).toBe(200);
  });

  test("toggle (is_active + role) deactivates and kills existing tokens; reactivation works", async () => {
    const email = "technician@demo.foam";
    const id = await idOf(email);
    const old = await tokenForEmail(t, email);
    expect((await t.request("GET", "/api/auth/profile", { token: old })).status).toBe(200);
    const off = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body: { is_active: false, role: "technician" } });
    expect(off.status).toBe(200);
    expect(off.json.is_active).toBe(false);
    expect((await t.request("GET", "/api/auth/profile", { token: old })).status).toBe(401);
    const on = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body: { is_active: true, role: "technician" } });
    expect(on.json.is_active).toBe(true);
    expect((await t.request("GET", "/api/auth/profile", { token: old })).status).toBe(401);
    forgetToken(t, email);
  });

  test("a new password signs the user out everywhere", async () => {
    const email = "customer@demo.foam";
    const id = await idOf(email);
    const old = await tokenForEmail(t, email);
    const response = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body: { password: "brand-new-pass" } });
    expect(response.status).toBe(200);
    expect((await t.request("GET", "/api/auth/profile", { token: old })).status).toBe(401);
    expect((await t.request("POST", "/api/auth/login", { body: { email, password: "brand-new-pass" } })).status).toBe(200);
    forgetToken(t, email);
  });

  test("self-protection and super_admin rules", async () => {
    const adminId = await idOf("admin@demo.foam");
    const superId = await idOf("super@demo.foam");
    const self = await t.request("PATCH", `/api/admin/users/${adminId}`, { token: admin, body: { is_active: false } });
    expect(self.status).toBe(400);
    expect(self.json.detail).toBe("You cannot deactivate your own account.");
    const selfRole = await t.request("PATCH", `/api/admin/users/${adminId}`, { token: admin, body: { role: "customer" } });
    expect(selfRole.status).toBe(400);
    expect(selfRole.json.detail).toBe("You cannot change your own role.");
    const editSuper = await t.request("PATCH", `/api/admin/users/${superId}`, { token: admin, body: { first_name: "X" } });
    expect(editSuper.status).toBe(403);
    const promote = await t.request("PATCH", `/api/admin/users/${await idOf("operator@demo.foam")}`, { token: admin, body: { role: "super_admin" } });
    expect(promote.status).toBe(403);
    const superPromotes = await t.request("PATCH", `/api/admin/users/${await idOf("operator@demo.foam")}`, { token: superAdmin, body: { role: "super_admin" } });
    expect(superPromotes.status).toBe(200);
    const demoted = await t.request("PATCH", `/api/admin/users/${await idOf("operator@demo.foam")}`, { token: superAdmin, body: { role: "operator" } });
    expect(demoted.json.role).toBe("operator");
    const superSelf = await t.request("PATCH", `/api/admin/users/${superId}`, { token: superAdmin, body: { is_active: false } });
    expect(superSelf.json.detail).toBe("You cannot deactivate your own account.");
  });

  test("e-mail conflicts, validation, 404 and access", async () => {
    const id = await idOf("sales@demo.foam");
    const taken = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body: { email: "Operator@demo.foam" } });
    expect(taken.status).toBe(409);
    expect(taken.json.detail).toBe("A user with this email already exists.");
    const same = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body: { email: "SALES@demo.foam" } });
    expect(same.status).toBe(200);
    for (const [body, detail] of [
      [{ email: "" }, "Email is required."],
      [{ role: "" }, "Select a role."],
      [{ password: "short" }, "Password must be at least 8 characters."],
      [{ is_active: "sometimes" }, "is_active must be true or false."],
    ] as const) {
      const response = await t.request("PATCH", `/api/admin/users/${id}`, { token: admin, body });
      expect(response.status).toBe(400);
      expect(response.json.detail).toBe(detail);
    }
    expect((await t.request("PATCH", "/api/admin/users/999999", { token: admin, body: { company: "x" } })).status).toBe(404);
    expect((await t.request("PATCH", "/api/admin/users/me", { token: admin, body: { company: "x" } })).status).toBe(404);
    expect((await t.request("GET", "/api/admin/users/999999", { token: admin })).json.detail).toBe("User not found.");
    await expectAccess(t, "PATCH", `/api/admin/users/${id}`, [...ADMINS], { company: "x" });
  });
});
