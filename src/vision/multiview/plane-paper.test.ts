import { beforeAll, describe, expect, test } from "bun:test";
import { loadOpenCv } from "../opencv.ts";
import type { CameraPose } from "./camera.ts";
import { padPlanePaper, type PlaneView } from "./plane-paper.ts";

beforeAll(async () => {
  await loadOpenCv();
});

const K = 5;
const W = 60 * K;
const H = 40 * K;
const camera = (nx: number, ny: number, hMm: number): CameraPose => ({ centreMm: [nx, ny, hMm], nadirMm: [nx, ny], heightMm: hMm, R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0], focalPx: 1500 });

/**
 * A bar (plan x in [10, barX1) mm, all y) whose top stands `topMm` above the pad, its surface
 * shaded across (a gradient and a ripple, both fixed to the bar), on paper whose brightness
 * `pad(x)` is given: each photo's paper-relative image as its camera sees it, rectified to the pad.
 */
function view(cam: CameraPose, barX1: number, topMm: number, pad: (x: number) => number, tint = 0): PlaneView {
  const data = new Uint8ClampedArray(W * H * 4);
  const cx = cam.nadirMm[0];
  const f = (cam.heightMm - topMm) / cam.heightMm;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const px = (x + 0.5) / K;
      // The point of the bar's top this ray would cross, if it crosses the bar (the bar runs along y).
      const bx = cx + (px - cx) * f;
      const onBar = bx >= 10 && bx < barX1;
      const v = onBar ? 0.42 + 0.08 * ((bx - 10) / (barX1 - 10)) + 0.05 * Math.sin(bx * 2.3) : pad(px);
      const o = (y * W + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = Math.round(v * 220);
      // A tinted pad (red up, blue down by `tint` of the paper) off the bar: no shadow on white paper.
      if (!onBar && tint) {
        data[o] = Math.round((v + tint) * 220);
        data[o + 2] = Math.round((v - tint) * 220);
      }
      data[o + 3] = 255;
    }
  return { flat: { width: W, height: H, data }, camera: cam };
}

/**
 * A light plate lying on the pad (plan x in [10, 20) mm, too thin for any parallax): 0.9 inside, its
 * edge darkening to 0.6 over its last 0.4 mm, on paper that brightens from 0.6 at the plate to 1 at
 * 22 mm. Every camera sees the same pad.
 */
function plateView(cam: CameraPose): PlaneView {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const px = (x + 0.5) / K;
      const v = px < 19.6 ? 0.9 : px < 20 ? 0.9 - (0.3 * (px - 19.6)) / 0.4 : px < 22 ? 0.6 + (0.4 * (px - 20)) / 2 : 1;
      const o = (y * W + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = Math.round(v * 220);
      data[o + 3] = 255;
    }
  return { flat: { width: W, height: H, data }, camera: cam };
}

/** Footprint: x in [10, x1) mm, every row (the hull every photo kept). */
function foot(x1: number): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 10 * K; x < x1 * K; x++) m[y * W + x] = 1;
  return m;
}

const count = (m: Uint8Array | null, x0: number, x1: number) => {
  let n = 0;
  if (m) for (let y = 10 * K; y < 30 * K; y++) for (let x = Math.round(x0 * K); x < Math.round(x1 * K); x++) n += m[y * W + x];
  return n;
};

// Two cameras either side of the bar across its edge (the protocol's corners), 350 mm up.
const cams = [camera(-120, 20, 350), camera(160, 20, 350)];
// A shadow's rim on the pad beside the bar's edge at x = 20 mm: dark at the edge, lit by 23 mm.
const rim = (x: number) => (x < 20 ? 0.45 : x < 23 ? 0.45 + (0.55 * (x - 20)) / 3 : 1);

