import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import Drawing from "dxf-writer";
import { eq } from "drizzle-orm";
import { orderEvents, orders, scannerJobs } from "../../db/schema";
import { drawingScale } from "../../src/modules/projects/quote-pdf";
import { QUOTE_DEFAULTS } from "../../common/pricing";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, expectAccess, tokenFor, tokenForEmail } from "./support";

// Issue 14: layout → priced quote → accepted order → cut.
setDefaultTimeout(30_000);

let t: TestApp;
let customer: string;
let admin: string;
let operator: string;
let sales: string;
let technician: string;
beforeAll(async () => {
  t = await createTestApp();
  [customer, admin, operator, sales, technician] = await Promise.all(["customer", "admin", "operator", "sales", "technician"].map((role) => tokenFor(t, role as never)));
});
afterAll(() => t.close());

type Pt = [number, number];
const square = (x: number, y: number, size = 40): Pt[] => [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
const FOAM = { label: "Test foam", width_mm: 400, depth_mm: 300, thickness_mm: 50 };

function jobBody(layoutId: string, name: string, points: Pt[], accuracy?: number) {
  return {
    contour_svg: "",
    calibration_payload: { detection_method: "aruco", diagnostics: {}, parameters: {}, position: { x: 50, y: 50, rotation: 0, scale: 1 }, contour_points_mm: points, ...(accuracy ? { accuracy_mm: accuracy } : {}) },
    processing_notes: "{}",
    status: "pending",
    processed_at: null,
    layout_id: layoutId,
    name,
    foam: FOAM,
  };
}

async function submit(layoutId: string, pockets: [string, Pt[], number?][], token = customer) {
  for (const [name, points, accuracy] of pockets) {
    const job = await t.request("POST", "/api/scanner/jobs", { token, body: jobBody(layoutId, name, points, accuracy) });
    expect(job.status).toBe(201);
  }
  return t.request("POST", "/api/scanner/process", { token, body: { layout_id: layoutId } });
}

const orderRow = (id: number) => t.db.query.orders.findFirst({ where: eq(orders.id, id) });
const eventTypes = async (id: number) => (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((event) => event.eventType);
const cents = (text: string) => Math.round(Number(text) * 100);

describe("POST /scanner/process prices the layout", () => {
  test("foam, cutting time, labour and markup as price lines; status quoted; totals add up", async () => {
    const response = await submit("quote-1", [["Wrench", square(20, 20, 60), 0.4], ["Pliers", square(150, 20, 60), 0.25]]);
    expect(response.status).toBe(200);
    const answer = response.json.orders[0];
    expect(answer).toMatchObject({ status: "quoted", priced: true });
    expect(Number(answer.total)).toBeGreaterThan(0);

    const project = (await t.request("GET", `/api/projects/${answer.project_id}`, { token: customer })).json;
    const kinds = project.lines.map((line: { kind: string }) => line.kind);
    expect(kinds).toEqual(["foam", "cutting", "labour", "markup"]);
    const [foam, cutting, labour, markup] = project.lines;
    expect(foam.description).toMatch(/400 × 300 × 50 mm: \d+ layers?, \d+ sheets? needed/);
    expect(cents(labour.total_price)).toBe(Math.round((QUOTE_DEFAULTS.labourMinutes * QUOTE_DEFAULTS.labourRateCents) / 60));
    expect(cutting.description).toMatch(/^Cutting: \d+ min \(\d+ mm of cut, 2 pockets\)/);
    const base = cents(foam.total_price) + cents(cutting.total_price) + cents(labour.total_price);
    expect(cents(markup.total_price)).toBe(Math.round(base * 0.25));
    expect(cents(project.order.total_amount)).toBe(base + cents(markup.total_price));
    expect(project.order.status).toBe("quoted");
    expect(project.can_accept).toBe(true);
    expect(project.scan_accuracy_mm).toBe(0.4);
    expect(project.layout.pockets.map((pocket: { name: string }) => pocket.name)).toEqual(["Wrench", "Pliers"]);
    expect(project.timeline.map((entry: { label: string }) => entry.label)).toContain("Quote priced");
    expect(await eventTypes(answer.order_id)).toContain("quote_priced");

    // Idempotent: a repeat keeps the price (and any adjustment) for the same layout.
    const again = await t.request("POST", "/api/scanner/process", { token: customer, body: { layout_id: "quote-1" } });
    expect(again.json.orders[0]).toMatchObject({ priced: false, total: answer.total });

    const card = (await t.request("GET", "/api/operator/dashboard", { token: operator })).json.find((entry: { id: number }) => entry.id === answer.order_id);
    expect(card.scanAccuracyMm).toBe(0.4);
    expect(card.canStart).toBe(false);
    expect(card.nextStep).toBe("Generate the cutting file.");
  });

  test("a pocket past the foam edge or too close to another is a 422 naming it; nothing is priced", async () => {
    const outside = await submit("quote-bad-1", [["Screwdriver", square(380, 20, 60)]]);
    expect(outside.status).toBe(422);
    expect(outside.json.detail).toBe('Pocket "Screwdriver" extends beyond the foam (400 × 300 mm).');
    const jobs = await t.request("GET", "/api/scanner/jobs?layout_id=quote-bad-1", { token: customer });
    expect(jobs.json.results[0].status).toBe("pending");
    const row = await orderRow(jobs.json.results[0].order_id);
    expect(row!.status).toBe("draft");
    expect(row!.totalCents).toBe(0);

    const close = await submit("quote-bad-2", [["Hammer", square(20, 20, 60)], ["Chisel", square(82, 20, 60)]]);
    expect(close.status).toBe(422);
    expect(close.json.detail).toBe('The wall between "Hammer" and "Chisel" is 2.0 mm; at least 5 mm is needed.');
    const overlap = await submit("quote-bad-3", [["A", square(20, 20, 60)], ["B", square(50, 20, 60)]]);
    expect(overlap.json.detail).toBe('Pockets "A" and "B" overlap.');
  });
});

describe("the customer's project page", () => {
  test("own projects only; accept moves quoted → approved once; decline cancels", async () => {
    const submitted = (await submit("quote-2", [["Tape", square(30, 30, 50)]])).json.orders[0];
    const path = `/api/projects/${submitted.project_id}`;
    await expectAccess(t, "GET", path, "any");
    expect((await t.request("GET", path, { token: technician })).status).toBe(200);
    const stranger = await t.request("POST", "/api/admin/users", { token: admin, body: { email: "stranger@example.com", password: "correct-horse-1", role: "customer" } });
    expect(stranger.status).toBe(201);
    const strangerToken = await tokenForEmail(t, "stranger@example.com");
    expect((await t.request("GET", path, { token: strangerToken })).status).toBe(404);
    expect((await t.request("POST", `${path}/accept`, { token: strangerToken })).status).toBe(404);
    expect((await t.request("GET", "/api/projects/999999", { token: customer })).status).toBe(404);

    const pdf = await t.request("GET", `${path}/quote.pdf`, { token: customer });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    const declineApproved = async () => t.request("POST", `${path}/decline`, { token: customer, body: {} });
    const accepted = await t.request("POST", `${path}/accept`, { token: customer });
    expect(accepted.status).toBe(200);
    expect(accepted.json.order.status).toBe("approved");
    expect(accepted.json.status).toBe("approved");
    expect(accepted.json.timeline.map((entry: { label: string }) => entry.label)).toEqual(expect.arrayContaining(["Quote accepted", "Approved"]));
    const twice = await t.request("POST", `${path}/accept`, { token: customer });
    expect(twice.status).toBe(409);
    expect((await declineApproved()).status).toBe(409);

    const second = (await submit("quote-3", [["Level", square(30, 30, 50)]])).json.orders[0];
    const declined = await t.request("POST", `/api/projects/${second.project_id}/decline`, { token: customer, body: { reason: "Too dear" } });
    expect(declined.json.order.status).toBe("cancelled");
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, second.order_id));
    expect(events.find((event) => event.eventType === "quote_declined")!.payload).toEqual({ reason: "Too dear" });
  });

  test("the quote PDF states its drawing scale", () => {
    expect(drawingScale(400, 300, 180, 120)).toBe(2.5);
    expect(drawingScale(150, 100, 180, 120)).toBe(1);
    expect(drawingScale(1200, 900, 180, 120)).toBe(10);
  });
});

