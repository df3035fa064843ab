/**
 * Issue 19, item 9 (calculator): the chosen model's name fits its select at 1440 px, and every
 * drawer's size ("24 × 10 in") stays on one line in the drawer check boxes, at 1440 and 390 wide.
 */
import { expect, test } from "bun:test";
import { newPage, useE2E } from "./helpers";

const e2e = useE2E();
const LONGEST = "72 in. x 22 in. Triple Bank Roller Cabinet, Series 3";

test("the longest model name fits the model select at 1440 px", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page, errors } = await newPage(context);
  await page.goto(`${e2e.server.url}/app/calculator`);
  await page.getByLabel("Brand").selectOption("US General");
  const model = page.getByLabel("Model");
  await model.selectOption({ label: LONGEST });
  // The select shows its value on one line: compare the text's width with the room inside the box
  // (padding and the arrow taken off).
  const fit = await model.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const canvas = document.createElement("canvas").getContext("2d")!;
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = canvas.measureText(select.selectedOptions[0]!.text).width;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    return { text, room };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);
  expect(errors).toEqual([]);
  await context.close();
});

test("drawer sizes never wrap inside their check box", async () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await e2e.browser.newContext({ viewport });
    const { page } = await newPage(context);
    await page.goto(`${e2e.server.url}/app/calculator`);
    await page.getByLabel("Brand").selectOption("US General");
    await page.getByLabel("Model").selectOption({ label: LONGEST });
    const hints = page.locator(".drawer-grid .checkbox-hint");
    await hints.first().waitFor();
    const lines = await hints.evaluateAll((list) =>
      list.map((hint) => {
        const range = document.createRange();
        range.selectNodeContents(hint);
        // One line box: every rect of the text shares the first one's top.
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        return { text: hint.textContent!.trim(), lines: tops.size };
      }),
    );
    expect(lines.length).toBe(16);
    for (const entry of lines) {
      expect(entry.text).toMatch(/^\d+(\.\d+)? × \d+(\.\d+)? in$/);
      expect(entry.lines).toBe(1);
    }
    await context.close();
  }
});
