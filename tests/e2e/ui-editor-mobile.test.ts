/**
 * Issue 19 item 10, the editor half: on a phone the canvas comes first (it started ~1 800 px down,
 * below the sidebar); the sidebar follows as a sheet that scrolls on its own.
 */
import { expect, test } from "bun:test";
import { queuedTool, useE2E } from "./helpers";

const e2e = useE2E();

const TOOL = queuedTool("t1", "Spanner");

test("at 390 x 844 the foam canvas is in the first screen and the sidebar comes after it", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/app/foam-editor`);
  await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), [TOOL]);
  await page.reload();
  await page.getByTestId("fe-canvas").waitFor();
  const canvas = (await page.getByTestId("fe-canvas").boundingBox())!;
  const sidebar = (await page.locator(".fe-sidebar").boundingBox())!;
  expect(canvas.y).toBeLessThan(844 * 0.6);
  expect(canvas.width).toBeGreaterThan(300);
  expect(sidebar.y).toBeGreaterThan(canvas.y);
  // The sheet scrolls itself: the page stays short.
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeLessThan(2600);
  await context.close();
}, 60_000);
