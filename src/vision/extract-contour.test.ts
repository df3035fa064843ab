import { beforeAll, describe, expect, test } from "bun:test";
import { compareContours } from "../../bench/metrics.ts";
import { rasterizeCoverage } from "../../bench/synth/rasterize.ts";
import { extractToolContour, NO_TOOL_MESSAGE, snapToEdges, touchesEdgeMessage } from "./extract-contour.ts";
import { loadOpenCv } from "./opencv.ts";
import { polygonArea } from "../../common/geometry/polygon.ts";
import { syntheticFrame, toolPolygon } from "../../tests/helpers/vision/test-rasters.ts";
import { blurredDisc, DISC, discRadiusError, discRing } from "../../bench/synth/blurred-disc.ts";
import { maskEdgeImage } from "./trace-views.ts";
import { VisionError } from "./vision-error.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

const k = 5;
const opts = { pxPerMm: k, insetMm: 12, minAreaMm2: 100, maxAreaMm2: 11750 };

function maskOf(poly: [number, number][], W: number, H: number): Uint8Array {
  const cov = rasterizeCoverage([poly.map(([x, y]) => [x * k, y * k] as [number, number])], W, H);
  return Uint8Array.from(cov, (c) => (c >= 0.5 ? 1 : 0));
}

describe("extractToolContour", () => {
  test("sub-pixel outline in pad mm (mean deviation well under a pixel)", () => {
    const poly = toolPolygon(90, 120, 80, 24, 33);
    const img = syntheticFrame(k, [{ polygonMm: poly, rgb: [40, 40, 40] }]);
    const c = extractToolContour(maskOf(poly, img.width, img.height), img.width, img.height, img, opts);
    const m = compareContours(c.pointsMm, poly);
    expect(m.meanDeviation).toBeLessThan(0.05);
    expect(m.hausdorff).toBeLessThan(0.25);
    expect(Math.abs(m.areaErrorPct)).toBeLessThan(0.5);
  }, SLOW);

  test("holes are ignored (outer contour only)", () => {
    const outer = toolPolygon(100, 100, 60, 40, 0);
    const img = syntheticFrame(k, [{ polygonMm: outer, rgb: [40, 40, 40] }]);
    const mask = maskOf(outer, img.width, img.height);
    const hole = maskOf(toolPolygon(100, 100, 20, 10, 0), img.width, img.height);
    for (let i = 0; i < mask.length; i++) if (hole[i]) mask[i] = 0;
    const c = extractToolContour(mask, img.width, img.height, img, opts);
    expect(Math.abs(c.areaMm2 / polygonArea(outer) - 1)).toBeLessThan(0.01);
  }, SLOW);

  test("errors: nothing found, touching the inset band, area outside the limits", () => {
    const img = syntheticFrame(k, []);
    const empty = new Uint8Array(img.width * img.height);
    expect(() => extractToolContour(empty, img.width, img.height, img, opts)).toThrow(new VisionError(NO_TOOL_MESSAGE));

    const nearEdge = toolPolygon(30, 100, 50, 20, 0); // reaches x = 5 mm, inside the 12 mm band
    const img2 = syntheticFrame(k, [{ polygonMm: nearEdge, rgb: [40, 40, 40] }]);
    expect(() => extractToolContour(maskOf(nearEdge, img2.width, img2.height), img2.width, img2.height, img2, opts)).toThrow(
      new VisionError(touchesEdgeMessage(12)),
    );
    expect(touchesEdgeMessage(12)).toBe("The tool touches the edge of the scanning area (inset 12 mm); move it 10–20 mm inside the frame.");
    // With a 3 mm inset the same tool is fine.
    expect(() => extractToolContour(maskOf(nearEdge, img2.width, img2.height), img2.width, img2.height, img2, { ...opts, insetMm: 3 })).not.toThrow();

    const small = toolPolygon(100, 100, 8, 6, 0);
    const img3 = syntheticFrame(k, [{ polygonMm: small, rgb: [40, 40, 40] }]);
    expect(() => extractToolContour(maskOf(small, img3.width, img3.height), img3.width, img3.height, img3, opts)).toThrow(
      /too small \(\d+ mm²\); the minimum contour area is 100 mm²/,
    );
    const big = toolPolygon(100, 130, 150, 120, 0);
    const img4 = syntheticFrame(k, [{ polygonMm: big, rgb: [40, 40, 40] }]);
    expect(() => extractToolContour(maskOf(big, img4.width, img4.height), img4.width, img4.height, img4, opts)).toThrow(
      /too large \(\d+ mm²\); the maximum contour area is 11750 mm²/,
    );
  }, SLOW);
});

describe("snapToEdges reads a camera's edges in linear light", () => {
  const ring = discRing(DISC.radius - 0.5);

  test("a camera's black part: its blurred edge is found where it is, not half a pixel inside it", () => {
    for (const [toolLinear, sigma] of [[0.01, 0.8], [0.01, 1.5], [0.1, 0.8], [0.4, 0.6]]) {
      expect(Math.abs(discRadiusError(snapToEdges(ring, blurredDisc(toolLinear, sigma, false), 3, true)))).toBeLessThan(0.08);
      // Read on the encoded values, a black part's edge comes out inside (0.5-0.8 px for black: 0.1-0.16 mm at 5 px/mm).
      if (toolLinear < 0.05) expect(discRadiusError(snapToEdges(ring, blurredDisc(toolLinear, sigma, false)))).toBeLessThan(-0.3);
    }
  });

  test("an image blurred as 8-bit values is read as it is: its black part is not pushed out", () => {
    for (const [toolLinear, sigma] of [[0.01, 0.6], [0.01, 0.8], [0.01, 1.5], [0.1, 1.5], [0.4, 0.8]]) {
      expect(Math.abs(discRadiusError(snapToEdges(ring, blurredDisc(toolLinear, sigma, true))))).toBeLessThan(0.08);
      // Read in linear light, a black part's edge would come out outside.
      if (toolLinear < 0.05) expect(discRadiusError(snapToEdges(ring, blurredDisc(toolLinear, sigma, true), 3, true))).toBeGreaterThan(0.2);
    }
  });

  test("the carved mask's own edge image (blurred as 8-bit values) snaps back onto the mask's edge", () => {
    const { size: W, radius: R, cx, cy } = DISC;
    const mask = new Uint8Array(W * W);
    for (let y = 0; y < W; y++) for (let x = 0; x < W; x++) if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) < R) mask[y * W + x] = 1;
    expect(Math.abs(discRadiusError(snapToEdges(ring, maskEdgeImage(mask, W, W))))).toBeLessThan(0.05);
  });
});
