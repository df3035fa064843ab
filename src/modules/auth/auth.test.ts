import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("auth", () => {
  test("health answers ok once migrated", async () => {
    const response = await t.request("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: "ok" });
  });

  test("every demo account signs in with its role", async () => {
    const expected = {
      "super@demo.foam": "super_admin",
      "admin@demo.foam": "admin",
      "operator@demo.foam": "operator",
      "technician@demo.foam": "technician",
      "sales@demo.foam": "sales",
      "customer@demo.foam": "customer",
    };
    for (const [email, role] of Object.entries(expected)) {
      const response = await t.request("POST", "/api/auth/login", { body: { email, password: "foam-demo-1" } });
      expect(response.status).toBe(200);
      expect(typeof response.json.token).toBe("string");
      expect(response.json.user).toMatchObject({ email, role });
      expect(response.json.user.first_name).toBeTruthy();
      expect(JSON.stringify(response.json)).not.toContain("password");
    }
  });

  test("e-mail is case-insensitive and trimmed", async () => {
    const response = await t.request("POST", "/api/auth/login", { body: { email: "  Admin@Demo.Foam ", password: "foam-demo-1" } });
    expect(response.status).toBe(200);
  });

  test("wrong password and unknown e-mail fail the same way", async () => {
    const wrong = await t.request("POST", "/api/auth/login", { body: { email: "sales@demo.foam", password: "nope-nope" } });
    const unknown = await t.request("POST", "/api/auth/login", { body: { email: "ghost@demo.foam", password: "nope-nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.detail).toBe(unknown.json.detail);
  });

  test("missing fields are a 4xx naming the field", async () => {
    const response = await t.request("POST", "/api/auth/login", { body: { email: "admin@demo.foam" } });
    expect(response.status).toBe(422);
    expect(response.json.detail).toContain("password");
    const blank = await t.request("POST", "/api/auth/login", { body: { email: "", password: "" } });
    expect(blank.status).toBe(400);
    expect(blank.json.detail).toBe("Email is required.");
  });

  test("malformed JSON is a 400 with a detail", async () => {
    const response = await t.request("POST", "/api/auth/login", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(typeof response.json.detail).toBe("string");
  });

  test("profile needs a valid token", async () => {
    expect((await t.request("GET", "/api/auth/profile")).status).toBe(401);
    expect((await t.request("GET", "/api/auth/profile", { token: "garbage" })).status).toBe(401);
    const token = await t.login("customer@demo.foam");
    const response = await t.request("GET", "/api/auth/profile", { token });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ email: "customer@demo.foam", role: "customer", first_name: "Chris" });
  });

  test("a tampered token is refused", async () => {
    const token = await t.login("customer@demo.foam");
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url");
    const response = await t.request("GET", "/api/auth/profile", { token: `${header}.${forged}.${signature}` });
    expect(response.status).toBe(401);
  });

  test("a deactivated user cannot sign in and their token stops working", async () => {
    const token = await t.login("technician@demo.foam");
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, "technician@demo.foam"));
    expect((await t.request("GET", "/api/auth/profile", { token })).status).toBe(401);
    const login = await t.request("POST", "/api/auth/login", { body: { email: "technician@demo.foam", password: "foam-demo-1" } });
    expect(login.status).toBe(403);
    await t.db.update(users).set({ isActive: true }).where(eq(users.email, "technician@demo.foam"));
  });

  test("unknown API paths answer a JSON 404", async () => {
    const response = await t.request("GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ detail: "Not found." });
  });
});
