import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { makeCameraClip, type CameraClip } from "../fixtures/camera/make-clip";
import { launchCameraBrowser, newPage, signIn, startServer, type TestServer } from "./helpers";

let server: TestServer;
let browser: Browser;
let clip: CameraClip;

beforeAll(async () => {
  // The clip is generated here (not committed): a synthetic 1280x960 pad photo with one tool.
  [server, clip] = await Promise.all([startServer(), makeCameraClip(7)]);
  browser = await launchCameraBrowser(clip.path);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function projectCodes(token: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/dashboard/summary`, { headers: { Authorization: `Bearer ${token}` } });
  const summary = (await response.json()) as { projects: { reference_code: string }[] };
  return summary.projects.map((project) => project.reference_code);
}

test(
  "fake camera: Start Scanning → 4/4 markers → Capture → Send → progress → review with the true area → Save → Finish and Place → SUBMIT → dashboard",
  async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Keep every camera stream reachable so the test can check that capture released it.
    await context.addInitScript(() => {
      const streams: MediaStream[] = [];
      (window as unknown as { __streams: MediaStream[] }).__streams = streams;
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        streams.push(stream);
        return stream;
      };
    });
    const { page, errors } = await newPage(context);
    const session = await signIn(page, server.url, "customer@demo.foam");
    const before = await projectCodes(session.token);
    await page.goto(`${server.url}/app/scanner`);
    await page.waitForLoadState("networkidle");

    await page.getByTestId("sc-start").click();
    await page.getByTestId("sc-video").waitFor();
    await page.waitForFunction(() => document.querySelector("video")!.videoWidth === 1280, undefined, { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="sc-markers"]')?.textContent === "Markers: 4/4", undefined, {
      timeout: 30_000,
    });
    // The overlay canvas has the frame polygon drawn on it.
    await page.waitForFunction(
      () => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="sc-overlay"]')!;
        const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
        return false;
      },
      undefined,
      { timeout: 5_000 },
    );
    const capture = page.getByTestId("sc-capture");
    expect(await capture.isEnabled()).toBe(true);
    await capture.click();
    await page.getByTestId("sc-captured").waitFor();
    const liveTracks = await page.evaluate(() =>
      (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === "live").length,
    );
    expect(liveTracks).toBe(0);
    const stillWidth = await page.getByTestId("sc-still").evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(stillWidth).toBe(1280);

    await page.getByTestId("sc-send").click();
    await page.getByRole("progressbar").waitFor({ state: "attached", timeout: 5_000 });
    await page.getByTestId("sc-review").waitFor({ timeout: 90_000 });
    await page.getByTestId("sc-contour-overlay").waitFor();
    const points = await page.locator('[data-testid="sc-contour-overlay"] polygon').getAttribute("points");
    expect(points!.split(" ").length).toBeGreaterThan(8);
    const area = Number(await page.getByTestId("sc-area").getAttribute("data-area-mm2"));
    const error = Math.abs(area - clip.truthAreaMm2) / clip.truthAreaMm2;
    console.log(`scanned area ${area.toFixed(1)} mm², truth ${clip.truthAreaMm2.toFixed(1)} mm², error ${(error * 100).toFixed(2)} %`);
    expect(error).toBeLessThan(0.02);
    // One photo: the server's accuracy estimate is shown with the invitation to add views; no height.
    await expect(page.getByTestId("sc-accuracy").textContent()).resolves.toMatch(/^±\d+\.\d mm — add views for a tighter fit$/);
    expect(await page.getByTestId("sc-height").count()).toBe(0);

    await page.getByTestId("sc-name").fill("Synthetic wrench");
    await page.getByTestId("sc-save").click();
    await page.getByTestId("sc-idle").waitFor();
    await page.getByTestId("sc-queue-item").first().waitFor();
    // The queue survives a reload.
    await page.reload();
    await page.getByTestId("sc-queue-item").first().waitFor();
    await expect(page.getByTestId("sc-queue").textContent()).resolves.toContain("Synthetic wrench");

    await page.getByTestId("sc-queue-finish").click();
    await page.waitForURL(/\/app\/scanner-layout$/);
    const item = page.locator('[data-testid="tl-inventory-item"] .tl-inventory-body').first();
    await item.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const zone = (await page.getByTestId("tl-dropzone").boundingBox())!;
    const from = (await item.boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(zone.x + zone.width / 2, zone.y + zone.height / 3, { steps: 8 });
    await page.mouse.up();
    await page.getByTestId("tl-placed-item").waitFor();
    const jobRequest = page.waitForRequest((request) => request.url().endsWith("/api/scanner/jobs") && request.method() === "POST");
    await page.getByTestId("tl-submit").click();
    // How the outline was measured travels with the job (order and operator card show it).
    const payload = (await jobRequest).postDataJSON().calibration_payload;
    expect(payload).toMatchObject({ views: 1, height_mm: null });
    expect(typeof payload.accuracy_mm).toBe("number");
    await expect(page.getByTestId("tl-message").textContent()).resolves.toContain("Layout submitted successfully! Redirecting to dashboard...");
    await page.waitForURL(/\/app\/dashboard$/, { timeout: 10_000 });
    const added = (await projectCodes(session.token)).filter((code) => !before.includes(code));
    expect(added).toHaveLength(1);
    await page.getByText(added[0]!).first().waitFor({ timeout: 10_000 });
    expect(errors.filter((message) => !/favicon|Marker preview failed/.test(message))).toEqual([]);
    await context.close();
  },
  240_000,
);

test("signed out, the camera works but Send for Processing asks to sign in", async () => {
  const context = await browser.newContext();
  const { page } = await newPage(context);
  await page.goto(`${server.url}/app/scanner`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("sc-start").click();
  await page.waitForFunction(() => document.querySelector('[data-testid="sc-markers"]')?.textContent === "Markers: 4/4", undefined, {
    timeout: 30_000,
  });
  await page.getByTestId("sc-capture").click();
  await page.getByTestId("sc-send").click();
  const link = page.getByTestId("sc-sign-in-link");
  await link.waitFor();
  await link.click();
  await page.waitForURL(/\/app\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem("auth_redirect"))).toBe("/app/scanner");
  await context.close();
}, 120_000);

test("AI scanner: the same flow against /api/scanner-ai, and a parameter change re-traces the photo", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { page } = await newPage(context);
  await signIn(page, server.url, "customer@demo.foam");
  await page.goto(`${server.url}/app/scanner-ai`);
  await page.waitForLoadState("networkidle");
  await page.getByTestId("sc-start").click();
  await page.waitForFunction(() => document.querySelector('[data-testid="sc-markers"]')?.textContent === "Markers: 4/4", undefined, {
    timeout: 30_000,
  });
  await page.getByTestId("sc-capture").click();
  const scanCall = page.waitForRequest((request) => request.url().endsWith("/api/scanner-ai/scan") && request.method() === "POST");
  await page.getByTestId("sc-send").click();
  // (Playwright does not expose multipart bodies with a Blob part; the component tests check the fields.)
  await scanCall;
  await page.getByTestId("sc-review").waitFor({ timeout: 90_000 });
  await page.getByTestId("sc-param-confidence").waitFor();
  expect(await page.getByTestId("sc-param-sensitivity").count()).toBe(0);
  const first = Number(await page.getByTestId("sc-area").getAttribute("data-area-mm2"));
  expect(Math.abs(first - clip.truthAreaMm2) / clip.truthAreaMm2).toBeLessThan(0.05);

  // A 1 mm allowance grows the pocket: the trace re-runs on the captured photo.
  const allowance = page.getByLabel("Allowance (mm)", { exact: true });
  await allowance.fill("1");
  await allowance.press("Enter");
  await page.waitForFunction(
    (before) => Number(document.querySelector('[data-testid="sc-area"]')?.getAttribute("data-area-mm2")) > before * 1.05,
    first,
    { timeout: 60_000 },
  );
  await page.getByTestId("sc-delete").click();
  await page.getByTestId("sc-idle").waitFor();
  await context.close();
}, 180_000);
