import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { decode, documentedBodyFields, refusal } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor, tokenForEmail } from "../../../tests/api/support";
import { CalculatorQuoteBody, CalculatorQuoteWire, DeclineBody, DeclineWire, QuoteLinesBody, QuoteLinesWire } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

const CHOICE = { toolbox_model_id: "pelican-1510", drawer_ids: ["pelican-1510-d1"] };

describe("project and quote contracts decode to the services' plain values", () => {
  test("decline: the reason trimmed and capped; none is an empty reason; anything else is a 400", () => {
    expect(decode(DeclineBody, { reason: "  Too dear  ", other: 1 })).toEqual({ reason: "Too dear" });
    expect(decode(DeclineBody, undefined)).toEqual({ reason: "" });
    expect(decode(DeclineBody, { reason: null })).toEqual({ reason: "" });
    expect(decode(DeclineBody, { reason: "x".repeat(1200) }).reason.length).toBe(1000);
    expect(refusal(() => decode(DeclineBody, { reason: 5 }))).toEqual({ status: 400, detail: "reason must be text." });
  });

  test("calculator: the model and its chosen drawers, a material id, thickness and colour; 422 names the first missing choice", () => {
    const choice = decode(CalculatorQuoteBody, { ...CHOICE, drawer_ids: ["pelican-1510-d1", "nope", 3], foam_material_id: "7", thickness_mm: "35", color: "  Red " });
    expect(choice.model.id).toBe("pelican-1510");
    expect(choice.drawers.map((drawer) => drawer.id)).toEqual(["pelican-1510-d1"]);
    expect({ materialId: choice.materialId, thicknessMm: choice.thicknessMm, color: choice.color }).toEqual({ materialId: 7, thicknessMm: 35, color: "Red" });
    expect(decode(CalculatorQuoteBody, { ...CHOICE, foam_material_id: 7, thickness_mm: null }).thicknessMm).toBeNull();
    const cases: [unknown, string][] = [
      [undefined, "Choose a toolbox or case model (toolbox_model_id)."],
      // The model is named first even when everything else is wrong too.
      [{ toolbox_model_id: "no-such-box", drawer_ids: 5, thickness_mm: 500 }, "Choose a toolbox or case model (toolbox_model_id)."],
      [{ ...CHOICE, drawer_ids: [] }, "Choose at least one drawer (drawer_ids)."],
      [{ ...CHOICE, foam_material_id: "abc", thickness_mm: 500 }, "Choose a foam type (foam_material_id)."],
      [{ ...CHOICE, foam_material_id: 1, thickness_mm: 500 }, "Foam thickness must be between 10 and 100 mm."],
      [{ ...CHOICE, foam_material_id: 1, thickness_mm: "thick" }, "Foam thickness must be between 10 and 100 mm."],
    ];
    for (const [body, detail] of cases) expect(refusal(() => decode(CalculatorQuoteBody, body)), JSON.stringify(body)).toEqual({ status: 422, detail });
  });

  test("quote lines: cents, default quantity and kind, markup percent and note", () => {
    expect(decode(QuoteLinesBody, { lines: [{ description: " Foam ", unit_price: "12.50", quantity: "2", kind: "foam" }, { description: "Extra", unit_price: 3 }], markup_percent: "10", note: " call " })).toEqual({
      lines: [
        { kind: "foam", description: "Foam", quantity: 2, unit_price_cents: 1250, total_price_cents: 2500 },
        { kind: "adjustment", description: "Extra", quantity: 1, unit_price_cents: 300, total_price_cents: 300 },
      ],
      markupPercent: 10,
      note: "call",
    });
    const line = { description: "a", unit_price: 1 };
    const cases: [unknown, string][] = [
      [undefined, "lines must be a non-empty list of {description, quantity, unit_price}."],
      // A string where the list belongs is refused as such, not reshaped into a list of characters.
      [{ lines: "x".repeat(5000) }, "lines must be a non-empty list of {description, quantity, unit_price}."],
      [{ lines: Array.from({ length: 51 }, () => line) }, "At most 50 price lines."],
      [{ lines: [line, null] }, "Line 2: description is required."],
      [{ lines: [{ description: "x".repeat(301), unit_price: 1 }] }, "Line 1: description must be at most 300 characters."],
      [{ lines: [{ ...line, quantity: 0.5 }] }, "Line 1: quantity must be a whole number from 1."],
      [{ lines: [{ ...line, unit_price: {} }] }, "Line 1: unit_price must be an amount of at least 0."],
      [{ lines: [line], markup_percent: "lots" }, "markup_percent must be between 0 and 500."],
    ];
    for (const [body, detail] of cases) expect(refusal(() => decode(QuoteLinesBody, body)), String(JSON.stringify(body)).slice(0, 60)).toEqual({ status: 422, detail });
  });
});

let t: TestApp;
let admin: string;
let sales: string;
let customer: string;
let otherCustomer: string;
let materialId: number;
let projectId: number;
let quotedOrder: number;
let draftOrder: number;
let approvedOrder: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, sales, customer] = await Promise.all([tokenFor(t, "admin"), tokenFor(t, "sales"), tokenFor(t, "customer")]);
  const other = await t.request("POST", "/api/admin/users", { token: admin, body: { email: "contract-other@example.com", password: "correct-horse-1", role: "customer" } });
  expect(other.status).toBe(201);
  otherCustomer = await tokenForEmail(t, "contract-other@example.com");
  materialId = (await t.request("GET", "/api/reference-data", { token: customer })).json.materials[0].id;
  const quote = await t.request("POST", "/api/quotes/calculator", { token: customer, body: { ...CHOICE, foam_material_id: materialId } });
  expect(quote.status).toBe(201);
  projectId = quote.json.id;
  quotedOrder = quote.json.order.id;
  draftOrder = (await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "draft@example.com" } })).json.id;
  approvedOrder = (await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "done@example.com", status: "approved" } })).json.id;
});
afterAll(() => t?.close());

