import { beforeAll, describe, expect, test } from "bun:test";
import { rasterizeCoverage } from "../../bench/synth/rasterize.ts";
import { GRID_HIDDEN, GRID_VISIBLE, measureGridVisibility } from "./grid-visibility.ts";
import { loadOpenCv } from "./opencv.ts";
import type { RgbaImage } from "./raster.ts";
import { segmentClassic } from "./segment-classic.ts";
import { geodesicCost } from "./geodesic-cost.ts";
import { shadowEvidence } from "./shadow-evidence.ts";
import { frameLevel, polygonShare, syntheticFrame, toolPolygon } from "../../tests/helpers/vision/test-rasters.ts";
import { exclusionMask } from "./trace-pipeline.ts";

const SLOW = 60_000;
const k = 5;
type P = [number, number];

beforeAll(() => loadOpenCv());

const toPx = (poly: P[]) => poly.map(([x, y]) => [x * k, y * k] as P);

/**
 * A cast shadow on the frame: every pixel of `poly` not covered by a tool is scaled by (1 - depth),
 * grid lines included, as a lamp's shadow does; the edge is hard (anti-aliased only).
 */
function castShadow(img: RgbaImage, poly: P[], depth: number, tools: P[][]): void {
  const cov = rasterizeCoverage([toPx(poly)], img.width, img.height);
  const toolCov = tools.map((t) => rasterizeCoverage([toPx(t)], img.width, img.height));
  for (let i = 0; i < cov.length; i++) {
    if (!cov[i]) continue;
    const onTool = toolCov.reduce((m, c) => Math.max(m, c[i]), 0);
    const f = 1 - depth * Math.min(1, cov[i]) * (1 - Math.min(1, onTool));
    for (let c = 0; c < 3; c++) img.data[i * 4 + c] = Math.round(img.data[i * 4 + c] * f);
  }
}

function count(mask: Uint8Array, poly: P[], W: number, H: number, inside: boolean): number {
  const cov = rasterizeCoverage([toPx(poly)], W, H);
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] && (inside ? cov[i] >= 0.99 : cov[i] > 0)) n++;
  return n;
}

/** Share of the polygon's pixels (fully covered ones) the mask holds. */
function kept(mask: Uint8Array, poly: P[], W: number, H: number): number {
  return polygonShare(mask, [poly], k, W, H);
}

describe("measureGridVisibility", () => {
  test("the grid shows through a cast shadow and is hidden by a grey tool of the same brightness", () => {
    // A grey tool at half the paper's brightness, and a hard shadow as dark beside it.
    const tool = toolPolygon(60, 80, 60, 24, 0);
    const shadow: P[] = [
      [120, 60],
      [170, 60],
      [170, 110],
      [120, 110],
    ];
    const img = syntheticFrame(k, [{ polygonMm: tool, rgb: [120, 120, 120] }]);
    castShadow(img, shadow, 0.5, [tool]);
    const ex = exclusionMask(img.width, img.height, k);
    const level = frameLevel(img, k);
    const hint = new Uint8Array(level.length);
    for (let i = 0; i < hint.length; i++) hint[i] = level[i] > 0.8 ? 1 : 0;
    const g = measureGridVisibility(img, k, ex, level, hint);
    expect(g.paperDip).toBeGreaterThan(0.03);
    const at = (xm: number, ym: number) => g.visibility[Math.round(ym * k) * img.width + Math.round(xm * k)];
    // Vertical line x = 140 through the shadow, x = 60 under the tool (rows away from crossings).
    for (const ym of [65, 75, 85, 95, 105]) expect(at(140, ym)).toBeGreaterThanOrEqual(GRID_VISIBLE);
    for (const ym of [75, 85]) expect(at(60, ym)).toBeLessThanOrEqual(GRID_HIDDEN);
    // Lit paper: visible.
    expect(at(100, 155)).toBeGreaterThanOrEqual(GRID_VISIBLE);
  });
});

describe("geodesicCost", () => {
  test("spreads through passable pixels only, 2 per straight and 3 per diagonal step", () => {
    const w = 5;
    const h = 3;
    const seeds = new Uint8Array(w * h);
    seeds[0] = 1;
    const pass = new Uint8Array(w * h).fill(1);
    for (let y = 0; y < h - 1; y++) pass[y * w + 2] = 0; // a wall with a gap in the bottom row
    const c = geodesicCost(seeds, pass, w, h, 100);
    expect(c[1]).toBe(2);
    expect(c[w + 1]).toBe(3);
    expect(c[2]).toBe(0xffff);
    // Around the wall: (0,0) -> (1,1) -> (2,2) -> (3,1) -> (4,0): 3 + 3 + 3 + 3.
    expect(c[4]).toBe(12);
  });
});

