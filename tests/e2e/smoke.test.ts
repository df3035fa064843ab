import { expect, test } from "bun:test";
import { newPage, useE2E } from "./helpers";

const e2e = useE2E();

test("the root redirects to /app/ and the home page renders and hydrates without errors", async () => {
  const context = await e2e.browser.newContext();
  const { page, errors } = await newPage(context);
  await page.goto(`${e2e.server.url}/`);
  expect(new URL(page.url()).pathname).toBe("/app/");
  await expect(page.locator("h1").first().textContent()).resolves.toContain("Foam Intelligence Platform");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await context.close();
});