describe("validation moved into the contracts keeps its status and wording", () => {
  test("quote lines: 401, 403, 404, 409 (not an open quote), then the 422 naming the line", async () => {
    const before = await dataDigest(t);
    const bad = { lines: [{ description: "", unit_price: 1 }] };
    const cases: [string, string | null, number, string | null][] = [
      [`/api/quotes/${draftOrder}/lines`, null, 401, null],
      [`/api/quotes/999999/lines`, customer, 403, null],
      [`/api/quotes/999999/lines`, sales, 404, "Order not found."],
      [`/api/quotes/1.5/lines`, sales, 404, "Order not found."],
      [`/api/quotes/abc/lines`, admin, 404, "Order not found."],
      [`/api/quotes/${approvedOrder}/lines`, sales, 409, "Only a quote can be changed: this order is approved."],
      [`/api/quotes/${draftOrder}/lines`, sales, 422, "Line 1: description is required."],
    ];
    for (const [path, token, status, detail] of cases) {
      const response = await t.request("PUT", path, { token, body: bad });
      const where = `PUT ${path} as ${token === customer ? "customer" : token === sales ? "sales" : token ? "admin" : "nobody"}`;
      expect(response.status, where).toBe(status);
      if (detail) expect(response.json.detail, where).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("decline and calculator: 401 before the body; the body's 400/422 with the same text; ids are 404s", async () => {
    const before = await dataDigest(t);
    const cases: [string, string, unknown, string | null, number, string | null][] = [
      ["POST", `/api/projects/${projectId}/decline`, { reason: 5 }, null, 401, null],
      ["POST", `/api/projects/${projectId}/decline`, { reason: 5 }, customer, 400, "reason must be text."],
      ["POST", `/api/projects/${projectId}/decline`, { reason: "no" }, otherCustomer, 404, "Project not found."],
      ["POST", "/api/projects/999999/decline", {}, customer, 404, "Project not found."],
      ["POST", "/api/projects/abc/decline", {}, customer, 404, "Project not found."],
      ["POST", "/api/projects/abc/accept", {}, customer, 404, "Project not found."],
      ["GET", "/api/projects/0", undefined, customer, 404, "Project not found."],
      ["POST", "/api/quotes/abc/send", undefined, sales, 404, "Order not found."],
      ["POST", "/api/quotes/calculator", { drawer_ids: 5 }, null, 401, null],
      ["POST", "/api/quotes/calculator", { toolbox_model_id: {}, drawer_ids: 5 }, customer, 422, "Choose a toolbox or case model (toolbox_model_id)."],
      ["POST", "/api/quotes/calculator", { ...CHOICE, drawer_ids: "pelican-1510-d1" }, customer, 422, "Choose at least one drawer (drawer_ids)."],
      ["POST", "/api/quotes/calculator", { ...CHOICE, foam_material_id: 1.5 }, customer, 422, "Choose a foam type (foam_material_id)."],
      // A well-formed id that names no active material: the service's lookup, same wording.
      ["POST", "/api/quotes/calculator", { ...CHOICE, foam_material_id: 999999 }, customer, 422, "Choose a foam type (foam_material_id)."],
      ["POST", "/api/quotes/calculator", { ...CHOICE, foam_material_id: 1, thickness_mm: 5 }, customer, 422, "Foam thickness must be between 10 and 100 mm."],
    ];
    for (const [method, path, body, token, status, detail] of cases) {
      const response = await t.request(method, path, { token, body });
      const where = `${method} ${path} ${JSON.stringify(body)}`;
      expect(response.status, where).toBe(status);
      if (detail) expect(response.json.detail, where).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("good bodies still reach the services: adjust, then decline with a reason", async () => {
    const adjusted = await t.request("PUT", `/api/quotes/${quotedOrder}/lines`, { token: sales, body: { lines: [{ description: "Kit", quantity: "2", unit_price: "10.00" }], markup_percent: 25 } });
    expect(adjusted.status).toBe(200);
    expect(adjusted.json.total_amount).toBe("25.00");
    expect(adjusted.json.lines.map((line: { kind: string }) => line.kind)).toEqual(["adjustment", "markup"]);
    const declined = await t.request("POST", `/api/projects/${projectId}/decline`, { token: customer, body: { reason: "  Changed my mind " } });
    expect(declined.status).toBe(200);
    expect(declined.json.order.status).toBe("cancelled");
    expect(declined.json.timeline.map((entry: { label: string }) => entry.label)).toContain("Quote declined");
  });
});

describe("the contracts document the routes", () => {
  test("request bodies list the wire's fields", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const bodyFields = (path: string, method: string) => documentedBodyFields(spec, path, method);
    expect(bodyFields("/api/projects/{id}/decline", "post")).toEqual(Object.keys(DeclineWire.properties).sort());
    expect(bodyFields("/api/quotes/calculator", "post")).toEqual(Object.keys(CalculatorQuoteWire.properties).sort());
    expect(bodyFields("/api/quotes/{id}/lines", "put")).toEqual(Object.keys(QuoteLinesWire.properties).sort());
  });
});
