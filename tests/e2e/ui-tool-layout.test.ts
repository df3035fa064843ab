/**
 * Issue 19, Tool Layout: the click after a drop is not swallowed (item 2), an ended session hears
 * 'Authentication required' with no confirmation first (item 5, the Tool Layout half), and long tool
 * names are shown whole in the inventory (item 9).
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, queuedTool, signIn, useE2E } from "./helpers";

const e2e = useE2E();

const TOOL = queuedTool;

async function openLayout(page: Page, tools: unknown[]) {
  await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), tools);
  await page.goto(`${e2e.server.url}/app/scanner-layout`);
  await page.getByTestId("tl-inventory-item").first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function dragOntoFoam(page: Page, id: string, fraction: { x: number; y: number }) {
  const zone = (await page.getByTestId("tl-dropzone").boundingBox())!;
  const from = (await page.locator(`[data-testid="tl-inventory-item"][data-tool-id="${id}"] .tl-inventory-body`).boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(zone.x + zone.width * fraction.x, zone.y + zone.height * fraction.y, { steps: 8 });
  await page.mouse.up();
  await page.locator(`[data-testid="tl-placed-item"][data-tool-id="${id}"]`).waitFor();
}

test("after a drop, one click selects the next inventory tool and Enter on the drop zone places it", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "customer@demo.foam");
  await openLayout(page, [TOOL("a", "Wrench"), TOOL("b", "Pliers")]);

  await dragOntoFoam(page, "a", { x: 0.3, y: 0.25 });
  const pliers = page.locator('[data-testid="tl-inventory-item"][data-tool-id="b"] .tl-inventory-body');
  await pliers.click();
  expect(await pliers.getAttribute("aria-pressed")).toBe("true");

  await page.getByTestId("tl-dropzone").focus();
  await page.keyboard.press("Enter");
  await page.locator('[data-testid="tl-placed-item"][data-tool-id="b"]').waitFor();
  expect(await page.getByTestId("tl-placed-item").count()).toBe(2);
  expect(errors).toEqual([]);
  await context.close();
});

test("a session that ended on the server hears 'Authentication required' at once, with no confirmation", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page } = await newPage(context);
  const session = await signIn(page, e2e.server.url, "customer@demo.foam");
  await openLayout(page, [TOOL("a", "Wrench")]);
  await dragOntoFoam(page, "a", { x: 0.4, y: 0.3 });

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The session ends elsewhere (another tab signed out): the page still holds the old token.
  await fetch(`${e2e.server.url}/api/auth/logout`, { method: "POST", headers: { Authorization: `Bearer ${session.token}` } });
  await page.getByTestId("tl-submit").click();
  await page.getByText("Authentication required. Please log in.").waitFor();
  await page.waitForURL(/\/app\/login$/, { timeout: 10_000 });
  expect(dialogs).toEqual([]);
  await context.close();
});

test("long tool names are shown whole in the inventory, at 1440 and 390 wide", async () => {
  const name = "Screwdriver Phillips PH2 long shaft";
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await e2e.browser.newContext({ viewport });
    const { page } = await newPage(context);
    await signIn(page, e2e.server.url, "customer@demo.foam");
    await openLayout(page, [TOOL("s", name)]);
    const label = page.locator('[data-tool-id="s"] .tl-name');
    await expect(label.textContent()).resolves.toBe(name);
    // Not clipped (no ellipsis hides the end) and no word broken across lines ("Screwdr / iver").
    const clipped = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
    expect(clipped).toBe(false);
    const brokenWords = await label.evaluate((element) => {
      const node = element.firstChild as Text;
      const broken: string[] = [];
      let start = 0;
      for (const word of node.data.split(" ")) {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        if (range.getClientRects().length > 1) broken.push(word);
        start += word.length + 1;
      }
      return broken;
    });
    expect(brokenWords).toEqual([]);
    await context.close();
  }
});
