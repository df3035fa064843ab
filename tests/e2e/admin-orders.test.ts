import { expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();

async function openAdmin(email = "admin@demo.foam"): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, email);
  await page.goto(`${e2e.server.url}/app/admin`);
  return { context, page, errors };
}

const rows = (page: Page) => page.getByTestId("orders-row");

test("filters, sorts and pages through orders", async () => {
  const { context, page, errors } = await openAdmin();
  await expect(page.getByRole("tab", { name: "Orders" }).getAttribute("aria-selected")).resolves.toBe("true");
  await page.getByTestId("orders-page").filter({ hasText: "Page 1 of 2" }).waitFor();
  expect(await rows(page).count()).toBe(25);
  const firstOnPageOne = await rows(page).first().getAttribute("data-order-id");

  await page.getByTestId("orders-next").click();
  await page.getByTestId("orders-page").filter({ hasText: "Page 2 of 2" }).waitFor();
  expect(await rows(page).count()).toBe(15);
  expect(await rows(page).first().getAttribute("data-order-id")).not.toBe(firstOnPageOne);
  await expect(page.getByTestId("orders-next").isDisabled()).resolves.toBe(true);

  // A status filter goes back to page 1 and only shows that status.
  await page.getByTestId("orders-filter-status-draft").check();
  await page.getByTestId("orders-page").filter({ hasText: "Page 1 of 1" }).waitFor();
  const statuses = await page.getByTestId("orders-row-status").allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["Draft"]));

  // Two statuses at once are repeated query values.
  const listCall = page.waitForRequest((request) => request.url().includes("/api/admin/orders?") && request.url().includes("status=quoted"));
  await page.getByTestId("orders-filter-status-quoted").check();
  const url = new URL((await listCall).url());
  expect(url.searchParams.getAll("status")).toEqual(["draft", "quoted"]);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-row"]').length === 14);

  // Search narrows to the customer's orders; an empty result shows the empty text.
  await page.getByTestId("orders-filter-reset").click();
  await page.getByTestId("orders-filter-search").fill("customer@demo");
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('[data-testid="orders-row"] td[data-label="Customer"]')];
    return cells.length > 0 && cells.every((cell) => cell.textContent?.includes("customer@demo.foam"));
  });
  await page.getByTestId("orders-filter-type").selectOption("scanner");
  await page.getByTestId("orders-filter-search").fill("no-such-order-anywhere");
  await page.getByText("No orders yet.").waitFor();

  // Sorting by total from a header: ascending amounts.
  await page.getByTestId("orders-filter-reset").click();
  await page.getByTestId("orders-page").filter({ hasText: "Page 1 of 2" }).waitFor();
  await page.getByTestId("orders-sort-total_amount").click();
  await page.locator('th[aria-sort="ascending"]').filter({ hasText: "Total" }).waitFor();
  await page.waitForFunction(() => {
    const totals = [...document.querySelectorAll('[data-testid="orders-row-total"]')].map((cell) => Number(cell.textContent!.replace(/[^0-9.]/g, "")));
    return totals.length === 25 && totals.every((value, index) => index === 0 || totals[index - 1]! <= value);
  });
  expect(errors).toEqual([]);
  await context.close();
});

