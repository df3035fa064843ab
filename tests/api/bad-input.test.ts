import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, tokenFor } from "./support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine; 5 s is too tight.
setDefaultTimeout(30_000);

let t: TestApp;
let superAdmin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await tokenFor(t, "super_admin");
  customer = await tokenFor(t, "customer");
  // Start production takes no body; on a cancelled order every call is refused, whatever is sent.
  const cancelled = await t.request("PATCH", "/api/admin/orders/2/status", { token: superAdmin, body: { status: "cancelled" } });
  if (cancelled.status !== 200) throw new Error(`could not cancel order 2: ${cancelled.text}`);
});
afterAll(() => t.close());

type Route = { method: string; path: string; fields: string[]; customer?: boolean };

const MUTATING: Route[] = [
  { method: "POST", path: "/api/admin/orders", fields: ["order_number", "customer_email", "status", "production_status", "currency", "notes", "subtotal_amount", "total_amount", "items", "addresses", "calculator_payload", "order_type", "priority", "material_id"] },
  { method: "PATCH", path: "/api/admin/orders/1", fields: ["order_number", "customer_email", "status", "production_status", "currency", "notes", "subtotal_amount", "total_amount", "items", "addresses", "calculator_payload", "order_type", "priority", "material_id"] },
  { method: "PATCH", path: "/api/admin/orders/1/status", fields: ["status"] },
  { method: "POST", path: "/api/admin/orders/bulk-status", fields: ["order_ids", "status"] },
  { method: "POST", path: "/api/admin/catalog/boxes", fields: ["name", "manufacturer", "sku", "internal_length_mm", "internal_width_mm", "internal_depth_mm", "weight_capacity_kg", "description", "is_active"] },
  { method: "PATCH", path: "/api/admin/catalog/boxes/1", fields: ["name", "manufacturer", "sku", "internal_length_mm", "description", "is_active"] },
  { method: "DELETE", path: "/api/admin/catalog/boxes/abc", fields: [] },
  { method: "POST", path: "/api/admin/calculator/materials", fields: ["name", "supplier", "density_kg_m3", "hardness_shore", "color", "sheet_length_mm", "sheet_cost", "lead_time_days", "notes", "is_active"] },
  { method: "PATCH", path: "/api/admin/calculator/materials/1", fields: ["name", "supplier", "sheet_cost", "lead_time_days", "is_active"] },
  { method: "POST", path: "/api/admin/users", fields: ["email", "first_name", "last_name", "company", "locale", "timezone", "role", "is_active", "is_verified", "password"] },
  { method: "PATCH", path: "/api/admin/users/3", fields: ["email", "first_name", "company", "locale", "timezone", "role", "is_active", "is_verified", "password"] },
  { method: "PATCH", path: "/api/operator/orders/1/production-status", fields: ["status"] },
  { method: "POST", path: "/api/operator/orders/1/report-issue", fields: ["reason"] },
  { method: "POST", path: "/api/operator/orders/2/start-production", fields: [] },
  { method: "POST", path: "/api/operator/orders/1/download-link", fields: ["file", "format"] },
  { method: "POST", path: "/api/scanner/jobs", fields: ["contour_svg", "calibration_payload", "processing_notes", "status", "processed_at", "layout_id", "foam", "name"], customer: true },
  { method: "POST", path: "/api/scanner/process", fields: ["layout_id", "job_ids"], customer: true },
];

const HUGE = "x".repeat(100_000);
const deep = (depth: number): unknown => (depth === 0 ? 1 : [deep(depth - 1)]);
const WRONG_VALUES: unknown[] = [[1, 2], { nested: { deeper: true } }, true, -1e308, "", "<script>alert(1)</script>", HUGE];

function badBodies(route: Route): { label: string; body: unknown; contentType?: string }[] {
  const bodies: { label: string; body: unknown; contentType?: string }[] = [
    { label: "malformed JSON", body: '{"name": "x",' },
    { label: "JSON array", body: "[1,2,3]" },
    { label: "JSON string", body: '"hello"' },
    { label: "JSON null", body: "null" },
    { label: "JSON number", body: "42" },
    { label: "text/plain", body: "name=x", contentType: "text/plain" },
    { label: "form-urlencoded", body: "name=x&status=approved", contentType: "application/x-www-form-urlencoded" },
    { label: "unknown fields only", body: { evil: "<img src=x onerror=alert(1)>", constructor: { prototype: { admin: true } } } },
    { label: "__proto__ pollution", body: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}' },
    { label: "deep nesting", body: JSON.stringify({ [route.fields[0] ?? "x"]: deep(3000) }) },
  ];
  for (const value of WRONG_VALUES) {
    bodies.push({
      label: `every field = ${typeof value === "string" ? `string(${value.length})` : JSON.stringify(value).slice(0, 30)}`,
      body: Object.fromEntries(route.fields.map((field) => [field, value])),
    });
  }
  return bodies;
}

