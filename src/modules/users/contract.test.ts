import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { RoleListAnswer, UserAnswer, UserListAnswer } from "../../../common/api/users";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { decode, documentedAnswer, documentedBodyFields, expectMatches, expectStatuses, refusal, type StatusCase } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor } from "../../../tests/api/support";
import { CreateUserBody, EditUserBody, UserWire } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

describe("user contracts decode to the services' plain values", () => {
  test("create: e-mail lower-cased, text trimmed, locale and zone canonical, password kept as typed", () => {
    expect(
      decode(CreateUserBody, { email: " A@B.CO ", role: "sales", password: " 12345678 ", first_name: " Nia ", locale: "en-gb", timezone: "europe/london", is_verified: "true", unknown: 1 }),
    ).toEqual({ email: "a@b.co", roleCode: "sales", password: " 12345678 ", firstName: "Nia", locale: "en-GB", timezone: "Europe/London", isVerified: true });
    // SPEC section 5 order: e-mail, then role, then password.
    expect(refusal(() => decode(CreateUserBody, undefined))).toEqual({ status: 400, detail: "Email is required." });
    expect(refusal(() => decode(CreateUserBody, { email: "a@b.co", password: "1" }))).toEqual({ status: 400, detail: "Select a role." });
    expect(refusal(() => decode(CreateUserBody, { email: "a@b.co", role: "sales", password: 12345678 }))).toEqual({ status: 400, detail: "Password must be text." });
  });

  test("edit: only the sent fields; a blank password keeps the current one", () => {
    expect(decode(EditUserBody, { company: " ACME ", password: "" })).toEqual({ company: "ACME" });
    expect(decode(EditUserBody, undefined)).toEqual({});
    expect(refusal(() => decode(EditUserBody, { role: "wizard" }))).toEqual({ status: 400, detail: "Select a valid role." });
  });
});

let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, "admin");
  customer = await tokenFor(t, "customer");
});
afterAll(() => t?.close());

describe("validation moved into the contracts keeps its status and wording", () => {
  test("who may ask and which user come before the body: 401, 403, 404, then 400, then the service's 403", async () => {
    const before = await dataDigest(t);
    const bad = { email: "nope", role: "super_admin", password: "1" };
    const superId = (await t.request("GET", "/api/admin/users", { token: admin })).json.results.find((user: { role: string }) => user.role === "super_admin").id;
    const cases: StatusCase[] = [
      ["PATCH", "/api/admin/users/1", null, bad, 401, null],
      ["POST", "/api/admin/users", customer, bad, 403, null],
      ["PATCH", "/api/admin/users/999999", customer, bad, 403, null],
      ["PATCH", "/api/admin/users/999999", admin, bad, 404, "User not found."],
      ["PATCH", "/api/admin/users/me", admin, bad, 404, "User not found."],
      ["PATCH", `/api/admin/users/${superId}`, admin, bad, 400, "Enter a valid email address."],
      ["POST", "/api/admin/users", admin, bad, 400, "Enter a valid email address."],
      // A valid body: the rules that need the account and the caller answer next.
      ["PATCH", `/api/admin/users/${superId}`, admin, { first_name: "X" }, 403, "Only a super administrator can create or change super administrator accounts."],
      ["POST", "/api/admin/users", admin, { email: "boss9@example.com", role: "super_admin", password: "12345678" }, 403, null],
    ];
    await expectStatuses(t.request, cases, (token) => (token === customer ? "customer" : token ? "admin" : "nobody"));
    expect(await dataDigest(t)).toBe(before);
  });
});

describe("the contracts document the routes", () => {
  test("request bodies list the wire's fields; answers carry their schema", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const bodyFields = (path: string, method: string) => documentedBodyFields(spec, path, method);
    expect(bodyFields("/api/admin/users", "post")).toEqual(Object.keys(UserWire.properties).sort());
    expect(bodyFields("/api/admin/users/{id}", "patch")).toEqual(Object.keys(UserWire.properties).sort());
    const answer = (path: string, method: string, status: number) => documentedAnswer(spec, path, method, status);
    expect(Object.keys(answer("/api/admin/users", "get", 200).properties)).toEqual(["results"]);
    expect(Object.keys(answer("/api/admin/user-roles", "get", 200).properties)).toEqual(["results"]);
    expect(Object.keys(answer("/api/admin/users", "post", 201).properties)).toEqual(Object.keys(UserAnswer.properties));
    expect(answer("/api/admin/users/{id}", "get", 200).properties).toHaveProperty("role_name");
    expect(answer("/api/admin/users/{id}", "patch", 200).properties).not.toHaveProperty("password");
  });
});

describe("real answers match the shared answer schemas (common/api/users.ts)", () => {
  test("roles, the user list, every user's detail, the profile", async () => {
    for (const token of [admin, await tokenFor(t, "super_admin")]) expectMatches(RoleListAnswer, (await t.request("GET", "/api/admin/user-roles", { token })).json, "roles");
    const list = await t.request("GET", "/api/admin/users", { token: admin });
    expectMatches(UserListAnswer, list.json, "list");
    expect(list.json.results.length).toBeGreaterThan(5);
    for (const { id } of list.json.results) expectMatches(UserAnswer, (await t.request("GET", `/api/admin/users/${id}`, { token: admin })).json, `user ${id}`);
    // The signed-in user is shown with the same serializer.
    expectMatches(UserAnswer, (await t.request("GET", "/api/auth/profile", { token: admin })).json, "profile");
  });

  test("create and edit answers, sparse and full", async () => {
    const sparse = await t.request("POST", "/api/admin/users", { token: admin, body: { email: "contract.sparse@example.com", role: "customer", password: "12345678" } });
    expect(sparse.status).toBe(201);
    expectMatches(UserAnswer, sparse.json, "created sparse");
    // Signing in answers the same user, now with a last_login_at.
    const login = await t.request("POST", "/api/auth/login", { body: { email: "contract.sparse@example.com", password: "12345678" } });
    expect(login.status).toBe(200);
    expectMatches(UserAnswer, login.json.user, "signed in");
    expect(login.json.user.last_login_at).toEqual(expect.any(String));
    expectMatches(UserAnswer, (await t.request("GET", `/api/admin/users/${sparse.json.id}`, { token: admin })).json, "after sign-in");
    const full = await t.request("POST", "/api/admin/users", {
      token: admin,
      body: { email: "contract.full@example.com", role: "sales", password: "12345678", first_name: "F", last_name: "L", company: "C", locale: "de-de", timezone: "Europe/Berlin", is_active: false, is_verified: true },
    });
    expectMatches(UserAnswer, full.json, "created full");
    const edited = await t.request("PATCH", `/api/admin/users/${full.json.id}`, { token: admin, body: { company: "", locale: null, is_active: true } });
    expectMatches(UserAnswer, edited.json, "edited");
    expect(edited.json).toMatchObject({ company: null, locale: null, is_active: true });
  });
});
