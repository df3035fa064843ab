import { describe, expect, test } from "bun:test";
import { corroboratedLines, lineCandidates } from "./line-votes.ts";

const K = 5; // px/mm, the working raster's
const W = 60 * K;
const H = 60 * K;
const PAPER = 230;
const LINE_DIP = 0.07;

type Box = [number, number, number, number]; // mm [x0, y0, x1, y1)

/**
 * A rectified frame: paper with the printed 10 mm grid (a 0.2 mm line on the two pixels either side
 * of x = 10 k, as the rectified pad has it), shadows that multiply everything (lines too) and tools
 * that hide the paper. Deterministic noise of about 1.5 grey levels.
 */
function frame(opts: { shadows?: Box[]; shadowGain?: number; tools?: Box[]; toolGrey?: number; seed?: number; noise?: number }): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(W * H * 4);
  let s = opts.seed ?? 7;
  const noise = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return ((s / 0x7fffffff) * 2 - 1) * (opts.noise ?? 1.5);
  };
  const inBox = (x: number, y: number, b: Box) => x >= b[0] * K && x < b[2] * K && y >= b[1] * K && y < b[3] * K;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const onLine = (x % (10 * K) === 0 || x % (10 * K) === 10 * K - 1 || y % (10 * K) === 0 || y % (10 * K) === 10 * K - 1) && x > 0 && y > 0;
      let v = PAPER * (onLine ? 1 - LINE_DIP : 1);
      for (const b of opts.shadows ?? []) if (inBox(x, y, b)) v *= opts.shadowGain ?? 0.5;
      for (const b of opts.tools ?? []) if (inBox(x, y, b)) v = opts.toolGrey ?? 150;
      v += noise();
      const o = 4 * (y * W + x);
      data[o] = data[o + 1] = data[o + 2] = Math.max(0, Math.min(255, Math.round(v)));
      data[o + 3] = 255;
    }
  return { width: W, height: H, data };
}

const none = new Uint8Array(W * H);
/** Marked pixels on the vertical line x = 20 mm between y0 and y1 mm. */
const onLine20 = (m: Uint8Array, y0: number, y1: number) => {
  let c = 0;
  for (let y = y0 * K; y < y1 * K; y++) c += m[y * W + 20 * K];
  return c;
};