describe("shadow evidence in the classic segmenter", () => {
  test("a hard shadow band with the grid showing through is excluded; a grey tool as dark as it is kept", () => {
    // A light-grey tool with a hard shadow (half the paper's brightness, as dark as a 0.45 lamp
    // shadow) reaching 12 mm beyond its lower side, and a second grey tool exactly as dark as that
    // shadow, with no shadow of its own.
    const tool = toolPolygon(80, 90, 90, 20, 8);
    const other = toolPolygon(110, 190, 60, 16, -30);
    const shadow = toolPolygon(82, 101, 90, 24, 8);
    const img = syntheticFrame(k, [
      { polygonMm: tool, rgb: [150, 150, 152] },
      { polygonMm: other, rgb: [122, 122, 124] },
    ]);
    castShadow(img, shadow, 0.5, [tool]);
    const seg = segmentClassic({ image: img, pxPerMm: k, excluded: exclusionMask(img.width, img.height, k), sensitivity: 45 });
    const { width: W, height: H } = img;
    expect(kept(seg.mask, tool, W, H)).toBeGreaterThan(0.99);
    expect(kept(seg.mask, other, W, H)).toBeGreaterThan(0.99);
    // The shadow's own pixels (outside the tool grown by 0.6 mm) stay out of the mask.
    let shadowPx = 0;
    let inMask = 0;
    const sh = rasterizeCoverage([toPx(shadow)], W, H);
    const grown = rasterizeCoverage([toPx(toolPolygon(80, 90, 91.2, 21.2, 8))], W, H);
    for (let i = 0; i < sh.length; i++)
      if (sh[i] >= 0.99 && grown[i] === 0) {
        shadowPx++;
        if (seg.mask[i]) inMask++;
      }
    expect(shadowPx).toBeGreaterThan(2000);
    expect(inMask / shadowPx).toBeLessThan(0.02);
    expect((seg.diagnostics?.grid as { shadow_px: number }).shadow_px).toBeGreaterThan(0);
  }, SLOW);

  test("the same shadow band is tool when no grid shows through it (a tool part, not a shadow)", () => {
    // Control for the test above: identical darkness, but the band hides the grid (a second grey
    // part lying against the first), so nothing may be excluded.
    const tool = toolPolygon(80, 90, 90, 20, 8);
    const band = toolPolygon(82, 101, 90, 24, 8);
    const img = syntheticFrame(k, [
      { polygonMm: band, rgb: [60, 60, 61] },
      { polygonMm: tool, rgb: [118, 118, 120] },
    ]);
    const seg = segmentClassic({ image: img, pxPerMm: k, excluded: exclusionMask(img.width, img.height, k), sensitivity: 45 });
    expect(kept(seg.mask, band, img.width, img.height)).toBeGreaterThan(0.99);
  }, SLOW);

  test("a satin-steel part as bright as the paper is kept where it hides the grid", () => {
    // A dark handle with a satin blade 9 % darker than the paper: below every colour threshold (the
    // segmenter without the grid cue loses the whole blade).
    const handle = toolPolygon(70, 120, 50, 22, 0);
    const blade = toolPolygon(124, 120, 64, 14, 0);
    const img = syntheticFrame(k, [
      { polygonMm: blade, rgb: [224, 224, 225] },
      { polygonMm: handle, rgb: [40, 40, 42] },
    ]);
    const seg = segmentClassic({ image: img, pxPerMm: k, excluded: exclusionMask(img.width, img.height, k), sensitivity: 45 });
    const { width: W, height: H } = img;
    expect(kept(seg.mask, handle, W, H)).toBeGreaterThan(0.99);
    expect(kept(seg.mask, blade, W, H)).toBeGreaterThan(0.95);
    // ... without spilling far onto the paper around it.
    const outside = count(seg.mask, toolPolygon(124, 120, 70, 20, 0), W, H, false) - count(seg.mask, blade, W, H, false);
    expect(outside).toBeLessThan(0.1 * 64 * 14 * k * k);
  }, SLOW);

  test("a narrow hard shadow (3.5 mm) beside a dark tool, at a slant to the grid, is largely excluded", () => {
    // A steep lamp: the band is only 3.5 mm wide. Its grid samples have the tool's hidden ones within
    // 4 mm (behind the tool's edge), its slanted rim spoils 1 mm of line at either side, and the 2 mm
    // around a crossing line cut it off from the lit paper: 81 % of it used to go to the tool (36 %
    // when this test was written).
    const deg = 12;
    const a = (deg * Math.PI) / 180;
    const turn = ([x, y]: P): P => [100 + Math.cos(a) * (x - 100) - Math.sin(a) * (y - 126), 126 + Math.sin(a) * (x - 100) + Math.cos(a) * (y - 126)];
    const tool = toolPolygon(100, 126, 80, 12, deg);
    const band = (
      [
        [62, 131],
        [138, 131],
        [138, 135.5],
        [62, 135.5],
      ] as P[]
    ).map(turn);
    const img = syntheticFrame(k, [{ polygonMm: tool, rgb: [45, 45, 47] }], 14);
    castShadow(img, band, 0.5, [tool]);
    const seg = segmentClassic({ image: img, pxPerMm: k, excluded: exclusionMask(img.width, img.height, k), sensitivity: 45 });
    const { width: W, height: H } = img;
    expect(kept(seg.mask, tool, W, H)).toBeGreaterThan(0.99);
    const sh = rasterizeCoverage([toPx(band)], W, H);
    const grown = rasterizeCoverage([toPx(toolPolygon(100, 126, 81.2, 13.2, deg))], W, H);
    let shadowPx = 0;
    let inMask = 0;
    for (let i = 0; i < sh.length; i++)
      if (sh[i] >= 0.99 && grown[i] === 0) {
        shadowPx++;
        if (seg.mask[i]) inMask++;
      }
    expect(shadowPx).toBeGreaterThan(4000);
    expect(inMask / shadowPx).toBeLessThan(0.45);
  }, SLOW);

  test("lines another photo vouches for (witnessed) take a narrow band as dark as the tool for shadow, not the tool, and leave the tool's reach alone", () => {
    // A grey bar and, along its lower edge, a 1.8 mm hard shadow as dark as it: no line run in the
    // band is long enough for this photo alone.
    const tool = toolPolygon(100, 120, 80, 12, 0);
    const band: P[] = [
      [60, 126],
      [140, 126],
      [140, 127.8],
      [60, 127.8],
    ];
    const img = syntheticFrame(k, [{ polygonMm: tool, rgb: [118, 118, 118] }], 14);
    castShadow(img, band, 0.5, [tool]);
    const { width: W, height: H } = img;
    const ex = exclusionMask(W, H, k);
    const level = frameLevel(img, k);
    const hint = level.map((v) => (v > 0.93 ? 1 : 0)) as unknown as Uint8Array;
    // The printed vertical lines' pixels inside the band: what corroboratedLines marks.
    const lineSeen = new Uint8Array(W * H);
    for (let y = Math.ceil(126 * k); y < Math.floor(127.8 * k); y++) for (let x = 70; x <= 130; x += 10) lineSeen[y * W + x * k - 1] = lineSeen[y * W + x * k] = 1;
    const evidence = (witness: boolean) => {
      const g = measureGridVisibility(img, k, ex, level, hint, undefined, witness ? lineSeen : undefined);
      return shadowEvidence({ w: W, h: H, pxPerMm: k, level, chroma: new Float32Array(W * H), visibility: g.visibility, witnessed: g.witnessed, excluded: ex });
    };
    const alone = evidence(false);
    const witnessed = evidence(true);
    // The band within 1 mm of a vouched line.
    const nearLines: P[][] = [70, 80, 90, 100, 110, 120, 130].map((x) => [
      [x - 1, 126],
      [x + 1, 126],
      [x + 1, 127.8],
      [x - 1, 127.8],
    ]);
    const share = (ev: ReturnType<typeof evidence>) => {
      let hit = 0;
      let all = 0;
      for (const q of nearLines) {
        hit += count(ev.shadow, q, W, H, true);
        all += count(new Uint8Array(W * H).fill(1), q, W, H, true);
      }
      return hit / all;
    };
    // (The grid's 1 mm margin from the tool's hidden samples, and the pixel kept off its rim, leave
    // a strip along the band's middle: 0.22 of it here; the watershed takes the rest to the step.)
    expect(share(alone)).toBe(0);
    expect(share(witnessed)).toBeGreaterThan(0.15);
    // Nothing on the tool, not even a pixel it partly covers.
    expect(count(witnessed.shadow, tool, W, H, false)).toBe(0);
    // The tool's reach (which keeps the lit-paper flood off light parts) is this photo's own.
    expect(witnessed.toolReach).toEqual(alone.toolReach);
  }, SLOW);

  test("a line seen in a shadow does not carry the shadow past a faint line: a light part that fades into its shadow with no step stays out of it", () => {
    // 40 x 20 mm, every pixel the same neutral grey (a light part's shaded flank as dark as its
    // shadow, no step between them). A vertical line is seen at x = 30 mm (in the shadow), and one at
    // x = 22 mm does not show though nothing rules a faint one out (on the part).
    const w = 200;
    const h = 100;
    const n = w * h;
    const level = new Float32Array(n).fill(0.55);
    const visibility = new Float32Array(n).fill(Number.NaN);
    const faintLine = new Uint8Array(n);
    for (let y = 0; y < h; y++) {
      visibility[y * w + 149] = visibility[y * w + 150] = 1;
      faintLine[y * w + 109] = faintLine[y * w + 110] = 1;
    }
    const input = { w, h, pxPerMm: k, level, chroma: new Float32Array(n), visibility, excluded: new Uint8Array(n) };
    const at = (ev: { shadow: Uint8Array }, xm: number) => ev.shadow[50 * w + Math.round(xm * k)];
    const withFaint = shadowEvidence({ ...input, faintLine });
    // Nearer to the seen line than to the faint one: shadow; nearer to the faint one: not.
    for (const xm of [27, 33, 38]) expect(at(withFaint, xm)).toBe(1);
    for (const xm of [17, 20, 24]) expect(at(withFaint, xm)).toBe(0);
    // Without the faint line the flood from the seen one takes the part too (within its reach).
    const alone = shadowEvidence(input);
    for (const xm of [20, 24]) expect(at(alone, xm)).toBe(1);
    // ... and so it does, within its shorter reach, in a photo too coarse on the pad (2.3 px/mm) for
    // its faint lines to say much.
    const coarse = shadowEvidence({ ...input, faintLine, sourcePxPerMm: 2.3 });
    for (const xm of [24, 25]) expect(at(coarse, xm)).toBe(1);
  });

  test("shadowEvidence marks nothing on an empty pad", () => {
    const img = syntheticFrame(k, []);
    const ex = exclusionMask(img.width, img.height, k);
    const level = frameLevel(img, k);
    const g = measureGridVisibility(img, k, ex, level, level.map((v) => (v > 0.93 ? 1 : 0)) as unknown as Uint8Array);
    const ev = shadowEvidence({ w: img.width, h: img.height, pxPerMm: k, level, chroma: new Float32Array(level.length), visibility: g.visibility, excluded: ex });
    expect(ev.stats.grid_tool_px).toBe(0);
    expect(ev.stats.shadow_px).toBe(0);
  }, SLOW);
});

