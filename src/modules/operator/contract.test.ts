import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { OperatorBoardAnswer, OperatorCardAnswer, OperatorCardListAnswer } from "../../../common/api/operator";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { documentedAnswer, documentedBodyFields, expectMatches, refusal } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor } from "../../../tests/api/support";
import { BoardQuery, IssueBody, IssueWire, LinkBody, LinkWire, ProductionStatusBody, ProductionStatusWire, StartBody, StartWire } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

function decode<Out>(contract: { "~standard": { validate: (value: unknown) => { value: Out } } }, body: unknown): Out {
  return contract["~standard"].validate(body).value;
}

describe("operator contracts decode to the service's plain values", () => {
  test("bodies", () => {
    expect(decode(ProductionStatusBody, { status: " preparing " })).toEqual({ status: "preparing" });
    expect(refusal(() => decode(ProductionStatusBody, undefined))).toEqual({ status: 400, detail: "Production status is required." });
    expect(decode(IssueBody, { reason: "  jammed " })).toEqual({ reason: "jammed" });
    expect(refusal(() => decode(IssueBody, { reason: 5 }))).toEqual({ status: 400, detail: "Reason must be text." });
    expect(decode(StartBody, {})).toEqual({ overrideReason: null });
    expect(decode(StartBody, { override_reason: "" })).toEqual({ overrideReason: null });
    expect(decode(StartBody, { override_reason: " rush " })).toEqual({ overrideReason: "rush" });
    expect(decode(LinkBody, {})).toEqual({ file: "cutting-file", format: "dxf" });
    expect(decode(LinkBody, { file: " csv ", format: "nonsense" })).toEqual({ file: "csv" });
    expect(decode(LinkBody, { format: "SVG" })).toEqual({ file: "cutting-file", format: "svg" });
    expect(refusal(() => decode(LinkBody, { file: 3 }))).toEqual({ status: 400, detail: 'file must be "cutting-file" or "csv".' });
  });

  test("board query: no parameter asks for the plain array, any asks for a page", () => {
    const decodeQuery = (query: Record<string, string>) => Value.Decode(BoardQuery, query);
    expect(decodeQuery({})).toEqual({ page: null });
    expect(decodeQuery({ per_column: " " })).toEqual({ page: null });
    expect(decodeQuery({ column: "issue" })).toEqual({ page: { perColumn: 25, column: "issue", after: null } });
    expect(() => decodeQuery({ per_column: "0" })).toThrow("per_column must be a positive whole number.");
  });
});

let t: TestApp;
let admin: string;
let operator: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, customer] = await Promise.all([tokenFor(t, "admin"), tokenFor(t, "operator"), tokenFor(t, "customer")]);
});
afterAll(() => t?.close());