describe("padPlanePaper", () => {
  test("a shadow's rim every photo kept is paper both photos saw at the pad's height", () => {
    // The bar's top 2 mm up hides the rim's first 0.8 mm from the left camera.
    const views = cams.map((c) => view(c, 20, 2, rim));
    const hull = foot(23);
    const paper = padPlanePaper(views, hull, W, H, K);
    for (const m of paper) {
      expect(m).not.toBeNull();
      // The rim's gradient is proven where both cameras see it, from its lit end to 21.2 mm...
      expect(count(m, 21.2, 23)).toBeGreaterThan(0.9 * 20 * K * 1.8 * K);
      // ...and nothing of the bar, 4 mm up, whose shading each camera sees at another pad place.
      expect(count(m, 10, 19.6)).toBe(0);
    }
  });

  test("beside a hull under 2 mm (a part lying flat, no parallax to read) nothing is proven", () => {
    const views = cams.map((c) => view(c, 20, 2, rim));
    expect(padPlanePaper(views, foot(23), W, H, K, { partHeightMm: 1.5 })).toEqual([null, null]);
    expect(padPlanePaper(views, foot(23), W, H, K, { partHeightMm: 2 }).every((m) => m !== null)).toBe(true);
  });

  test("a coloured rim is no shadow on the paper: nothing is proven", () => {
    const paper = padPlanePaper(
      cams.map((c) => view(c, 20, 2, rim, 0.08)),
      foot(23),
      W,
      H,
      K,
    );
    expect(paper).toEqual([null, null]);
  });

  test("an even shadow core proves nothing, and what it cuts off from the outside is not taken", () => {
    // Uniform dark paper 20-22 mm (no gradient to sweep), then the rim 22-25 mm.
    const pad = (x: number) => (x < 22 ? 0.45 : x < 25 ? 0.45 + (0.55 * (x - 22)) / 3 : 1);
    const views = cams.map((c) => view(c, 20, 2, pad));
    const paper = padPlanePaper(views, foot(25), W, H, K);
    for (const m of paper) {
      expect(count(m, 22.6, 25)).toBeGreaterThan(0);
      expect(count(m, 10, 21.4)).toBe(0);
    }
    // The same rim deeper inside the hull, an even shadow core between it and a second rim across
    // the hull's edge: the second rim is proven, the first is cut off from the outside and is not.
    const enclosed = padPlanePaper(
      cams.map((c) =>
        view(c, 20, 2, (x) => (x < 20 ? 0.45 : x < 23 ? 0.45 + (0.55 * (x - 20)) / 3 : x < 24 ? 0.45 : x < 26 ? 0.45 + (0.55 * (x - 24)) / 2 : 1)),
      ),
      foot(25),
      W,
      H,
      K,
    );
    for (const m of enclosed) {
      expect(count(m, 24.4, 25)).toBeGreaterThan(0);
      expect(count(m, 10, 23.2)).toBe(0);
    }
  });

  test("the edge of a part at the pad's height stays when the footprint it leaves is brighter than it", () => {
    const views = cams.map(plateView);
    const hull = foot(20);
    // The sweep's low heights only: from 3 mm up, the plate's flat inside read by one camera and
    // the rim's middle by the other happen to agree.
    const heightsMm = [0.8, 1.6];
    for (const m of padPlanePaper(views, hull, W, H, K, { heightsMm })) expect(count(m, 10, 20)).toBe(0);
    // Without the margin its darkened edge is proven with the paper beside it.
    const bare = padPlanePaper(views, hull, W, H, K, { heightsMm, innerMarginPx: 0 });
    expect(bare.some((m) => count(m, 10, 20) > 0)).toBe(true);
  });

  test("a bar standing up to its edge keeps its shaded side; one photo or photos without an edge image prove nothing", () => {
    const views = cams.map((c) => view(c, 23, 4, () => 1));
    const paper = padPlanePaper(views, foot(23), W, H, K);
    for (const m of paper) expect(count(m, 10, 23)).toBe(0);
    expect(padPlanePaper([view(cams[0], 20, 4, rim)], foot(23), W, H, K)).toEqual([null]);
    expect(padPlanePaper(cams.map((camera) => ({ camera })), foot(23), W, H, K)).toEqual([null, null]);
  });
});