describe("shadowEvidence without a grid", () => {
  test("plain paper: a soft shadow the lit paper fades into is shadow; a dark tool, a light part with a step and a grained part are not; on the pad too where no line is read, unless the grid is hidden there", () => {
    // 120 x 80 mm of plain paper (no printed line: every visibility sample NaN), a dark tool with a
    // soft shadow band 6 mm wide fading into the paper beside it, and a light part 8 % darker than
    // the paper with a step all round (satin steel), neutral like the shadow.
    const w = 120 * k;
    const h = 80 * k;
    const level = new Float32Array(w * h).fill(1);
    const chroma = new Float32Array(w * h);
    let s = 7;
    const noise = () => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return (s / 0x7fffffff - 0.5) * 0.006;
    };
    const inRect = (x: number, y: number, r: [number, number, number, number]) => x >= r[0] * k && x < r[2] * k && y >= r[1] * k && y < r[3] * k;
    const tool: [number, number, number, number] = [20, 20, 50, 60];
    const band: [number, number, number, number] = [50, 20, 56, 60];
    const light: [number, number, number, number] = [75, 25, 100, 55];
    // A grained part (satin steel) that the paper fades into over 4 mm, with no step: only its grain
    // tells it from a shadow.
    const satinFade: [number, number, number, number] = [104, 20, 108, 60];
    const satin: [number, number, number, number] = [108, 20, 118, 60];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (inRect(x, y, tool)) level[i] = 0.3;
        else if (inRect(x, y, band)) level[i] = 0.55 + (0.45 * (x - 50 * k)) / (6 * k);
        else if (inRect(x, y, light)) level[i] = 0.92;
        else if (inRect(x, y, satinFade)) level[i] = 1 - (0.25 * (x - 104 * k)) / (4 * k);
        else if (inRect(x, y, satin)) level[i] = 0.75 + 12 * noise();
        level[i] += noise();
      }
    const input = { w, h, pxPerMm: k, level, chroma, visibility: new Float32Array(w * h).fill(Number.NaN), excluded: new Uint8Array(w * h) };
    const share = (m: Uint8Array, r: [number, number, number, number], inset = 1) => {
      let all = 0;
      let got = 0;
      for (let y = Math.round((r[1] + inset) * k); y < Math.round((r[3] - inset) * k); y++)
        for (let x = Math.round((r[0] + inset) * k); x < Math.round((r[2] - inset) * k); x++) {
          all++;
          if (m[y * w + x]) got++;
        }
      return got / all;
    };
    const ev = shadowEvidence({ ...input, gridless: true });
    // The band's darkest millimetre, against the tool's step, is left to the watershed.
    expect(share(ev.shadow, [51, 20, 56, 60], 0.5)).toBeGreaterThan(0.85);
    expect(share(ev.shadow, tool, 0)).toBe(0);
    expect(share(ev.shadow, light, 0)).toBe(0);
    expect(share(ev.shadow, satin, 1.5)).toBeLessThan(0.05);
    // On the printed pad where no line could be read near it (a shadow a few millimetres across in
    // a tool's concave corner, between edges and crossings), the same flood decides: the band is
    // shadow, the rest is not.
    const pad = shadowEvidence(input);
    expect(share(pad.shadow, [51, 20, 56, 60], 0.5)).toBeGreaterThan(0.85);
    expect(share(pad.shadow, tool, 0)).toBe(0);
    expect(share(pad.shadow, light, 0)).toBe(0);
    expect(share(pad.shadow, satin, 1.5)).toBeLessThan(0.05);
    // ... but where the grid is hidden in it (every 10 mm, as the printed lines run), it is a grey
    // part the paper fades into, not a shadow: the grid's word comes first.
    const vis = new Float32Array(w * h).fill(Number.NaN);
    for (const lineY of [25, 35, 45, 55]) for (let x = 50 * k; x < 56 * k; x++) vis[lineY * k * w + x] = 0;
    expect(share(shadowEvidence({ ...input, visibility: vis }).shadow, band, 0.5)).toBe(0);
    // Nor where its lines do not show though its grain could not rule them out (a light steel
    // shaft's flank): a shadow shows its lines.
    const faintLine = new Uint8Array(w * h);
    for (const lineY of [25, 35, 45, 55]) for (let x = 50 * k; x < 56 * k; x++) faintLine[lineY * k * w + x] = 1;
    expect(share(shadowEvidence({ ...input, faintLine }).shadow, band, 0.5)).toBe(0);
  });
});

