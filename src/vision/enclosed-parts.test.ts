import { beforeAll, describe, expect, test } from "bun:test";
import { rasterizeCoverage } from "../../bench/synth/rasterize.ts";
import { addGrain, polygonShare, syntheticFrame, toolPolygon } from "../../tests/helpers/vision/test-rasters.ts";
import { MIN_ENCLOSED_MM2, paperEnclosure } from "./enclosed-parts.ts";
import { loadOpenCv } from "./opencv.ts";
import { segmentClassic } from "./segment-classic.ts";
import { exclusionMask } from "./trace-pipeline.ts";

const SLOW = 60_000;
const k = 5;
type P = [number, number];
type Rect = [number, number, number, number];

beforeAll(() => loadOpenCv());

const W = 120 * k;
const H = 80 * k;
const inRect = (x: number, y: number, r: Rect) => x >= r[0] * k && x < r[2] * k && y >= r[1] * k && y < r[3] * k;

/** Share of the rectangle (inset by `inset` mm) set in `m`. */
function share(m: Uint8Array, r: Rect, inset = 0.5, w = W): number {
  let all = 0;
  let got = 0;
  for (let y = Math.round((r[1] + inset) * k); y < Math.round((r[3] - inset) * k); y++)
    for (let x = Math.round((r[0] + inset) * k); x < Math.round((r[2] - inset) * k); x++) {
      all++;
      if (m[y * w + x]) got++;
    }
  return got / all;
}

/** A rectangle's outline (one pixel wide) in `edge`, skipping every pixel where `gap(t)` holds (t in mm along the side). */
function outline(edge: Uint8Array, r: Rect, gap: (t: number) => boolean = () => false): void {
  const [x0, y0, x1, y1] = r.map((v) => Math.round(v * k));
  for (let x = x0; x <= x1; x++) {
    if (!gap((x - x0) / k)) edge[y0 * W + x] = 1;
    if (!gap((x - x0) / k)) edge[y1 * W + x] = 1;
  }
  for (let y = y0; y <= y1; y++) {
    if (!gap((y - y0) / k)) edge[y * W + x0] = 1;
    if (!gap((y - y0) / k)) edge[y * W + x1] = 1;
  }
}

describe("paperEnclosure", () => {
  const dark: Rect = [20, 20, 40, 60];
  const blockedDark = () => {
    const b = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inRect(x, y, dark)) b[y * W + x] = 1;
    return b;
  };

  test("a light part outlined by a step (gaps of 2 px) and touching the tool is enclosed; the paper around is open", () => {
    const blocked = blockedDark();
    const edge = new Uint8Array(W * H);
    const part: Rect = [40, 30, 90, 50];
    // Gaps of two pixels every 5 mm: a faint step's trace is never whole.
    outline(edge, part, (t) => t % 5 > 4.6);
    const { open, enclosed } = paperEnclosure(blocked, edge, W, H, k);
    expect(share(enclosed, part)).toBeGreaterThan(0.99);
    expect(share(enclosed, [95, 10, 115, 70])).toBe(0);
    expect(share(open, [95, 10, 115, 70])).toBe(1);
    expect(share(enclosed, dark)).toBe(0);
  });

  test("a straight side whose step fades out in dashes (3 mm gaps) still encloses", () => {
    const blocked = blockedDark();
    const edge = new Uint8Array(W * H);
    const part: Rect = [40, 30, 100, 46];
    outline(edge, part, (t) => t % 8 > 4 && t % 8 < 7);
    expect(share(paperEnclosure(blocked, edge, W, H, k).enclosed, part)).toBeGreaterThan(0.99);
  });

  test("no step: the paper beside the tool is open; an outlined region off the tool and a speck are not parts", () => {
    const blocked = blockedDark();
    const edge = new Uint8Array(W * H);
    // Off the tool: a closed outline 30 mm away.
    const away: Rect = [75, 20, 95, 40];
    outline(edge, away);
    // A speck touching the tool, under MIN_ENCLOSED_MM2.
    const side = Math.sqrt(MIN_ENCLOSED_MM2) * 0.6;
    const speck: Rect = [40, 45, 40 + side, 45 + side];
    outline(edge, speck);
    const { open, enclosed } = paperEnclosure(blocked, edge, W, H, k);
    expect(share(open, [41, 20, 70, 40])).toBe(1);
    expect(share(enclosed, away)).toBe(0);
    expect(share(enclosed, speck, 0)).toBe(0);
  });
});