describe("sales review and adjustment", () => {
  test("adjusting lines is an event with before/after; the total follows; only sales and admins", async () => {
    const submitted = (await submit("quote-4", [["Drill", square(30, 30, 80)]])).json.orders[0];
    const review = await t.request("GET", "/api/quotes/review", { token: sales });
    expect(review.status).toBe(200);
    expect(review.json.results.find((quote: { order_id: number }) => quote.order_id === submitted.order_id)).toMatchObject({ sent: false });
    await expectAccess(t, "GET", "/api/quotes/review", ["sales", "admin", "super_admin"]);

    const lines = [
      { kind: "foam", description: "Foam (discounted)", quantity: 1, unit_price: "20.00" },
      { kind: "labour", description: "Labour", quantity: 2, unit_price: "15.50" },
    ];
    const adjusted = await t.request("PUT", `/api/quotes/${submitted.order_id}/lines`, { token: sales, body: { lines, markup_percent: 10 } });
    expect(adjusted.status).toBe(200);
    expect(adjusted.json.total_amount).toBe("56.10");
    expect(adjusted.json.lines.at(-1)).toMatchObject({ kind: "markup", total_price: "5.10" });
    const event = (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, submitted.order_id))).find((row) => row.eventType === "quote_adjusted")!;
    expect(event.actorEmail).toBeTruthy();
    expect(event.payload).toMatchObject({ to_total: "56.10", after: expect.any(Array), before: expect.any(Array) });

    const bad = await t.request("PUT", `/api/quotes/${submitted.order_id}/lines`, { token: sales, body: { lines: [{ description: "", unit_price: 1 }] } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Line 1: description is required.");
    expect((await t.request("PUT", `/api/quotes/${submitted.order_id}/lines`, { token: customer, body: { lines } })).status).toBe(403);

    const sent = await t.request("POST", `/api/quotes/${submitted.order_id}/send`, { token: sales });
    expect(sent.status).toBe(200);
    const after = (await t.request("GET", "/api/quotes/review", { token: sales })).json.results.find((quote: { order_id: number }) => quote.order_id === submitted.order_id);
    expect(after.sent).toBe(true);
    // The customer's repeated submit keeps the sales price for the same layout.
    const repeat = await t.request("POST", "/api/scanner/process", { token: customer, body: { layout_id: "quote-4" } });
    expect(repeat.json.orders[0].total).toBe("56.10");
  });
});

