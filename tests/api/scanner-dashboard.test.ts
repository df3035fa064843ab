import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orders, projects, scannerJobs } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, expectAccess, tokenFor } from "./support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine; 5 s is too tight.
setDefaultTimeout(30_000);

let t: TestApp;
let customer: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await tokenFor(t, "customer");
  admin = await tokenFor(t, "admin");
});
afterAll(() => t.close());

const square = (x: number, y: number, size = 40): [number, number][] => [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function jobBody(layoutId: string, points = square(20, 20), extra: Record<string, unknown> = {}) {
  return {
    contour_svg: '<svg onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    calibration_payload: {
      detection_method: "aruco",
      diagnostics: { markers: 4 },
      parameters: { contour_area_mm: 1600 },
      preview_data_url: PNG,
      position: { x: 30, y: 40, rotation: 90, scale: 1 },
      contour_points_mm: points,
    },
    processing_notes: JSON.stringify({ layout_position: { x: 30, y: 40 }, detection_method: "aruco", created_at: "2025-01-02T03:04:05.000Z" }),
    status: "pending",
    processed_at: null,
    layout_id: layoutId,
    foam: { label: "Pelican 1510 insert", width_mm: 480, depth_mm: 270, thickness_mm: 50 },
    ...extra,
  };
}

const post = (body: unknown, token = customer) => t.request("POST", "/api/scanner/jobs", { token, body });

