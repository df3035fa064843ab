import { describe, expect, test } from "bun:test";
import { customFoam, DEFAULT_FOAM } from "./foam";
import {
  INITIAL_VIEWPORT,
  fitFactor,
  foamToScreen,
  panBy,
  resetViewport,
  resizeViewport,
  screenToFoam,
  viewScale,
  zoomAt,
} from "./viewport";

describe("viewport", () => {
  test("10 px per mm at zoom 1 when the foam fits", () => {
    const small = customFoam(50, 40, 30);
    const viewport = resetViewport({ ...INITIAL_VIEWPORT, width: 800, height: 600 }, small);
    expect(viewport.fit).toBe(1);
    expect(viewScale(viewport)).toBe(10);
    // Centred: the foam's middle is the canvas middle.
    expect(foamToScreen(viewport, { x: 25, y: 20 })).toEqual({ x: 400, y: 300 });
  });

  test("a foam larger than the canvas is fitted, never enlarged", () => {
    const fit = fitFactor(DEFAULT_FOAM, 800, 600);
    expect(fit).toBeCloseTo((600 - 48) / 4572, 6);
    expect(fitFactor(customFoam(30, 30, 30), 8000, 6000)).toBe(1);
  });

  test("zoom is clamped to 0.5-3 and keeps the point under the cursor", () => {
    const viewport = resetViewport({ ...INITIAL_VIEWPORT, width: 800, height: 600 }, DEFAULT_FOAM);
    const anchor = { x: 123, y: 456 };
    const before = screenToFoam(viewport, anchor);
    const zoomed = zoomAt(viewport, 2.5, anchor);
    expect(zoomed.zoom).toBe(2.5);
    const after = screenToFoam(zoomed, anchor);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAt(viewport, 10, anchor).zoom).toBe(3);
    expect(zoomAt(viewport, 0.1, anchor).zoom).toBe(0.5);
  });

  test("screen and foam coordinates round-trip; pan moves the view", () => {
    const viewport = panBy(resetViewport({ ...INITIAL_VIEWPORT, width: 800, height: 600 }, DEFAULT_FOAM), 30, -20);
    const p = { x: 100.5, y: 200.25 };
    const back = screenToFoam(viewport, foamToScreen(viewport, p));
    expect(back.x).toBeCloseTo(p.x, 9);
    expect(back.y).toBeCloseTo(p.y, 9);
  });

  test("resizing re-fits but keeps the zoom", () => {
    const viewport = zoomAt(resetViewport({ ...INITIAL_VIEWPORT, width: 800, height: 600 }, DEFAULT_FOAM), 2, { x: 400, y: 300 });
    const resized = resizeViewport(viewport, DEFAULT_FOAM, 1000, 900);
    expect(resized.zoom).toBe(2);
    expect(resized.width).toBe(1000);
  });
});