describe("POST /api/quotes/calculator", () => {
  test("creates a quoted calculator order with the calculator's lines for the signed-in user", async () => {
    const materials = (await t.request("GET", "/api/reference-data", { token: customer })).json.materials;
    const body = { toolbox_model_id: "pelican-1510", drawer_ids: ["pelican-1510-d1"], foam_material_id: materials[0].id, thickness_mm: 35, color: "Red" };
    expect((await t.request("POST", "/api/quotes/calculator", { body })).status).toBe(401);
    const response = await t.request("POST", "/api/quotes/calculator", { token: customer, body });
    expect(response.status).toBe(201);
    expect(response.json.order).toMatchObject({ order_type: "calculator", status: "quoted", file_status: "not_required" });
    expect(response.json.lines.map((line: { kind: string }) => line.kind)).toEqual(["box", "foam", "processing"]);
    expect(response.json.order.calculator_payload).toMatchObject({ toolboxModelId: "pelican-1510", selectedDrawerIds: ["pelican-1510-d1"], thicknessMm: 35, color: "Red" });
    const dashboard = (await t.request("GET", "/api/dashboard/summary", { token: customer })).json;
    expect(dashboard.projects[0]).toMatchObject({ id: response.json.id, status: "quoted" });

    const missing = await t.request("POST", "/api/quotes/calculator", { token: customer, body: { ...body, drawer_ids: [] } });
    expect(missing.status).toBe(422);
    expect(missing.json.detail).toBe("Choose at least one drawer (drawer_ids).");
  });
});

