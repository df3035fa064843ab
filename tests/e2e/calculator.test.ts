import { expect, test } from "bun:test";
import { findModel } from "../../db/seed/reference/toolboxes";
import { formatCents } from "../../common/money";
import { calculatePrice } from "../../common/pricing";
import { newPage, useE2E } from "./helpers";

const e2e = useE2E();

type Material = {
  id: number;
  name: string;
  supplier: string;
  color: string | null;
  sheet_length_mm: number;
  sheet_width_mm: number;
  sheet_thickness_mm: number;
  density_kg_m3: number;
  sheet_cost: string;
};

test("a full calculator run: brand → model → foam → thickness → totals → save → e-mail link → print", async () => {
  const { materials } = (await (await fetch(`${e2e.server.url}/api/reference-data`)).json()) as { materials: Material[] };
  const material = materials.find((item) => item.sheet_thickness_mm >= 10 && item.sheet_thickness_mm <= 90)!;
  const modelId = "craftsman-3000-41-10-drawer-cabinet";
  const { model, container } = findModel(modelId)!;

  const context = await e2e.browser.newContext();
  const { page, errors } = await newPage(context);
  await page.goto(`${e2e.server.url}/app/calculator`);
  await page.waitForLoadState("networkidle");
  await page.locator(".auth-actions:not([data-auth='unknown'])").waitFor({ state: "attached" }); // hydrated

  const modelSelect = page.getByLabel("Model", { exact: true });
  expect(await modelSelect.isDisabled()).toBe(true);
  await page.getByLabel("Brand").selectOption(container.brand);
  expect(await modelSelect.isDisabled()).toBe(false);
  await modelSelect.selectOption(modelId);

  const preview = page.getByTestId("model-preview");
  for (const text of [model.name, container.brand, container.series, `${model.width_in} × ${model.depth_in} × ${model.height_in} in`]) {
    expect(await preview.textContent()).toContain(text);
  }
  const drawers = page.locator(".drawer-list input[type=checkbox]");
  expect(await drawers.count()).toBe(model.drawers.length);
  expect(await drawers.evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked))).toEqual(
    model.drawers.map((_, index) => index < 2),
  );
  // Model chosen, foam not yet: nothing to price.
  expect(await page.getByTestId("total-amount").textContent()).toBe("$0.00");

  await page.getByLabel("Foam type").selectOption(String(material.id));
  const foam = (await page.getByTestId("foam-preview").textContent())!;
  expect(foam).toContain(material.supplier);
  expect(foam).toContain(`${(material.sheet_length_mm / 1000).toFixed(2)} × ${(material.sheet_width_mm / 1000).toFixed(2)} m`);
  expect(foam).toContain(`${material.density_kg_m3} kg/m³`);
  const thickness = page.getByLabel("Foam thickness (mm)");
  expect(await thickness.inputValue()).toBe(String(material.sheet_thickness_mm));

  // Keyboard: a third drawer with Space, thickness up one step with the arrow key.
  await drawers.nth(2).focus();
  await page.keyboard.press("Space");
  await thickness.fill("40");
  await thickness.press("ArrowUp");
  expect(await thickness.inputValue()).toBe("45");
  await page.getByLabel("Colour").fill("Safety orange");

  const expected = calculatePrice({ drawers: model.drawers.slice(0, 3), material, thickness_mm: 45 })!;
  const figure = (id: string) => page.getByTestId(id).textContent();
  expect(await figure("box-cost")).toBe(formatCents(expected.box_cost_cents));
  expect(await figure("foam-cost")).toBe(formatCents(expected.material_cost_cents));
  expect(await figure("processing-cost")).toBe(formatCents(expected.processing_cents));
  expect(await figure("total-amount")).toBe(formatCents(expected.total_cents));
  expect(await figure("total-area")).toBe(expected.area_m2.toFixed(3));
  expect(await figure("volume")).toBe(expected.volume_l.toFixed(2));
  expect(await figure("sheets")).toBe(String(expected.sheets));
  expect(await figure("drawer-count")).toBe("3");

  await page.getByRole("button", { name: "Save Calculation" }).click();
  await page.getByText("Calculation saved!").waitFor();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("foam-calculator") ?? "null"));
  expect(saved).toMatchObject({
    toolboxModelId: modelId,
    selectedDrawerIds: model.drawers.slice(0, 3).map((drawer) => drawer.id),
    foamMaterialId: material.id,
    thicknessMm: 45,
    color: "Safety orange",
    labourMinutes: 30,
    labourRate: 35,
    markupPercent: 25,
  });

  const mail = (await page.getByRole("link", { name: "Email Quote" }).getAttribute("href"))!;
  expect(mail.startsWith("mailto:?subject=Foam%20Insert%20Calculator%20Quote&body=")).toBe(true);
  const body = decodeURIComponent(mail.split("&body=")[1]!);
  expect(body).toContain(`Total: ${formatCents(expected.total_cents)}`);
  expect(body).toContain(`Foam Cost: ${formatCents(expected.material_cost_cents)}`);
  expect(body).toContain(model.name);
  expect(body).toContain(material.name);
  expect(body).toContain("Foam thickness: 45 mm");

  // Print Quote calls window.print; the print stylesheet shows only the quote.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole("button", { name: "Print Quote" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: "print" });
  expect(await page.locator("header.site-header").isVisible()).toBe(false);
  expect(await page.locator("footer").isVisible()).toBe(false);
  expect(await page.getByRole("button", { name: "Save Calculation" }).isVisible()).toBe(false);
  const printed = page.locator(".print-quote");
  expect(await printed.isVisible()).toBe(true);
  expect(await printed.textContent()).toContain(formatCents(expected.total_cents));
  await page.emulateMedia({ media: "screen" });
  expect(await printed.isVisible()).toBe(false);

  // The saved calculation comes back on the next visit.
  await page.reload();
  await page.getByTestId("foam-preview").waitFor();
  expect(await modelSelect.inputValue()).toBe(modelId);
  expect(await page.getByTestId("total-amount").textContent()).toBe(formatCents(expected.total_cents));

  expect(errors).toEqual([]);
  await context.close();
});

test("a model and a foam without drawers shows Total $0.00; the token goes with the reference-data request", async () => {
  const login = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "customer@demo.foam", password: "foam-demo-1" }),
  });
  const session = (await login.json()) as { token: string; user: unknown };
  const context = await e2e.browser.newContext();
  await context.addInitScript((stored) => {
    localStorage.setItem("auth_token", stored.token);
    localStorage.setItem("auth_user", JSON.stringify(stored.user));
  }, session);
  const { page, errors } = await newPage(context);
  const authorization = page.waitForRequest("**/api/reference-data").then((request) => request.headers()["authorization"]);
  await page.goto(`${e2e.server.url}/app/calculator`);
  expect(await authorization).toBe(`Bearer ${session.token}`);
  await page.waitForLoadState("networkidle");
  await page.locator(".auth-actions:not([data-auth='unknown'])").waitFor({ state: "attached" }); // hydrated
  await page.getByLabel("Brand").selectOption("Milwaukee");
  await page.getByLabel("Model", { exact: true }).selectOption("milwaukee-packout-2-drawer");
  await page.getByLabel("Foam type").selectOption({ index: 1 });
  for (const box of await page.locator(".drawer-list input[type=checkbox]").all()) await box.uncheck();
  expect(await page.getByTestId("total-amount").textContent()).toBe("$0.00");
  expect(await page.getByTestId("drawer-count").textContent()).toBe("0");
  expect(errors).toEqual([]);
  await context.close();
});
