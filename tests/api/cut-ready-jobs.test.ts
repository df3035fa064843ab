import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orders, scannerJobs } from "../../db/schema";
import type { CutLayout } from "../../common/layout";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { tokenFor } from "./support";

// Issue 15: what the editor sets on a pocket (depth, clearance, finger pulls, label) and the foam's
// layers reach the order's layout, so the operator's cutting files say them.
setDefaultTimeout(30_000);

let t: TestApp;
let customer: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  [customer, operator] = await Promise.all([tokenFor(t, "customer"), tokenFor(t, "operator")]);
});
afterAll(() => t.close());

type Pt = [number, number];
const square = (x: number, y: number, size = 40): Pt[] => [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
const FOAM = { label: "Two layers", width_mm: 400, depth_mm: 300, thickness_mm: 60, layers: [{ thickness_mm: 10, color: "red" }, { thickness_mm: 50 }] };

function jobBody(layoutId: string, name: string, points: Pt[], pocket: Record<string, unknown>) {
  return {
    contour_svg: "",
    calibration_payload: { detection_method: "aruco", diagnostics: {}, parameters: {}, position: { x: 50, y: 50, rotation: 0, scale: 1 }, contour_points_mm: points, accuracy_mm: 0.4, height_mm: 23, views: 5 },
    processing_notes: "{}",
    status: "pending",
    processed_at: null,
    layout_id: layoutId,
    name,
    foam: FOAM,
    pocket,
  };
}

describe("cut-ready pockets reach the order and its cutting files", () => {
  test("depth, clearance and foam layers are kept; the operator's DXF names the depth", async () => {
    const job = await t.request("POST", "/api/scanner/jobs", { token: customer, body: jobBody("cut-ready-1", "Spanner", square(40, 40, 80), { depth_mm: 25, clearance_mm: 1.5 }) });
    expect(job.status).toBe(201);
    const row = await t.db.query.scannerJobs.findFirst({ where: eq(scannerJobs.id, job.json.id) });
    expect(row!.calibrationPayload).toMatchObject({ accuracy_mm: 0.4, height_mm: 23, views: 5 });
    const order = await t.db.query.orders.findFirst({ where: eq(orders.id, row!.orderId!) });
    const layout = order!.layout as unknown as CutLayout;
    expect(layout.foam.layers).toEqual([{ thickness_mm: 10, color: "red" }, { thickness_mm: 50, color: null }]);
    expect(layout.pockets[0]).toMatchObject({ name: "Spanner", depth_mm: 25, clearance_mm: 1.5 });

    const generated = await t.request("POST", `/api/operator/orders/${order!.id}/generate-cutting-file`, { token: operator });
    expect(generated.status).toBe(200);
    const dxf = await t.request("GET", `/api/operator/orders/${order!.id}/download-cutting-file`, { token: operator });
    expect(dxf.status).toBe(200);
    // One DXF per foam layer: the 25 mm pocket cuts through the 10 mm top layer, then 15 mm into the next.
    expect(dxf.text).toContain("POCKET_10MM");
    expect(dxf.text).toContain("FOAM_OUTLINE");
    expect(dxf.text).toContain("Clearance applied: 1.5 mm");
    const second = await t.request("GET", `/api/operator/orders/${order!.id}/download-cutting-file?format=dxf-layer-2`, { token: operator });
    expect(second.status).toBe(200);
    expect(second.text).toContain("POCKET_15MM");
  });

  test("a pocket deeper than the foam is a 400 that names it, and nothing is stored", async () => {
    const before = (await t.db.select().from(scannerJobs)).length;
    const job = await t.request("POST", "/api/scanner/jobs", { token: customer, body: jobBody("cut-ready-2", "Drill", square(40, 40, 80), { depth_mm: 75 }) });
    expect(job.status).toBe(400);
    expect(job.json.detail).toContain('Pocket "Drill" depth');
    expect((await t.db.select().from(scannerJobs)).length).toBe(before);
    const layers = await t.request("POST", "/api/scanner/jobs", { token: customer, body: { ...jobBody("cut-ready-3", "Drill", square(40, 40, 80), {}), foam: { ...FOAM, layers: new Array(5).fill({ thickness_mm: 12 }) } } });
    expect(layers.status).toBe(400);
    expect(layers.json.detail).toBe("The foam needs 1 to 4 layers.");
  });
});