describe("POST /api/scanner/jobs", () => {
  test("stores the job with a server-built SVG and creates the project and a draft scanner order", async () => {
    const response = await post(jobBody("layout-A"));
    expect(response.status).toBe(201);
    const job = response.json;
    expect(job).toMatchObject({ status: "pending", layout_id: "layout-A", processed_at: null, captured_at: "2025-01-02T03:04:05.000Z" });
    expect(job.contour_svg).not.toMatch(/script|onload|alert/);
    expect(job.contour_svg).toContain('viewBox="0 0 480 270"');
    expect(job.contour_svg).toContain('d="M20 20 L60 20 L60 60 L20 60 Z"');
    expect(job.calibration_payload).toMatchObject({ detection_method: "aruco", preview_data_url: PNG, position: { x: 30, y: 40, rotation: 90, scale: 1, deleted: false } });
    expect(JSON.parse(job.processing_notes).detection_method).toBe("aruco");
    expect(job.project_reference).toMatch(/^PRJ-\d{4}-[0-9A-F]{6}$/);
    expect(job.order_number).toMatch(/^ORD-/);

    const order = await t.request("GET", `/api/admin/orders/${job.order_id}`, { token: admin });
    expect(order.json).toMatchObject({ order_type: "scanner", status: "draft", customer_email: "customer@demo.foam", file_status: "needs_generation" });
    expect(order.json.layout.pockets).toHaveLength(1);
    expect(order.json.layout.foam).toMatchObject({ width_mm: 480, depth_mm: 270, thickness_mm: 50 });
    expect(order.json.items[0].metadata.productName).toBe("Pelican 1510 insert");
    expect(order.json.scanner_job).toMatchObject({ id: job.id, status: "pending", jobs_count: 1 });

    const list = await t.request("GET", `/api/admin/orders?search=${job.order_number}`, { token: admin });
    expect(list.json.results.map((row: { id: number }) => row.id)).toEqual([job.order_id]);
    const dashboard = await t.request("GET", "/api/dashboard/summary", { token: customer });
    expect(dashboard.json.projects[0]).toMatchObject({ reference_code: job.project_reference, status: "draft", order_number: job.order_number });
  });

  test("parallel posts of one layout build one project and one order with every pocket", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, (_, index) => post(jobBody("layout-B", square(10 + index * 60, 10), { name: `Tool ${index}` }))));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const orderIds = new Set(responses.map((response) => response.json.order_id));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds];
    const row = await t.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
    expect((row!.layout as { pockets: unknown[] }).pockets).toHaveLength(5);
    const projectRows = await t.db.select().from(projects).where(eq(projects.layoutId, "layout-B"));
    expect(projectRows).toHaveLength(1);
  });

  test("client SVG is never stored; previews that are not small PNG/JPEG data URLs are dropped", async () => {
    for (const preview of ["javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", `data:image/png;base64,${"A".repeat(1_600_000)}`, 42]) {
      const response = await post(jobBody("layout-C", square(0, 0), { calibration_payload: { ...jobBody("").calibration_payload, preview_data_url: preview } }));
      expect(response.status).toBe(201);
      expect(response.json.calibration_payload.preview_data_url).toBeNull();
    }
    const stored = await t.db.select({ svg: scannerJobs.contourSvg }).from(scannerJobs);
    expect(stored.some((row) => /script|onload/.test(row.svg ?? ""))).toBe(false);
  });

  test("contour and payload validation: 400 with a message, nothing stored", async () => {
    const before = await dataDigest(t);
    const payload = jobBody("").calibration_payload;
    const cases: [unknown, string][] = [
      [{}, "calibration_payload is required."],
      [{ calibration_payload: { ...payload, contour_points_mm: undefined } }, "calibration_payload.contour_points_mm is required."],
      [{ calibration_payload: { ...payload, contour_points_mm: [[0, 0], [1, 1]] } }, "calibration_payload.contour_points_mm needs at least 3 points."],
      [{ calibration_payload: { ...payload, contour_points_mm: Array.from({ length: 5001 }, (_, i) => [i % 100, i / 100]) } }, "calibration_payload.contour_points_mm may have at most 5000 points."],
      [{ calibration_payload: { ...payload, contour_points_mm: [[0, 0], [1, "a"], [2, 2]] } }, "calibration_payload.contour_points_mm[1] must be a pair of finite numbers."],
      [{ calibration_payload: { ...payload, contour_points_mm: [[0, 0], [1e9, 0], [2, 2]] } }, "calibration_payload.contour_points_mm[1] is outside ±10000 mm."],
      [{ calibration_payload: { ...payload, contour_points_mm: "0,0 1,1 2,2" } }, "calibration_payload.contour_points_mm must be a list of [x, y] points."],
      [{ calibration_payload: { ...payload, detection_method: "<script>" } }, "calibration_payload.detection_method must be a short identifier such as aruco."],
      [{ calibration_payload: { ...payload, diagnostics: { blob: "x".repeat(20_000) } } }, "calibration_payload.diagnostics is too large (at most 16 kB)."],
      [{ calibration_payload: { ...payload, position: { x: "left" } } }, "calibration_payload.position.x must be a number."],
      [{ calibration_payload: payload, processing_notes: "{not json" }, "processing_notes must be JSON text."],
      [{ calibration_payload: payload, layout_id: "bad id!" }, "layout_id may contain letters, digits and . _ : - only."],
      [{ calibration_payload: payload, foam: { width_mm: -1, depth_mm: 1, thickness_mm: 1 } }, "foam.width_mm must be a positive number of millimetres up to 5000."],
    ];
    for (const [body, detail] of cases) {
      const response = await post(body);
      expect(response.status, detail).toBe(400);
      expect(response.json.detail).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("customers always submit pending; staff may record another status", async () => {
    const customerJob = await post(jobBody("layout-D", square(0, 0), { status: "processed", processed_at: "2025-01-01T00:00:00Z" }));
    expect(customerJob.json).toMatchObject({ status: "pending", processed_at: null });
    const staffJob = await post(jobBody("layout-E", square(0, 0), { status: "processed", processed_at: "2025-01-01T00:00:00Z" }), admin);
    expect(staffJob.json).toMatchObject({ status: "processed", processed_at: "2025-01-01T00:00:00.000Z" });
    const bad = await post(jobBody("layout-E", square(0, 0), { status: "done" }), admin);
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toStartWith('Unknown scanner job status "done"');
  });

  test("a layout whose order was approved is closed to new tools", async () => {
    const first = await post(jobBody("layout-F"));
    await t.request("PATCH", `/api/admin/orders/${first.json.order_id}/status`, { token: admin, body: { status: "approved" } });
    const late = await post(jobBody("layout-F", square(100, 100)));
    expect(late.status).toBe(409);
    expect(late.json.detail).toContain("start a new layout");
  });

  test("access: any signed-in user", async () => {
    await expectAccess(t, "POST", "/api/scanner/jobs", "any", jobBody("x"));
    expect((await post(jobBody("layout-G"), await tokenFor(t, "technician"))).status).toBe(201);
  });
});

describe("GET /api/scanner/jobs", () => {
  test("customers see only their own jobs; staff see everyone's", async () => {
    const sales = await tokenFor(t, "sales");
    await post(jobBody("sales-layout"), sales);
    const mine = await t.request("GET", "/api/scanner/jobs?per_page=200", { token: customer });
    expect(mine.status).toBe(200);
    expect(mine.json.results.length).toBeGreaterThan(0);
    expect(mine.json.results.every((job: { user_email: string }) => job.user_email === "customer@demo.foam")).toBe(true);
    expect(mine.json.results[0].calibration_payload.preview_data_url).toBeUndefined();
    expect(mine.json.pagination.total).toBe(mine.json.results.length);
    const all = await t.request("GET", "/api/scanner/jobs?per_page=200", { token: admin });
    expect(all.json.pagination.total).toBeGreaterThan(mine.json.pagination.total);
    const customerJob = mine.json.results[0];
    const one = await t.request("GET", `/api/scanner/jobs/${customerJob.id}`, { token: customer });
    expect(one.json.calibration_payload).toHaveProperty("preview_data_url");
    const salesJob = all.json.results.find((job: { user_email: string }) => job.user_email === "sales@demo.foam");
    expect((await t.request("GET", `/api/scanner/jobs/${salesJob.id}`, { token: customer })).status).toBe(404);
    expect((await t.request("GET", `/api/scanner/jobs/${salesJob.id}`, { token: admin })).status).toBe(200);
  });

  test("filters and bad query parameters", async () => {
    const byLayout = await t.request("GET", "/api/scanner/jobs?layout_id=layout-B", { token: customer });
    expect(byLayout.json.results).toHaveLength(5);
    const pending = await t.request("GET", "/api/scanner/jobs?status=pending", { token: customer });
    expect(pending.json.results.every((job: { status: string }) => job.status === "pending")).toBe(true);
    expect((await t.request("GET", "/api/scanner/jobs?status=lost", { token: customer })).status).toBe(400);
    expect((await t.request("GET", "/api/scanner/jobs?page=0", { token: customer })).status).toBe(400);
    expect((await t.request("GET", "/api/scanner/jobs?per_page=500", { token: customer })).status).toBe(400);
    expect((await t.request("GET", "/api/scanner/jobs/abc", { token: customer })).status).toBe(404);
    expect((await t.request("GET", "/api/scanner/jobs/999999", { token: customer })).json.detail).toBe("Scanner job not found.");
    await expectAccess(t, "GET", "/api/scanner/jobs", "any");
    await expectAccess(t, "GET", "/api/scanner/jobs/1", "any");
  });
});

describe("POST /api/scanner/process", () => {
  test("queues the layout: jobs queued, draft order quoted, idempotent", async () => {
    const metricsBefore = (await t.request("GET", "/api/admin/metrics", { token: admin })).json;
    const response = await t.request("POST", "/api/scanner/process", { token: customer, body: { layout_id: "layout-B" } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ layout_id: "layout-B", queued: 5 });
    expect(response.json.orders[0]).toMatchObject({ status: "quoted", file_status: "needs_generation", queued: 5 });
    const jobs = await t.request("GET", "/api/scanner/jobs?layout_id=layout-B", { token: customer });
    expect(jobs.json.results.every((job: { status: string }) => job.status === "queued")).toBe(true);
    const metrics = (await t.request("GET", "/api/admin/metrics", { token: admin })).json;
    expect(metrics.quotes_pending).toBe(metricsBefore.quotes_pending + 1);
    expect(metrics.scanner_queue).toBe(metricsBefore.scanner_queue);
    const again = await t.request("POST", "/api/scanner/process", { token: customer, body: { layout_id: "layout-B" } });
    expect(again.json.queued).toBe(0);

    const order = response.json.orders[0].order_id;
    const events = (await t.request("GET", `/api/admin/orders/${order}`, { token: admin })).json.events.map((event: { event_type: string }) => event.event_type);
    expect(events).toContain("submitted_for_processing");
    const card = (await t.request("GET", "/api/operator/dashboard", { token: admin })).json.find((entry: { id: number }) => entry.id === order);
    expect(card.blocks).toEqual(["Order not approved", "Cutting file missing"]);
  });

  test("generating the file marks the layout's jobs processed", async () => {
    const job = (await post(jobBody("layout-H", square(30, 30)))).json;
    await t.request("POST", "/api/scanner/process", { token: customer, body: { job_ids: [job.id] } });
    const generated = await t.request("POST", `/api/operator/orders/${job.order_id}/generate-cutting-file`, { token: admin });
    expect(generated.status).toBe(200);
    const after = await t.request("GET", `/api/scanner/jobs/${job.id}`, { token: customer });
    expect(after.json.status).toBe("processed");
    expect(after.json.processed_at).toBeTruthy();
    expect(after.json.vector_path).toBe(`/api/operator/orders/${job.order_id}/download-cutting-file?format=svg`);
  });

  test("validation, someone else's layout, access", async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, "Send layout_id or job_ids."],
      [{ job_ids: [] }, 400, "Send layout_id or job_ids."],
      [{ job_ids: ["1"] }, 400, "job_ids must be a list of scanner job ids."],
      [{ layout_id: "no-such-layout" }, 404, "No scanner jobs found for this layout."],
      [{ layout_id: "sales-layout" }, 404, "No scanner jobs found for this layout."],
    ];
    for (const [body, status, detail] of cases) {
      const response = await t.request("POST", "/api/scanner/process", { token: customer, body });
      expect(response.status).toBe(status);
      expect(response.json.detail).toBe(detail);
    }
    await expectAccess(t, "POST", "/api/scanner/process", "any", { layout_id: "x" });
  });
});

