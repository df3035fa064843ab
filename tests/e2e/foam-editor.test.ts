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

    // Place: the Place button puts the wrench in the first free spot from the top-left corner:
    // half its 120 x 30 mm + 1 mm clearance + 5 mm wall in from the edges (66 mm, 21 mm).
    await page.getByTestId("fe-place-wrench").click();
    const firstFree = { x: 21.6535, y: 4.5932, rotation: 0, scale: 1 };
    expect(await positionOf(page, "wrench")).toEqual(firstFree);
    await page.getByTestId("fe-undo").click();
    expect(await positionOf(page, "wrench")).toBeNull();
    await page.getByTestId("fe-redo").click();
    expect(await positionOf(page, "wrench")).toEqual(firstFree);

    // Back to Unplaced, then dropped on the canvas centre (the foam centre after a view reset).
    await page.getByTestId("fe-placed-wrench").click();
    await page.getByTestId("fe-unplace").click();
    const { box } = await canvasCentre(page);
    await page.getByTestId("fe-unplaced-wrench").dragTo(page.getByTestId("fe-canvas"), { targetPosition: { x: box.width / 2, y: box.height / 2 } });
    const atCentre = (await positionOf(page, "wrench"))!;
    expect(atCentre.x).toBeCloseTo(50, 0);
    expect(atCentre.y).toBeCloseTo(50, 0);

    // Drag from the Unplaced list onto the upper part of the foam.
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
    expect(await positionOf(page, "wrench")).toEqual(atCentre);
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

    // DXF at true scale: millimetres, the 12 x 18 in sheet, the wrench turned 90° and scaled 1.1,
    // grown by the default 1 mm clearance, on the layer of its default depth (half the 31.75 mm foam).
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fe-export-dxf").click()]);
    expect(download.suggestedFilename()).toBe("foam-layout.dxf");
    const dxfText = readFileSync((await download.path())!, "utf8");
    expect(dxfText).toContain("Clearance applied: 1 mm");
    const dxf = new DxfParser().parseSync(dxfText)!;
    expect(dxf.header.$INSUNITS).toBe(4);
    const polylines = dxf.entities as unknown as { type: string; layer: string; shape?: boolean; vertices: Vertex[] }[];
    const foam = polylines.filter((entity) => entity.layer === "FOAM_OUTLINE");
    const pockets = polylines.filter((entity) => entity.layer === "POCKET_15.9MM" && entity.type === "LWPOLYLINE");
    expect(foam).toHaveLength(1);
    expect(extents(foam[0].vertices).width).toBeCloseTo(304.8, 3);
    expect(extents(foam[0].vertices).depth).toBeCloseTo(457.2, 3);
    expect(pockets).toHaveLength(2);
    expect(pockets.every((pocket) => pocket.shape)).toBe(true);
    const wrench = extents(pockets[0].vertices);
    expect(wrench.width).toBeCloseTo(35, 2);
    expect(wrench.depth).toBeCloseTo(134, 2);

    // The 1:1 PDF template and the STL of the insert.
    const [pdfDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fe-export-pdf").click()]);
    expect(pdfDownload.suggestedFilename()).toBe("foam-layout-1to1.pdf");
    const pdf = readFileSync((await pdfDownload.path())!).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    // page = foam + 15 mm margins, + 28 mm header: (304.8 + 30) mm wide in points
    expect(pdf).toMatch(/MediaBox \[0 0 949\.03\d* /);
    const [stlDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("fe-export-stl").click()]);
    expect(stlDownload.suggestedFilename()).toBe("foam-insert.stl");
    const stl = readFileSync((await stlDownload.path())!);
    expect(stl.length).toBe(84 + 50 * stl.readUInt32LE(80));

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

  test("a pocket gets a depth, a finger pull clicked on its edge, a label; 3 foam layers give one DXF each; a bad layout is not submitted", async () => {
    const context = await e2e.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const { page, errors } = await newPage(context);
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, e2e.server.url, "customer@demo.foam");
    await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), QUEUE);
    await page.goto(`${e2e.server.url}/app/foam-editor`);
    await page.getByTestId("fe-canvas").waitFor();
    await page.getByTestId("fe-unplaced-wrench").dragTo(page.getByTestId("fe-canvas"));
    expect(await text(page, "fe-pocket-depth-info")).toContain("15.875 mm deep (half the foam)");

    // Foam: 10 mm coloured top over 2 x 25 mm.
    await page.getByTestId("fe-layer-thickness-0").fill("10");
    await page.getByTestId("fe-layer-color-0").fill("red");
    await page.getByTestId("fe-layer-add").click();
    await page.getByTestId("fe-layer-thickness-1").fill("25");
    await page.getByTestId("fe-layer-add").click();
    await page.getByTestId("fe-layer-thickness-2").fill("25");
    await page.getByTestId("fe-layers-apply").click();
    await page.getByTestId("fe-placed-wrench").click();
    await page.getByTestId("fe-pocket-depth").fill("30");
    await page.getByTestId("fe-pocket-depth").press("Enter");
    expect(await text(page, "fe-pocket-depth-info")).toContain("30 mm deep: all of layer 1, 20 mm into layer 2.");
    await page.getByTestId("fe-undo").click();
    expect(await text(page, "fe-pocket-depth-info")).toContain("30 mm deep (half the foam)");
    await page.getByTestId("fe-redo").click();
    expect(await text(page, "fe-pocket-depth-info")).not.toContain("half the foam");

    // Finger pull: arm it, click the canvas; it snaps to the nearest point of the wrench's edge.
    await page.getByTestId("fe-finger-add").click();
    const { x, y } = await canvasCentre(page);
    await page.mouse.click(x + 20, y);
    await expect(page.getByTestId("fe-finger-list").textContent()).resolves.toContain("Round ⌀20 mm");
    await page.getByTestId("fe-label-text").fill("WRENCH 13");
    await page.getByTestId("fe-label-apply").click();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("scanner-queue")!)[0].pocket);
    expect(stored).toMatchObject({ depth_mm: 30, fingers: [{ shape: "round", width_mm: 20 }], label: { text: "WRENCH 13" } });

    // One DXF per foam layer: the 30 mm pocket cuts all of the 10 mm top and 20 mm into layer 2.
    const layersOf = async (testId: string) => {
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
      const parsed = new DxfParser().parseSync(readFileSync((await download.path())!, "utf8"))!;
      return { name: download.suggestedFilename(), layers: [...new Set(parsed.entities.map((entity) => entity.layer))].sort() };
    };
    expect(await layersOf("fe-export-dxf-layer-1")).toEqual({ name: "foam-layout-layer-1.dxf", layers: ["FOAM_OUTLINE", "LABEL_ENGRAVE", "POCKET_10MM"] });
    expect(await layersOf("fe-export-dxf-layer-2")).toEqual({ name: "foam-layout-layer-2.dxf", layers: ["FOAM_OUTLINE", "POCKET_20MM"] });
    expect(await layersOf("fe-export-dxf-layer-3")).toEqual({ name: "foam-layout-layer-3.dxf", layers: ["FOAM_OUTLINE"] });

    // A second tool dropped on top of the first: submitting names the problem and sends nothing.
    await page.getByTestId("fe-unplaced-driver").dragTo(page.getByTestId("fe-canvas"));
    await page.getByTestId("fe-submit").click();
    await expect(page.getByTestId("fe-status").textContent()).resolves.toContain("The layout cannot be submitted: Wrench and Screwdriver overlap.");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("scanner-queue")!).length)).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("at 375 px the canvas comes first, the sidebar follows as a sheet, and nothing overflows sideways", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
    const { page, errors } = await newPage(context);
    await page.goto(`${e2e.server.url}/app/login`);
    await page.evaluate((queue) => localStorage.setItem("scanner-queue", JSON.stringify(queue)), QUEUE);
    await page.goto(`${e2e.server.url}/app/foam-editor`);
    await page.getByTestId("fe-canvas").waitFor();
    const sidebar = (await page.locator(".fe-sidebar").boundingBox())!;
    const canvas = (await page.getByTestId("fe-canvas").boundingBox())!;
    // Issue 19 item 10: the canvas is no longer ~1 800 px down the page below the sidebar.
    expect(sidebar.y).toBeGreaterThan(canvas.y + canvas.height - 1);
    expect(canvas.y).toBeLessThan(400);
    expect(canvas.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId("fe-place-wrench").click();
    expect(await text(page, "fe-count-placed")).toBe("1");
    // Double-clicking the pocket returns it to Unplaced; the canvas states its view (px per mm, pan).
    const position = (await positionOf(page, "wrench"))!;
    const view = await page.getByTestId("fe-canvas").evaluate((el) => ({ scale: Number(el.dataset.scale), panX: Number(el.dataset.panX), panY: Number(el.dataset.panY) }));
    await page.getByTestId("fe-canvas").dblclick({ position: { x: view.panX + (position.x / 100) * 304.8 * view.scale, y: view.panY + (position.y / 100) * 457.2 * view.scale } });
    expect(await text(page, "fe-count-placed")).toBe("0");
    expect(await positionOf(page, "wrench")).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