/** A seeded noise source (xorshift), -1..1. */
function noise(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 4294967296) * 2 - 1;
  };
}

/** Share of the region's pixels in [x0, x1) x [y0, y1) (px) that `mask` marks. */
function shareIn(mask: Uint8Array, w: number, x0: number, x1: number, y0: number, y1: number): number {
  let all = 0;
  let hit = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      all++;
      if (mask[y * w + x]) hit++;
    }
  return hit / all;
}

/** A w x h region of lit paper (level 1, sensor noise 0.006), neutral, with no grid sample. */
function paperRegion(w: number, h: number, seed = 7) {
  const rand = noise(seed);
  const level = new Float32Array(w * h);
  for (let i = 0; i < level.length; i++) level[i] = 1 + 0.006 * rand();
  return { level, chroma: new Float32Array(w * h), visibility: new Float32Array(w * h).fill(Number.NaN), excluded: new Uint8Array(w * h) };
}

/**
 * Shades columns [x0, x1) of a paperRegion: each pixel's level becomes base(x, y), its noise scaled
 * with it (a shadow or a smooth part darkens the paper's grain along with the paper).
 */
function shade(r: ReturnType<typeof paperRegion>, w: number, h: number, x0: number, x1: number, base: (x: number, y: number) => number): void {
  for (let y = 0; y < h; y++)
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      const b = base(x, y);
      r.level[i] = b + b * (r.level[i] - 1);
    }
}