describe("segmentClassic on plain paper", () => {
  test("a satin bar as light as the paper, attached to a dark slider, is kept; a soft shadow is not", () => {
    // A caliper-like tool on plain paper (no printed grid): a dark slider and a light satin bar
    // 8 % darker than the paper with a grain, which no darkness or colour rule takes for tool.
    const slider = toolPolygon(50, 130, 22, 40, 0);
    const bar: P[] = [
      [44, 30],
      [56, 30],
      [56, 200],
      [44, 200],
    ];
    // A second, dark tool elsewhere, with a soft shadow (room light) the paper fades into.
    const block = toolPolygon(140, 100, 30, 50, 0);
    const img = syntheticFrame(k, [
      { polygonMm: bar, rgb: [226, 226, 222] },
      { polygonMm: slider, rgb: [70, 70, 72] },
      { polygonMm: block, rgb: [60, 60, 62], shadow: 0.3 },
    ], 0);
    addGrain(img, k, bar, 8, 3);
    const seg = segmentClassic({ image: img, pxPerMm: k, excluded: exclusionMask(img.width, img.height, k), sensitivity: 45 });
    const kept = (polys: P[][], inside = true) => polygonShare(seg.mask, polys, k, img.width, img.height, inside);
    expect(kept([bar])).toBeGreaterThan(0.97);
    expect(kept([slider])).toBeGreaterThan(0.99);
    expect(kept([block])).toBeGreaterThan(0.99);
    // The block's soft shadow band, 1.5-3.5 mm beyond its lower right sides, is paper.
    const band: P[] = [
      [126, 126.5],
      [157, 126.5],
      [157, 75],
      [158, 75],
      [158, 127.5],
      [126, 127.5],
    ];
    expect(kept([band])).toBe(0);
    // Nothing of the paper beyond a pixel or two at the tools' edges.
    const union: P[] = [
      [43, 29],
      [57, 29],
      [57, 110],
      [61.5, 110],
      [61.5, 150.5],
      [57, 150.5],
      [57, 201],
      [43, 201],
      [43, 150.5],
      [38.5, 150.5],
      [38.5, 110],
      [43, 110],
    ];
    expect(kept([union, toolPolygon(140, 100, 32, 52, 0)], false)).toBeLessThan(0.001);
  }, SLOW);

  test("a desk lamp's hard shadow beside a black tool, with a penumbra of a millimetre, is paper", () => {
    // A black bar 10 mm wide and its shadow 12 mm wide beside it, 35 % darker than the paper, whose
    // outer rim fades over about 6 px (a lamp of 1.5° seen from 40 mm); the tool's own edge is sharp.
    const tool = toolPolygon(80, 130, 10, 140, 0);
    const img = syntheticFrame(k, [{ polygonMm: tool, rgb: [45, 45, 47] }], 0);
    const shadow: P[] = [
      [85, 62],
      [97, 64],
      [97, 202],
      [85, 200],
    ];
    const cov = rasterizeCoverage([shadow.map(([x, y]) => [x * k, y * k] as P)], img.width, img.height);
    const toolCov = rasterizeCoverage([tool.map(([x, y]) => [x * k, y * k] as P)], img.width, img.height);
    // The penumbra: the shadow's coverage blurred along x by a 7-px box, twice (about σ 2.8 px).
    const W0 = img.width;
    let c = cov;
    for (let pass = 0; pass < 2; pass++) {
      const o = new Float32Array(c.length);
      for (let i = 0; i < c.length; i++) {
        const x = i % W0;
        let sum = 0;
        for (let d = -3; d <= 3; d++) sum += c[i - x + Math.min(W0 - 1, Math.max(0, x + d))];
        o[i] = sum / 7;
      }
      c = o;
    }
    // Sensor noise (about ±1.5 grey levels): a photo's paper is never perfectly smooth, and the
    // shadow rules judge smoothness against the paper's own grain.
    let seed = 11;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed / 0x7fffffff - 0.5) * 3;
    };
    for (let i = 0; i < c.length; i++) {
      const f = 1 - 0.35 * c[i] * (1 - Math.min(1, toolCov[i]));
      const e = noise();
      for (let ch = 0; ch < 3; ch++) img.data[i * 4 + ch] = Math.max(0, Math.min(255, Math.round(img.data[i * 4 + ch] * f + e)));
    }
    const seg = segmentClassic({ image: img, pxPerMm: k, excluded: exclusionMask(img.width, img.height, k), sensitivity: 45 });
    const inside = (poly: P[]) => polygonShare(seg.mask, [poly], k, img.width, img.height);
    expect(inside(tool)).toBeGreaterThan(0.99);
    // The shadow, a millimetre off the tool's side.
    const band: P[] = [
      [86, 70],
      [95, 70],
      [95, 190],
      [86, 190],
    ];
    expect(inside(band)).toBeLessThan(0.01);
  }, SLOW);
});