describe("production rules", () => {
  test("Start needs an approved order; an admin may override with a reason; completed cannot start again", async () => {
    const submitted = (await submit("quote-5", [["Saw", square(30, 30, 60)]])).json.orders[0];
    const id = submitted.order_id;
    const op = (path: string, token = operator, body?: unknown) => t.request("POST", `/api/operator/orders/${id}/${path}`, { token, body });
    expect((await op("generate-cutting-file")).status).toBe(200);
    const refused = await op("start-production");
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe("The order is not approved: the customer must accept the quote first (an admin may start it with an override reason).");
    expect((await op("start-production", operator, { override_reason: "Rush job" })).status).toBe(403);
    const overridden = await op("start-production", admin, { override_reason: "Customer approved by phone" });
    expect(overridden.status).toBe(200);
    expect(overridden.json).toMatchObject({ status: "in_production", productionStatus: "in_progress" });
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.find((event) => event.eventType === "approval_overridden")!.payload).toMatchObject({ from: "quoted", reason: "Customer approved by phone" });
    const completed = await op("complete-production");
    expect(completed.json).toMatchObject({ status: "fulfilled", productionStatus: "completed", canStart: false });
    const restart = await op("start-production", admin, { override_reason: "again" });
    expect(restart.status).toBe(409);
    expect(restart.json.detail).toBe("Production is already completed.");
    const project = (await t.request("GET", `/api/projects/${submitted.project_id}`, { token: customer })).json;
    expect(project.status).toBe("fulfilled");
  });

  test("an order without a layout: file not_required, Start and Complete work once approved", async () => {
    const created = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "walkin@example.com", status: "approved", items: [{ description: "Kit", quantity: 1, unit_price: 40 }] } });
    expect(created.json.file_status).toBe("not_required");
    const id = created.json.id;
    const card = (await t.request("GET", "/api/operator/dashboard", { token: operator })).json.find((entry: { id: number }) => entry.id === id);
    expect(card).toMatchObject({ fileStatus: "not_required", blocks: [], canStart: true });
    const started = await t.request("POST", `/api/operator/orders/${id}/start-production`, { token: operator });
    expect(started.status).toBe(200);
    const done = await t.request("POST", `/api/operator/orders/${id}/complete-production`, { token: operator });
    expect(done.json).toMatchObject({ status: "fulfilled", fileStatus: "not_required" });
    const row = await orderRow(id);
    expect(row!.productionStartAt).toBeTruthy();
    expect(row!.fulfilledAt).toBeTruthy();
  });
});

const svgFile = (text: string, name = "layout.svg") => new File([text], name, { type: "image/svg+xml" });
function upload(id: number, file: File, token = admin, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", file);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return t.request("POST", `/api/admin/orders/${id}/layout`, { token, form });
}