describe("shadowEvidence: a shadow joins the lit paper through shadow, never through a part", () => {
  test("a smooth dark-grey handle whose end fades into the paper: the lit-paper flood stops at the lines it hides", () => {
    // A handle 60 x 20 mm at 0.4 of the paper, neutral and as smooth as the paper (as a shadow is),
    // with a crisp outline except at its left end, where it fades from the paper over 3 mm. Two grid
    // lines cross it, hidden all across; the middle and the right of the handle are more than 6 mm
    // from them (the grid's "tool reach"). The flood from the lit paper came in at the fade and, once
    // past the first line's reach, took the rest of the handle for shadow.
    const w = 100 * k;
    const h = 40 * k;
    const r = paperRegion(w, h);
    const [x0, x1, y0, y1] = [20 * k, 80 * k, 10 * k, 30 * k];
    for (let y = y0; y < y1; y++)
      for (let x = x0 - 3 * k; x < x1; x++) {
        const i = y * w + x;
        const fade = x < x0 ? (x0 - x) / (3 * k) : 0;
        r.level[i] = 0.4 + 0.6 * fade + 0.006 * (r.level[i] - 1);
      }
    // Hidden samples on vertical lines at x = 30 and 60 mm, across the handle's width.
    for (const xm of [30, 60]) for (let y = y0 + 2; y < y1 - 2; y++) r.visibility[y * w + xm * k] = r.visibility[y * w + xm * k - 1] = 0;
    const ev = shadowEvidence({ w, h, pxPerMm: k, ...r });
    // The handle's pixels beyond the first line's reach: none is shadow.
    let beyond = 0;
    let shadowed = 0;
    for (let y = y0 + k; y < y1 - k; y++)
      for (let x = 37 * k; x < x1 - k; x++) {
        if (Math.abs(x - 60 * k) < 7 * k) continue;
        beyond++;
        if (ev.shadow[y * w + x]) shadowed++;
      }
    expect(beyond).toBeGreaterThan(3000);
    expect(shadowed / beyond).toBeLessThan(0.01);
  });

  test("a grained steel flank beside its own soft shadow, no step between them: the grid's shadow flood stops at the grain", () => {
    // A light part (0.85 of the paper) 30 mm wide with satin grain (+-0.05 per pixel), and on its
    // right a soft shadow exactly as bright, smooth, with a grid line seen in it. No step separates
    // the two. The flood from the seen line ran on into the part up to where its hidden lines are
    // nearer (dShadow + 1 mm < dHidden).
    const w = 100 * k;
    const h = 60 * k;
    const r = paperRegion(w, h);
    const rand = noise(11);
    const [px0, px1] = [20 * k, 50 * k];
    const [sx1] = [80 * k];
    // Grain: white noise, pixel by pixel (a brushed or bead-blasted finish at 5 px/mm).
    for (let y = 0; y < h; y++)
      for (let x = px0; x < sx1; x++) {
        const i = y * w + x;
        if (x < px1) {
          r.level[i] = 0.85 + 0.05 * rand();
        } else r.level[i] = 0.85 + 0.006 * (r.level[i] - 1) * 0.85;
      }
    // Seen samples on a horizontal line at y = 30 mm through the shadow; hidden ones on the part's far left only.
    for (let x = px1 + 3 * k; x < sx1 - 2 * k; x++) r.visibility[30 * k * w + x] = r.visibility[(30 * k - 1) * w + x] = 1;
    for (let y = 5 * k; y < h - 5 * k; y++) r.visibility[y * w + 22 * k] = r.visibility[y * w + 22 * k - 1] = 0;
    const ev = shadowEvidence({ w, h, pxPerMm: k, ...r });
    // The shadow itself is found; the part's pixels (1 mm in from its right side) are not shadow.
    expect(shareIn(ev.shadow, w, px1 + 5 * k, sx1 - 5 * k, 25 * k, 35 * k)).toBeGreaterThan(0.9);
    expect(shareIn(ev.shadow, w, px0 + 8 * k, px1 - k, 5 * k, h - 5 * k)).toBeLessThan(0.02);
  });
});

