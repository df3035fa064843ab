import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { MetricsAnswer } from "../../../common/api/metrics";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { expectMatches } from "../../../tests/helpers/contract";
import { tokenFor } from "../../../tests/api/support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, "admin");
});
afterAll(() => t?.close());

describe("the metrics answer (common/api/metrics.ts)", () => {
  test("the real answer matches the schema and follows the orders it counts", async () => {
    const first = await t.request("GET", "/api/admin/metrics", { token: admin });
    expect(first.status).toBe(200);
    expectMatches(MetricsAnswer, first.json, "metrics");
    const created = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "metrics@example.com", status: "quoted" } });
    expect(created.status).toBe(201);
    const second = (await t.request("GET", "/api/admin/metrics", { token: admin })).json;
    expectMatches(MetricsAnswer, second, "metrics after a quote");
    expect(second.quotes_pending).toBe(first.json.quotes_pending + 1);
  });

  test("the OpenAPI document prints the answer's schema", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const schema = spec.paths["/api/admin/metrics"].get.responses[200].content["application/json"].schema;
    expect(Object.keys(schema.properties)).toEqual(Object.keys(MetricsAnswer.properties));
  });
});
