/**
 * Issue 19, visual pass: the header lines up with each screen's content (the full-width editor
 * included), and the design tokens are defined in both themes.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

const e2e = useE2E();

/** Left edge of the screen's content: the leftmost visible heading, paragraph, button or link in <main>. */
async function contentLeft(page: Page): Promise<number> {
  return page.evaluate(() => {
    let left = Infinity;
    for (const element of document.querySelectorAll("main h1, main h2, main p, main button, main a")) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) left = Math.min(left, rect.left);
    }
    return left;
  });
}

async function logoLeft(page: Page): Promise<number> {
  return (await page.locator(".site-header .logo").boundingBox())!.x;
}

test("at 1440 px the logo sits on the content's left edge, on centred pages, the admin console and the editor", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page, errors } = await newPage(context);
  await signIn(page, e2e.server.url, "admin@demo.foam");
  for (const [path, ready] of [
    ["/", "h1"],
    ["/calculator", "h1"],
    ["/admin", "[data-testid='orders-panel']"],
    ["/foam-editor", "text=Foam Layout Editor"],
  ] as const) {
    await page.goto(`${e2e.server.url}/app${path === "/" ? "/" : path}`);
    await page.locator(ready).first().waitFor();
    const [logo, content] = [await logoLeft(page), await contentLeft(page)];
    expect({ path, offset: Math.round(Math.abs(logo - content)) }).toEqual({ path, offset: 0 });
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("type, spacing and colour tokens exist in light and dark; the header band stays dark in both", async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page } = await newPage(context);
  for (const theme of ["light", "dark"]) {
    await page.goto(`${e2e.server.url}/app/login`);
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.goto(`${e2e.server.url}/app/`);
    await page.locator("h1").waitFor();
    const tokens = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      const read = (name: string) => root.getPropertyValue(name).trim();
      const luminance = (color: string) => {
        const [r, g, b] = color.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      return {
        theme: document.documentElement.dataset.theme,
        missing: ["--text-xs", "--text-base", "--text-3xl", "--space-1", "--space-8", "--radius", "--radius-lg", "--bg", "--surface", "--primary", "--accent", "--chrome"].filter(
          (name) => !read(name),
        ),
        header: luminance(getComputedStyle(document.querySelector(".site-header")!).backgroundColor),
        body: luminance(getComputedStyle(document.body).backgroundColor),
        h1: getComputedStyle(document.querySelector("h1")!).fontSize,
      };
    });
    expect(tokens.theme).toBe(theme);
    expect(tokens.missing).toEqual([]);
    expect(tokens.header).toBeLessThan(0.15);
    if (theme === "light") expect(tokens.body).toBeGreaterThan(0.9);
    else expect(tokens.body).toBeLessThan(0.15);
    expect(parseFloat(tokens.h1)).toBeGreaterThanOrEqual(38);
  }
  await context.close();
});