describe("shadowEvidence without a grid: a black part is no shadow", () => {
  test("plain paper: a smooth black part (0.27 of the paper) the lit-paper flood reaches through a soft shadow is not taken for shadow", () => {
    // Plain paper (no line read anywhere), a soft shadow at 0.6 that the paper fades into over 3 mm,
    // and beyond it, reached from the shadow over 2 mm with no crisp step, a smooth black part at
    // 0.27: a black plastic handle's flank in sRGB. A lamp's shadow keeps the room's light; the flood
    // took the part whole for shadow.
    const w = 100 * k;
    const h = 60 * k;
    const r = paperRegion(w, h, 9);
    const [f0, s0, p0] = [20 * k, 23 * k, 40 * k];
    shade(r, w, h, f0, w, (x) => (x < s0 ? 1 - (0.4 * (x - f0)) / (s0 - f0) : x < p0 ? 0.6 : x < p0 + 2 * k ? 0.6 - (0.33 * (x - p0)) / (2 * k) : 0.27));
    const ev = shadowEvidence({ w, h, pxPerMm: k, ...r, gridless: true });
    expect(shareIn(ev.shadow, w, s0 + k, p0 - k, 5 * k, h - 5 * k)).toBeGreaterThan(0.9);
    expect(shareIn(ev.shadow, w, p0 + 4 * k, w - 5 * k, 5 * k, h - 5 * k)).toBeLessThan(0.02);
  });
});

