import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import DxfParser from "dxf-parser";
import { eq } from "drizzle-orm";
import { orderEvents, orders } from "../../db/schema";
import { demoLayout } from "../../db/seed/demo-layout";
import { estimateMinutes } from "../../src/modules/operator/estimate";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, expectAccess, parseCsv, tokenFor } from "./support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine; 5 s is too tight.
setDefaultTimeout(30_000);

let t: TestApp;
let operator: string;
let admin: string;
const OPERATOR_ROLES = ["operator", "admin", "super_admin"] as const;

beforeAll(async () => {
  t = await createTestApp();
  operator = await tokenFor(t, "operator");
  admin = await tokenFor(t, "admin");
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = operator) => t.request(method, `/api/operator${path}`, { token, body });
const board = async () => (await call("GET", "/dashboard")).json as Record<string, any>[];
const setOrder = (id: number, values: Partial<typeof orders.$inferInsert>) => t.db.update(orders).set(values).where(eq(orders.id, id));
const eventsOf = (id: number) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));

/** A fresh approved order with a valid layout and no cutting file. */
async function freshOrder(overrides: Partial<typeof orders.$inferInsert> = {}) {
  const created = await t.request("POST", "/api/admin/orders", {
    token: admin,
    body: { customer_email: "shop@example.com", status: "approved", items: [{ description: "Insert", quantity: 1, unit_price: 100, metadata: { productName: "Case insert", material: "XLPE 45 kg/m³ grey" } }] },
  });
  const id = created.json.id as number;
  await setOrder(id, { layout: demoLayout(400, 300, 3), fileStatus: "needs_generation", ...overrides });
  return id;
}

describe("GET /api/operator/dashboard", () => {
  test("cards carry every SPEC field; cancelled orders are left out", async () => {
    const response = await call("GET", "/dashboard");
    expect(response.status).toBe(200);
    const cards = response.json;
    expect(Array.isArray(cards)).toBe(true);
    expect(cards.length).toBeGreaterThan(0);
    for (const key of ["id", "orderNumber", "orderType", "productName", "material", "dimensions", "estimatedTime", "fileStatus", "priority", "blocks", "productionStatus", "createdAt", "productionStartedAt", "fulfilledAt"]) {
      expect(cards[0]).toHaveProperty(key);
    }
    const cancelled = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "cancelled"));
    const ids = new Set(cards.map((card: { id: number }) => card.id));
    expect(cancelled.some((row) => ids.has(row.id))).toBe(false);
    const ranks = cards.map((card: { priority: string }) => ({ urgent: 0, high: 1, normal: 2 })[card.priority]);
    expect([...ranks].sort()).toEqual(ranks);
  });

  test("estimatedTime is whole minutes from cut length and material, not a constant", async () => {
    const small = await freshOrder({ layout: demoLayout(300, 200, 1) });
    const large = await freshOrder({ layout: demoLayout(1200, 900, 5) });
    const cards = await board();
    const smallCard = cards.find((card) => card.id === small)!;
    const largeCard = cards.find((card) => card.id === large)!;
    expect(Number.isInteger(smallCard.estimatedTime)).toBe(true);
    expect(largeCard.estimatedTime).toBeGreaterThan(smallCard.estimatedTime);
    const row = await t.db.query.orders.findFirst({ where: eq(orders.id, large) });
    expect(largeCard.estimatedTime).toBe(estimateMinutes(row!.layout as never, 45));
    expect(largeCard.material).toBe("XLPE 45 kg/m³ grey");
    expect(largeCard.productName).toBe("Case insert");
  });

  test("blocks name what stops production; productName defaults to 'Custom Order'", async () => {
    const id = await freshOrder();
    await t.request("PATCH", `/api/admin/orders/${id}`, { token: admin, body: { items: [], status: "quoted" } });
    await setOrder(id, { productionStatus: "issue", issueReason: "Wrong colour" });
    const card = (await board()).find((entry) => entry.id === id)!;
    expect(card.productName).toBe("Custom Order");
    expect(card.dimensions).toBe("400 × 300 × 50 mm");
    expect(card.blocks).toEqual(["Order not approved", "Cutting file missing", "Production issue: Wrong colour"]);
    await setOrder(id, { fileStatus: "error", fileError: "Bad pocket", productionStatus: "pending", status: "approved" });
    expect((await board()).find((entry) => entry.id === id)!.blocks).toEqual(["Cutting file error: Bad pocket"]);
  });

  test("work completed more than 30 days ago drops off the board", async () => {
    const id = await freshOrder({ productionStatus: "completed", fulfilledAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    expect((await board()).some((card) => card.id === id)).toBe(false);
    await setOrder(id, { fulfilledAt: new Date().toISOString() });
    const card = (await board()).find((entry) => entry.id === id)!;
    expect(card.blocks).toEqual([]);
  });

  test("access: operator, admin, super_admin", async () => {
    await expectAccess(t, "GET", "/api/operator/dashboard", [...OPERATOR_ROLES]);
    for (const role of OPERATOR_ROLES) expect((await call("GET", "/dashboard", undefined, await tokenFor(t, role))).status).toBe(200);
  });
});

