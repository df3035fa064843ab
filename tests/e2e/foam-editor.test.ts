import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import DxfParser from "dxf-parser";
import type { Page } from "playwright-core";
import { newPage, signIn, useE2E } from "./helpers";

type Position = { x: number; y: number; rotation: number; scale: number } | null;
type Vertex = { x: number; y: number };

const rect = (w: number, h: number) => [
  [10, 10],
  [10 + w, 10],
  [10 + w, 10 + h],
  [10, 10 + h],
];

function scanned(id: string, name: string, contour: number[][], category?: string) {
  return {
    id,
    name,
    category,
    createdAt: "2025-03-04T05:06:07.000Z",
    previewUrl: "",
    svg: "<svg xmlns='http://www.w3.org/2000/svg'/>",
    detectionMethod: "aruco",
    diagnostics: { markers: 4 },
    parameters: { contour_area_mm: 3600 },
    contourPointsMm: contour,
    position: null,
  };
}

// A 120 x 30 mm wrench and an 80 x 20 mm screwdriver.
const QUEUE = [scanned("wrench", "Wrench", rect(120, 30), "Wrenches"), scanned("driver", "Screwdriver", rect(80, 20))];

const e2e = useE2E();

const positionOf = (page: Page, id: string) =>
  page.evaluate((toolId) => {
    const queue = JSON.parse(localStorage.getItem("scanner-queue") ?? "[]") as { id: string; position: unknown }[];
    return (queue.find((tool) => tool.id === toolId)?.position ?? null) as Position;
  }, id);

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