describe("shadowEvidence: one lamp's shadow has one depth", () => {
  test("a dark part fading into a lighter shadow with no step: the grid's flood stops where it gets much darker than the lines it saw", () => {
    // A soft shadow at 0.85 of the paper with a grid line seen across it, and beside it a smooth,
    // neutral part at 0.5, reached over a 3 mm ramp (no sharp step). No line is judged on the part.
    const w = 100 * k;
    const h = 60 * k;
    const r = paperRegion(w, h, 5);
    const [sx0, px0, px1] = [20 * k, 50 * k, 80 * k];
    shade(r, w, h, sx0, px1, (x) => 0.85 + (0.5 - 0.85) * (x < px0 ? 0 : Math.min(1, (x - px0) / (3 * k))));
    for (let x = sx0 + 3 * k; x < px0 - 2 * k; x++) r.visibility[30 * k * w + x] = r.visibility[(30 * k - 1) * w + x] = 1;
    const ev = shadowEvidence({ w, h, pxPerMm: k, ...r });
    expect(shareIn(ev.shadow, w, sx0 + 5 * k, px0 - 3 * k, 25 * k, 35 * k)).toBeGreaterThan(0.9);
    expect(shareIn(ev.shadow, w, px0 + 4 * k, px0 + 12 * k, 20 * k, 40 * k)).toBeLessThan(0.02);
  });
});

describe("shadowEvidence: lines seen on another photo's word flood no black part", () => {
  test("a black part (0.25 of the paper) reached from a witnessed shadow over a ramp with no sharp step is not taken for shadow; the shadow is", () => {
    // A hard shadow at 0.5 of the paper with a line another photo saw across it (witnessed), and
    // beside it, over a 4 mm ramp (no sharp step), a smooth black part at 0.25 whose line 8 mm in
    // reads hidden. Noise on a black spanner (σ 6, JPEG 70) broke its edge's step; the witnesses'
    // flood, which ran through any neutral darker pixel, came in and took a strip of it for shadow.
    const w = 100 * k;
    const h = 60 * k;
    const r = paperRegion(w, h, 11);
    const [sx0, px0, px1] = [20 * k, 40 * k, 80 * k];
    shade(r, w, h, sx0, px1, (x) => (x < px0 ? 0.5 : x < px0 + 4 * k ? 0.5 - (0.25 * (x - px0)) / (4 * k) : 0.25));
    const witnessed = new Uint8Array(w * h);
    for (let y = 5 * k; y < h - 5 * k; y++) {
      for (const x of [30 * k - 1, 30 * k]) {
        r.visibility[y * w + x] = 1;
        witnessed[y * w + x] = 1;
      }
      for (const x of [52 * k - 1, 52 * k, 62 * k - 1, 62 * k]) r.visibility[y * w + x] = 0;
    }
    const ev = shadowEvidence({ w, h, pxPerMm: k, ...r, witnessed });
    // The shadow beside the witnessed line is shadow ...
    expect(shareIn(ev.shadow, w, 27 * k, 33 * k, 10 * k, h - 10 * k)).toBeGreaterThan(0.9);
    // ... and nothing darker than a lamp's shadow gets (the ramp's dark half, the part) is.
    expect(shareIn(ev.shadow, w, px0 + 2 * k + 2, px1, 5 * k, h - 5 * k)).toBe(0);
  });
});

