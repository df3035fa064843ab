import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchBrowser, newPage, startServer, type TestServer } from "./helpers";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("the root redirects to /app/ and the home page renders and hydrates without errors", async () => {
  const context = await browser.newContext();
  const { page, errors } = await newPage(context);
  await page.goto(`${server.url}/`);
  expect(new URL(page.url()).pathname).toBe("/app/");
  await expect(page.locator("h1").first().textContent()).resolves.toContain("Foam Intelligence Platform");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await context.close();
});
