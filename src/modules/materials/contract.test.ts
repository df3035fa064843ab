import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { MaterialAnswer, MaterialListAnswer } from "../../../common/api/materials";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { decode, documentedAnswer, documentedBodyFields, expectMatches, expectStatuses, refusal, type StatusCase } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor } from "../../../tests/api/support";
import { CreateMaterialBody, EditMaterialBody, MaterialWire } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

const base = "/api/admin/calculator/materials";

describe("material contracts decode to the services' plain values", () => {
  test("create: trimmed text, numbers parsed (non-numeric → null), cost in cents, whole lead days", () => {
    expect(decode(CreateMaterialBody, { name: " EVA ", supplier: "", density_kg_m3: "70", hardness_shore: "n/a", sheet_cost: "42.5", lead_time_days: "7", unknown: 1 })).toEqual({
      name: "EVA",
      supplier: null,
      densityKgM3: 70,
      hardnessShore: null,
      sheetCostCents: 4250,
      leadTimeDays: 7,
    });
    expect(refusal(() => decode(CreateMaterialBody, undefined))).toEqual({ status: 400, detail: "Material name is required." });
    expect(refusal(() => decode(CreateMaterialBody, { name: "x", lead_time_days: 2.5 }))).toEqual({ status: 400, detail: "Lead time must be a whole number of days." });
  });

  test("edit: only the sent fields; no body is no change; a blank cost clears it", () => {
    expect(decode(EditMaterialBody, { sheet_cost: "", is_active: true })).toEqual({ sheetCostCents: null, isActive: true });
    expect(decode(EditMaterialBody, undefined)).toEqual({});
    expect(refusal(() => decode(EditMaterialBody, { name: "  " }))).toEqual({ status: 400, detail: "Material name is required." });
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
  test("who may ask and which material come before the body: 401, 403, 404, then 400", async () => {
    const before = await dataDigest(t);
    const bad = { name: "", sheet_cost: -3 };
    const cases: [string, string, string | null, number, string | null][] = [
      ["PATCH", `${base}/1`, null, 401, null],
      ["POST", base, customer, 403, null],
      ["PATCH", `${base}/999999`, customer, 403, null],
      ["PATCH", `${base}/999999`, admin, 404, "Material not found."],
      ["PATCH", `${base}/x1`, admin, 404, "Material not found."],
      ["PATCH", `${base}/1`, admin, 400, "Material name is required."],
      ["POST", base, admin, 400, "Material name is required."],
      ["GET", `${base}?is_active=2`, admin, 400, "is_active must be true or false."],
    ];
    const withBody = cases.map(([method, path, token, status, detail]): StatusCase => [method, path, token, method === "GET" ? undefined : bad, status, detail]);
    await expectStatuses(t.request, withBody, (token) => (token === customer ? "customer" : token ? "admin" : "nobody"));
    expect(await dataDigest(t)).toBe(before);
  });
});

describe("the contracts document the routes", () => {
  test("request bodies list the wire's fields; answers carry their schema", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const bodyFields = (path: string, method: string) => documentedBodyFields(spec, path, method);
    expect(bodyFields(base, "post")).toEqual(Object.keys(MaterialWire.properties).sort());
    expect(bodyFields(`${base}/{id}`, "patch")).toEqual(Object.keys(MaterialWire.properties).sort());
    const answer = (path: string, method: string, status: number) => documentedAnswer(spec, path, method, status);
    expect(Object.keys(answer(base, "get", 200).properties)).toEqual(["results"]);
    expect(Object.keys(answer(base, "post", 201).properties)).toEqual(Object.keys(MaterialAnswer.properties));
    for (const method of ["get", "patch", "delete"]) expect(answer(`${base}/{id}`, method, 200).properties).toHaveProperty("sheet_cost");
  });
});

describe("real answers match the shared answer schema (common/api/materials.ts)", () => {
  test("list (every filter), every listed material's detail, and the public reference data", async () => {
    const ids = new Set<number>();
    for (const query of ["", "?is_active=true", "?is_active=false"]) {
      const response = await t.request("GET", `${base}${query}`, { token: admin });
      expect(response.status).toBe(200);
      expectMatches(MaterialListAnswer, response.json, `list${query}`);
      for (const material of response.json.results) ids.add(material.id);
    }
    expect(ids.size).toBeGreaterThan(1);
    for (const id of ids) expectMatches(MaterialAnswer, (await t.request("GET", `${base}/${id}`, { token: admin })).json, `material ${id}`);
    // /api/reference-data shows the active materials through the same serializer.
    const reference = await t.request("GET", "/api/reference-data");
    for (const material of reference.json.materials) expectMatches(MaterialAnswer, material, `reference material ${material.id}`);
  });

  test("create, edit, archive and reopen answers, sparse and full", async () => {
    const sparse = await t.request("POST", base, { token: admin, body: { name: "Contract sparse" } });
    expect(sparse.status).toBe(201);
    expectMatches(MaterialAnswer, sparse.json, "created sparse");
    const full = await t.request("POST", base, {
      token: admin,
      body: { name: "Contract full", supplier: "S", density_kg_m3: 30, hardness_shore: "40", color: "grey", sheet_length_mm: 2000, sheet_width_mm: 1000, sheet_thickness_mm: 50, sheet_cost: 0.1, lead_time_days: 3, notes: "N" },
    });
    expectMatches(MaterialAnswer, full.json, "created full");
    expect(full.json).toMatchObject({ sheet_cost: "0.10", lead_time_days: 3 });
    const id = full.json.id;
    expectMatches(MaterialAnswer, (await t.request("PATCH", `${base}/${id}`, { token: admin, body: { sheet_cost: "", notes: "" } })).json, "edited");
    const archived = await t.request("DELETE", `${base}/${id}`, { token: admin });
    expectMatches(MaterialAnswer, archived.json, "archived");
    expect(archived.json.is_active).toBe(false);
    expectMatches(MaterialAnswer, (await t.request("PATCH", `${base}/${id}`, { token: admin, body: { is_active: 1 } })).json, "reopened");
  });
});