describe("dashboard and metrics", () => {
  test("GET /dashboard/summary: the user's projects newest first and their backlog", async () => {
    const response = await t.request("GET", "/api/dashboard/summary", { token: customer });
    expect(response.status).toBe(200);
    const { projects: list, scanner_backlog } = response.json;
    expect(list.length).toBeLessThanOrEqual(20);
    // (Bun's toMatchObject writes asymmetric matchers back into the object: check types by hand.)
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(["id", "reference_code", "status", "updated_at"]));
    const updated = list.map((project: { updated_at: string }) => project.updated_at);
    expect(updated.every((value: unknown) => typeof value === "string")).toBe(true);
    expect([...updated].sort().reverse()).toEqual(updated);
    const own = await t.request("GET", "/api/scanner/jobs?per_page=200", { token: customer });
    expect(scanner_backlog).toBe(own.json.results.filter((job: { status: string }) => ["pending", "queued"].includes(job.status)).length);
    const other = await t.request("GET", "/api/dashboard/summary", { token: await tokenFor(t, "operator") });
    expect(other.json).toEqual({ projects: [], scanner_backlog: 0 });
    await expectAccess(t, "GET", "/api/dashboard/summary", "any");
  });

  test("GET /admin/metrics follows its definitions", async () => {
    const response = await t.request("GET", "/api/admin/metrics", { token: admin });
    expect(response.status).toBe(200);
    const count = async (status: string[]) => (await t.db.select().from(orders)).filter((row) => status.includes(row.status)).length;
    expect(response.json.active_projects).toBe(await count(["approved", "in_production"]));
    expect(response.json.quotes_pending).toBe(await count(["quoted"]));
    const jobs = await t.db.select().from(scannerJobs);
    expect(response.json.scanner_queue).toBe(jobs.filter((job) => ["pending", "queued"].includes(job.status)).length);
    await expectAccess(t, "GET", "/api/admin/metrics", ["admin", "super_admin"]);
  });
});
