import { test } from "bun:test";
import { createTestApp } from "../tests/helpers/test-app";

test("smoke", async () => {
  const t = await createTestApp();
  const admin = await t.login("admin@demo.foam");
  const show = (label: string, r: any) => console.log(label, r.status, r.text.slice(0, 400));
  show("list", await t.request("GET", "/api/admin/orders?per_page=2&status=approved&status=quoted&sort=-total_amount", { token: admin }));
  show("detail", await t.request("GET", "/api/admin/orders/1", { token: admin }));
  show("create", await t.request("POST", "/api/admin/orders", { token: admin, body: { customer_email: "X@Y.com", items: [{ quantity: 2, unit_price: "10.005", metadata: { productName: "P" } }] } }));
  show("patch", await t.request("PATCH", "/api/admin/orders/41", { token: admin, body: { status: "approved", notes: "hi" } }));
  show("csv", await t.request("GET", "/api/admin/orders/1/download-csv", { token: admin }));
  show("op", await t.request("GET", "/api/operator/dashboard", { token: admin }));
  show("gen", await t.request("POST", "/api/operator/orders/2/generate-cutting-file", { token: admin }));
  show("dl", await t.request("GET", "/api/operator/orders/2/download-cutting-file?format=svg", { token: admin }));
  show("metrics", await t.request("GET", "/api/admin/metrics", { token: admin }));
  const cust = await t.login("customer@demo.foam");
  show("dash", await t.request("GET", "/api/dashboard/summary", { token: cust }));
  show("job", await t.request("POST", "/api/scanner/jobs", { token: cust, body: { layout_id: "L1", calibration_payload: { detection_method: "aruco", contour_points_mm: [[10, 10], [50, 10], [50, 30]] }, processing_notes: JSON.stringify({ created_at: new Date().toISOString() }), status: "pending", foam: { label: "F", width_mm: 400, depth_mm: 300, thickness_mm: 40 } } }));
  show("process", await t.request("POST", "/api/scanner/process", { token: cust, body: { layout_id: "L1" } }));
  show("jobs", await t.request("GET", "/api/scanner/jobs", { token: cust }));
  show("users", await t.request("GET", "/api/admin/users", { token: admin }));
  show("boxes", await t.request("GET", "/api/admin/catalog/boxes", { token: admin }));
  show("docs", await t.request("GET", "/api/docs/json"));
  t.close();
});