describe("PATCH production-status", () => {
  test("any to any, with an event; unchanged is a no-op", async () => {
    const id = await freshOrder();
    const response = await call("PATCH", `/orders/${id}/production-status`, { status: "preparing" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, productionStatus: "preparing", productionStatusLabel: "Preparing Files" });
    const count = (await eventsOf(id)).length;
    const last = (await eventsOf(id)).at(-1)!;
    expect(last).toMatchObject({ eventType: "production_status_changed", payload: { from: "pending", to: "preparing" }, actorEmail: "operator@demo.foam" });
    await call("PATCH", `/orders/${id}/production-status`, { status: "preparing" });
    expect((await eventsOf(id)).length).toBe(count);
    const done = await call("PATCH", `/orders/${id}/production-status`, { status: "completed" });
    expect(done.json.fulfilledAt).toBeTruthy();
  });

  test("validation, 404, access", async () => {
    const unknown = await call("PATCH", "/orders/1/production-status", { status: "shipping" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.detail).toStartWith('Unknown production status "shipping"');
    const missing = await call("PATCH", "/orders/1/production-status", {});
    expect(missing.status).toBe(400);
    expect(missing.json.detail).toBe("Production status is required.");
    expect((await call("PATCH", "/orders/999999/production-status", { status: "pending" })).status).toBe(404);
    expect((await call("PATCH", "/orders/abc/production-status", { status: "pending" })).status).toBe(404);
    await expectAccess(t, "PATCH", "/api/operator/orders/1/production-status", [...OPERATOR_ROLES], { status: "pending" });
  });
});

describe("cutting files", () => {
  test("generate produces DXF (mm, closed LWPOLYLINE per pocket + foam outline), SVG (mm viewBox) and a PDF", async () => {
    const id = await freshOrder({ layout: demoLayout(400, 300, 3) });
    const missing = await call("GET", `/orders/${id}/download-cutting-file`);
    expect(missing.status).toBe(409);
    expect(missing.json.detail).toBe("Cutting file not generated yet.");

    const response = await call("POST", `/orders/${id}/generate-cutting-file`);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id, fileStatus: "ready", blocks: [] });
    const events = await eventsOf(id);
    expect(events.at(-1)).toMatchObject({ eventType: "file_generated", payload: { from: "needs_generation", to: "ready", pockets: 3 } });

    const dxf = await call("GET", `/orders/${id}/download-cutting-file`);
    expect(dxf.status).toBe(200);
    const number = (await t.db.query.orders.findFirst({ where: eq(orders.id, id) }))!.orderNumber;
    expect(dxf.headers.get("content-disposition")).toContain(`filename="${number}.dxf"`);
    expect(dxf.text).toMatch(/\$INSUNITS\s+70\s+4\s/);
    const parsed = new DxfParser().parseSync(dxf.text)!;
    const polylines = parsed.entities.filter((entity) => entity.type === "LWPOLYLINE") as unknown as { layer: string; shape?: boolean; vertices: unknown[] }[];
    expect(polylines).toHaveLength(4);
    expect(polylines.every((entity) => entity.shape === true)).toBe(true);
    expect(polylines.filter((entity) => entity.layer.startsWith("POCKET_"))).toHaveLength(3);
    expect(polylines.filter((entity) => entity.layer === "FOAM_OUTLINE")).toHaveLength(1);

    const svg = await call("GET", `/orders/${id}/download-cutting-file?format=svg`);
    expect(svg.headers.get("content-type")).toStartWith("image/svg+xml");
    expect(svg.text).toContain('viewBox="0 0 400 300"');
    expect(svg.text).toContain('width="400mm"');
    expect(svg.text.match(/<path /g)).toHaveLength(3);

    const pdf = await t.app.handle(new Request(`http://localhost/api/operator/orders/${id}/download-cutting-file?format=pdf`, { headers: { authorization: `Bearer ${operator}` } }));
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);

    const bad = await call("GET", `/orders/${id}/download-cutting-file?format=exe`);
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toBe('Unknown format "exe". Use dxf, svg, pdf, stl or dxf-layer-N.');
  });

  test("a layout problem is file_status error with the message, and a 422", async () => {
    const layout = demoLayout(400, 300, 2);
    layout.pockets[1]!.points = layout.pockets[1]!.points.map(([x, y]) => [x + 500, y] as [number, number]);
    const id = await freshOrder({ layout });
    const response = await call("POST", `/orders/${id}/generate-cutting-file`);
    expect(response.status).toBe(422);
    expect(response.json.detail).toBe('Pocket "Screwdriver" extends beyond the foam (400 × 300 mm).');
    const card = (await board()).find((entry) => entry.id === id)!;
    expect(card.fileStatus).toBe("error");
    expect(card.fileError).toBe(response.json.detail);
    expect(card.blocks).toContain(`Cutting file error: ${response.json.detail}`);
    expect((await call("GET", `/orders/${id}/download-cutting-file`)).status).toBe(409);

    const none = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "x@example.com" } });
    // Issue 14: an order without a layout has nothing to cut (file not_required) until one is attached.
    expect(none.json.file_status).toBe("not_required");
    const noLayout = await call("POST", `/orders/${none.json.id}/generate-cutting-file`);
    expect(noLayout.status).toBe(409);
    expect(noLayout.json.detail).toContain("The order has no layout to cut");
    expect((await t.db.query.orders.findFirst({ where: eq(orders.id, none.json.id) }))!.fileStatus).toBe("not_required");
  });

  test("404 and access", async () => {
    expect((await call("POST", "/orders/999999/generate-cutting-file")).status).toBe(404);
    expect((await call("GET", "/orders/999999/download-cutting-file")).status).toBe(404);
    await expectAccess(t, "POST", "/api/operator/orders/1/generate-cutting-file", [...OPERATOR_ROLES]);
    await expectAccess(t, "GET", "/api/operator/orders/1/download-cutting-file", [...OPERATOR_ROLES]);
  });
});