test("creates an order with two items, sees the computed total and validates the form", async () => {
  const { context, page, errors } = await openAdmin();
  await rows(page).first().waitFor();
  await page.getByTestId("orders-new").click();
  const dialog = page.getByRole("dialog", { name: "New order" });
  await dialog.waitFor();
  const orderNumber = await page.getByTestId("order-form-number").inputValue();
  expect(orderNumber).toMatch(/^ORD-\d{10,}$/);
  await expect(page.getByTestId("order-form-currency").inputValue()).resolves.toBe("USD");
  await expect(page.getByTestId("order-item-quantity").first().inputValue()).resolves.toBe("1");

  // Required fields, with the SPEC wording.
  await page.getByTestId("order-form-number").fill("");
  await page.getByTestId("order-form-save").click();
  await dialog.getByText("Customer email is required.").waitFor();
  await dialog.getByText("Order number is required.").waitFor();

  const number = `ORD-E2E-${Date.now()}`;
  await page.getByTestId("order-form-number").fill(number);
  await page.getByTestId("order-form-email").fill("buyer@e2e.example");
  await page.getByTestId("order-item-description").first().fill("Drawer insert, two layers");
  await page.getByTestId("order-item-quantity").first().fill("2");
  await page.getByTestId("order-item-price").first().fill("12.5");
  await expect(page.getByTestId("order-item-total").first().textContent()).resolves.toBe("25.00");

  await page.getByTestId("order-item-add").click();
  await expect(page.getByTestId("order-item-row").count()).resolves.toBe(2);
  await expect(page.getByTestId("order-item-quantity").nth(1).inputValue()).resolves.toBe("1");
  // No description: the product name is used instead.
  await page.getByTestId("order-item-product").nth(1).fill("Pelican 1510 insert");
  await page.getByTestId("order-item-quantity").nth(1).fill("3");
  await page.getByTestId("order-item-price").nth(1).fill("10.10");
  await expect(page.getByTestId("order-item-total").nth(1).textContent()).resolves.toBe("30.30");
  await expect(page.getByTestId("order-form-total").textContent()).resolves.toBe("55.30 USD");

  // Invalid quantity: '-' instead of a total, and the form refuses to save.
  await page.getByTestId("order-item-quantity").nth(1).fill("0");
  await expect(page.getByTestId("order-form-total").textContent()).resolves.toBe("- USD");
  await page.getByTestId("order-item-quantity").nth(1).fill("3");

  const created = page.waitForResponse((response) => response.url().endsWith("/api/admin/orders") && response.request().method() === "POST");
  await page.getByTestId("order-form-save").click();
  const response = await created;
  expect(response.status()).toBe(201);
  const body = response.request().postDataJSON();
  expect(body.items).toEqual([
    { description: "Drawer insert, two layers", quantity: 2, unit_price: "12.50", metadata: {} },
    { description: "Pelican 1510 insert", quantity: 3, unit_price: "10.10", metadata: { productName: "Pelican 1510 insert" } },
  ]);
  expect(body.currency).toBe("USD");
  await dialog.waitFor({ state: "detached" });
  await page.getByText("Order created.").waitFor();

  await page.getByTestId("orders-filter-search").fill(number);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="orders-row"]').length === 1);
  await expect(page.getByTestId("orders-row-total").first().textContent()).resolves.toBe("55.30 USD");

  // Edit: the saved items come back, a change recomputes the total.
  await page.getByTestId("orders-row-edit").first().click();
  const edit = page.getByRole("dialog", { name: "Edit order" });
  await page.getByTestId("order-item-row").nth(1).waitFor();
  await expect(page.getByTestId("order-item-price").nth(1).inputValue()).resolves.toBe("10.10");
  await page.getByTestId("order-item-remove").nth(1).click();
  await expect(page.getByTestId("order-form-total").textContent()).resolves.toBe("25.00 USD");
  await page.getByTestId("order-form-save").click();
  await edit.waitFor({ state: "detached" });
  await page.getByText("Changes saved.").waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="orders-row-total"]')?.textContent === "25.00 USD");
  expect(errors).toEqual([]);
  await context.close();
});

