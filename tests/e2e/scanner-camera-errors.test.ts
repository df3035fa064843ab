import { expect, test } from "bun:test";
import { newPage, useE2E } from "./helpers";

const DENIED = "Camera access denied. Please allow camera access in browser settings and refresh the page.";

// A fake camera exists, but without --use-fake-ui-for-media-stream nobody grants the permission.
const e2e = useE2E({ browserArgs: ["--use-fake-device-for-media-stream"] });

test("a denied camera permission shows the denied message in the error box and stays idle", async () => {
  const context = await e2e.browser.newContext();
  const { page } = await newPage(context);
  const client = await context.newCDPSession(page);
  await client.send("Browser.setPermission", { permission: { name: "camera" }, setting: "denied", origin: e2e.server.url });
  await page.goto(`${e2e.server.url}/app/scanner`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("sc-start").click();
  const box = page.getByTestId("sc-error");
  await box.waitFor();
  await expect(box.textContent()).resolves.toContain(DENIED);
  await page.getByTestId("sc-idle").waitFor();
  await box.getByRole("button", { name: "Close" }).click();
  await box.waitFor({ state: "detached" });
  await context.close();
});

test("the idle screen links the instructions and the template (new tab)", async () => {
  const context = await e2e.browser.newContext();
  const { page, errors } = await newPage(context);
  await page.goto(`${e2e.server.url}/app/scanner-ai`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("sc-instructions").getAttribute("href")).resolves.toBe("/app/scanner-instructions");
  const template = page.getByTestId("sc-template");
  await expect(template.getAttribute("target")).resolves.toBe("_blank");
  await expect(template.getAttribute("href")).resolves.toBe("/api/scanner/template");
  await expect(page.getByTestId("sc-start").textContent()).resolves.toBe("Start Scanning");
  expect(errors).toEqual([]);
  await context.close();
});
