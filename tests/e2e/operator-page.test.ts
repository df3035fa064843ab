import { expect, test } from "bun:test";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();

test("an operator reaches the production board from the dashboard; /admin stays closed to them", async () => {
  const context = await e2e.browser.newContext();
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "operator@demo.foam");
  await page.goto(`${e2e.server.url}/app/dashboard`);
  await page.getByRole("link", { name: "Open production board" }).click();
  await page.waitForURL("**/app/operator");
  await page.getByRole("heading", { name: "Production board" }).waitFor();
  await page.locator(".adm-column-title", { hasText: "Requires Attention" }).waitFor();
  expect(await page.locator(".adm-column-title").count()).toBe(5);
  await page.goto(`${e2e.server.url}/app/admin`);
  await page.waitForURL("**/app/dashboard");
  expect(errors).toEqual([]);
  await context.close();
});

test("a customer sent to the production board lands on the dashboard", async () => {
  const context = await e2e.browser.newContext();
  const { page } = await newPage(context);
  await signIn(page, e2e.server.url, "customer@demo.foam");
  await page.goto(`${e2e.server.url}/app/operator`);
  await page.waitForURL("**/app/dashboard");
  await expect(page.getByRole("link", { name: "Open production board" }).count()).resolves.toBe(0);
  await context.close();
});
