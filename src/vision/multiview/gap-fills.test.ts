import { beforeAll, describe, expect, test } from "bun:test";
import { loadOpenCv } from "../opencv.ts";
import { closeGaps } from "../trace-views.ts";
import { bridgeGaps, classifyGapFills, DOUBT_MM, doubtfulMisses } from "./gap-fills.ts";

const K = 5; // px/mm, the working raster's
const W = 220;
const H = 180;
const R = Math.round(3.5 * K); // the five-photo scan's closing radius

beforeAll(async () => {
  await loadOpenCv();
});

/** A mask of axis-aligned boxes [x0, y0, x1, y1) (pixels), minus `holes`. */
function boxes(on: number[][], holes: number[][] = []): Uint8Array {
  const m = new Uint8Array(W * H);
  const paint = (b: number[], v: number) => {
    for (let y = b[1]; y < b[3]; y++) for (let x = b[0]; x < b[2]; x++) m[y * W + x] = v;
  };
  for (const b of on) paint(b, 1);
  for (const b of holes) paint(b, 0);
  return m;
}

/** The photo: the tool in `tool` grey (or colour) on paper of level 230. */
function photo(mask: Uint8Array, tool: [number, number, number]) {
  const data = new Uint8Array(W * H * 4);
  for (let q = 0; q < mask.length; q++) {
    const c = mask[q] ? tool : [230, 230, 230];
    data.set([c[0], c[1], c[2], 255], 4 * q);
  }
  return { width: W, height: H, data };
}

/** Two straight handles of half-width 10 px from (110, 160) to (60, 30) and (160, 30). */
function handles(): Uint8Array {
  const m = new Uint8Array(W * H);
  const near = (x: number, y: number, bx: number, by: number) => {
    const [ax, ay] = [110, 160];
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) <= 10;
  };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (near(x, y, 60, 30) || near(x, y, 160, 30)) m[y * W + x] = 1;
  return m;
}

const filled = (closed: Uint8Array, mask: Uint8Array) => closed.reduce((n, v, q) => n + (v && !mask[q] ? 1 : 0), 0);

// An L: a shaft (x 20-180, y 100-130) with an arm standing up at its left end (x 20-50, y 20-100).
// The concave corner is at (50, 100): the closing rounds it off with its disk.
const L_SHAPE = [
  [20, 100, 180, 130],
  [20, 20, 50, 100],
];
const CORNER: [number, number] = [52, 98];

describe("classifyGapFills: gaps versus the tool's own concavities", () => {
  test("a bite out of a straight edge is a gap: filled", () => {
    // An 8 mm bar with a 3 x 2 mm bite out of its top edge (segmentation lost a pale edge there).
    const mask = boxes([[20, 50, 200, 90]], [[90, 50, 105, 60]]);
    const closed = closeGaps(mask, W, H, R);
    expect(filled(closed, mask)).toBeGreaterThan(50);
    const g = classifyGapFills(mask, closed, W, H, K);
    expect(g.openCount).toBe(0);
    expect(g.mask[55 * W + 97]).toBe(1);
  });

  test("a bar found in two pieces is bridged", () => {
    const mask = boxes([[20, 50, 200, 90]], [[100, 50, 104, 90]]);
    const closed = closeGaps(mask, W, H, R);
    const g = classifyGapFills(mask, closed, W, H, K);
    expect(g.openCount).toBe(0);
    expect(g.mask[70 * W + 102]).toBe(1);
  });

  test("a concave corner and the crotch between two handles are the tool's own: left open", () => {
    const l = boxes(L_SHAPE);
    const lClosed = closeGaps(l, W, H, R);
    expect(lClosed[CORNER[1] * W + CORNER[0]]).toBe(1);
    const lg = classifyGapFills(l, lClosed, W, H, K);
    expect(lg.openCount).toBe(1);
    expect(lg.mask[CORNER[1] * W + CORNER[0]]).toBe(0);
    expect(lg.open[CORNER[1] * W + CORNER[0]]).toBe(1);

    // A pair of pliers' handles, 4 mm wide, meeting at (110, 160) 42 degrees apart: the closing fills
    // the crotch between them up to where they are its disk's width apart.
    const v = handles();
    const vClosed = closeGaps(v, W, H, R);
    expect(filled(vClosed, v)).toBeGreaterThan(100);
    const vg = classifyGapFills(v, vClosed, W, H, K);
    expect(vg.openCount).toBe(1);
    expect(filled(vg.mask, v)).toBe(0);
  });
});

