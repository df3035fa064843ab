import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();

const item = (page: Page, kind: string, list: "active" | "archive", name: string) =>
  page.getByTestId(`${kind}-${list}-item`).filter({ has: page.getByText(name, { exact: true }) });

test("creates, edits, archives and reopens a product", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "admin@demo.foam");
  await page.goto(`${e2e.server.url}/app/admin?tab=catalog`);
  await page.getByTestId("product-active-item").first().waitFor();
  await page.getByRole("heading", { name: "Add product" }).waitFor();
  // Cancel only in edit mode.
  await expect(page.getByTestId("product-cancel").count()).resolves.toBe(0);
  await expect(page.getByTestId("product-internal_length_mm").getAttribute("step")).resolves.toBe("0.01");

  await page.getByTestId("product-save").click();
  await page.getByTestId("product-form").getByText("Name is required.").waitFor();

  const name = `E2E Case Kit ${Date.now()}`;
  await page.getByTestId("product-name").fill(`  ${name}  `);
  await page.getByTestId("product-internal_length_mm").fill("450.5");
  await page.getByTestId("product-description").fill("   ");
  const created = page.waitForResponse((response) => response.url().endsWith("/api/admin/catalog/boxes") && response.request().method() === "POST");
  await page.getByTestId("product-save").click();
  const body = (await created).request().postDataJSON();
  expect(body).toMatchObject({ name, sku: null, description: null, internal_length_mm: 450.5, internal_width_mm: null });
  await page.getByTestId("catalog-notice").filter({ hasText: "Changes saved." }).waitFor();
  await item(page, "product", "active", name).getByText("No SKU").waitFor();
  // After create the form is empty again.
  await expect(page.getByTestId("product-name").inputValue()).resolves.toBe("");

  await item(page, "product", "active", name).getByTestId("product-edit").click();
  await page.getByRole("heading", { name: "Edit product" }).waitFor();
  await expect(page.getByTestId("product-name").inputValue()).resolves.toBe(name);
  await page.getByTestId("product-sku").fill("E2E-SKU-1");
  await page.getByTestId("product-save").click();
  await item(page, "product", "active", name).getByText("E2E-SKU-1").waitFor();
  await page.getByRole("heading", { name: "Add product" }).waitFor();

  // Cancel returns to create mode.
  await item(page, "product", "active", name).getByTestId("product-edit").click();
  await page.getByTestId("product-cancel").click();
  await page.getByRole("heading", { name: "Add product" }).waitFor();

  await item(page, "product", "active", name).getByTestId("product-hide").click();
  await item(page, "product", "archive", name).waitFor();
  await expect(item(page, "product", "active", name).count()).resolves.toBe(0);

  await item(page, "product", "archive", name).getByTestId("product-reopen").click();
  await page.getByRole("heading", { name: "Reopen product" }).waitFor();
  await expect(page.getByTestId("product-sku").inputValue()).resolves.toBe("E2E-SKU-1");
  await page.getByTestId("product-save").click();
  await item(page, "product", "active", name).waitFor();
  await expect(item(page, "product", "archive", name).count()).resolves.toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("creates, edits, archives and reopens a material; sheet cost shows in USD", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "admin@demo.foam");
  await page.goto(`${e2e.server.url}/app/admin?tab=calculator`);
  await page.getByRole("heading", { name: "Active materials" }).waitFor();
  await page.getByRole("heading", { name: "Archive" }).waitFor();
  await page.getByTestId("material-active-item").first().waitFor();
  await expect(page.getByTestId("material-cancel").count()).resolves.toBe(0);

  await page.getByTestId("material-save").click();
  await page.getByTestId("material-form").getByText("Material name is required.").waitFor();

  const name = `E2E Foam ${Date.now()}`;
  await page.getByTestId("material-name").fill(name);
  await page.getByTestId("material-supplier").fill("E2E Supplies");
  await page.getByTestId("material-sheet_cost").fill("42.5");
  await page.getByTestId("material-lead_time_days").fill("7.6");
  const created = page.waitForResponse((response) => response.url().endsWith("/api/admin/calculator/materials") && response.request().method() === "POST");
  await page.getByTestId("material-save").click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ name, supplier: "E2E Supplies", sheet_cost: "42.50", lead_time_days: 8, density_kg_m3: null, notes: null });
  await page.getByTestId("materials-notice").filter({ hasText: "Material added." }).waitFor();
  await item(page, "material", "active", name).getByText("$42.50", { exact: false }).waitFor();

  await item(page, "material", "active", name).getByTestId("material-edit").click();
  await page.getByRole("heading", { name: "Edit material" }).waitFor();
  await page.getByTestId("material-sheet_cost").fill("50");
  await page.getByTestId("material-save").click();
  await page.getByTestId("materials-notice").filter({ hasText: "Changes saved." }).waitFor();
  await item(page, "material", "active", name).getByText("$50.00", { exact: false }).waitFor();

  await item(page, "material", "active", name).getByTestId("material-hide").click();
  await item(page, "material", "archive", name).waitFor();
  await item(page, "material", "archive", name).getByTestId("material-reopen").click();
  await page.getByRole("heading", { name: "Reopen material" }).waitFor();
  await page.getByTestId("material-save").click();
  await item(page, "material", "active", name).waitFor();
  await expect(item(page, "material", "archive", name).count()).resolves.toBe(0);

  // A failed archive shows the SPEC message.
  await page.route("**/api/admin/calculator/materials/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.continue(),
  );
  await item(page, "material", "active", name).getByTestId("material-hide").click();
  await page.getByTestId("materials-notice").filter({ hasText: "Failed to archive material." }).waitFor();
  expect(errors.filter((error) => !error.includes("500"))).toEqual([]);
  await context.close();
});

test("shows the SPEC loading and failure texts for the catalog", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const { page } = await newPage(context);
  await signIn(page, e2e.server.url, "admin@demo.foam");
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/catalog/boxes", async (route) => {
    await gate;
    await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ detail: "Catalog store offline." }) });
  });
  await page.goto(`${e2e.server.url}/app/admin?tab=catalog`);
  await page.getByText("Loading catalog…").waitFor();
  release();
  // Load failures show the server's message first.
  await page.getByRole("alert").filter({ hasText: "Catalog store offline." }).waitFor();
  await context.close();
});
