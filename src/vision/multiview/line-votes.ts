import { nearCrossing, printedLines } from "../grid-visibility.ts";
import type { RgbaImage } from "../raster.ts";

/**
 * The printed grid, read across the photos of one capture.
 *
 * A cast shadow lies on the pad: every photo sees its grid line at the same pad place. A part of the
 * tool at any height above the pad is seen at a different pad place from each camera (parallax), and
 * it hides the line. So where two photos both show the printed line at one pad place, that place is
 * paper at the pad's height, whatever a single photo could tell on its own.
 *
 * One photo alone needs a long run of line to call it seen (grid-visibility.ts: 2 mm on its own past
 * a sharp step, reaching lit paper, standing out of the grain 1.4 mm beside it): a line's blurred trace
 * runs a millimetre into a dark tool, and shading on a smooth tool can mimic it. A light-grey tool's
 * hard shadow is a band of 1-3 mm beside it, often near a crossing line, and never qualifies: every
 * photo kept it, so the hull did (five photos, held out: a hex key +32 % area, a drill 2.1 mm mean
 * deviation). With a second photo as witness a short window suffices: the trace into a tool lies where
 * the brightness beside the line still ramps (the sides must be flat here), and chance dips on a tool
 * do not line up with another photo's for a millimetre of line.
 */

/** Half a window along the line, px at the working scale (±0.4 mm at 5 px/mm). */
const WINDOW_HALF_PX = 2;
/** The window's mean dip, and each half's, reaches this share of the paper's own line dip. */
const SEEN_SHARE = 0.6;
/** The two sides of the line differ by at most this (relative), and stay within it over ±0.6 mm. */
const FLAT_SIDES = 0.1;
/** Sides at least this bright (relative to the lit paper): darker, a dip is mostly noise. */
const MIN_SIDE_LEVEL = 0.3;
/** A corroborated run must be this long in the photo itself, mm. */
const MIN_RUN_MM = 1;
/**
 * In a shadow (the line's sides darker than DARK_SIDE of the lit paper) a corroborated run this long
 * suffices, mm. A light-grey tool's hard shadow is a band of 2.5-3 mm beside it, and with the sides
 * kept flat 0.6 mm either way a line crossing it leaves well under 1 mm to read: every photo kept
 * the band (five photos, held out: a hex key 0.727 mm, 0.212 with the true silhouettes). On lit
 * paper beside a pale part the short runs are not taken: there 0.6 mm runs cut a 12 MP held-out
 * screwdriver's floating shaft (0.48 -> 0.51 %).
 */
const SHORT_DARK_RUN_MM = 0.4;
/** Sides darker than this share of the lit paper's level: the line lies in a shadow. */
const DARK_SIDE = 0.75;
/**
 * A witness photo's camera stood this far from this one's (nadirs, mm). The argument needs parallax:
 * a part h mm up is seen about h * d / H apart from two cameras d apart at height H, and at 50 mm
 * apart and 350 mm up that is a working pixel (0.2 mm) from 1.4 mm up. Photos from one place would
 * vouch for each other's texture on the tool (the same photo sent twice did).
 */
const MIN_WITNESS_APART_MM = 50;

/**
 * A witness sees the place within this ratio of this photo's brightness there (both relative to
 * their own lit paper): a shadow's shading is the same from every camera, a part above the place is
 * not. Exposure and white balance differ by a few per cent between photos.
 */
const WITNESS_LEVEL_RATIO = 1.35;

/** Median of a list (sorts it). */
function median(xs: number[]): number {
  xs.sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)];
}

/**
 * A photo votes only where its printed lines stand this many times their own noise on lit paper
 * (the median line dip over the robust spread of single samples, sides flat). A 1920 x 1440 photo
 * from above a corner reads 2.3-2.7, from above the middle 5; a 1280 x 960 corner photo (2.5 px/mm
 * on the pad) 1.5-1.9. In such a photo's shadows the short window reads noise as line: a drill's
 * shaded flank beside its shadow was taken for shadow, and the walls fitted to that photo's edges
 * cut the drill (five photos, held out: 0.93 %).
 */
