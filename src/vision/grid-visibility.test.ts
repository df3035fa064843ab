import { beforeAll, describe, expect, test } from "bun:test";
import { rasterizeCoverage } from "../../bench/synth/rasterize.ts";
import { addGrain, frameLevel, syntheticFrame, toolPolygon } from "../../tests/helpers/vision/test-rasters.ts";
import { GRID_HIDDEN, GRID_VISIBLE, judgeLine, measureGridVisibility } from "./grid-visibility.ts";
import { loadOpenCv } from "./opencv.ts";
import type { RgbaImage } from "./raster.ts";
import { offsetPolygon } from "./offset-polygon.ts";
import { exclusionMask } from "./trace-pipeline.ts";

const k = 5;
type P = [number, number];

beforeAll(() => loadOpenCv());

/** The grid's visibility over a synthetic frame, paper hinted by its known brightness. */
function visibilityOf(img: RgbaImage, gain = 1) {
  const level = frameLevel(img, k, gain);
  const hint = level.map((v) => (v > 0.8 && v < 1.05 ? 1 : 0)) as unknown as Uint8Array;
  return measureGridVisibility(img, k, exclusionMask(img.width, img.height, k), level, hint);
}

/** A part 70 x 16 mm at 30° in a frame with a faint grid (a 6 % dip), grained, and the grid's visibility. */
function grainedPartScene(grey: number, amplitude: number, seed: number, blobMm: number) {
  const part = toolPolygon(100, 120, 70, 16, -30);
  const img = syntheticFrame(k, [{ polygonMm: part, rgb: [grey, grey, grey] }], 14);
  addGrain(img, k, part, amplitude, seed, blobMm);
  return { part, img, g: visibilityOf(img) };
}

/** Verdicts of the measured line pixels fully inside `poly` (mm). */
function verdicts(vis: Float32Array, poly: P[], W: number, H: number): { seen: number; hidden: number; measured: number; lineShare: number } {
  const cov = rasterizeCoverage([poly.map(([x, y]) => [x * k, y * k] as P)], W, H);
  let seen = 0;
  let hidden = 0;
  let measured = 0;
  let onLines = 0;
  for (let i = 0; i < vis.length; i++) {
    if (cov[i] < 0.99) continue;
    const xm = ((i % W) + 0.5) / k;
    const ym = (Math.floor(i / W) + 0.5) / k;
    const nearLine = (m: number) => Math.abs(m - Math.round(m / 10) * 10) < 0.25;
    if (nearLine(xm) || nearLine(ym)) onLines++;
    if (Number.isNaN(vis[i])) continue;
    measured++;
    if (vis[i] >= GRID_VISIBLE) seen++;
    if (vis[i] <= GRID_HIDDEN) hidden++;
  }
  return { seen, hidden, measured, lineShare: measured / Math.max(1, onLines) };
}

describe("judgeLine", () => {
  test("the line at its known place, judged against the grain around it", () => {
    // Paper: the full dip, little noise.
    expect(judgeLine(1, 0.1, 11)).toBe("seen");
    // Satin steel: no dip on average at the line, grain 0.4 of the paper's dip beside it.
    expect(judgeLine(0.02, 0.4, 11)).toBe("hidden");
    expect(judgeLine(-0.3, 0.4, 11)).toBe("hidden");
    // Chrome streaks as strong as the line twice over: nothing can be told either way.
    expect(judgeLine(0.05, 2, 11)).toBe("unknown");
    expect(judgeLine(0.9, 0.5, 11)).toBe("unknown");
    // Half the paper's dip: neither.
    expect(judgeLine(0.4, 0.05, 11)).toBe("unknown");
    // Hidden means at most GRID_HIDDEN, the value a hidden sample is stored as.
    expect(judgeLine(0.25, 0.01, 11)).toBe("unknown");
    expect(judgeLine(GRID_HIDDEN, 0.01, 11)).toBe("hidden");
  });
});