async function canvasCentre(page: Page) {
  const box = (await page.getByTestId("fe-canvas").boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

function extents(vertices: Vertex[]) {
  const xs = vertices.map((v) => v.x);
  const ys = vertices.map((v) => v.y);
  return { width: Math.max(...xs) - Math.min(...xs), depth: Math.max(...ys) - Math.min(...ys) };
}

describe("foam editor", () => {
  test("without scanned tools it points back to the scanner", async () => {
    const context = await e2e.browser.newContext();
    const { page, errors } = await newPage(context);
    await page.goto(`${e2e.server.url}/app/foam-editor`);
    await expect(page.getByTestId("fe-empty").textContent()).resolves.toContain("No tools available. Please scan some tools first.");
    await expect(page.getByRole("link", { name: "Go to Scanner" }).getAttribute("href")).resolves.toBe("/app/scanner");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a customer places, drags, rotates and scales tools, undoes and redoes each, exports a true-scale DXF and submits", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newPage(context);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const session = await signIn(page, e2e.server.url, "customer@demo.foam");
    await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), QUEUE);
    await page.goto(`${e2e.server.url}/app/foam-editor`);
    await page.getByTestId("fe-canvas").waitFor();
    expect(await text(page, "fe-count-unplaced")).toBe("2");
    expect(await page.getByTestId("fe-undo").isDisabled()).toBe(true);
    expect(await page.getByTestId("fe-redo").isDisabled()).toBe(true);

    // Place: the Place button puts the wrench at the foam centre (the canvas centre after reset).
    await page.getByTestId("fe-place-wrench").click();
    expect(await positionOf(page, "wrench")).toEqual({ x: 50, y: 50, rotation: 0, scale: 1 });
    await page.getByTestId("fe-undo").click();
    expect(await positionOf(page, "wrench")).toBeNull();
    await page.getByTestId("fe-redo").click();
    expect(await positionOf(page, "wrench")).toEqual({ x: 50, y: 50, rotation: 0, scale: 1 });

    // Drag from the Unplaced list onto the upper part of the foam.
    const { box } = await canvasCentre(page);
    await page.getByTestId("fe-unplaced-driver").dragTo(page.getByTestId("fe-canvas"), {
      targetPosition: { x: box.width / 2, y: box.height * 0.2 },
    });
    expect(await text(page, "fe-count-placed")).toBe("2");
    const dropped = (await positionOf(page, "driver"))!;
    expect(dropped.x).toBeCloseTo(50, 0);
    expect(dropped.y).toBeLessThan(30);

    // Drag on the canvas: many pointer moves, one undo step.
    const centre = await canvasCentre(page);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(centre.x + i * 5, centre.y + i * 4);
    await page.mouse.up();
    const moved = (await positionOf(page, "wrench"))!;
    expect(moved.x).toBeGreaterThan(55);
    expect(moved.y).toBeGreaterThan(52);
    await page.getByTestId("fe-undo").click();
    expect(await positionOf(page, "wrench")).toEqual({ x: 50, y: 50, rotation: 0, scale: 1 });
    await page.getByTestId("fe-redo").click();
    expect(await positionOf(page, "wrench")).toEqual(moved);

    // Select the wrench again (the drag selected it) and rotate / scale it.
    await page.getByTestId("fe-placed-wrench").click();
    await page.getByTestId("fe-rotate-cw").click();
    expect((await positionOf(page, "wrench"))!.rotation).toBe(90);
    await page.getByTestId("fe-undo").click();
    expect((await positionOf(page, "wrench"))!.rotation).toBe(0);
    await page.getByTestId("fe-redo").click();
    expect((await positionOf(page, "wrench"))!.rotation).toBe(90);

    await page.getByTestId("fe-scale-up").click();
    expect((await positionOf(page, "wrench"))!.scale).toBe(1.1);
    await page.getByTestId("fe-undo").click();
    expect((await positionOf(page, "wrench"))!.scale).toBe(1);
    await page.getByTestId("fe-redo").click();
    expect((await positionOf(page, "wrench"))!.scale).toBe(1.1);

    // Keyboard: an arrow nudges by 1 mm, Ctrl+Z / Ctrl+Shift+Z undo and redo it.
    await page.getByTestId("fe-canvas").focus();
    const beforeNudge = (await positionOf(page, "wrench"))!;
    await page.keyboard.press("ArrowLeft");
    expect((await positionOf(page, "wrench"))!.x).toBeCloseTo(beforeNudge.x - 100 / 304.8, 3);
    await page.keyboard.press("Control+z");
    expect(await positionOf(page, "wrench")).toEqual(beforeNudge);
    await page.keyboard.press("Control+Shift+z");
    expect((await positionOf(page, "wrench"))!.x).toBeCloseTo(beforeNudge.x - 100 / 304.8, 3);
    await page.keyboard.press("Control+z");

    // Wheel zoom and Ctrl-drag pan change the view, never the layout.
    expect(await text(page, "fe-zoom-level")).toBe("100%");
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction(() => document.querySelector("[data-testid=fe-zoom-level]")?.textContent !== "100%");
    await page.keyboard.down("Control");
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 80, centre.y + 30, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up("Control");
    expect(await positionOf(page, "wrench")).toEqual(beforeNudge);
    await page.getByTestId("fe-reset-view").click();
    expect(await text(page, "fe-zoom-level")).toBe("100%");

    // Reset Layout asks first, returns both tools, and is itself one undo step.
    await page.getByTestId("fe-reset").click();
    expect(dialogs.at(-1)).toBe("Are you sure you want to reset the layout? All placed tools will be returned to the queue.");
    expect(await text(page, "fe-count-placed")).toBe("0");
    expect(await positionOf(page, "wrench")).toBeNull();
    await page.getByTestId("fe-undo").click();
    expect(await text(page, "fe-count-placed")).toBe("2");
    expect(await positionOf(page, "wrench")).toEqual(beforeNudge);

    // The layout survives a reload.
    await page.reload();
    await page.getByTestId("fe-canvas").waitFor();
    expect(await text(page, "fe-count-placed")).toBe("2");

    // DXF at true scale: millimetres, the 12 x 18 in sheet, the wrench turned 90° and scaled 1.1.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fe-export-dxf").click()]);
    expect(download.suggestedFilename()).toBe("foam-layout.dxf");
    const dxf = new DxfParser().parseSync(readFileSync((await download.path())!, "utf8"))!;
    expect(dxf.header.$INSUNITS).toBe(4);
    const polylines = dxf.entities as unknown as { type: string; layer: string; shape?: boolean; vertices: Vertex[] }[];
    const foam = polylines.filter((entity) => entity.layer === "FOAM");
    const pockets = polylines.filter((entity) => entity.layer === "POCKETS" && entity.type === "LWPOLYLINE");
    expect(foam).toHaveLength(1);
    expect(extents(foam[0].vertices).width).toBeCloseTo(304.8, 3);
    expect(extents(foam[0].vertices).depth).toBeCloseTo(457.2, 3);
    expect(pockets).toHaveLength(2);
    expect(pockets.every((pocket) => pocket.shape)).toBe(true);
    const wrench = extents(pockets[0].vertices);
    expect(wrench.width).toBeCloseTo(33, 2);
    expect(wrench.depth).toBeCloseTo(132, 2);

    // SVG and PNG come from the same geometry: mm viewBox; 150 dpi raster of the 12 x 18 in sheet.
    const [svgDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fe-export-svg").click()]);
    expect(svgDownload.suggestedFilename()).toBe("foam-layout.svg");
    const svg = readFileSync((await svgDownload.path())!, "utf8");
    expect(svg).toContain('width="304.8mm" height="457.2mm" viewBox="0 0 304.8 457.2"');
    expect(svg.match(/<path /g)).toHaveLength(2);
    const [pngDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fe-export-png").click()]);
    expect(pngDownload.suggestedFilename()).toBe("foam-layout.png");
    const png = readFileSync((await pngDownload.path())!);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1800, 2700]);
    expect(png.subarray(37, 41).toString("latin1")).toBe("pHYs");
    expect(Math.round(png.readUInt32BE(41) * 0.0254)).toBe(150);

    // Submit: confirm, one job per placed tool, success, queue cleared, dashboard.
    await page.getByTestId("fe-submit").click();
    expect(dialogs.at(-1)).toBe("Submit layout with 2 placed tool(s)?");
    await expect(
      page.getByText("Layout submitted successfully! Redirecting to dashboard...").waitFor({ timeout: 10_000 }).then(() => true),
    ).resolves.toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("scanner-queue"))).toBe("[]");
    await page.waitForURL(`${e2e.server.url}/app/dashboard`, { timeout: 10_000 });

    const jobs = (await (
      await fetch(`${e2e.server.url}/api/scanner/jobs`, { headers: { Authorization: `Bearer ${session.token}` } })
    ).json()) as { results: Record<string, unknown>[] };
    expect(jobs.results).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("at 375 px the sidebar stacks above the canvas and nothing overflows sideways", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
    const { page, errors } = await newPage(context);
    await page.goto(`${e2e.server.url}/app/login`);
    await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), QUEUE);
    await page.goto(`${e2e.server.url}/app/foam-editor`);
    await page.getByTestId("fe-canvas").waitFor();
    const sidebar = (await page.locator(".fe-sidebar").boundingBox())!;
    const canvas = (await page.getByTestId("fe-canvas").boundingBox())!;
    expect(canvas.y).toBeGreaterThan(sidebar.y + sidebar.height - 1);
    expect(canvas.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId("fe-place-wrench").click();
    expect(await text(page, "fe-count-placed")).toBe("1");
    // Double-clicking the pocket (at the foam centre) returns it to Unplaced.
    await page.getByTestId("fe-canvas").dblclick();
    expect(await text(page, "fe-count-placed")).toBe("0");
    expect(await positionOf(page, "wrench")).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