const MIN_LINE_SNR = 2;
/** Lit paper, for the paper's own line dip: sides at least this share of the paper's level. */
const LIT_PAPER_SHARE = 0.8;

/**
 * Line pixels (the pixel on the line's far side, as grid-visibility stores it on both) where this
 * photo shows the printed line over a short window with flat sides: 1, or 2 where the sides are
 * darker than DARK_SIDE of the lit paper (in a shadow); none where the photo's lines are too faint
 * for their noise (MIN_LINE_SNR). Cheap: one pass along the lines. With `sideLevel` (w x h), the
 * sides' brightness relative to this photo's lit paper is written there at each marked pixel.
 */
export function lineCandidates(image: RgbaImage, excluded: Uint8Array, k: number, sideLevel?: Float32Array): Uint8Array {
  const { width: W, height: H, data } = image;
  const n = W * H;
  const grey = new Float32Array(n);
  for (let i = 0, o = 0; i < n; i++, o += 4) grey[i] = data[o] * 0.299 + data[o + 1] * 0.587 + data[o + 2] * 0.114;
  const lines = printedLines(W, H, k, 0);
  const dips: Float32Array[] = [];
  const sides: Float32Array[] = [];
  const flatDips: number[] = [];
  const flatSides: number[] = [];
  const sideSample: number[] = [];
  for (const L of lines) {
    const d = new Float32Array(L.along).fill(Number.NaN);
    const s = new Float32Array(L.along);
    for (let t = 0; t < L.along; t++) {
      // The line covers offsets -1 and 0; its sides are read 0.5-0.7 mm off (as grid-visibility.ts).
      const left = (grey[L.at(t, -4)] + grey[L.at(t, -3)]) / 2;
      const right = (grey[L.at(t, 2)] + grey[L.at(t, 3)]) / 2;
      const side = (left + right) / 2;
      s[t] = side;
      if (t % 8 === 0) sideSample.push(side);
      if (nearCrossing((t + 0.5) / k) || excluded[L.at(t, -4)] || excluded[L.at(t, 3)] || side < 8 || side >= 254) continue;
      const skew = Math.abs(left - right) / side;
      if (skew > FLAT_SIDES) continue;
      d[t] = 1 - (grey[L.at(t, -1)] + grey[L.at(t, 0)]) / 2 / side;
      if (skew < 0.03) {
        flatDips.push(d[t]);
        flatSides.push(side);
      }
    }
    dips.push(d);
    sides.push(s);
  }
  const out = new Uint8Array(n);
  sideSample.sort((a, b) => a - b);
  const paperLevel = sideSample[Math.floor(sideSample.length * 0.9)];
  // Lit paper: flat sides near the paper's level (a large tool's own samples, dips about 0, would
  // halve the median and swell the spread).
  const paperDips = flatDips.filter((_, q) => flatSides[q] >= LIT_PAPER_SHARE * paperLevel);
  if (paperDips.length < 50) return out;
  const paperDip = median(paperDips);
  if (!(paperDip > 0.01)) return out;
  // The spread of single samples on lit paper (median absolute deviation, as a standard deviation).
  const spread = 1.4826 * median(paperDips.map((d) => Math.abs(d - paperDip)));
  if (paperDip < MIN_LINE_SNR * spread) return out;
  const flatReach = Math.max(1, Math.round(0.6 * k));
  const h = WINDOW_HALF_PX;
  lines.forEach((L, li) => {
    const d = dips[li];
    const s = sides[li];
    for (let t = h + flatReach; t < L.along - h - flatReach; t++) {
      if (Number.isNaN(d[t]) || s[t] < MIN_SIDE_LEVEL * paperLevel) continue;
      let flat = true;
      for (let u = t - flatReach; u <= t + flatReach && flat; u++) if (Math.abs(s[u] - s[t]) > FLAT_SIDES * s[t]) flat = false;
      if (!flat) continue;
      let sum = 0;
      let m = 0;
      let sumBefore = 0;
      let mBefore = 0;
      let sumAfter = 0;
      let mAfter = 0;
      for (let u = t - h; u <= t + h; u++) {
        if (Number.isNaN(d[u])) continue;
        sum += d[u];
        m++;
        if (u <= t) {
          sumBefore += d[u];
          mBefore++;
        }
        if (u >= t) {
          sumAfter += d[u];
          mAfter++;
        }
      }
      // A full window, and the line in both halves of it: at a tool's edge the window's mean still
      // reads the paper's half.
      if (m < 2 * h) continue;
      const least = SEEN_SHARE * paperDip;
      if (sum / m >= least && sumBefore / mBefore >= least && sumAfter / mAfter >= least) {
        out[L.at(t, 0)] = s[t] < DARK_SIDE * paperLevel ? 2 : 1;
        if (sideLevel) sideLevel[L.at(t, 0)] = s[t] / paperLevel;
      }
    }
  });
  return out;
}