describe("measureGridVisibility", () => {
  test("a grained satin part as bright as the paper reads hidden, the paper around it seen", () => {
    // A faint grid (a 6 % dip, as photos of the pad show) and a fine grain of about ±6 % on the part:
    // judged as "texture" rather than against the line's own place, a sixth of its line samples
    // were neither seen nor hidden.
    const { part, img, g } = grainedPartScene(238, 14, 3, 0.4);
    const inside = verdicts(g.visibility, offsetPolygon(part, -1), img.width, img.height);
    expect(inside.seen).toBe(0);
    expect(inside.lineShare).toBeGreaterThan(0.4);
    expect(inside.hidden).toBeGreaterThan(0.95 * inside.measured);
    const around = verdicts(g.visibility, toolPolygon(140, 160, 30, 20, 0), img.width, img.height);
    expect(around.measured).toBeGreaterThan(300);
    expect(around.seen).toBe(around.measured);
  });

  test("a narrow dark grained bar: its lines' own steady dips judge them hidden, where the grain beside them left them open", () => {
    // A 6 mm bar at half the paper's brightness with a grain of about ±12 % over 0.8 mm (a dark
    // part's noise and its round flank's shading 1.4 mm beside the line): most windows on it were
    // undecided, and a shadow as dark as its flank flooded it whole (ray-traced bench: a hex key's
    // leg, 31 % of the tool cut). Judged by the line's own scatter, as light parts already were.
    const part = toolPolygon(100, 120, 70, 6, -30);
    const img = syntheticFrame(k, [{ polygonMm: part, rgb: [120, 120, 120] }], 14);
    addGrain(img, k, part, 30, 3, 0.8);
    const g = visibilityOf(img);
    const inside = verdicts(g.visibility, offsetPolygon(part, -0.5), img.width, img.height);
    expect(inside.seen).toBe(0);
    // At the light parts' threshold (0.7) only 43 of these samples were judged, all hidden.
    expect(inside.hidden).toBeGreaterThan(65);
    expect(inside.hidden).toBe(inside.measured);
  });

  test("paper exposed at 250-254 still shows its lines; a part as bright hides them", () => {
    const part = toolPolygon(150, 60, 70, 16, -30);
    const img = syntheticFrame(k, [{ polygonMm: part, rgb: [238, 238, 238] }], 14);
    // Brighten the whole frame so the paper near the part sits at 248-255 (lines at ~235-240).
    const gain = 1.06;
    for (let i = 0; i < img.data.length; i++) if (i % 4 !== 3) img.data[i] = Math.min(255, Math.round(img.data[i] * gain));
    addGrain(img, k, part, 3, 3);
    const g = visibilityOf(img, gain);
    expect(g.paperDip).toBeGreaterThan(0.03);
    // Counted as clipped when a side reached 250, this paper gave no evidence at all.
    const paper = verdicts(g.visibility, toolPolygon(190, 100, 30, 20, 0), img.width, img.height);
    expect(paper.lineShare).toBeGreaterThan(0.5);
    expect(paper.seen).toBe(paper.measured);
    const inside = verdicts(g.visibility, offsetPolygon(part, -1), img.width, img.height);
    expect(inside.seen).toBe(0);
    expect(inside.lineShare).toBeGreaterThan(0.7);
    expect(inside.hidden).toBeGreaterThan(0.9 * inside.measured);
  });

  test("on paper clipped at the sensor's top, a millimetre of line flattened to a faint dip is no evidence of a part", () => {
    // The browser's five-photo walk: Chromium stretches the clip's frames to full range, the paper
    // clips at 255 and a blurred line vanishes there, or leaves a faint dip for a millimetre where
    // the paper reads 252. Those windows read "hidden" and grew "tool" blobs on bare paper.
    const img = syntheticFrame(k, [], 14);
    const set = (x: number, y: number, v: number) => {
      const o = (y * img.width + x) * 4;
      img.data[o] = img.data[o + 1] = img.data[o + 2] = v;
    };
    // The x = 100 mm line straddles columns 499 and 500; 112-119 mm clipped, 115-116.2 mm at 252 with the line at 250.
    for (let y = 560; y < 595; y++) for (let x = 485; x < 516; x++) set(x, y, 255);
    for (let y = 575; y < 581; y++) for (let x = 494; x < 506; x++) set(x, y, x === 499 || x === 500 ? 250 : 252);
    const g = visibilityOf(img);
    const patch = verdicts(g.visibility, toolPolygon(100, 115.6, 4, 1.2, 0), img.width, img.height);
    expect(patch.hidden).toBe(0);
    // The paper's lines around it are still read as seen.
    const around = verdicts(g.visibility, toolPolygon(100, 140, 30, 20, 0), img.width, img.height);
    expect(around.seen).toBeGreaterThan(100);
  });

  test("on noisy paper, a short stretch where the JPEG flattened the line and the noise alike is no evidence of a part; a smooth part as bright as the paper still hides its lines", () => {
    // A 1280 x 960 corner photo, noisy and JPEG-compressed: on the far side of the pad (2-2.5 px/mm)
    // a block's quantisation smooths away the faint line and the sensor noise beside it. With no
    // grain left, the missing line read as "hidden" beyond doubt, and blobs of "tool" grew over
    // bare paper (a chrome knife's five photos were refused as disagreeing).
    const part = toolPolygon(150, 60, 60, 14, -30);
    const img = syntheticFrame(k, [{ polygonMm: part, rgb: [228, 228, 228] }], 14);
    addGrain(img, k, [[0, 0], [400, 0], [400, 400], [0, 400]], 10, 5, 0.3);
    // A line at x mm straddles columns 5x - 1 and 5x: 2.4 mm of it, and 2.8 mm either side, flattened.
    const flat = (x0: number, x1: number, y0: number, y1: number) => {
      let sum = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (x !== 499 && x !== 500) ((sum += img.data[(y * img.width + x) * 4 + 1]), n++);
      const v = Math.round(sum / n);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) img.data[(y * img.width + x) * 4 + c] = v;
    };
    // Such stretches all over the far side: every vertical line, every 20 mm between its crossings.
    const patches: P[] = [];
    for (let x = 10; x < img.width / k - 5; x += 10)
      for (let y = 15; y < img.height / k - 10; y += 20) {
        if (Math.abs(x - 150) < 40 && Math.abs(y - 60) < 30) continue;
        flat(5 * x - 14, 5 * x + 14, Math.round(5 * (y - 1.2)), Math.round(5 * (y + 1.2)));
        patches.push([x, y]);
      }
    const g = visibilityOf(img);
    let hiddenOnPatches = 0;
    for (const [x, y] of patches) hiddenOnPatches += verdicts(g.visibility, toolPolygon(x, y, 4, 2.8, 0), img.width, img.height).hidden;
    expect(patches.length).toBeGreaterThan(200);
    expect(hiddenOnPatches).toBe(0);
    const around = verdicts(g.visibility, toolPolygon(100, 140, 30, 20, 0), img.width, img.height);
    expect(around.seen).toBeGreaterThan(100);
    // The part (228 on paper of about 232-245) is as smooth as the paper and hides every line it covers.
    const inside = verdicts(g.visibility, offsetPolygon(part, -1), img.width, img.height);
    expect(inside.seen).toBe(0);
    expect(inside.hidden).toBeGreaterThan(0.9 * inside.measured);
    expect(inside.lineShare).toBeGreaterThan(0.5);
  });

  test("where streaks beside the line leave its verdict open, a line that does not show is marked faint; the paper's lines never are", () => {
    // A chrome-bright part streaked far more strongly than the line's dip: no verdict can rule a
    // visible line out, but the line does not show. The lit-paper shadow flood keeps off such places
    // (shadow-evidence.ts): a shadow shows its lines.
    const { part, img, g } = grainedPartScene(236, 60, 7, 0.6);
    const inside = verdicts(g.visibility, offsetPolygon(part, -1), img.width, img.height);
    expect(inside.seen).toBe(0);
    const marked = (poly: P[]) => {
      const cov = rasterizeCoverage([poly.map(([x, y]) => [x * k, y * k] as P)], img.width, img.height);
      let n = 0;
      for (let i = 0; i < cov.length; i++) if (cov[i] >= 0.99 && g.faint[i]) n++;
      return n;
    };
    expect(marked(offsetPolygon(part, -1))).toBeGreaterThan(50);
    expect(marked(toolPolygon(150, 170, 40, 30, 0))).toBe(0);
  });

  test("line pixels another photo corroborates (lineSeen) count as seen where this photo left them undecided, never over a hidden verdict", () => {
    const { part, img } = grainedPartScene(236, 60, 7, 0.6);
    const level = frameLevel(img, k, 1);
    const hint = level.map((v) => (v > 0.8 && v < 1.05 ? 1 : 0)) as unknown as Uint8Array;
    const excluded = exclusionMask(img.width, img.height, k);
    const alone = measureGridVisibility(img, k, excluded, level, hint);
    const all = new Uint8Array(img.width * img.height).fill(1);
    const withWitness = measureGridVisibility(img, k, excluded, level, hint, undefined, all);
    let turned = 0;
    let measured = 0;
    let kept = 0;
    for (let i = 0; i < all.length; i++) {
      if (Number.isNaN(alone.visibility[i])) {
        if (withWitness.visibility[i] >= GRID_VISIBLE) turned++;
      } else {
        measured++;
        if (withWitness.visibility[i] === alone.visibility[i]) kept++;
      }
    }
    expect(turned).toBeGreaterThan(50);
    expect(kept).toBe(measured);
    expect(verdicts(withWitness.visibility, offsetPolygon(part, -1), img.width, img.height).hidden).toBe(verdicts(alone.visibility, offsetPolygon(part, -1), img.width, img.height).hidden);
  });

  test("on a dark grained part, lines left undecided are not marked faint: noise there says nothing of a light part", () => {
    // A dark part (a third of the paper's brightness) streaked as strongly: its lines are left
    // undecided as on the chrome-bright one, but a dark part is tool by its darkness, and a mark
    // there reached into the shadow beside it and kept the lit-paper flood out (a hammer's
    // concave corners, five photos).
    const { part, img, g } = grainedPartScene(80, 60, 7, 0.6);
    const inside = verdicts(g.visibility, offsetPolygon(part, -1), img.width, img.height);
    expect(inside.seen).toBe(0);
    const cov = rasterizeCoverage([offsetPolygon(part, -1).map(([x, y]) => [x * k, y * k] as P)], img.width, img.height);
    let undecided = 0;
    let marked = 0;
    for (let i = 0; i < cov.length; i++) {
      if (cov[i] < 0.99) continue;
      if (g.faint[i]) marked++;
      const xm = ((i % img.width) + 0.5) / k;
      const ym = (Math.floor(i / img.width) + 0.5) / k;
      const nearLine = (m: number) => Math.abs(m - Math.round(m / 10) * 10) < 0.25;
      if ((nearLine(xm) || nearLine(ym)) && Number.isNaN(g.visibility[i])) undecided++;
    }
    expect(undecided).toBeGreaterThan(50);
    expect(marked).toBe(0);
  });

  test("a narrow light part reads hidden where it crosses a line, though its edges pass beside the line", () => {
    // A blade tip 4 mm wide, 10 % darker than the paper, crossing the lines at a slant: 1.4 mm beside
    // the line, where the grain is measured, the samples fall on the tip's own edges for much of
    // the crossing, which read as grain as strong as the line, and the 2 mm window could not rule a
    // visible line out. The line's own samples at its known place are flat and say "hidden".
    const part = toolPolygon(104, 74, 44, 4, -35);
    const img = syntheticFrame(k, [{ polygonMm: part, rgb: [221, 221, 221] }], 14);
    addGrain(img, k, part, 2, 5);
    const g = visibilityOf(img);
    const inside = verdicts(g.visibility, offsetPolygon(part, -0.6), img.width, img.height);
    expect(inside.seen).toBe(0);
    expect(inside.hidden).toBe(inside.measured);
    // Judged by the grain beside the line alone, 60 % of the line's pixels on the part had a verdict.
    expect(inside.lineShare).toBeGreaterThan(0.7);
    // The paper beside it keeps its lines.
    const beside = verdicts(g.visibility, toolPolygon(150, 120, 30, 20, 0), img.width, img.height);
    expect(beside.seen).toBe(beside.measured);
  });
});