describe("validation moved into the contracts keeps its status and wording", () => {
  test("400 with the same sentence, nothing written", async () => {
    const before = await dataDigest(t);
    const cases: [string, string, unknown, string][] = [
      ["PATCH", "/api/operator/orders/1/production-status", { status: "done" }, 'Unknown production status "done"'],
      ["PATCH", "/api/operator/orders/1/production-status", {}, "Production status is required."],
      ["POST", "/api/operator/orders/1/report-issue", { reason: "  " }, "Reason is required."],
      ["POST", "/api/operator/orders/1/report-issue", { reason: "x".repeat(1001) }, "Reason must be at most 1000 characters."],
      ["POST", "/api/operator/orders/1/start-production", { override_reason: ["x"] }, "Reason must be text."],
      ["POST", "/api/operator/orders/1/download-link", { file: "zip" }, 'file must be "cutting-file" or "csv".'],
      ["POST", "/api/operator/orders/1/download-link", { format: "gif" }, 'Unknown format "gif"'],
      ["GET", "/api/operator/orders/1/download-cutting-file?format=gif", undefined, 'Unknown format "gif"'],
      ["GET", "/api/operator/dashboard?per_column=101", undefined, "per_column must be at most 100."],
      ["GET", "/api/operator/dashboard?after=3", undefined, "after needs column"],
      ["GET", "/api/operator/dashboard?column=pending&after=999999", undefined, "after must be the id of an order on the board."],
    ];
    for (const [method, path, body, detail] of cases) {
      const response = await t.request(method, path, { token: operator, body });
      const where = `${method} ${path} ${JSON.stringify(body ?? null).slice(0, 60)}`;
      expect(response.status, where).toBe(400);
      expect(response.json.detail, where).toStartWith(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("who may ask and which order come before the body: 401, 403, 404, then 400", async () => {
    const bad = { status: "done", reason: "", file: "zip" };
    const cases: [string, string, string | null, number][] = [
      ["PATCH", "/api/operator/orders/1/production-status", null, 401],
      ["PATCH", "/api/operator/orders/999999/production-status", customer, 403],
      ["POST", "/api/operator/orders/999999/report-issue", customer, 403],
      ["PATCH", "/api/operator/orders/999999/production-status", operator, 404],
      ["PATCH", "/api/operator/orders/1e3/production-status", operator, 404],
      ["POST", "/api/operator/orders/999999/report-issue", operator, 404],
      ["POST", "/api/operator/orders/999999/download-link", operator, 404],
      ["GET", "/api/operator/orders/999999/download-cutting-file?format=gif", operator, 404],
      ["POST", "/api/operator/orders/abc/complete-production", operator, 404],
      // As before the contracts: a bad override reason is refused before the order is looked up.
      ["POST", "/api/operator/orders/999999/start-production", operator, 404],
      ["PATCH", "/api/operator/orders/1/production-status", operator, 400],
      ["POST", "/api/operator/orders/1/report-issue", operator, 400],
      ["POST", "/api/operator/orders/1/download-link", operator, 400],
    ];
    for (const [method, path, token, status] of cases) {
      const response = await t.request(method, path, { token, body: method === "GET" ? undefined : bad });
      expect(response.status, `${method} ${path} as ${token === customer ? "customer" : token ? "operator" : "nobody"}`).toBe(status);
    }
    const badOverride = await t.request("POST", "/api/operator/orders/999999/start-production", { token: operator, body: { override_reason: 5 } });
    expect(badOverride.status).toBe(400);
  });
});

describe("the contracts document the routes", () => {
  test("request bodies list the wire's fields; answers carry their schema", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const bodyFields = (path: string, method: string) => documentedBodyFields(spec, path, method);
    expect(bodyFields("/api/operator/orders/{id}/production-status", "patch")).toEqual(Object.keys(ProductionStatusWire.properties).sort());
    expect(bodyFields("/api/operator/orders/{id}/report-issue", "post")).toEqual(Object.keys(IssueWire.properties).sort());
    expect(bodyFields("/api/operator/orders/{id}/start-production", "post")).toEqual(Object.keys(StartWire.properties).sort());
    expect(bodyFields("/api/operator/orders/{id}/download-link", "post")).toEqual(Object.keys(LinkWire.properties).sort());
    const answer = (path: string, method: string) => documentedAnswer(spec, path, method);
    expect(Object.keys(answer("/api/operator/orders/{id}/start-production", "post").properties).sort()).toEqual(Object.keys(OperatorCardAnswer.properties).sort());
    expect(answer("/api/operator/dashboard", "get").anyOf).toHaveLength(2);
    expect(spec.paths["/api/operator/dashboard"].get.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(["after", "column", "per_column"]);
  });
});

describe("real answers match the shared answer schemas (common/api/operator.ts)", () => {
  test("the plain board, every column page (cards built from board-query.ts's JSON) and the one-card answers", async () => {
    // A scanner order with a measured accuracy, so the board's SQL reads a layout and accuracies too.
    const square = [[20, 20], [60, 20], [60, 60], [20, 60]];
    const job = await t.request("POST", "/api/scanner/jobs", {
      token: customer,
      body: { calibration_payload: { contour_points_mm: square, accuracy_mm: 0.7 }, layout_id: "operator-contract", foam: { label: "F", width_mm: 300, depth_mm: 200, thickness_mm: 40 } },
    });
    expect(job.status).toBe(201);

    const plain = await t.request("GET", "/api/operator/dashboard", { token: operator });
    expect(plain.status).toBe(200);
    expectMatches(OperatorCardListAnswer, plain.json, "plain");
    const scanned = (plain.json as OperatorCardAnswer[]).find((card) => card.id === job.json.order_id);
    expect(scanned).toMatchObject({ orderType: "scanner", scanAccuracyMm: 0.7 });
    expect(scanned!.estimatedTime).toBeGreaterThan(0);

    const grouped = await t.request("GET", "/api/operator/dashboard?per_column=100", { token: operator });
    expectMatches(OperatorBoardAnswer, grouped.json, "grouped");
    let pages = 0;
    const first = await t.request("GET", "/api/operator/dashboard?per_column=5", { token: operator });
    for (const column of first.json.columns as { status: string; next_after: number | null }[]) {
      let after = column.next_after;
      while (after !== null && pages < 20) {
        const page = await t.request("GET", `/api/operator/dashboard?column=${column.status}&per_column=5&after=${after}`, { token: operator });
        expectMatches(OperatorBoardAnswer, page.json, `${column.status} after ${after}`);
        after = page.json.columns[0].next_after;
        pages++;
      }
    }
    expect(pages).toBeGreaterThan(0);
    const small = await t.request("GET", "/api/operator/dashboard?per_column=1", { token: operator });
    expectMatches(OperatorBoardAnswer, small.json, "per_column=1");
    expect((small.json.columns as { has_more: boolean }[]).some((column) => column.has_more)).toBe(true);

    // One order through every action that answers a card.
    const created = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "operator-contract@example.com", items: [{ description: "Insert", quantity: 1, unit_price: "5.00" }] } });
    const id = created.json.id as number;
    await t.request("PATCH", `/api/admin/orders/${id}/status`, { token: admin, body: { status: "approved" } });
    const steps: [string, string, unknown][] = [
      ["PATCH", "production-status", { status: "preparing" }],
      ["POST", "report-issue", { reason: "Blade dull" }],
      ["PATCH", "production-status", { status: "pending" }],
      ["POST", "start-production", {}],
      ["POST", "complete-production", undefined],
    ];
    for (const [method, action, body] of steps) {
      const response = await t.request(method, `/api/operator/orders/${id}/${action}`, { token: operator, body });
      expect(response.status, action).toBe(200);
      expectMatches(OperatorCardAnswer, response.json, action);
    }
    const link = await t.request("POST", `/api/operator/orders/${id}/download-link`, { token: operator, body: { file: "csv" } });
    expect(link.status).toBe(200);
    const generated = await t.request("POST", `/api/operator/orders/${job.json.order_id}/generate-cutting-file`, { token: operator });
    expect(generated.status).toBe(200);
    expectMatches(OperatorCardAnswer, generated.json, "generated");
    expect(generated.json.fileStatus).toBe("ready");
  });
});