describe("lineCandidates", () => {
  test("the line shows on lit paper and through a cast shadow, not across a tool", () => {
    const img = frame({ shadows: [[15, 22, 25, 26]], tools: [[15, 30, 25, 38]] });
    const c = lineCandidates(img, none, K);
    expect(onLine20(c, 12, 18)).toBeGreaterThan(20); // lit paper
    expect(onLine20(c, 22.6, 25.4)).toBeGreaterThan(8); // inside the 4 mm shadow band
    expect(onLine20(c, 30, 38)).toBe(0); // the tool hides it
  });

  test("a photo whose lines stand less than twice their own noise on lit paper does not vote at all", () => {
    // Lines dip 16 grey levels; uniform noise of ±20 (a spread of about 11 on the dip) buries them
    // sample by sample, though a short window's mean would still often reach the dip by chance.
    const noisy = frame({ shadows: [[15, 22, 25, 26]], noise: 20 });
    expect(lineCandidates(noisy, none, K).reduce((a, b) => a + b, 0)).toBe(0);
    expect(lineCandidates(frame({ shadows: [[15, 22, 25, 26]], noise: 6 }), none, K).reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
  });

  test("not where the brightness beside the line still ramps (a tool's edge, the line's blurred trace)", () => {
    // A tool whose edge is a 1 mm ramp from the paper, with the line's dip fading along it.
    const img = frame({});
    // (Its edge lies 3 mm from the crossing line at y = 30 mm, whose surroundings are never read.)
    for (let y = 33 * K; y < 40 * K; y++)
      for (let x = 15 * K; x < 25 * K; x++) {
        const t = Math.min(1, (y - 33 * K) / K); // 0 at the edge, 1 a millimetre in
        const o = 4 * (y * W + x);
        const paper = data(img, o);
        const v = paper * (1 - t) + 60 * t;
        img.data[o] = img.data[o + 1] = img.data[o + 2] = Math.round(v);
      }
    const c = lineCandidates(img, none, K);
    expect(onLine20(c, 12, 18)).toBeGreaterThan(20);
    expect(onLine20(c, 32.6, 40)).toBe(0);
  });
});

function data(img: { data: Uint8Array }, o: number): number {
  return img.data[o];
}

describe("corroboratedLines", () => {
  test("a shadow band two photos show the line in is seen in both; a photo whose view the tool blocks gets nothing", () => {
    const a = frame({ shadows: [[15, 22, 25, 26]], tools: [[15, 30, 25, 38]], seed: 1 });
    const b = frame({ shadows: [[15, 22, 25, 26]], tools: [[15, 30, 25, 38]], seed: 2 });
    // The third photo sees the tool's top over the band (parallax): the line is hidden there.
    const c = frame({ shadows: [[15, 22, 25, 26]], tools: [[15, 22, 25, 38]], seed: 3 });
    const [sa, sb, sc] = corroboratedLines(
      [a, b, c].map((f) => lineCandidates(f, none, K)),
      W,
      H,
      K,
    );
    expect(onLine20(sa, 22.6, 25.4)).toBeGreaterThan(8);
    expect(onLine20(sb, 22.6, 25.4)).toBeGreaterThan(8);
    expect(onLine20(sc, 22, 26)).toBe(0);
    // Both pixels of the line are marked, as grid-visibility stores its samples.
    const y = 24 * K;
    expect(sa[y * W + 20 * K]).toBe(1);
    expect(sa[y * W + 20 * K - 1]).toBe(1);
  });

  test("with the sides' levels, a witness counts only where it sees the place about as bright as this photo does", () => {
    // Photo a sees the place at 0.35 of its paper with line-like dips there (a dark handle standing
    // above the place, its noise lining up with the printed line for a few pixels); photo b, from
    // elsewhere, sees the paper under it in a light shadow (0.75) with the real line. A shadow lies
    // on the pad and every camera sees its shading there alike: b's line is no witness for a.
    const a = frame({ shadows: [[15, 22, 25, 26]], shadowGain: 0.35, seed: 1 });
    const b = frame({ shadows: [[15, 22, 25, 26]], shadowGain: 0.75, seed: 2 });
    const c = frame({ shadows: [[15, 22, 25, 26]], shadowGain: 0.8, seed: 3 });
    const levels = [a, b, c].map(() => new Float32Array(W * H));
    const cands = [a, b, c].map((f, j) => lineCandidates(f, none, K, levels[j]));
    // The levels written where a line shows: about the shadows' gains.
    expect(levels[0][24 * K * W + 20 * K]).toBeCloseTo(0.35, 1);
    expect(levels[1][24 * K * W + 20 * K]).toBeCloseTo(0.75, 1);
    // Without the levels every photo is each other's witness.
    expect(onLine20(corroboratedLines(cands, W, H, K)[0], 22.6, 25.4)).toBeGreaterThan(8);
    const [sa, sb, sc] = corroboratedLines(cands, W, H, K, undefined, levels);
    expect(onLine20(sa, 22, 26)).toBe(0);
    // b and c see the place alike (0.75 and 0.8): each the other's witness.
    expect(onLine20(sb, 22.6, 25.4)).toBeGreaterThan(8);
    expect(onLine20(sc, 22.6, 25.4)).toBeGreaterThan(8);
  });

  test("one photo alone is no witness, and a run shorter than 1 mm counts for nothing on lit paper, only in a shadow", () => {
    const band = frame({ shadows: [[15, 22, 25, 26]], seed: 1 });
    const covered = frame({ tools: [[15, 20, 25, 28]], seed: 2 });
    const [alone] = corroboratedLines([lineCandidates(band, none, K), lineCandidates(covered, none, K)], W, H, K);
    expect(onLine20(alone, 21, 27)).toBe(0);

    // Two photos from one place are no witnesses for each other (no parallax tells a part from the
    // pad), one taken 60 mm away is.
    const twin = frame({ shadows: [[15, 22, 25, 26]], seed: 5 });
    const cands = [band, twin].map((f) => lineCandidates(f, none, K));
    expect(onLine20(corroboratedLines(cands, W, H, K, [[100, 120], [110, 130]])[0], 21, 27)).toBe(0);
    expect(onLine20(corroboratedLines(cands, W, H, K, [[100, 120], [160, 120]])[0], 21, 27)).toBeGreaterThan(8);

    // Both photos show the line between two tools that leave only 1.8 mm of it: with flat sides
    // required 0.6 mm either way, a run of well under 1 mm. On lit paper (beside a pale part) that
    // counts for nothing; in a shadow (a light-grey tool's hard shadow band) it does.
    const short = (seed: number, shadowed: boolean) =>
      frame({ shadows: shadowed ? [[15, 20, 25, 30]] : [], tools: [[15, 20, 25, 24.1], [15, 25.9, 25, 30]], seed });
    const [s1, s2] = corroboratedLines([lineCandidates(short(1, false), none, K), lineCandidates(short(2, false), none, K)], W, H, K);
    expect(onLine20(s1, 20, 30)).toBe(0);
    expect(onLine20(s2, 20, 30)).toBe(0);
    const [d1, d2] = corroboratedLines([lineCandidates(short(1, true), none, K), lineCandidates(short(2, true), none, K)], W, H, K);
    expect(onLine20(d1, 24.1, 25.9)).toBeGreaterThan(0);
    expect(onLine20(d2, 24.1, 25.9)).toBeGreaterThan(0);
    // Nothing inside the tools either side (the horizontal lines at their far edges are paper).
    expect(onLine20(d1, 21, 24) + onLine20(d1, 26, 29)).toBe(0);
  });
});