/**
 * For each photo, its candidate line pixels that a photo taken from elsewhere shows too (a witness:
 * nadirs at least MIN_WITNESS_APART_MM apart, when `nadirsMm` are given), kept only in runs of
 * MIN_RUN_MM along the line (SHORT_DARK_RUN_MM where the whole run lies in a shadow), and marked on
 * both pixels of the line (as grid-visibility stores its samples). A photo whose view of the place is blocked by the tool shows no line there and gets
 * nothing: its silhouette keeps the tool it saw.
 */
export function corroboratedLines(candidates: Uint8Array[], width: number, height: number, k: number, nadirsMm?: [number, number][], sideLevels?: Float32Array[]): Uint8Array[] {
  const n = width * height;
  const lines = printedLines(width, height, k, 0);
  const minRun = Math.max(1, Math.round(MIN_RUN_MM * k));
  const shortRun = Math.max(1, Math.round(SHORT_DARK_RUN_MM * k));
  return candidates.map((own, v) => {
    const witnesses = candidates.map((_, m) => m).filter((m) => m !== v && (!nadirsMm || Math.hypot(nadirsMm[m][0] - nadirsMm[v][0], nadirsMm[m][1] - nadirsMm[v][1]) >= MIN_WITNESS_APART_MM));
    const out = new Uint8Array(n);
    if (!witnesses.length) return out;
    // With the sides' levels: a witness counts only where it sees the place as bright as this photo
    // does (within WITNESS_LEVEL_RATIO). A shadow lies on the pad, and every camera sees its shading
    // at that pad place alike; where this photo's view of the place is blocked by a part standing
    // above it, it sees the part, not the paper the witness sees there. A dark screwdriver handle
    // (0.35 of the paper) showed line-like dips over a few pixels where a corner photo saw the paper
    // under it (0.75) with its line: "seen" on the witness's word, they seeded a shadow flood inside
    // the handle (ray-traced bench, five photos: the handle notched, cut 5.0 %).
    const alike = (q: number, m: number) => {
      if (!sideLevels) return true;
      const a = sideLevels[v][q];
      const b = sideLevels[m][q];
      return a > 0 && b > 0 && Math.max(a / b, b / a) <= WITNESS_LEVEL_RATIO;
    };
    const ok = (q: number) => own[q] >= 1 && witnesses.some((m) => candidates[m][q] >= 1 && alike(q, m));
    for (const L of lines) {
      for (let t = 0; t < L.along; ) {
        if (!ok(L.at(t, 0))) {
          t++;
          continue;
        }
        let e = t;
        while (e + 1 < L.along && ok(L.at(e + 1, 0))) e++;
        // In a shadow (every pixel of the run dark in this photo) a shorter run is enough.
        let dark = true;
        for (let u = t; u <= e && dark; u++) if (own[L.at(u, 0)] !== 2) dark = false;
        if (e - t + 1 >= minRun || (dark && e - t + 1 >= shortRun))
          for (let u = t; u <= e; u++) {
            out[L.at(u, -1)] = 1;
            out[L.at(u, 0)] = 1;
          }
        t = e + 1;
      }
    }
    return out;
  });
}
