import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

// Issue 14: layout → priced quote → accepted order → cut, walked in the browser by the customer
// and the operator. The camera step itself is covered by scanner.test.ts (fake camera); here the
// scanner queue is seeded with two scans as the scanner leaves them.
const e2e = useE2E();

const SCAN = (id: string, name: string) => ({
  id,
  createdAt: "2026-01-01T00:00:00.000Z",
  previewUrl: "",
  svg: "",
  detectionMethod: "aruco",
  diagnostics: {},
  parameters: { contour_area_mm: 2400 },
  contourPointsMm: [
    [0, 0],
    [60, 0],
    [60, 40],
    [0, 40],
  ],
  position: null,
  name,
});

async function placeWithKeyboard(page: Page, id: string) {
  await page.locator(`[data-testid="tl-inventory-item"][data-tool-id="${id}"] .tl-inventory-body`).focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("tl-dropzone").focus();
  await page.keyboard.press("Enter");
  await page.locator(`[data-tool-id="${id}"] .tl-placed-body`).waitFor();
}

test("customer lays out, submits, sees the quote and accepts; operator generates, starts, completes; customer sees Fulfilled", async () => {
  const customerContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, errors } = await newPage(customerContext);
  const session = await signIn(page, e2e.server.url, "customer@demo.foam");
  await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), [SCAN("s1", "Wrench"), SCAN("s2", "Pliers"), SCAN("s3", "Spare")]);
  await page.goto(`${e2e.server.url}/app/scanner-layout`);
  await page.getByTestId("tl-inventory-item").first().waitFor();

  // Both in the centre: they overlap. Submit names them, selects the pocket and posts nothing.
  await placeWithKeyboard(page, "s1");
  await placeWithKeyboard(page, "s2");
  await page.locator('[data-testid="tl-placed-item"][data-problem="true"]').nth(1).waitFor();
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/scanner/")) posted++;
  });
  await page.getByTestId("tl-submit").click();
  await page.getByTestId("tl-message").filter({ hasText: 'Pockets "Wrench" and "Pliers" overlap.' }).waitFor();
  await expect(page.getByTestId("tl-prop-position").textContent()).resolves.toBe("X 50.0 %, Y 50.0 %");
  expect(posted).toBe(0);

  // Move Pliers 3 × 5 % down (69 mm on the 457 mm sheet): a wall of about 29 mm.
  await page.locator('[data-tool-id="s2"] .tl-placed-body').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowDown");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="tl-placed-item"][data-problem="true"]').length === 0);
  await page.getByTestId("tl-submit").click();
  await page.getByTestId("tl-message").filter({ hasText: "Layout submitted successfully! Redirecting to dashboard..." }).waitFor();
  // The unplaced scan stays in the queue for the next layout.
  await page.waitForFunction(() => JSON.stringify(JSON.parse(localStorage.getItem("scanner-queue") ?? "[]").map((tool: { id: string }) => tool.id)) === '["s3"]');
  await page.waitForURL(/\/app\/dashboard$/, { timeout: 10_000 });

  // The newest dashboard row opens the project page with the priced quote.
  const summary = (await (await fetch(`${e2e.server.url}/api/dashboard/summary`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as {
    projects: { id: number; reference_code: string; status: string }[];
  };
  const project = summary.projects[0]!;
  expect(project.status).toBe("quoted");
  await page.getByRole("link", { name: project.reference_code }).click();
  await page.waitForURL(new RegExp(`/app/project\\?id=${project.id}$`));
  await page.getByTestId("project-page").waitFor();
  await expect(page.getByTestId("project-status").textContent()).resolves.toBe("Quoted");
  await page.getByTestId("project-drawing").locator("path").nth(1).waitFor();
  const kinds = await page.locator('[data-testid="project-lines"] tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute("data-kind")));
  expect(kinds).toEqual(["foam", "cutting", "labour", "markup"]);
  const total = await page.getByTestId("project-total").textContent();
  expect(total).toMatch(/^\$\d/);
  expect(total).not.toBe("$0.00");
  await expect(page.getByTestId("project-pockets").textContent()).resolves.toContain("Pliers");
  const pdf = page.waitForEvent("download");
  await page.getByTestId("project-pdf").click();
  expect((await pdf).suggestedFilename()).toBe(`${project.reference_code}-quote.pdf`);

  await page.getByTestId("project-accept").click();
  await page.getByTestId("project-status").filter({ hasText: "Approved" }).waitFor();
  await page.getByTestId("project-timeline").getByText("Quote accepted").waitFor();
  expect(await page.getByTestId("project-accept").count()).toBe(0);

  // The operator cuts it from the production board.
  const orderId = ((await (await fetch(`${e2e.server.url}/api/projects/${project.id}`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as { order: { id: number } }).order.id;
  const operatorContext = await e2e.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const operator = await newPage(operatorContext);
  await signIn(operator.page, e2e.server.url, "operator@demo.foam");
  await operator.page.goto(`${e2e.server.url}/app/operator`);
  const card = operator.page.locator(`[data-testid="operator-card"][data-order-id="${orderId}"]`);
  await card.waitFor();
  await card.getByTestId("operator-card-next").filter({ hasText: "Generate the cutting file." }).waitFor();
  await card.getByTestId("operator-generate").click();
  await card.getByTestId("operator-card-file").filter({ hasText: "File ready" }).waitFor();
  await card.getByTestId("operator-start").click();
  await operator.page.locator(`[data-testid="operator-column-in_progress"] [data-order-id="${orderId}"]`).waitFor();
  await operator.page.locator(`[data-order-id="${orderId}"]`).getByTestId("operator-complete").click();
  const done = operator.page.locator(`[data-testid="operator-column-completed"] [data-order-id="${orderId}"]`);
  await done.waitFor();
  expect(await done.getByTestId("operator-start").count()).toBe(0);
  expect(operator.errors.filter((error) => !/favicon/.test(error))).toEqual([]);
  await operatorContext.close();

  // Back on the project page, the customer sees it fulfilled.
  await page.reload();
  await page.getByTestId("project-status").filter({ hasText: "Fulfilled" }).waitFor();
  await page.getByTestId("project-timeline").getByText("Production completed").waitFor();
  expect(errors.filter((error) => !/favicon/.test(error))).toEqual([]);
  await customerContext.close();
});

test("a visitor asked for a calculator quote is asked to sign in; signed in, Request quote opens the new project", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page } = await newPage(context);
  await page.goto(`${e2e.server.url}/app/calculator`);
  await page.getByLabel("Brand").selectOption("Pelican");
  await page.getByLabel("Model", { exact: true }).selectOption("pelican-1510");
  await page.getByLabel("Foam type").selectOption({ index: 1 });
  await page.getByTestId("calc-request-quote").click();
  await page.getByText("Sign in to request a quote").waitFor();

  await signIn(page, e2e.server.url, "customer@demo.foam");
  await page.goto(`${e2e.server.url}/app/calculator`);
  await page.getByTestId("calc-request-quote").click();
  await page.waitForURL(/\/app\/project\?id=\d+$/, { timeout: 10_000 });
  await page.getByTestId("project-status").filter({ hasText: "Quoted" }).waitFor();
  const kinds = await page.locator('[data-testid="project-lines"] tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute("data-kind")));
  expect(kinds).toEqual(["box", "foam", "processing"]);
  await page.getByTestId("project-accept").waitFor();
  await context.close();
});

test("role homes: sales adjusts and sends a quote, the technician sees scanner jobs in triage, from their dashboards", async () => {
  // A fresh quote to review: a customer's submitted layout (through the API, as the page does).
  const login = async (email: string) =>
    ((await (await fetch(`${e2e.server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "foam-demo-1" }) })).json()) as { token: string }).token;
  const customer = await login("customer@demo.foam");
  const post = (path: string, body: unknown) =>
    fetch(`${e2e.server.url}/api${path}`, { method: "POST", headers: { "content-type": "application/json", Authorization: `Bearer ${customer}` }, body: JSON.stringify(body) });
  const job = {
    contour_svg: "",
    calibration_payload: { detection_method: "aruco", diagnostics: {}, parameters: {}, position: { x: 50, y: 50, rotation: 0, scale: 1 }, contour_points_mm: [[40, 40], [120, 40], [120, 90], [40, 90]], accuracy_mm: 0.4 },
    processing_notes: "{}",
    status: "pending",
    processed_at: null,
    layout_id: "role-homes-1",
    name: "Caliper",
    foam: { label: "Role homes", width_mm: 300, depth_mm: 200, thickness_mm: 40 },
  };
  expect((await post("/scanner/jobs", job)).status).toBe(201);
  // A second scan left pending (not processed) so the technician has something in triage.
  expect((await post("/scanner/jobs", { ...job, layout_id: "role-homes-2", name: "Gauge" })).status).toBe(201);
  const processed = (await (await post("/scanner/process", { layout_id: "role-homes-1" })).json()) as { orders: { order_id: number; reference_code: string }[] };
  const reference = processed.orders[0]!.reference_code;

  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "sales@demo.foam");
  await page.goto(`${e2e.server.url}/app/dashboard`);
  const row = page.getByTestId("sales-quote-row").filter({ hasText: reference });
  await row.waitFor();
  await row.getByRole("button", { name: "Adjust" }).click();
  await row.getByLabel("Line 1 unit price").fill("10.00");
  await row.getByRole("button", { name: "Save lines" }).click();
  await row.getByText("Markup 25 %").waitFor();
  await row.getByRole("button", { name: "Send" }).click();
  await row.getByText("Sent").waitFor();
  expect(errors.filter((error) => !/favicon/.test(error))).toEqual([]);

  await signIn(page, e2e.server.url, "technician@demo.foam");
  await page.goto(`${e2e.server.url}/app/dashboard`);
  const triage = page.getByTestId("triage-jobs");
  await triage.getByText("±0.4 mm").first().waitFor();
  await expect(triage.textContent()).resolves.toContain("pending");
  await context.close();
});