describe("start, complete, report issue", () => {
  test("start refuses without a ready file or on a cancelled order, then starts whatever the order's status", async () => {
    const id = await freshOrder();
    const noFile = await call("POST", `/orders/${id}/start-production`);
    expect(noFile.status).toBe(409);
    expect(noFile.json.detail).toBe("The cutting file is not ready: generate it first.");
    await call("POST", `/orders/${id}/generate-cutting-file`);
    await setOrder(id, { status: "cancelled" });
    const cancelled = await call("POST", `/orders/${id}/start-production`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.detail).toBe("The order is cancelled.");
    await setOrder(id, { status: "approved" });

    const started = await call("POST", `/orders/${id}/start-production`);
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ productionStatus: "in_progress", status: "in_production" });
    expect(Date.now() - Date.parse(started.json.productionStartedAt)).toBeLessThan(60_000);
    const types = (await eventsOf(id)).map((event) => event.eventType);
    expect(types).toContain("production_started");
    const again = await call("POST", `/orders/${id}/start-production`);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe("Production is already in progress.");

    const completed = await call("POST", `/orders/${id}/complete-production`);
    expect(completed.status).toBe(200);
    expect(completed.json).toMatchObject({ productionStatus: "completed", status: "fulfilled" });
    expect(completed.json.fulfilledAt).toBeTruthy();
    expect((await eventsOf(id)).map((event) => event.eventType)).toContain("production_completed");
    const notRunning = await call("POST", `/orders/${id}/complete-production`);
    expect(notRunning.status).toBe(409);
    expect(notRunning.json.detail).toBe("Production has not been started.");
  });

  test("report-issue: reason required, trimmed, at most 1000 characters; kept on the order and in an event", async () => {
    const id = await freshOrder();
    const before = await dataDigest(t);
    for (const [body, detail] of [
      [{}, "Reason is required."],
      [{ reason: "   " }, "Reason is required."],
      [{ reason: 42 }, "Reason must be text."],
      [{ reason: "x".repeat(1001) }, "Reason must be at most 1000 characters."],
    ] as const) {
      const response = await call("POST", `/orders/${id}/report-issue`, body);
      expect(response.status).toBe(400);
      expect(response.json.detail).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
    const response = await call("POST", `/orders/${id}/report-issue`, { reason: "  Blade broke  " });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ productionStatus: "issue", issueReason: "Blade broke" });
    expect(response.json.blocks).toContain("Production issue: Blade broke");
    expect((await eventsOf(id)).at(-1)).toMatchObject({ eventType: "issue_reported", payload: { from: "pending", to: "issue", reason: "Blade broke" } });
    const detail = await t.request("GET", `/api/admin/orders/${id}`, { token: admin });
    expect(detail.json.issue_reason).toBe("Blade broke");
    const cleared = await call("PATCH", `/orders/${id}/production-status`, { status: "pending" });
    expect(cleared.json.issueReason).toBeNull();
  });

  test("404 and access", async () => {
    for (const action of ["start-production", "complete-production", "report-issue"]) {
      expect((await call("POST", `/orders/999999/${action}`, { reason: "x" })).status).toBe(404);
      await expectAccess(t, "POST", `/api/operator/orders/1/${action}`, [...OPERATOR_ROLES], { reason: "x" });
    }
  });
});

