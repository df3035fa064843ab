import { beforeAll, describe, expect, test } from "bun:test";
import { decodeImage } from "./decode-image.ts";
import { applyHomography, fitHomography, type Mat3, type Pt } from "./homography.ts";
import { findMarkersCoarse, fitPadHomography, locatePad, missingMarkersMessage } from "./locate-pad.ts";
import { loadOpenCv } from "./opencv.ts";
import { FRAME_CORNERS_MM, MARKER_IDS, markerCornersMm } from "./pad-spec.ts";
import { rgbaToGrey } from "./raster.ts";
import { smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";
import { VisionError } from "./vision-error.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

describe("fitPadHomography", () => {
  // A tilted camera's homography (pad mm -> px): the four markers come out at different sizes in px.
  const truth: Mat3 = [4.1, 0.35, 210, -0.2, 3.7, 160, 0.0009, 0.0006, 1];
  const src: Pt[] = MARKER_IDS.flatMap((id) => markerCornersMm(id));
  const exact = src.map((p) => applyHomography(truth, p));
  /** Every marker's four sides moved `d` px toward its centre (how a gamma-encoded, blurred photo measures them). */
  function shrink(d: number): Pt[] {
    return exact.map((c, i) => {
      const base = i - (i % 4);
      const quad = exact.slice(base, base + 4);
      const m = [quad.reduce((s, p) => s + p[0], 0) / 4, quad.reduce((s, p) => s + p[1], 0) / 4];
      const side = (p: Pt, q: Pt) => {
        const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
        const n = [-(q[1] - p[1]) / len, (q[0] - p[0]) / len];
        const s = Math.sign(n[0] * (m[0] - p[0]) + n[1] * (m[1] - p[1]));
        return { n: [n[0] * s, n[1] * s], c: (n[0] * p[0] + n[1] * p[1]) * s + d };
      };
      const k = i - base;
      const a = side(quad[(k + 3) % 4], c);
      const b = side(c, quad[(k + 1) % 4]);
      const det = a.n[0] * b.n[1] - a.n[1] * b.n[0];
      return [(a.c * b.n[1] - b.c * a.n[1]) / det, (a.n[0] * b.c - b.n[0] * a.c) / det] as Pt;
    });
  }
  const rms = (h: Mat3, dst: Pt[]) => Math.sqrt(src.reduce((s, p, i) => s + Math.hypot(applyHomography(h, p)[0] - dst[i][0], applyHomography(h, p)[1] - dst[i][1]) ** 2, 0) / src.length);

  test("a shrink common to the markers' sides is measured; the plain fit shows it only as residual", () => {
    const dst = shrink(0.4);
    expect(fitPadHomography(src, dst).shrinkPx).toBeCloseTo(0.4, 2);
    expect(rms(fitHomography(src, dst), dst)).toBeGreaterThan(0.3);
    expect(fitPadHomography(src, shrink(-0.25)).shrinkPx).toBeCloseTo(-0.25, 2);
  });

  test("markers measured true have no shrink; the estimate is bounded", () => {
    expect(Math.abs(fitPadHomography(src, exact).shrinkPx)).toBeLessThan(1e-6);
    expect(fitPadHomography(src, shrink(4)).shrinkPx).toBe(1.5);
  });

  test("the fit with the shrink recovers the true homography and leaves no residual", () => {
    const fit = fitPadHomography(src, shrink(0.4));
    expect(fit.shrinkPx).toBeCloseTo(0.4, 2);
    expect(Math.max(...fit.errors)).toBeLessThan(0.01);
    // Over the whole pad, not only at the markers.
    for (const p of [[0, 0], [100, 140], [190, 270]] as Pt[]) {
      const a = applyHomography(fit.padToImage, p);
      const b = applyHomography(truth, p);
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(0.01);
    }
  });

  test("a shrink under 0.05 px is not told from noise: the plain fit stands", () => {
    const dst = shrink(0.03);
    const fit = fitPadHomography(src, dst);
    expect(fit.shrinkPx).toBe(0);
    const plain = fitHomography(src, dst);
    expect(fit.padToImage.every((v, i) => Math.abs(v - plain[i]) <= 1e-9 * Math.max(1, Math.abs(v)))).toBe(true);
  });
});

describe("locatePad", () => {
  test("homography from the 16 refined corners matches the camera (< 0.05 mm at the frame corners)", async () => {
    const photo = await smallPadPhoto({ seed: 21, tiltDeg: 14 });
    const dec = await decodeImage(photo.jpeg);
    const grey = rgbaToGrey(dec.image);
    const loc = locatePad(grey, findMarkersCoarse(grey), dec.scaleX, dec.scaleY);
    expect(loc.markers.map((m) => m.id)).toEqual([0, 1, 2, 3]);
    expect(loc.reprojectionPx).toBeLessThan(0.3);
    expect(Math.abs(loc.markerShrinkPx)).toBeLessThan(0.5);
    for (const p of FRAME_CORNERS_MM) {
      const a = applyHomography(loc.padToImage, p);
      const b = applyHomography(photo.meta.padToImage, p);
      expect(Math.hypot(a[0] - b[0], a[1] - b[1]) / photo.meta.pxPerMm).toBeLessThan(0.05);
    }
  }, SLOW);

  test("missing markers are named", async () => {
    expect(missingMarkersMessage([0, 1])).toBe(
      "Calibration markers not found. Please ensure all 4 corners are visible in the frame. Missing marker ids: 2, 3.",
    );
    const photo = await smallPadPhoto({ seed: 22, hideMarkers: [1] });
    const dec = await decodeImage(photo.jpeg);
    const grey = rgbaToGrey(dec.image);
    const coarse = findMarkersCoarse(grey);
    expect(() => locatePad(grey, coarse, 1, 1)).toThrow(new VisionError(missingMarkersMessage([0, 2, 3])));
  }, SLOW);
});
