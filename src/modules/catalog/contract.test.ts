import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { CatalogBoxAnswer, CatalogBoxListAnswer } from "../../../common/api/catalog";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { decode, documentedAnswer, documentedBodyFields, expectMatches, expectStatuses, refusal, type StatusCase } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor } from "../../../tests/api/support";
import { ActiveQuery, BoxWire, CreateBoxBody, EditBoxBody } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

const base = "/api/admin/catalog/boxes";

describe("catalog contracts decode to the services' plain values", () => {
  test("create: trimmed text, empty → null, non-numeric → null, name required first", () => {
    expect(decode(CreateBoxBody, { name: " Kit ", manufacturer: " ", internal_length_mm: "12.5", internal_width_mm: "abc", is_active: "false", unknown: 1 })).toEqual({
      name: "Kit",
      manufacturer: null,
      internalLengthMm: 12.5,
      internalWidthMm: null,
      isActive: false,
    });
    expect(refusal(() => decode(CreateBoxBody, undefined))).toEqual({ status: 400, detail: "Name is required." });
    // The SPEC names the name first: a missing name is reported before a bad number.
    expect(refusal(() => decode(CreateBoxBody, { internal_length_mm: -1 }))).toEqual({ status: 400, detail: "Name is required." });
  });

  test("edit: only the sent fields; no body is no change", () => {
    expect(decode(EditBoxBody, { description: "  d  " })).toEqual({ description: "d" });
    expect(decode(EditBoxBody, undefined)).toEqual({});
    expect(refusal(() => decode(EditBoxBody, { name: "" }))).toEqual({ status: 400, detail: "Name is required." });
  });

  test("the list filter decodes to true, false or every item", () => {
    const filter = (query: Record<string, string>) => Value.Decode(ActiveQuery, query).is_active;
    expect([filter({ is_active: "true" }), filter({ is_active: " 0 " }), filter({ is_active: "" }), filter({})]).toEqual([true, false, undefined, undefined]);
    expect(() => filter({ is_active: "maybe" })).toThrow("is_active must be true or false.");
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
  test("who may ask and which product come before the body: 401, 403, 404, then 400", async () => {
    const before = await dataDigest(t);
    const bad = { name: "", internal_length_mm: -1 };
    const cases: [string, string, string | null, number, string | null][] = [
      ["PATCH", `${base}/1`, null, 401, null],
      ["POST", base, customer, 403, null],
      ["PATCH", `${base}/999999`, customer, 403, null],
      ["PATCH", `${base}/999999`, admin, 404, "Product not found."],
      ["PATCH", `${base}/1.5`, admin, 404, "Product not found."],
      ["PATCH", `${base}/1`, admin, 400, "Name is required."],
      ["POST", base, admin, 400, "Name is required."],
      ["GET", `${base}?is_active=perhaps`, admin, 400, "is_active must be true or false."],
      ["GET", `${base}?is_active=perhaps`, customer, 403, null],
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
    expect(bodyFields(base, "post")).toEqual(Object.keys(BoxWire.properties).sort());
    expect(bodyFields(`${base}/{id}`, "patch")).toEqual(Object.keys(BoxWire.properties).sort());
    const answer = (path: string, method: string, status: number) => documentedAnswer(spec, path, method, status);
    expect(Object.keys(answer(base, "get", 200).properties)).toEqual(["results"]);
    expect(Object.keys(answer(base, "post", 201).properties)).toEqual(Object.keys(CatalogBoxAnswer.properties));
    for (const method of ["get", "patch", "delete"]) expect(answer(`${base}/{id}`, method, 200).properties).toHaveProperty("is_active");
    expect(spec.paths[base].get.parameters.map((parameter: { name: string }) => parameter.name)).toContain("is_active");
  });
});

describe("real answers match the shared answer schema (common/api/catalog.ts)", () => {
  test("list (every filter) and every listed product's detail", async () => {
    const ids = new Set<number>();
    for (const query of ["", "?is_active=true", "?is_active=false"]) {
      const response = await t.request("GET", `${base}${query}`, { token: admin });
      expect(response.status).toBe(200);
      expectMatches(CatalogBoxListAnswer, response.json, `list${query}`);
      for (const box of response.json.results) ids.add(box.id);
    }
    expect(ids.size).toBeGreaterThan(0);
    for (const id of ids) expectMatches(CatalogBoxAnswer, (await t.request("GET", `${base}/${id}`, { token: admin })).json, `product ${id}`);
  });

  test("create, edit, archive and reopen answers, sparse and full", async () => {
    const sparse = await t.request("POST", base, { token: admin, body: { name: "Contract sparse" } });
    expect(sparse.status).toBe(201);
    expectMatches(CatalogBoxAnswer, sparse.json, "created sparse");
    const full = await t.request("POST", base, {
      token: admin,
      body: { name: "Contract full", manufacturer: "M", sku: "S-1", internal_length_mm: 1.5, internal_width_mm: "2", internal_depth_mm: 3, weight_capacity_kg: "4.25", description: "D" },
    });
    expectMatches(CatalogBoxAnswer, full.json, "created full");
    expect(full.json).toMatchObject({ internal_width_mm: 2, weight_capacity_kg: 4.25 });
    const id = full.json.id;
    expectMatches(CatalogBoxAnswer, (await t.request("PATCH", `${base}/${id}`, { token: admin, body: { sku: "", description: "E" } })).json, "edited");
    expectMatches(CatalogBoxAnswer, (await t.request("PATCH", `${base}/${id}`, { token: admin, body: {} })).json, "unchanged");
    const archived = await t.request("DELETE", `${base}/${id}`, { token: admin });
    expectMatches(CatalogBoxAnswer, archived.json, "archived");
    expect(archived.json.is_active).toBe(false);
    expectMatches(CatalogBoxAnswer, (await t.request("PATCH", `${base}/${id}`, { token: admin, body: { is_active: "true" } })).json, "reopened");
  });
});
