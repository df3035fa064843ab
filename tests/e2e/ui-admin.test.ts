/**
 * Issue 19, admin console: the server's field error under the field (item 6), a reversed date range
 * checked in the form with the table cleared (item 7), timeline sentences instead of JSON (item 8),
 * a compact orders list on a phone (item 10) and kanban columns with room at 1440 px (item 11).
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();

async function openAdmin(viewport = { width: 1440, height: 900 }, query = "") {
  const context = await e2e.browser.newContext({ viewport });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "admin@demo.foam");
  await page.goto(`${e2e.server.url}/app/admin${query}`);
  return { context, page, errors };
}

const rows = (page: Page) => page.getByTestId("orders-row");

test("the server's reason for refusing an order is shown under its field; the banner keeps the SPEC text", async () => {
  const { context, page } = await openAdmin();
  await rows(page).first().waitFor();
  await page.getByTestId("orders-new").click();
  // Passes the form's own check (not empty); the server refuses it.
  await page.getByTestId("order-form-email").fill("not-an-email");
  await page.getByTestId("order-form-save").click();
  await page.getByTestId("order-form").getByText("Failed to save order.").waitFor();
  const email = page.getByTestId("order-form-email");
  await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");
  const describedBy = (await email.getAttribute("aria-describedby"))!;
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"))!;
  await expect(page.locator(`[id="${errorId}"]`).textContent()).resolves.toBe("Enter a valid customer email address.");
  // Focus goes to the field at fault, so the user can correct it at once.
  await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "order-form-email");
  await context.close();
});

test("a reversed date range is caught in the filter form and empties the table, with no raw API text", async () => {
  const { context, page } = await openAdmin();
  await rows(page).first().waitFor();
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/admin/orders?")) requests.push(request.url());
  });
  await page.getByTestId("orders-filter-from").fill("2026-05-01");
  await rows(page).first().waitFor();
  const before = requests.length;
  await page.getByTestId("orders-filter-to").fill("2026-01-01");
  await page.getByText("“To” must be on or after “From”.").waitFor();
  await expect(page.getByTestId("orders-filter-to").getAttribute("aria-invalid")).resolves.toBe("true");
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-row"]').length === 0);
  expect(await page.getByText("date_from must not be after date_to.").count()).toBe(0);
  // Nothing was asked of the server for a range that cannot match.
  expect(requests.slice(before).filter((url) => url.includes("date_to=2026-01-01"))).toEqual([]);

  // Putting the range right brings rows back.
  await page.getByTestId("orders-filter-to").fill("2026-12-31");
  await rows(page).first().waitFor();
  expect(await page.getByText("“To” must be on or after “From”.").count()).toBe(0);
  await context.close();
});

test("the order timeline reads as sentences, never JSON", async () => {
  const customer = await (
    await fetch(`${e2e.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "customer@demo.foam", password: "foam-demo-1" }),
    })
  ).json();
  const square: [number, number][] = [
    [20, 20],
    [60, 20],
    [60, 60],
    [20, 60],
  ];
  const created = await fetch(`${e2e.server.url}/api/scanner/jobs`, {
    method: "POST",
    headers: { "content-type": "application/json", Authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({
      contour_svg: "",
      calibration_payload: { detection_method: "aruco", diagnostics: {}, parameters: { contour_area_mm: 1600 }, contour_points_mm: square },
      status: "pending",
      processed_at: null,
      layout_id: "ui-timeline",
      foam: { label: "Screwdriver drawer", width_mm: 480, depth_mm: 270, thickness_mm: 50 },
      name: "Screwdriver",
    }),
  });
  expect(created.status).toBe(201);
  const job = (await created.json()) as { id: number; order_number: string };

  const { context, page } = await openAdmin();
  await rows(page).first().waitFor();
  await page.getByTestId("orders-filter-search").fill(job.order_number);
  await page.locator('[data-testid="orders-row-open"]', { hasText: job.order_number }).click();
  const events = page.getByTestId("order-detail-events");
  await events.waitFor();
  const sentences = await page.getByTestId("order-event-sentence").allTextContents();
  expect(sentences.length).toBeGreaterThan(0);
  for (const sentence of sentences) {
    expect(sentence).not.toMatch(/[{}"]/);
    expect(sentence).toMatch(/\.$|Reason: .+$/);
  }
  expect(sentences.some((sentence) => sentence.startsWith("Pocket ") && sentence.includes(`scanner job #${job.id}`))).toBe(true);
  await context.close();
});

test("on a phone the orders list is compact: each order takes a few lines, not a card per field", async () => {
  const { context, page } = await openAdmin({ width: 390, height: 844 });
  await rows(page).first().waitFor();
  const heights = await rows(page).evaluateAll((list) => list.map((row) => row.getBoundingClientRect().height));
  expect(heights.length).toBe(25);
  expect(Math.max(...heights)).toBeLessThanOrEqual(120);
  // Every entry still carries its number, customer, both statuses, total, date and Edit.
  const first = rows(page).first();
  for (const label of ["Order", "Customer", "Status", "Production", "Total", "Created"]) {
    expect(await first.locator(`td[data-label="${label}"]`).isVisible()).toBe(true);
  }
  expect(await first.getByTestId("orders-row-edit").isVisible()).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("at 1440 px the five kanban columns are each at least 250 px wide and the board needs no sideways scroll", async () => {
  const { context, page } = await openAdmin({ width: 1440, height: 900 }, "?tab=operator");
  const board = page.getByTestId("operator-board");
  await board.waitFor();
  const widths = await page.locator(".adm-column").evaluateAll((columns) => columns.map((column) => column.getBoundingClientRect().width));
  expect(widths).toHaveLength(5);
  expect(Math.min(...widths)).toBeGreaterThanOrEqual(250);
  expect(await board.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  // The site header lines up with the wider page.
  const header = (await page.locator(".site-header-inner").boundingBox())!;
  const main = (await page.locator(".adm-page").boundingBox())!;
  expect(Math.abs(header.x - main.x)).toBeLessThanOrEqual(1);
  await context.close();
});