test("bulk-changes the status of selected orders", async () => {
  const { context, page, errors } = await openAdmin();
  await page.getByTestId("orders-filter-status-draft").check();
  await page.getByTestId("orders-page").filter({ hasText: "Page 1 of 1" }).waitFor();
  const before = await rows(page).count();
  expect(before).toBeGreaterThanOrEqual(2);
  const picked = [await rows(page).nth(0).getAttribute("data-order-id"), await rows(page).nth(1).getAttribute("data-order-id")];
  await page.getByTestId("orders-row-select").nth(0).check();
  await page.getByTestId("orders-row-select").nth(1).check();
  await page.getByTestId("orders-bulk-bar").getByText("2 selected").waitFor();
  await page.getByTestId("orders-bulk-status").selectOption("approved");
  const call = page.waitForRequest((request) => request.url().endsWith("/api/admin/orders/bulk-status"));
  await page.getByTestId("orders-bulk-apply").click();
  const sent = (await call).postDataJSON();
  expect(sent).toEqual({ order_ids: picked.map(Number), status: "approved" });
  await page.getByText("2 orders updated.").waitFor();
  // They left the Draft filter.
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="orders-row"]').length === count, before - 2);
  await expect(page.getByTestId("orders-bulk-bar").count()).resolves.toBe(0);

  await page.getByTestId("orders-filter-reset").click();
  await page.getByTestId("orders-filter-status-approved").check();
  for (const id of picked) await page.locator(`[data-testid="orders-row"][data-order-id="${id}"]`).waitFor();

  // Select-all picks the whole page.
  await page.getByTestId("orders-select-all").check();
  await page.getByTestId("orders-bulk-bar").getByText(`${await rows(page).count()} selected`).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

test("opens the order detail modal and downloads the CSV", async () => {
  const { context, page, errors } = await openAdmin();
  // A seeded scanner order: it has addresses, events and a scanner job.
  await page.getByTestId("orders-filter-type").selectOption("scanner");
  await page.getByTestId("orders-page").filter({ hasText: "Page 1 of 1" }).waitFor();
  const number = (await page.getByTestId("orders-row-open").first().textContent())!;
  await page.getByTestId("orders-row-open").first().click();
  const dialog = page.getByRole("dialog", { name: `Order ${number}` });
  await dialog.waitFor();
  await page.getByTestId("order-detail-items").waitFor();
  for (const heading of ["Items", "Addresses", "Events", "Scanner job", "Calculator payload"]) {
    await dialog.getByRole("heading", { name: heading }).waitFor();
  }
  await dialog.getByText("Shipping", { exact: true }).waitFor();
  await dialog.getByText("Billing", { exact: true }).waitFor();
  expect(await page.getByTestId("order-detail-events").locator("li").count()).toBeGreaterThan(0);
  await expect(dialog.getByText("No scanner job.").count()).resolves.toBe(0);
  await expect(page.getByTestId("order-detail-total").textContent()).resolves.toMatch(/^\d{1,3}(,\d{3})*\.\d{2} USD$/);

  const downloadEvent = page.waitForEvent("download");
  await page.getByTestId("order-detail-csv").click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(`${number}.csv`);
  const path = await download.path();
  const csv = await Bun.file(path!).text();
  expect(csv).toContain(number);

  // Status change from the modal; Escape closes it and focus returns to the row.
  await page.getByTestId("order-detail-status").selectOption("cancelled");
  await page.getByTestId("order-detail-status-save").click();
  await dialog.getByText("Changes saved.").waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await page.waitForFunction((n) => {
    const row = [...document.querySelectorAll('[data-testid="orders-row"]')].find((entry) => entry.textContent?.includes(n));
    return row?.querySelector('[data-testid="orders-row-status"]')?.textContent === "Cancelled";
  }, number);
  await expect(page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).resolves.toBe("orders-row-open");
  expect(errors).toEqual([]);
  await context.close();
});

test("keeps the tab in the URL across reload and Back, and works at 375 px", async () => {
  const { context, page, errors } = await openAdmin();
  await page.getByTestId("admin-metrics").getByText("Active projects").waitFor();
  await page.getByRole("tab", { name: "Operator" }).click();
  await page.getByTestId("operator-board").waitFor();
  expect(new URL(page.url()).searchParams.get("tab")).toBe("operator");
  await page.reload();
  await page.getByTestId("operator-board").waitFor();
  await expect(page.getByRole("tab", { name: "Operator" }).getAttribute("aria-selected")).resolves.toBe("true");

  // Arrow keys move between tabs.
  await page.getByRole("tab", { name: "Operator" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.getByTestId("catalog-panel").waitFor();
  expect(new URL(page.url()).searchParams.get("tab")).toBe("catalog");
  await page.goBack();
  await page.getByTestId("operator-board").waitFor();
  await page.goBack();
  await page.getByTestId("orders-panel").waitFor();
  expect(new URL(page.url()).searchParams.get("tab")).toBeNull();

  await page.setViewportSize({ width: 375, height: 720 });
  for (const tab of ["orders", "operator", "catalog", "calculator", "users"]) {
    await page.goto(`${e2e.server.url}/app/admin?tab=${tab}`);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("a customer who opens /admin lands on /dashboard", async () => {
  const context = await e2e.browser.newContext();
  const { page } = await newPage(context);
  await signIn(page, e2e.server.url, "customer@demo.foam");
  await page.goto(`${e2e.server.url}/app/admin`);
  await page.waitForURL(/\/app\/dashboard$/);
  await context.close();
});