describe("bridgeGaps: the photo decides a concavity beside a pale part", () => {
  test("a dark tool's corner stays open; a part as pale as the paper gets it filled", () => {
    const mask = boxes(L_SHAPE);
    const closed = closeGaps(mask, W, H, R);
    const dark = bridgeGaps(mask, closed, photo(mask, [40, 40, 45]), K);
    expect(dark[CORNER[1] * W + CORNER[0]]).toBe(0);
    expect(filled(dark, mask)).toBe(0);
    const coloured = bridgeGaps(mask, closed, photo(mask, [40, 140, 60]), K);
    expect(coloured[CORNER[1] * W + CORNER[0]]).toBe(0);
    // A light-grey caliper on white paper: its edges come and go, so the fill may be a lost bite.
    const pale = bridgeGaps(mask, closed, photo(mask, [205, 205, 210]), K);
    expect(Array.from(pale)).toEqual(Array.from(closed));
  });

  test("a bite out of a dark part's edge is still filled", () => {
    const mask = boxes([[20, 50, 200, 90]], [[90, 50, 105, 60]]);
    const closed = closeGaps(mask, W, H, R);
    expect(Array.from(bridgeGaps(mask, closed, photo(mask, [40, 40, 45]), K))).toEqual(Array.from(closed));
  });
});

describe("doubtfulMisses: where a photo may have lost a pale part", () => {
  // A 12 mm bar (x 20-200, y 50-110); its top edge is at y = 50.
  const bar = () => boxes([[20, 50, 200, 110]]);
  const above = (mm: number) => (Math.round(50 - mm * K) * W + 100);

  test("beside a part as pale as the paper, just outside the outline: doubtful; farther out, or beside a dark part: not", () => {
    const mask = bar();
    const pale = doubtfulMisses(mask, photo(mask, [222, 222, 226]), K);
    expect(pale[above(0.4)]).toBe(1);
    expect(pale[above(DOUBT_MM - 0.4)]).toBe(1);
    expect(pale[above(DOUBT_MM + 0.6)]).toBe(0);
    expect(pale[70 * W + 100]).toBe(0); // the silhouette itself
    // A black or coloured tool stands out from the paper: its photo's miss is clear.
    expect(doubtfulMisses(mask, photo(mask, [40, 40, 45]), K).some((v) => v === 1)).toBe(false);
    expect(doubtfulMisses(mask, photo(mask, [40, 140, 60]), K).some((v) => v === 1)).toBe(false);
  });

  test("a cast shadow the grid found is doubtful only where it is as light as the paper", () => {
    const mask = bar();
    // The shadow: a band 1.6 mm above the pale bar, grey (210: alike the bar, darker than the paper).
    const shadow = boxes([[20, 42, 200, 50]]);
    const img = photo(mask, [222, 222, 226]);
    for (let q = 0; q < shadow.length; q++) if (shadow[q]) img.data.set([210, 210, 210], 4 * q);
    const d = doubtfulMisses(mask, img, K, shadow);
    expect(d[above(0.6)]).toBe(0);
    // Without the grid's evidence the same grey is judged by its likeness to the tool alone.
    expect(doubtfulMisses(mask, img, K)[above(0.6)]).toBe(1);
    // The grid's shadow map over pixels as light as the paper (the pale part's own edge): doubtful.
    const edge = doubtfulMisses(mask, photo(mask, [222, 222, 226]), K, shadow);
    expect(edge[above(0.6)]).toBe(1);
  });

  test("a band clearly darker than the paper is no pale part, even where the grid found no shadow", () => {
    // A light-grey bar (185) with a shadow band (172) the grid's evidence missed: alike the bar,
    // but 58 levels under the paper (230), so the photo's miss there is clear.
    const mask = bar();
    const band = boxes([[20, 42, 200, 50]]);
    const img = photo(mask, [185, 185, 188]);
    for (let q = 0; q < band.length; q++) if (band[q]) img.data.set([172, 172, 172], 4 * q);
    expect(doubtfulMisses(mask, img, K)[above(0.6)]).toBe(0);
    // Beside a part nearly as light as the paper (215) the paper-coloured miss stays in doubt.
    const light = photo(mask, [215, 215, 218]);
    expect(doubtfulMisses(mask, light, K)[above(0.6)]).toBe(1);
  });
});