describe("downloads opened in a new window", () => {
  test("original CSV with the header; a session token in ?token= is refused", async () => {
    const response = await call("GET", "/orders/1/download-original-csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="ORD-\d+\.csv"/);
    expect(parseCsv(response.text)[0]).toContain("order_number");
    expect((await t.request("GET", `/api/operator/orders/1/download-original-csv?token=${operator}`)).status).toBe(401);
    expect((await call("GET", "/orders/999999/download-original-csv")).status).toBe(404);
    await expectAccess(t, "GET", "/api/operator/orders/1/download-original-csv", [...OPERATOR_ROLES]);
  });

  test("download-link: scoped 5-minute URLs for the cutting file or the CSV", async () => {
    const id = await freshOrder();
    await call("POST", `/orders/${id}/generate-cutting-file`);
    const link = await call("POST", `/orders/${id}/download-link`, { file: "cutting-file", format: "svg" });
    expect(link.status).toBe(200);
    expect(link.json.url).toStartWith(`/api/operator/orders/${id}/download-cutting-file?format=svg&token=`);
    const file = await t.request("GET", link.json.url);
    expect(file.status).toBe(200);
    expect(file.text).toContain("<svg");
    const csv = await call("POST", `/orders/${id}/download-link`, { file: "csv" });
    expect((await t.request("GET", csv.json.url)).status).toBe(200);
    const defaults = await call("POST", `/orders/${id}/download-link`);
    expect(defaults.json.url).toContain("format=dxf");
    expect((await call("POST", `/orders/${id}/download-link`, { file: "zip" })).status).toBe(400);
    expect((await call("POST", `/orders/${id}/download-link`, { format: "png" })).status).toBe(400);
    expect((await call("POST", "/orders/999999/download-link")).status).toBe(404);
    await expectAccess(t, "POST", `/api/operator/orders/${id}/download-link`, [...OPERATOR_ROLES]);
  });
});