describe("bad-input sweep", () => {
  test("mutating routes: never a 500; refused bodies change nothing", async () => {
    const accepted: string[] = [];
    let before = await dataDigest(t);
    for (const route of MUTATING) {
      const token = route.customer ? customer : superAdmin;
      for (const { label, body, contentType } of badBodies(route)) {
        const response = await t.request(route.method, route.path, {
          token,
          body: typeof body === "string" ? body : JSON.stringify(body),
          headers: { "content-type": contentType ?? "application/json" },
        });
        const where = `${route.method} ${route.path} with ${label}: ${response.status} ${response.text.slice(0, 120)}`;
        expect(response.status, where).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.json?.detail, where).toBe("string");
          expect(await dataDigest(t), where).toBe(before);
        } else {
          accepted.push(`${route.method} ${route.path} with ${label}`);
          // Unknown fields are ignored and null means no body: accepted, but nothing may change.
          if (/^(unknown|__proto__|JSON null)/.test(label)) expect(await dataDigest(t), where).toBe(before);
          before = await dataDigest(t);
        }
      }
    }
    // Everything else that got through is plain text where any text is valid (an issue reason).
    const legitimate = accepted.filter((entry) => !/with (unknown fields only|__proto__ pollution|JSON null)$/.test(entry));
    expect(legitimate).toEqual([
      "POST /api/operator/orders/1/report-issue with every field = string(25)",
      // Blank file/format mean the defaults (cutting file, dxf); a link changes no data.
      "POST /api/operator/orders/1/download-link with every field = string(0)",
    ]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 120_000);

  test("without a token, bad bodies are 401 (credentials are checked before the body)", async () => {
    for (const route of MUTATING) {
      const response = await t.request(route.method, route.path, { body: '{"bad": ', headers: { "content-type": "application/json" } });
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  test("bad ids are 404 on every route with an id", async () => {
    const routes = [
      ["GET", "/api/admin/orders/{id}"],
      ["PATCH", "/api/admin/orders/{id}"],
      ["PATCH", "/api/admin/orders/{id}/status"],
      ["GET", "/api/admin/orders/{id}/download-csv"],
      ["POST", "/api/admin/orders/{id}/download-link"],
      ["GET", "/api/admin/catalog/boxes/{id}"],
      ["PATCH", "/api/admin/catalog/boxes/{id}"],
      ["DELETE", "/api/admin/catalog/boxes/{id}"],
      ["GET", "/api/admin/calculator/materials/{id}"],
      ["PATCH", "/api/admin/calculator/materials/{id}"],
      ["DELETE", "/api/admin/calculator/materials/{id}"],
      ["GET", "/api/admin/users/{id}"],
      ["PATCH", "/api/admin/users/{id}"],
      ["PATCH", "/api/operator/orders/{id}/production-status"],
      ["POST", "/api/operator/orders/{id}/generate-cutting-file"],
      ["POST", "/api/operator/orders/{id}/start-production"],
      ["POST", "/api/operator/orders/{id}/complete-production"],
      ["POST", "/api/operator/orders/{id}/report-issue"],
      ["GET", "/api/operator/orders/{id}/download-cutting-file"],
      ["GET", "/api/operator/orders/{id}/download-original-csv"],
      ["POST", "/api/operator/orders/{id}/download-link"],
      ["GET", "/api/scanner/jobs/{id}"],
    ];
    const before = await dataDigest(t);
    for (const [method, template] of routes) {
      for (const id of ["abc", "-1", "0", "1.5", "1e2", "0x1f", "%20", "99999999999999999999", "123456789"]) {
        const path = template!.replace("{id}", id);
        const response = await t.request(method!, path, { token: superAdmin, body: method === "GET" || method === "DELETE" ? undefined : { status: "pending", reason: "x", name: "x" } });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("list and download routes: bad query parameters are 4xx, never 500", async () => {
    const queries = [
      "?page=-1&per_page=abc",
      "?page=99999999999999&per_page=0",
      "?sort=%00&status[]=draft&status=",
      `?search=${"%25".repeat(100)}&date_from=2024-13-01`,
      "?date_to=2024-02-29T00:00:00Z&order_type=,,,",
      "?is_active=2&format=../../etc/passwd",
      `?search=${encodeURIComponent("'; drop table orders; --")}`,
      "?status=draft&status=draft&status=approved&status=" + "x".repeat(5000),
    ];
    const gets = [
      "/api/admin/orders",
      "/api/admin/catalog/boxes",
      "/api/admin/calculator/materials",
      "/api/admin/users",
      "/api/admin/user-roles",
      "/api/admin/metrics",
      "/api/operator/dashboard",
      "/api/operator/orders/1/download-cutting-file",
      "/api/scanner/jobs",
      "/api/dashboard/summary",
    ];
    for (const path of gets) {
      for (const query of queries) {
        const response = await t.request("GET", `${path}${query}`, { token: superAdmin });
        expect(response.status, `${path}${query}`).toBeLessThan(500);
      }
    }
    const injected = await t.request("GET", `/api/admin/orders?search=${encodeURIComponent("' or 1=1 --")}`, { token: superAdmin });
    expect(injected.json.pagination.total).toBe(0);
  });
});

describe("OpenAPI docs", () => {
  test("/api/docs and /api/docs/json are served; every API route has a summary and tags", async () => {
    const page = await t.request("GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const spec = await t.request("GET", "/api/docs/json");
    expect(spec.status).toBe(200);
    const paths = spec.json.paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    const expected = [
      "get /api/admin/orders",
      "post /api/admin/orders",
      "post /api/admin/orders/bulk-status",
      "get /api/admin/orders/{id}",
      "patch /api/admin/orders/{id}",
      "patch /api/admin/orders/{id}/status",
      "get /api/admin/orders/{id}/download-csv",
      "post /api/admin/orders/{id}/download-link",
      "get /api/admin/catalog/boxes",
      "post /api/admin/catalog/boxes",
      "patch /api/admin/catalog/boxes/{id}",
      "delete /api/admin/catalog/boxes/{id}",
      "get /api/admin/calculator/materials",
      "post /api/admin/calculator/materials",
      "patch /api/admin/calculator/materials/{id}",
      "delete /api/admin/calculator/materials/{id}",
      "get /api/admin/user-roles",
      "get /api/admin/users",
      "post /api/admin/users",
      "patch /api/admin/users/{id}",
      "get /api/admin/metrics",
      "get /api/operator/dashboard",
      "patch /api/operator/orders/{id}/production-status",
      "post /api/operator/orders/{id}/generate-cutting-file",
      "post /api/operator/orders/{id}/start-production",
      "post /api/operator/orders/{id}/complete-production",
      "post /api/operator/orders/{id}/report-issue",
      "get /api/operator/orders/{id}/download-cutting-file",
      "get /api/operator/orders/{id}/download-original-csv",
      "post /api/operator/orders/{id}/download-link",
      "get /api/dashboard/summary",
      "get /api/scanner/jobs",
      "post /api/scanner/jobs",
      "get /api/scanner/jobs/{id}",
      "post /api/scanner/process",
    ];
    const documented = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    for (const route of expected) expect(documented, route).toContain(route);
    const orderBody = paths["/api/admin/orders"]!.post as { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(orderBody.requestBody!.content["application/json"]!.schema.properties)).toContain("customer_email");
    for (const [path, methods] of Object.entries(paths)) {
      // The foundation's catch-all 404 (/api/*) is not an operation.
      if (!path.startsWith("/api/") || path.startsWith("/api/docs") || path.includes("*")) continue;
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  test("/api/docs/json documents the scanners' multipart bodies: the photo as a binary file, the parameters as fields", async () => {
    const spec = await t.request("GET", "/api/docs/json");
    const body = (path: string) => spec.json.paths[path].post.requestBody.content["multipart/form-data"].schema;
    const classic = body("/api/scanner/scan");
    expect(classic.required).toEqual(["image"]);
    // One photo, or the field repeated for the multi-photo protocol (1-8 parts).
    expect(classic.properties.image).toEqual({ type: "array", items: { type: "string", format: "binary" } });
    expect(Object.keys(classic.properties)).toEqual(expect.arrayContaining(["sensitivity", "rdp_tolerance_mm", "allowance_mm", "inset_mm"]));
    const ai = body("/api/scanner-ai/scan");
    expect(Object.keys(ai.properties)).toEqual(expect.arrayContaining(["image", "confidence", "post_morph_px"]));
    expect(ai.properties.sensitivity).toBeUndefined();
    expect(body("/api/scanner/preview").properties.image.format).toBe("binary");
    // Served twice (the document is cached): still documented.
    const again = await t.request("GET", "/api/docs/json");
    expect(again.json.paths["/api/scanner/scan"].post.requestBody.content["multipart/form-data"]).toBeDefined();
  });
});
