/** Issue 19, item 12: Back after Sign out returns to the public page you left; a protected one is skipped. */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();
const app = (path: string) => `${e2e.server.url}/app${path}`;

async function signedInAt(page: Page, path: string) {
  await page.goto(app(path));
  await page.locator(".auth-actions[data-auth='signed-in']").waitFor();
}

test("signing out on a public page: Back shows that page again, signed out", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "customer@demo.foam");
  await signedInAt(page, "/shop");
  await signedInAt(page, "/calculator");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/app/login");
  await page.goBack();
  await page.waitForURL("**/app/calculator");
  await page.locator(".auth-actions[data-auth='signed-out']").waitFor();
  expect(await page.getByRole("heading", { name: "Foam Insert Calculator" }).isVisible()).toBe(true);
  await page.goBack();
  await page.waitForURL("**/app/shop");
  expect(errors).toEqual([]);
  await context.close();
});

test("signing out on a protected page replaces it: Back goes to the page before", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page } = await newPage(context);
  await signIn(page, e2e.server.url, "customer@demo.foam");
  await signedInAt(page, "/about");
  await signedInAt(page, "/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/app/login");
  await page.goBack();
  await page.waitForURL("**/app/about");
  await context.close();
});
