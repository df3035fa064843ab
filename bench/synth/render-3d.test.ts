import { describe, expect, test } from "bun:test";
import { decodeImage } from "../../src/vision/decode-image.ts";
import { applyHomography } from "../../src/vision/homography.ts";
import { findMarkersCoarse, locatePad } from "../../src/vision/locate-pad.ts";
import { loadOpenCv } from "../../src/vision/opencv.ts";
import { FRAME_CORNERS_MM } from "../../src/vision/pad-spec.ts";
import { rgbaToGrey } from "../../src/vision/raster.ts";
import { castShadowMm, renderPadPhoto3d, seenSilhouetteMm } from "./render-3d.ts";
import { polygonUnion } from "../../src/vision/clipper-ops.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";
import { createRng } from "./rng.ts";
import { bounds, makeTool3d, outerSign, TOOL3D_KINDS, type Tool3d, toolHeight } from "./tool-shapes-3d.ts";

type P = [number, number];
const box = (x0: number, y0: number, x1: number, y1: number): P[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
/** x of every crossing of a closed polygon's edges with the line y = y0. */
function crossingsAtY(poly: P[], y0: number): number[] {
  const xs: number[] = [];
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i];
    const [bx, by] = poly[(i + 1) % poly.length];
    if ((ay - y0) * (by - y0) < 0) xs.push(ax + ((y0 - ay) * (bx - ax)) / (by - ay));
  }
  return xs;
}
const tool = (polys: P[][], h: number, edge: number, z0 = 0): Tool3d => ({ kind: "socket", parts: [{ polys, z0, h, edge, mat: "body" }] });

describe("render-3d geometry", () => {
  test("a flat box's top edge moves outward by exactly r h / (Hc - h); the nadir-side wall is hidden", () => {
    const h = 10;
    const Hc = 300;
    const sil = seenSilhouetteMm(tool([box(100, 50, 140, 70)], h, 0), [20, 60, Hc]);
    const b = bounds(sil);
    // Far edge x = 140 is r = 120 from the nadir; near edge x = 100 faces the nadir.
    expect(b.x1).toBeCloseTo(140 + (120 * h) / (Hc - h), 2);
    expect(b.x0).toBeCloseTo(100, 2);
    // Along y the nadir is level with the middle: both long edges grow by their own r.
    expect(b.y0).toBeCloseTo(60 + (50 - 60) * (Hc / (Hc - h)), 2);
    expect(b.y1).toBeCloseTo(60 + (70 - 60) * (Hc / (Hc - h)), 2);
  });

  test("a round part's silhouette falls inside the footprint on the nadir side (0.3 R at 20 deg)", () => {
    const R = 10;
    // A camera very far away at 20 deg off vertical: the tangent ray meets the pad R (1 + tan a - sec a) inside.
    const Hc = 200000;
    const a = (20 * Math.PI) / 180;
    const sil = seenSilhouetteMm(tool([box(100, 0, 100 + 2 * R, 200)], 2 * R, R), [100 + R - Hc * Math.tan(a), 100, Hc]);
    const inside = R * (1 + Math.tan(a) - 1 / Math.cos(a));
    const nearX = Math.min(...crossingsAtY(sil, 100));
    expect(inside).toBeCloseTo(3.0, 1);
    expect(Math.abs(nearX - (100 + inside))).toBeLessThan(0.05);
    // The far flank's tangent ray meets the pad at R (1 + tan a + sec a), beyond the footprint.
    expect(Math.abs(Math.max(...crossingsAtY(sil, 100)) - (100 + R * (1 + Math.tan(a) + 1 / Math.cos(a))))).toBeLessThan(0.05);
  });

  test("a cast shadow is height / tan(elevation) long, away from the light", () => {
    const sh = castShadowMm(tool([box(100, 100, 120, 110)], 40, 0), { elevationDeg: 45, azimuthDeg: 180 });
    // Light from -x: the shadow reaches 40 mm beyond the box's +x face.
    const b = bounds(sh.flat());
    expect(b.x1).toBeCloseTo(160, 3);
    expect(b.x0).toBeCloseTo(100, 3);
  });
});

describe("3D tools", () => {
  // Documented thicknesses (bench/README.md); a tool whose parts only touch would lose a piece of its footprint.
  const HEIGHTS: Record<string, [number, number]> = {
    spanner: [8, 10],
    screwdriver: [26, 30],
    pliers: [12, 15],
    "hex-key": [4, 8],
    socket: [20, 30],
    knife: [12, 15],
    "tape-measure": [36, 40],
    hammer: [25, 30],
    caliper: [7, 8],
    drill: [52, 58],
  };
  test("every kind is one piece and as thick as documented", () => {
    for (const kind of TOOL3D_KINDS)
      for (let s = 0; s < 60; s++) {
        const t = makeTool3d(kind, createRng(s * 7919 + 31));
        const u = polygonUnion(t.parts.flatMap((p) => p.polys));
        const sign = outerSign(u);
        expect(`${kind} ${u.filter((q) => Math.sign(signedPolygonArea(q)) === sign).length}`).toBe(`${kind} 1`);
        const h = toolHeight(t);
        expect(h).toBeGreaterThanOrEqual(HEIGHTS[kind][0] - 1e-9);
        expect(h).toBeLessThanOrEqual(HEIGHTS[kind][1] + 1e-9);
      }
  });
});

describe("render-3d photos", () => {
  test("padToImage maps the frame corners where locatePad finds them (corner view) and renders are deterministic", async () => {
    await loadOpenCv();
    const opts = { seed: 7, width: 1280, height: 960, toolKind: "screwdriver" as const, camera: "corner1" as const };
    const photo = await renderPadPhoto3d(opts);
    const dec = await decodeImage(photo.jpeg);
    const grey = rgbaToGrey(dec.image);
    const loc = locatePad(grey, findMarkersCoarse(grey), dec.scaleX, dec.scaleY);
    for (const c of FRAME_CORNERS_MM) {
      const a = applyHomography(loc.padToImage, c);
      const b = applyHomography(photo.camera.padToImage, c);
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(1);
    }
    // The camera is above marker 1's corner, 250-450 mm up.
    const [cx, cy, hc] = photo.camera.centreMm;
    expect(Math.hypot(cx - 195.9, cy)).toBeLessThan(25);
    expect(hc).toBeGreaterThanOrEqual(250);
    expect(hc).toBeLessThanOrEqual(600);
    const again = await renderPadPhoto3d(opts);
    expect(Buffer.from(again.jpeg).equals(Buffer.from(photo.jpeg))).toBe(true);
  }, 60000);
});