describe("measureGridVisibility: a light part filling most of a tile", () => {
  test("a part as bright as the paper hides its lines, and they read hidden, though the paper hint takes it for paper", () => {
    // A light part at 0.95 of the paper, 36 x 36 mm (most of one 40 mm tile), hides the grid. The
    // hint (level > 0.8) counts it as paper: the tile's median line dip was the part's (about zero),
    // and every window there was judged against that (+-Infinity).
    const part: P[] = [
      [42, 42],
      [78, 42],
      [78, 78],
      [42, 78],
    ];
    const img = syntheticFrame(k, [{ polygonMm: part, rgb: [233, 233, 233] }]);
    const ex = exclusionMask(img.width, img.height, k);
    const level = frameLevel(img, k);
    const hint = new Uint8Array(level.length);
    for (let i = 0; i < hint.length; i++) hint[i] = level[i] > 0.8 ? 1 : 0;
    const g = measureGridVisibility(img, k, ex, level, hint);
    const at = (xm: number, ym: number) => g.visibility[Math.round(ym * k) * img.width + Math.round(xm * k)];
    // Lines x = 50, 60, 70 under the part, away from crossings and the part's edges.
    let hidden = 0;
    let judged = 0;
    for (const xm of [50, 60, 70])
      for (const ym of [45, 47, 53, 55, 57, 63, 65, 67, 73, 75]) {
        judged++;
        if (at(xm, ym) <= GRID_HIDDEN) hidden++;
      }
    expect(hidden / judged).toBeGreaterThan(0.8);
    // Lit paper beside it still shows its lines.
    expect(at(100, 155)).toBeGreaterThanOrEqual(GRID_VISIBLE);
  });
});

describe("shadowEvidence without a grid: a part sealed by its outline is no shadow", () => {
  test("plain paper: a smooth grey part whose crisp outline breaks for 1.6 mm beside its soft shadow keeps out of the lit-paper flood; the shadow stays shadow", () => {
    // Plain paper, a soft shadow at 0.65 that the paper fades into over 4 mm, and beyond it a smooth
    // neutral part at 0.5 (a two-tone drill's grey body) that meets the shadow with a one-pixel step
    // all along, except over 1.6 mm where its rounded corner fades into the shadow over 2 mm. The
    // flood slipped through that break and took the whole part for shadow (ray-traced plain paper:
    // a drill cut 71 %).
    const w = 100 * k;
    const h = 70 * k;
    const r = paperRegion(w, h, 11);
    const [f0, s0, p0, p1, q0, q1] = [10 * k, 14 * k, 40 * k, 90 * k, 10 * k, 60 * k];
    const yb = 35 * k;
    const half = 0.8 * k;
    shade(r, w, h, f0, w, (x, y) => {
      // The break: 1.6 mm, tapered over 1 mm either side (no step along the outline either).
      const t = Math.max(0, Math.abs(y - yb) - half) / k;
      const wgt = t < 1 ? 0.5 + 0.5 * Math.cos(Math.PI * t) : 0;
      const inPart = x >= p0 && x < p1 && y >= q0 && y < q1;
      const base = inPart ? 0.5 : x < s0 ? 1 - (0.35 * (x - f0)) / (s0 - f0) : 0.65;
      if (wgt === 0 || x < p0 - 5 * k || x >= p0 + 5 * k || y < q0 || y >= q1) return base;
      const ramp = 0.65 - 0.15 * Math.min(1, Math.max(0, (x - (p0 - k)) / (2 * k)));
      return wgt * ramp + (1 - wgt) * base;
    });
    const ev = shadowEvidence({ w, h, pxPerMm: k, ...r, gridless: true });
    expect(shareIn(ev.shadow, w, s0 + k, p0 - 2 * k, 5 * k, h - 5 * k)).toBeGreaterThan(0.9);
    expect(shareIn(ev.shadow, w, p0 + 4 * k, p1 - 4 * k, q0 + 4 * k, q1 - 4 * k)).toBeLessThan(0.02);
  });
});