describe("POST /api/admin/orders/{id}/layout", () => {
  test("an SVG with a foam outline and pockets becomes the layout; the file can then be generated", async () => {
    const created = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "upload@example.com", status: "approved" } });
    const id = created.json.id;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="200mm" viewBox="0 0 300 200">
      <rect x="0" y="0" width="300" height="200" fill="none" stroke="#000"/>
      <path d="M20 20 L120 20 L120 60 L20 60 Z"><title>Spanner</title></path>
      <polygon points="150,30 250,30 250,150 150,150" id="Case"/>
      <circle cx="60" cy="130" r="30"/>
    </svg>`;
    const response = await upload(id, svgFile(svg), admin, { foam_thickness_mm: "40" });
    expect(response.status).toBe(200);
    expect(response.json.layout.foam).toMatchObject({ width_mm: 300, depth_mm: 200, thickness_mm: 40 });
    expect(response.json.layout.pockets.map((pocket: { name: string }) => pocket.name)).toEqual(["Case", "Spanner", "Pocket 3"]);
    const row = await orderRow(id);
    expect(row!.fileStatus).toBe("needs_generation");
    expect(await eventTypes(id)).toContain("layout_attached");
    const generated = await t.request("POST", `/api/operator/orders/${id}/generate-cutting-file`, { token: operator });
    expect(generated.status).toBe(200);
    expect(generated.json.fileStatus).toBe("ready");
  });

  test("a DXF of closed polylines (y up) is read in millimetres and flipped to the layout's y down", async () => {
    const created = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "dxf@example.com" } });
    const drawing = new Drawing();
    drawing.setUnits("Millimeters");
    drawing.drawPolyline([[0, 0], [300, 0], [300, 200], [0, 200]], true);
    drawing.drawPolyline([[20, 150], [100, 150], [100, 180], [20, 180]], true); // near the top in CAD
    drawing.drawLine(200, 20, 260, 20);
    drawing.drawLine(260, 20, 260, 80);
    drawing.drawLine(260, 80, 200, 80);
    drawing.drawLine(200, 80, 200, 20);
    const response = await upload(created.json.id, new File([drawing.toDxfString()], "insert.dxf"));
    expect(response.status).toBe(200);
    const pockets = response.json.layout.pockets as { points: Pt[] }[];
    expect(pockets.length).toBe(2);
    const ys = pockets.map((pocket) => Math.min(...pocket.points.map((p) => p[1]))).sort((a, b) => a - b);
    expect(ys).toEqual([20, 120]); // 200 − 180 and 200 − 80
  });

  test("a bad file is a 422 naming the problem and changes nothing", async () => {
    const created = await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "bad@example.com" } });
    const id = created.json.id;
    const before = await dataDigest(t);
    const cases: [File, string][] = [
      [svgFile(`<svg viewBox="0 0 300 200"><rect x="-10" y="20" width="80" height="40" id="Hammer"/></svg>`), 'Pocket "Hammer" extends beyond the foam (457.2 × 304.8 mm).'],
      [svgFile(`<svg viewBox="0 0 300 200"><path d="M10 10 L50 10 L50 50"/></svg>`), "The SVG has an outline that does not close (starting near 10.0, 10.0 mm): every pocket must be a closed loop."],
      [new File(["hello"], "notes.txt"), "Upload a .dxf or .svg file of closed pocket outlines in millimetres."],
      [svgFile(`<svg viewBox="0 0 10 10"></svg>`), "The drawing has no closed outlines."],
      [svgFile(`<svg viewBox="0 0 300 200"><rect width="300" height="200"/><rect x="20" y="20" width="50" height="50" id="A"/><rect x="72" y="20" width="50" height="50" id="B"/></svg>`), 'The wall between "A" and "B" is 2.0 mm; at least 5 mm is needed.'],
    ];
    for (const [file, detail] of cases) {
      const response = await upload(id, file);
      expect(response.status).toBe(422);
      expect(response.json.detail).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
    const missing = await t.request("POST", `/api/admin/orders/${id}/layout`, { token: admin, form: new FormData() });
    expect(missing.status).toBe(422);
    await expectAccess(t, "POST", `/api/admin/orders/${id}/layout`, ["admin", "super_admin"]);
  });
});

describe("scan accuracy is kept per job", () => {
  test("calibration_payload.accuracy_mm is stored; junk is dropped", async () => {
    const job = await t.request("POST", "/api/scanner/jobs", { token: customer, body: jobBody("acc-1", "X", square(10, 10), 0.35) });
    const junk = await t.request("POST", "/api/scanner/jobs", { token: customer, body: { ...jobBody("acc-1", "Y", square(100, 10)), calibration_payload: { ...jobBody("acc-1", "Y", square(100, 10)).calibration_payload, accuracy_mm: "lots" } } });
    const rows = await t.db.select().from(scannerJobs).where(eq(scannerJobs.id, job.json.id));
    expect((rows[0]!.calibrationPayload as Record<string, unknown>).accuracy_mm).toBe(0.35);
    const junkRow = await t.db.select().from(scannerJobs).where(eq(scannerJobs.id, junk.json.id));
    expect((junkRow[0]!.calibrationPayload as Record<string, unknown>).accuracy_mm).toBeUndefined();
  });
});

describe("bad input is a 4xx with a detail, never a 500", () => {
  test("garbage bodies on the new routes", async () => {
    const quoted = (await submit("quote-junk", [["Junk", square(30, 30, 40)]])).json.orders[0];
    const cases: [string, string, unknown, string][] = [
      ["PUT", `/api/quotes/${quoted.order_id}/lines`, { lines: "x" }, sales],
      ["PUT", `/api/quotes/${quoted.order_id}/lines`, { lines: [null] }, sales],
      ["PUT", `/api/quotes/${quoted.order_id}/lines`, { lines: [{ description: "a", unit_price: {} }] }, sales],
      ["PUT", `/api/quotes/${quoted.order_id}/lines`, { lines: [{ description: "a", unit_price: 1, quantity: 0.5 }] }, sales],
      ["PUT", `/api/quotes/${quoted.order_id}/lines`, { lines: [{ description: "a", unit_price: 1 }], markup_percent: "lots" }, sales],
      ["PUT", "/api/quotes/abc/lines", { lines: [] }, sales],
      ["POST", "/api/quotes/calculator", { toolbox_model_id: {}, drawer_ids: 5 }, customer],
      ["POST", "/api/quotes/calculator", { toolbox_model_id: "pelican-1510", drawer_ids: ["pelican-1510-d1"], foam_material_id: "abc" }, customer],
      ["POST", "/api/quotes/calculator", { toolbox_model_id: "pelican-1510", drawer_ids: ["pelican-1510-d1"], foam_material_id: 1, thickness_mm: 500 }, customer],
      ["POST", `/api/projects/${quoted.project_id}/decline`, { reason: 5 }, customer],
      ["POST", "/api/projects/abc/accept", {}, customer],
      ["POST", `/api/operator/orders/${quoted.order_id}/start-production`, { override_reason: { a: 1 } }, admin],
    ];
    for (const [method, path, body, token] of cases) {
      const response = await t.request(method, path, { token, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(typeof response.json.detail).toBe("string");
    }
  });
});
