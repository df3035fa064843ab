import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { makeWalkClip, type WalkClip } from "../fixtures/camera/make-walk-clip";
import { launchCameraBrowser, newPage, signIn, startServer, type TestServer } from "./helpers";

/**
 * Nothing mocked: Chromium's fake camera plays a clip of the phone above the middle of the pad, then
 * above each corner in turn (a tool with thickness, so the views differ), and the real server's
 * previews say where the camera is. The guide must take the four corner views by itself and the
 * five photos must go up in one job.
 */
let server: TestServer;
let browser: Browser;
let clip: WalkClip;

beforeAll(async () => {
  [server, clip] = await Promise.all([startServer(), makeWalkClip(21)]);
  browser = await launchCameraBrowser(clip.path);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type PreviewCamera = { nadir_mm: [number, number]; height_mm: number } | null;

test("walking the phone round the pad: four corner views taken by themselves, five photos in one job, height and accuracy in the review", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const uploads: number[] = [];
    (window as unknown as { __scanUploads: number[] }).__scanUploads = uploads;
    const original = window.fetch.bind(window);
    window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (/\/scan$/.test(String(input)) && init?.body instanceof FormData) uploads.push(init.body.getAll("image").length);
      return original(input, init);
    }) as typeof window.fetch;
  });
  const { page, errors } = await newPage(context);
  // Watch (not change) what the server's previews say about the camera.
  const seen: { camera: PreviewCamera } = { camera: null };
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/scanner/preview") || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { detection?: { camera?: PreviewCamera } } | null;
    seen.camera = body?.detection?.camera ?? null;
  });
  await signIn(page, server.url, "customer@demo.foam");
  await page.goto(`${server.url}/app/scanner`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("sc-start").click();

  // Photo 1 from above the middle: wait for the clip to show that view.
  const [mx, my] = clip.cameras[0]!;
  const deadline = Date.now() + 60_000;
  const nearMiddle = (camera: PreviewCamera) => camera !== null && Math.hypot(camera.nadir_mm[0] - mx, camera.nadir_mm[1] - my) < 40;
  while (!nearMiddle(seen.camera)) {
    if (Date.now() > deadline) throw new Error(`the preview never saw the middle view (last ${JSON.stringify(seen.camera)})`);
    await page.waitForTimeout(100);
  }
  await page.getByTestId("sc-capture").click();
  await page.getByTestId("sc-captured").waitFor();

  await page.getByTestId("sc-add-views").click();
  await page.getByTestId("sc-views").waitFor();
  // No button is pressed from here: the loop takes 5 × 4 s, so one to two loops cover every corner.
  await page.getByTestId("sc-captured").waitFor({ timeout: 60_000 });
  await expect(page.getByTestId("sc-photo-count").textContent()).resolves.toBe("5 of 5 photos");
  const captions = await page.locator('[data-testid="sc-photo"] .sc-photo-caption').allTextContents();
  expect(captions).toEqual([
    "Photo 1 · middle of the pad",
    "Photo 2 · corner 1 (top left) · auto",
    "Photo 3 · corner 2 (top right) · auto",
    "Photo 4 · corner 3 (bottom right) · auto",
    "Photo 5 · corner 4 (bottom left) · auto",
  ]);

  await page.getByTestId("sc-send").click();
  await page.getByTestId("sc-review").waitFor({ timeout: 150_000 });
  expect(await page.evaluate(() => (window as unknown as { __scanUploads: number[] }).__scanUploads)).toEqual([5]);
  const area = Number(await page.getByTestId("sc-area").getAttribute("data-area-mm2"));
  const accuracy = await page.getByTestId("sc-accuracy").textContent();
  const height = await page.getByTestId("sc-height").textContent();
  console.log(
    `walk clip: area ${area.toFixed(1)} mm² (footprint ${clip.truthAreaMm2.toFixed(1)}, ${(((area - clip.truthAreaMm2) / clip.truthAreaMm2) * 100).toFixed(1)} %), ` +
      `${accuracy}; ${height} (true ${clip.heightMm.toFixed(1)} mm)`,
  );
  expect(accuracy).toMatch(/^±\d+\.\d mm( — add views for a tighter fit| from 5 photos)$/);
  expect(height).toMatch(/^Tool height ≈ \d+(\.\d)? mm$/);

  await page.getByTestId("sc-save").click();
  await page.getByTestId("sc-idle").waitFor();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("scanner-queue") ?? "[]"));
  expect(saved[0].views).toBeGreaterThanOrEqual(4);
  expect(saved[0].height_mm).toBeGreaterThan(0);
  expect(errors.filter((message) => !/favicon|Marker preview failed/.test(message))).toEqual([]);
  await context.close();
}, 300_000);
