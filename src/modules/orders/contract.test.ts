import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { BulkStatusAnswer, OrderDetailAnswer, OrderListAnswer } from "../../../common/api/orders";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { decode, documentedAnswer, documentedBodyFields, expectMatches, refusal } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor } from "../../../tests/api/support";
import { parseOrderListQuery, toOrderListQuery } from "./list";
import { BulkStatusBody, BulkStatusWire, CreateOrderBody, EditOrderBody, OrderWire, StatusBody, StatusWire } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

describe("order contracts decode to the services' plain values", () => {
  test("create: trimmed, lower-cased e-mail, money in cents, totals per item, description fallback", () => {
    const input = decode(CreateOrderBody, {
      customer_email: "  Buyer@Example.COM ",
      currency: "eur",
      items: [{ quantity: "2", unit_price: "1.50", metadata: { productName: "Kit", extra: 1 } }],
      unknown_field: "ignored",
    });
    expect(input).toEqual({
      customerEmail: "buyer@example.com",
      currency: "EUR",
      items: [{ description: "Kit", quantity: 2, unitPriceCents: 150, totalPriceCents: 300, metadata: { productName: "Kit", extra: 1 } }],
    });
  });

  test("edit: only the sent fields; no body is no change", () => {
    expect(decode(EditOrderBody, { notes: "  call  " })).toEqual({ notes: "call" });
    expect(decode(EditOrderBody, undefined)).toEqual({});
    expect(refusal(() => decode(CreateOrderBody, undefined))).toEqual({ status: 400, detail: "Customer email is required." });
  });

  test("status and bulk status", () => {
    expect(decode(StatusBody, { status: " approved " })).toEqual({ status: "approved" });
    expect(decode(BulkStatusBody, { order_ids: [3, "3", " 4 "], status: "draft" })).toEqual({ orderIds: [3, 4], status: "draft" });
    expect(refusal(() => decode(BulkStatusBody, { order_ids: "1,2", status: "draft" }))).toEqual({ status: 400, detail: "Select at least one order." });
  });

  test("list query: repeated, bracketed and comma forms; the URL reader applies the same rules", () => {
    const query = toOrderListQuery({ status: ["draft, quoted", ""], "status[]": ["approved"], order_type: [], per_page: " 10 ", search: "  ab " });
    expect(query).toEqual({ page: 1, perPage: 10, sort: "-created_at", statuses: ["draft", "quoted", "approved"], orderTypes: [], dateFrom: null, dateTo: null, search: "ab" });
    expect(parseOrderListQuery("http://x/?status=draft,%20quoted&status=&status[]=approved&per_page=%2010%20&search=%20%20ab%20")).toEqual(query);
    expect(refusal(() => toOrderListQuery({ "order_type[]": ["boat"] })).detail).toStartWith('Unknown order type "boat"');
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
  test("bodies: 400 with the SPEC sentence, nothing written", async () => {
    const before = await dataDigest(t);
    const cases: [string, string, unknown, string][] = [
      // A string where the list belongs is refused as such, not reshaped into 5 000 empty items.
      ["POST", "/api/admin/orders", { customer_email: "a@b.co", items: "x".repeat(5000) }, "items must be a list."],
      ["POST", "/api/admin/orders", { customer_email: "a@b.co", addresses: Array.from({ length: 5 }, () => ({ address_type: "billing" })) }, "An order may have at most 4 addresses."],
      ["POST", "/api/admin/orders", { customer_email: 12345 }, "Enter a valid customer email address."],
      ["POST", "/api/admin/orders", { customer_email: { a: 1 } }, "Email must be text."],
      // Rules run in the order the SPEC names them: the e-mail before the items.
      ["POST", "/api/admin/orders", { customer_email: "nope", items: "x" }, "Enter a valid customer email address."],
      ["POST", "/api/admin/orders", { customer_email: "a@b.co", items: [{ metadata: [1] }] }, "Item 1: metadata must be an object."],
      ["POST", "/api/admin/orders", { customer_email: "a@b.co", catalog_box_id: "1.5" }, "catalog_box_id must be a positive whole number."],
      ["PATCH", "/api/admin/orders/1", { addresses: [{ address_type: "shipping", country_code: "U1" }] }, "Address 1: country_code must be a two-letter code."],
      ["PATCH", "/api/admin/orders/1", { calculator_payload: [1, 2] }, "calculator_payload must be an object."],
      ["PATCH", "/api/admin/orders/1/status", { status: { a: 1 } }, 'Unknown status "{"a":1}"'],
      ["PATCH", "/api/admin/orders/1/status", { status: "  " }, "Status is required."],
      ["POST", "/api/admin/orders/bulk-status", { order_ids: [1, 0], status: "draft" }, "order_ids must be a list of order ids."],
      ["POST", "/api/admin/orders/bulk-status", { order_ids: [1] }, "Status is required."],
    ];
    for (const [method, path, body, detail] of cases) {
      const response = await t.request(method, path, { token: admin, body });
      const where = `${method} ${path} ${JSON.stringify(body).slice(0, 60)}`;
      expect(response.status, where).toBe(400);
      expect(response.json.detail, where).toStartWith(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("list query: 400s with the same sentences in every accepted form", async () => {
    const cases: [string, string][] = [
      ["?status[]=bogus", 'Unknown status "bogus"'],
      ["?order_type=calculator,boat", 'Unknown order type "boat"'],
      ["?order_type[]=boat", 'Unknown order type "boat"'],
      ["?per_page=%20101", "per_page must be at most 100."],
      ["?date_to=2025-13-01", "date_to must be a date in the form YYYY-MM-DD."],
    ];
    for (const [query, detail] of cases) {
      const response = await t.request("GET", `/api/admin/orders${query}`, { token: admin });
      expect(response.status, query).toBe(400);
      expect(response.json.detail, query).toStartWith(detail);
    }
    const bracketed = await t.request("GET", "/api/admin/orders?status[]=draft&status[]=quoted&per_page=100", { token: admin });
    const repeated = await t.request("GET", "/api/admin/orders?status=draft&status=quoted&per_page=100", { token: admin });
    expect(bracketed.status).toBe(200);
    expect(bracketed.json.pagination.total).toBeGreaterThan(0);
    expect(bracketed.json).toEqual(repeated.json);
  });

  test("who may ask and which order come before the body: 401, 403, 404, then 400", async () => {
    const bad = { status: "lost", customer_email: "", items: "x" };
    const cases: [string, string, string | null, number][] = [
      ["PATCH", "/api/admin/orders/1", null, 401],
      ["PATCH", "/api/admin/orders/999999", customer, 403],
      ["PATCH", "/api/admin/orders/999999/status", customer, 403],
      ["POST", "/api/admin/orders", customer, 403],
      ["POST", "/api/admin/orders/bulk-status", customer, 403],
      ["PATCH", "/api/admin/orders/999999", admin, 404],
      ["PATCH", "/api/admin/orders/999999/status", admin, 404],
      ["PATCH", "/api/admin/orders/1e3/status", admin, 404],
      ["PATCH", "/api/admin/orders/1", admin, 400],
      ["PATCH", "/api/admin/orders/1/status", admin, 400],
    ];
    for (const [method, path, token, status] of cases) {
      const response = await t.request(method, path, { token, body: bad });
      expect(response.status, `${method} ${path} as ${token === customer ? "customer" : token ? "admin" : "nobody"}`).toBe(status);
    }
  });
});

describe("the contracts document the routes", () => {
  test("request bodies list the wire's fields; the list documents its filters; answers carry their schema", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const bodyFields = (path: string, method: string) => documentedBodyFields(spec, path, method);
    expect(bodyFields("/api/admin/orders", "post")).toEqual(Object.keys(OrderWire.properties).sort());
    expect(bodyFields("/api/admin/orders/{id}", "patch")).toEqual(Object.keys(OrderWire.properties).sort());
    expect(bodyFields("/api/admin/orders/{id}/status", "patch")).toEqual(Object.keys(StatusWire.properties).sort());
    expect(bodyFields("/api/admin/orders/bulk-status", "post")).toEqual(Object.keys(BulkStatusWire.properties).sort());
    const parameters = spec.paths["/api/admin/orders"].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(["page", "per_page", "sort", "status", "status[]", "order_type", "date_from", "date_to", "search"]));
    const answer = (path: string, method: string, status: number) => documentedAnswer(spec, path, method, status).properties;
    expect(Object.keys(answer("/api/admin/orders", "get", 200))).toEqual(["results", "pagination", "options", "summary"]);
    expect(answer("/api/admin/orders/{id}", "get", 200)).toHaveProperty("events");
    expect(answer("/api/admin/orders", "post", 201)).toHaveProperty("items");
  });
});

describe("real answers match the shared answer schemas (common/api/orders.ts)", () => {

  test("list pages and every listed order's detail", async () => {
    const ids = new Set<number>();
    for (const query of ["?per_page=100", "?per_page=100&page=2", "?order_type=scanner&per_page=20", "?search=demo&per_page=5"]) {
      const response = await t.request("GET", `/api/admin/orders${query}`, { token: admin });
      expect(response.status).toBe(200);
      expectMatches(OrderListAnswer, response.json, query);
      for (const row of response.json.results) ids.add(row.id);
    }
    expect(ids.size).toBeGreaterThan(20);
    let withJob = 0;
    for (const id of ids) {
      const response = await t.request("GET", `/api/admin/orders/${id}`, { token: admin });
      expectMatches(OrderDetailAnswer, response.json, `order ${id}`);
      if (response.json.scanner_job) withJob++;
    }
    expect(withJob).toBeGreaterThan(0);
  });

  test("create, edit, status and bulk answers", async () => {
    const created = await t.request("POST", "/api/admin/orders", {
      token: admin,
      body: { customer_email: "contract@example.com", items: [{ description: "A", quantity: 2, unit_price: "3.10", metadata: { productName: "P", colour: "red" } }], addresses: [{ address_type: "shipping", line1: "1 Main St" }] },
    });
    expect(created.status).toBe(201);
    expectMatches(OrderDetailAnswer, created.json, "created");
    const id = created.json.id;
    const edited = await t.request("PATCH", `/api/admin/orders/${id}`, { token: admin, body: { notes: "n", production_status: "in_progress" } });
    expectMatches(OrderDetailAnswer, edited.json, "edited");
    const status = await t.request("PATCH", `/api/admin/orders/${id}/status`, { token: admin, body: { status: "approved" } });
    expectMatches(OrderDetailAnswer, status.json, "status");
    const bulk = await t.request("POST", "/api/admin/orders/bulk-status", { token: admin, body: { order_ids: [id, 987654], status: "quoted" } });
    expectMatches(BulkStatusAnswer, bulk.json, "bulk");
    expect(bulk.json).toEqual({ updated: 1, unchanged: 0, not_found: [987654], status: "quoted" });
  });
});
