import { FRAME_H_MM, FRAME_W_MM, GRID_STEP_MM } from "./pad-spec.ts";
import type { RgbaImage } from "./raster.ts";

/** Grid visibility samples: NaN where no line is measured, else the line's dip relative to the paper's. */
export type GridVisibility = {
  /** Per pixel of the rectified frame; only pixels on a printed line carry a value. */
  visibility: Float32Array;
  /** The paper's own line dip (1 - line/sides) over the whole frame (tiles refine it locally). */
  paperDip: number;
  /** How many line pixels were measured. */
  samples: number;
  /**
   * 1 on the line pixels of windows judged neither seen nor hidden while the line's mean dip stayed
   * under GRID_VISIBLE, on a part as light as LIGHT_PART_LEVEL: the line does not show, but the grain
   * beside it (a steel shaft's highlights) cannot rule a faint one out. A cast shadow shows its
   * lines; this is weak evidence of a light part. On a dark part, or in a deep shadow, noise alone
   * leaves a verdict open, and a dark part is tool by its darkness: marked there (at any level until
   * session 13), a dark hammer's undecided lines, and those in the deep shadow of its concave corners,
   * kept that shadow off the lit-paper flood (3D bench, five photos, seeds from 7000: hammer
   * 0.947 -> 0.835 mm; 1280 x 960: median 0.680 -> 0.636 mm, held out 0.815 -> 0.762 mm).
   */
  faint: Uint8Array;
  /** With `lineSeen`: the line pixels counted seen on another photo's word alone (see shadow-evidence.ts). */
  witnessed?: Uint8Array;
};

/** A sample this close to the paper's dip says "grid seen": paper or a shadow on it. */
export const GRID_VISIBLE = 0.55;
/**
 * A sample at or below this says "grid hidden": something lies on the pad there. The float32 value
 * itself, as the samples are stored in a Float32Array: float32(0.2) is a hair above the double 0.2.
 * (judgeLine used to call windows up to 0.3 hidden and store them clamped to float32(0.2), which then
 * failed every `<= 0.2` test downstream; counting them, as meant, moved the 3D bench's tuned set
 * 0.193 -> 0.208 mm, socket and chrome spanner 0.03-0.06 mm worse, so the limit is 0.2 throughout.)
 */
export const GRID_HIDDEN = Math.fround(0.2);

/** Median of the first m values of a (sorts them in place: m is a window's dozen samples). */
function quickMedian(a: Float64Array, m: number): number {
  for (let i = 1; i < m; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
  return m % 2 ? a[(m - 1) / 2] : (a[m / 2 - 1] + a[m / 2]) / 2;
}

/** Brightness beside the line falling (or rising) to this share within 0.6 mm along it is a sharp edge. */
const SHARP_STEP = 0.75;
/** A sample whose two sides differ more than this (relative) has a tool edge beside the line. */
const EDGE_SKEW = 0.25;
/**
 * The two sides may differ this much on average over a window (relative): a linear shading gradient
 * across the line (the flank of a round steel shaft, at a slant to the grid) leaves the dip unbiased;
 * a tool edge beside the line does not, and differs more. 0.08 dropped most of a 6 mm shaft's samples.
 */
const SKEW_LIMIT = 0.12;
/** The least scatter (relative to the paper's dip) a window's own line samples are credited with. */
const MIN_LINE_SPREAD = 0.15;
/**
 * From this brightness (relative to the paper) the line's own scatter may judge an undecided window
 * hidden (see the rescue in measureGridVisibility). Ray-traced bench: a dark hex key's leg 31.5 ->
 * 0.6 % cut, one photo held out worst 31.5 -> 5.2 %, five photos cut median 0.56 -> 0.11 %; the
 * painted bench's one-photo and five-photo tuned and held-out sets unchanged.
 */
const SPREAD_RESCUE_MIN_LEVEL = 0.35;
/** From this brightness (relative to the paper) a part is light enough to need the grid's word. */
const LIGHT_PART_LEVEL = 0.7;
/**
 * ... and up to this one: a part clearly darker than the lit paper. On paper, and in a light cast
 * shadow, a line can be flat too, smoothed away by a phone's JPEG at 1280 x 960: at 1.0 a corner
 * photo of the browser's five-photo walk read hidden and disagreed with the others; at 0.96 a
 * wrench's 6 % shadow in the fake-camera scan did, and its area came out 2.35 % large (0.45 % with
 * 0.93). The held-out blade tips lie at 0.85-0.93.
 */
const LIGHT_PART_MAX_LEVEL = 0.93;

/**
 * A sample whose line and sides both read this bright lies at the sensor's top, where highlights roll
 * off or clip: a blurred line on over-exposed paper can flatten away there (see the hidden runs below).
 */
const NEAR_TOP = 248;
/**
 * A short hidden run at the top whose line still dips this share of the paper's (on average) is a
 * flattened line, not a hidden one. The light steel beam of a caliper on bright paper (3D bench)
 * leaves none (-0.27 to 0.07, median -0.05); the walk's flattened lines left 0.03-0.19.
 */
const TOP_FAINT_DIP = 0.05;

/**
 * A paper sample's dip counts towards the paper's own only from this share of the dips' 90th
 * percentile (see showingMedian): a line under a light part shows none.
 */
const PAPER_DIP_FLOOR = 0.35;
/** A tile's median under this share of the frame's paper dip may be dragged down by a light part's hidden lines ... */
const DRAGGED_SHARE = 0.35;
/** ... when the samples that show a line show it at least this share as strongly as the frame's paper does. */
const PAPER_LIKE_SHARE = 0.7;

/**
 * A window's grain, relative to the paper's dip `ref`: the median of its m squared off-line dips
 * (over 0.69, the median of a chi-square with 2 degrees of freedom over its mean), not their mean: a
 * tool edge 1.4 mm beside a few of the samples would otherwise drown a narrow shadow's line, and a
 * few chrome streaks beside the line would make a hidden line undecidable. Sorts offs[0..m).
 */
function windowGrain(offs: Float64Array, m: number, ref: number): number {
  return Math.sqrt(quickMedian(offs, m) / 0.69) / ref;
}

/** Whether no sample within `gap` of the hidden run t..e along its line (outside it) reads hidden. */
function isolatedRun(outs: Float32Array, t: number, e: number, gap: number): boolean {
  for (let u = Math.max(0, t - gap); u <= Math.min(outs.length - 1, e + gap); u++) if ((u < t || u > e) && outs[u] <= GRID_HIDDEN) return false;
  return true;
}

/** Paper windows a 40 mm tile needs for its own statistics (paperWindows). */
const PAPER_WINDOWS_MIN = 30;
/**
 * From this share of paper windows that read "hidden" (in the median tile) the photo drops lines
 * from bare paper (see paperWindows): 0 on the ray-traced bench's photos read (a chrome knife's and
 * a light-grey drill's five, tuned, with the worse camera and at 1280 x 960); 0.8-3.8 % on the
 * corner photos at 1280 x 960 with the worse camera.
 */
const DROPOUT_SHARE = 0.005;
/** A smooth window's grain is under this share of the tile's paper windows' median (see paperWindows). */
const SMOOTH_GRAIN_SHARE = 1;
/** ... and its line pixel at least this bright (relative to the paper): paper, not a darker part. */
const SMOOTH_MIN_LEVEL = 0.95;

/** Within this many mm of a crossing line the sides are darkened by it: not read. */
const CROSSING_MM = 1.0;

/** Whether a position along a line (mm) lies near a crossing line. */
export function nearCrossing(mm: number): boolean {
  return Math.abs(mm - Math.round(mm / GRID_STEP_MM) * GRID_STEP_MM) < CROSSING_MM;
}

/**
 * The paper's line dip among samples sorted ascending: the median of those that show a line at all,
 * at least PAPER_DIP_FLOOR of the samples' own 90th percentile. A "paper hint" is only
 * paper-coloured, and a light part as bright as the paper is that too: a light-grey drill facing a
 * low lamp filled most of a 40 mm tile, its hidden lines read as the tile's paper and put the tile's
 * median dip at zero or below, and every window there was judged against that (dips of +-Infinity:
 * the tool's lines undecided or "seen"; ray-traced bench, one photo: cut 13.8 %). A tile whose lines
 * are all fainter (the far side of a tilted photo, out of focus) keeps its own median: its 90th
 * percentile is as faint. NaN when fewer than 40 samples show a line.
 */
function showingMedian(sorted: number[]): number {
  const floor = PAPER_DIP_FLOOR * sorted[Math.floor((sorted.length - 1) * 0.9)];
  let from = 0;
  while (from < sorted.length && sorted[from] < floor) from++;
  const m = sorted.length - from;
  return m < 40 ? Number.NaN : sorted[from + Math.floor(m / 2)];
}

/** A printed line of the rectified frame: its length in pixels and the pixel index at position t along it, `off` pixels across. */
export type GridLine = { along: number; at: (t: number, off: number) => number };

/**
 * The printed grid's lines in the rectified raster (k px/mm, pixel u covers pad mm [u/k, (u+1)/k)):
 * a 0.2 mm line straddles offsets -1 and 0. Lines whose sides, read from `reach` pixels across plus
 * the -4..+3 of a dip, would leave the raster are not listed.
 */
export function printedLines(W: number, H: number, k: number, reach: number): GridLine[] {
  const lines: GridLine[] = [];
  for (let x = GRID_STEP_MM; x < FRAME_W_MM - 0.5; x += GRID_STEP_MM) {
    const c = Math.round(x * k);
    if (c - reach - 4 < 0 || c + reach + 3 >= W) continue;
    lines.push({ along: H, at: (t, off) => t * W + c + off });
  }
  for (let y = GRID_STEP_MM; y < FRAME_H_MM - 0.5; y += GRID_STEP_MM) {
    const c = Math.round(y * k);
    if (c - reach - 4 < 0 || c + reach + 3 >= H) continue;
    lines.push({ along: W, at: (t, off) => (c + off) * W + t });
  }
  return lines;
}

/**
 * The line's verdict over one window. The line's position is known to the pixel, so the question is
 * not "is there texture here" but "is the printed line at its place". `v` is the mean dip at the
 * line over the window relative to the paper's dip; `texture` is the RMS dip (same kernel, relative)
 * at 1.4 mm beside the line, where nothing is printed: on paper and in a shadow it is sensor noise,
 * on satin or chrome steel it is the grain. The window mean of `m` line samples scatters by about
 * texture * sqrt(2 / m) around its true value (the grain is correlated over a couple of pixels).
 * Seen: the mean dip reaches GRID_VISIBLE and stands out of the grain as before (2.3 x). Hidden:
 * the mean is low and a visible line (GRID_VISIBLE) is at least 2.5 standard errors away, so a
 * grained tool whose mean dip at the line is ~0 reads as "hidden" instead of "texture" (the old
 * rule gave no hidden verdict wherever the grain beside the line reached 0.6 of the paper's dip).
 */
export function judgeLine(v: number, texture: number, m: number): "seen" | "hidden" | "unknown" {
  if (v >= GRID_VISIBLE) return v > 2.3 * texture ? "seen" : "unknown";
  const se = texture * Math.sqrt(2 / m);
  return v <= GRID_HIDDEN && GRID_VISIBLE - v >= 2.5 * se ? "hidden" : "unknown";
}

/**
 * What the paper's own windows show, read before any verdict: per 40 mm tile the median grain of the
 * windows on paper (paperHint on the line and both sides, no skew; every `half` samples), relative
 * to the tile's paper dip, and over the frame the share of paper windows that read "hidden" (the
 * median tile's: a tool covers far fewer tiles than half). On a photo from a worse camera the line
 * vanishes from bare paper: on the far side of a 1280 x 960 corner photo, noisy and JPEG-compressed
 * (sensor noise sigma 6, quality 70; 2-2.5 px/mm there), a block's quantisation smooths the faint
 * line away with the noise beside it, whole windows read a line-free, grain-free paper (1.5-2.7 %
 * of the paper windows read no line there) and were judged "hidden" beyond doubt. Each grew a blob of "tool" over the paper, some joined
 * to the tool, and five photos of 5 of the 10 tools were refused as disagreeing (3D bench, five
 * photos, `--stress --width 1280 --height 960`). A tile without PAPER_WINDOWS_MIN windows takes the
 * frame's grain.
 */
function paperWindows(
  lines: GridLine[],
  raw: Float32Array[],
  rawOff: Float32Array[],
  rawPaper: Uint8Array[],
  tileRef: number[],
  tileOf: (i: number) => number,
  half: number,
  offWindow: Float64Array,
): { grain: number[]; dropout: number } {
  const hidden = tileRef.map(() => 0);
  const grains: number[][] = tileRef.map(() => []);
  for (let li = 0; li < lines.length; li++) {
    const L = lines[li];
    const dips = raw[li];
    const offs = rawOff[li];
    const paper = rawPaper[li];
    for (let t = 0; t < L.along; t += half) {
      if (!paper[t]) continue;
      let s = 0;
      let m = 0;
      for (let u = Math.max(0, t - half); u <= Math.min(L.along - 1, t + half); u++) {
        if (Number.isNaN(dips[u])) continue;
        s += dips[u];
        offWindow[m++] = offs[u];
      }
      if (m < half + 1) continue;
      const tile = tileOf(L.at(t, 0));
      const ref = tileRef[tile];
      if (s / m / ref <= GRID_HIDDEN) hidden[tile]++;
      grains[tile].push(windowGrain(offWindow, m, ref));
    }
  }
  const median = (v: number[]) => (v.sort((p, q) => p - q), v[Math.floor(v.length / 2)]);
  const counted = grains.map((g, i) => (g.length >= PAPER_WINDOWS_MIN ? i : -1)).filter((i) => i >= 0);
  const dropout = counted.length ? median(counted.map((i) => hidden[i] / grains[i].length)) : 0;
  const all = grains.flat();
  const frame = all.length ? median(all) : 0;
  return { grain: grains.map((g) => (g.length >= PAPER_WINDOWS_MIN ? median(g) : frame)), dropout };
}

/**
 * How visible the printed grid is along every line, in the rectified raster (k px/mm, pixel u covers
 * pad mm [u/k, (u+1)/k)). A cast shadow only scales the paper's brightness, so a line keeps the same
 * *relative* dip (1 - line/sides) in it as on lit paper; a tool hides the line, and the dip drops to
 * zero whatever the tool's brightness. Each line pixel's dip is averaged along the line over ±1 mm
 * (noise), divided by the paper's dip (median over line pixels in `paperHint`, per 40 mm tile where
 * the tile has enough paper, else over the frame), and stored on the two pixels the 0.2 mm line
 * straddles. The pixel offsets across the line (line ±0.1 mm, sides 0.5-0.7 mm) are sized for the
 * scanner's working scale of 5 px/mm (trace-pipeline's WORK_PX_PER_MM). Not measured: excluded pixels (markers: no grid is printed
 * there), line crossings (the other line darkens the sides), pixels darker than `minLevel` of the
 * paper (too little signal), clipped line pixels and places where the two sides differ (a tool edge
 * next to the line, per sample or on average over the window). Each window is judged against the
 * grain around it (judgeLine): "visible" only where the line clearly stands out of it, "hidden"
 * where a visible line is ruled out; hidden samples carry at most GRID_HIDDEN, undecided ones NaN.
 * "Visible" also needs 2 mm of line in a row, reaching lit paper (see below).
 * `level` is the pixel brightness relative to the fitted paper (1 = lit paper).
 */
export function measureGridVisibility(
  img: RgbaImage,
  k: number,
  excluded: Uint8Array,
  level: Float32Array,
  paperHint: Uint8Array,
  minLevel = 0.16,
  lineSeen?: Uint8Array,
): GridVisibility {
  const { width: W, height: H, data } = img;
  const n = W * H;
  const grey = new Float32Array(n);
  for (let i = 0, o = 0; i < n; i++, o += 4) grey[i] = data[o] * 0.299 + data[o + 1] * 0.587 + data[o + 2] * 0.114;
  const vis = new Float32Array(n).fill(Number.NaN);
  const faint = new Uint8Array(n);
  const half = Math.max(1, Math.round(1.0 * k));
  const off = Math.round(1.4 * k);
  const minRun = Math.round(2 * k);
  const maxGap = Math.round(3 * k);
  const longRun = Math.round(5 * k);
  const lines = printedLines(W, H, k, off);
  // Dip at the line, and the same measure 1.4 mm to either side (no line there): on paper and in a
  // shadow those stay near zero, on a textured tool they swing as much as the line's position does.
  const dipAt = (L: GridLine, t: number, o: number) => {
    const left = (grey[L.at(t, o - 4)] + grey[L.at(t, o - 3)]) / 2;
    const right = (grey[L.at(t, o + 2)] + grey[L.at(t, o + 3)]) / 2;
    const side = (left + right) / 2;
    if (side < 4) return Number.NaN;
    return 1 - (grey[L.at(t, o - 1)] + grey[L.at(t, o)]) / 2 / side;
  };
  const raw: Float32Array[] = [];
  const rawOff: Float32Array[] = [];
  const rawSkew: Float32Array[] = [];
  // Per line, the samples whose line and sides read NEAR_TOP or brighter.
  const rawTop: Uint8Array[] = [];
  // Per line, the samples read on paper (paperHint on the line and both sides, no skew).
  const rawPaper: Uint8Array[] = [];
  const paperDips: number[] = [];
  // The line's contrast varies over the photo (focus, exposure, a washed-out corner): each sample is
  // also compared with the paper's dip in its own 40 mm tile when that tile has enough paper.
  const tile = Math.round(40 * k);
  const tilesX = Math.ceil(W / tile);
  const tileOf = (i: number) => Math.floor(Math.floor(i / W) / tile) * tilesX + Math.floor((i % W) / tile);
  const tileDips: number[][] = Array.from({ length: tilesX * Math.ceil(H / tile) }, () => []);
  for (const L of lines) {
    const dips = new Float32Array(L.along).fill(Number.NaN);
    const offs = new Float32Array(L.along);
    const skews = new Float32Array(L.along);
    const tops = new Uint8Array(L.along);
    const onPaper = new Uint8Array(L.along);
    for (let t = 0; t < L.along; t++) {
      if (nearCrossing((t + 0.5) / k)) continue;
      const a = L.at(t, -1);
      const b = L.at(t, 0);
      if (excluded[L.at(t, -off - 4)] || excluded[L.at(t, off + 3)]) continue;
      if (level[b] < minLevel) continue;
      const left = (grey[L.at(t, -4)] + grey[L.at(t, -3)]) / 2;
      const right = (grey[L.at(t, 2)] + grey[L.at(t, 3)]) / 2;
      const side = (left + right) / 2;
      if (side < 4) continue;
      const skew = (left - right) / side;
      // A tool edge right beside the line: the dip says nothing. Grain on satin steel makes the two
      // sides differ by a few per cent at random; that is judged over the window below.
      if (Math.abs(skew) > EDGE_SKEW) continue;
      // Clipped highlights flatten the line away: no evidence either way. Only sides at the very top
      // count as clipped: an exposure that puts the paper at 253 still shows its lines at ~238 (and
      // a satin part as bright hides them), and such photos would otherwise have no grid evidence.
      if (side >= 254) continue;
      const d = 1 - (grey[a] + grey[b]) / 2 / side;
      if (side >= NEAR_TOP && (grey[a] + grey[b]) / 2 >= NEAR_TOP) tops[t] = 1;
      const oL = dipAt(L, t, -off);
      const oR = dipAt(L, t, off);
      if (Number.isNaN(oL) || Number.isNaN(oR)) continue;
      dips[t] = d;
      offs[t] = (oL * oL + oR * oR) / 2;
      skews[t] = skew;
      if (Math.abs(skew) <= 0.08 && paperHint[a] && paperHint[b] && paperHint[L.at(t, -off - 4)] && paperHint[L.at(t, off + 3)]) {
        onPaper[t] = 1;
        paperDips.push(d);
        tileDips[tileOf(b)].push(d);
      }
    }
    raw.push(dips);
    rawOff.push(offs);
    rawSkew.push(skews);
    rawTop.push(tops);
    rawPaper.push(onPaper);
  }
  paperDips.sort((p, q) => p - q);
  // The frame's median first, then the median of the samples that show a line against it.
  const plainMedian = paperDips.length >= 50 ? paperDips[Math.floor(paperDips.length / 2)] : 0;
  const showing = plainMedian > 0 ? showingMedian(paperDips) : Number.NaN;
  const paperDip = !Number.isNaN(showing) && plainMedian < DRAGGED_SHARE * showing ? showing : plainMedian;
  const tileRef = tileDips.map((d) => {
    if (d.length < 40) return Math.max(paperDip, 0.005);
    d.sort((p, q) => p - q);
    const plain = d[Math.floor(d.length / 2)];
    const showing = showingMedian(d);
    // Only where a light part clearly drags the median down (to a third of the frame's paper dip,
    // while the samples that show a line show it nearly as strongly as the frame's paper does) is
    // the median of those samples taken. A tile whose lines are all fainter (out of focus, the far
    // side of a tilted photo) keeps its own median: its lines are judged as faint as they are there.
    return !Number.isNaN(showing) && plain < DRAGGED_SHARE * paperDip && showing >= PAPER_LIKE_SHARE * paperDip ? showing : plain;
  });
  let samples = 0;
  const offWindow = new Float64Array(2 * half + 1);
  const offWide = new Float64Array(4 * half + 1);
  const lineWide = new Float64Array(4 * half + 1);
  if (paperDip > 0.01) {
    const paper = paperWindows(lines, raw, rawOff, rawPaper, tileRef, tileOf, half, offWindow);
    const dropsLines = paper.dropout > DROPOUT_SHARE;
    for (let li = 0; li < lines.length; li++) {
      const L = lines[li];
      const dips = raw[li];
      const offs = rawOff[li];
      const skews = rawSkew[li];
      const nearTop = rawTop[li];
      const outs = new Float32Array(L.along).fill(Number.NaN);
      // Hidden windows as smooth as the paper or smoother, at the paper's brightness, on a photo
      // that drops lines from bare paper (see paperWindows and the dropped runs below).
      const smooth = new Uint8Array(L.along);
      for (let t = 0; t < L.along; t++) {
        if (Number.isNaN(dips[t])) continue;
        let s = 0;
        let sk = 0;
        let m = 0;
        // The two halves of the window (up to t, from t on), for the edge check below.
        let sBefore = 0;
        let mBefore = 0;
        let sAfter = 0;
        let mAfter = 0;
        for (let u = Math.max(0, t - half); u <= Math.min(L.along - 1, t + half); u++) {
          if (Number.isNaN(dips[u])) continue;
          s += dips[u];
          offWindow[m] = offs[u];
          sk += skews[u];
          m++;
          if (u <= t) {
            sBefore += dips[u];
            mBefore++;
          }
          if (u >= t) {
            sAfter += dips[u];
            mAfter++;
          }
        }
        // Too few neighbours: an isolated sample says little.
        if (m < half + 1) continue;
        // One side brighter all along the window: an edge runs beside the line.
        if (Math.abs(sk / m) > SKEW_LIMIT) continue;
        const ref = tileRef[tileOf(L.at(t, 0))];
        const v = s / m / ref;
        const texture = windowGrain(offWindow, m, ref);
        let verdict = judgeLine(v, texture, m);
        // A narrow light-steel part (a blade tip, a caliper's jaw: 4-8 mm of line, less the 2 mm
        // around a crossing) has bevels and facets 1.4 mm beside the line, where the grain is
        // measured: they read as grain as strong as the line, and no visible line could be ruled out
        // (3D bench, held out: a screwdriver's tip dipped 0.00 +- 0.01 at the line against the
        // paper's 0.05, "texture" 0.8-1.5 of the paper's dip, undecided, and the tip was cut off).
        // The line's own samples scatter by the noise that matters at its known place: where they
        // scatter less than the grain beside it, their spread judges the mean (over the window, or
        // over twice it: the standard error halves). This only turns "unknown" into "hidden", and
        // only on parts clearly darker than the paper (SPREAD_RESCUE_MIN_LEVEL..LIGHT_PART_MAX_LEVEL;
        // until session 24 from LIGHT_PART_LEVEL only, as a dark part is tool by its darkness: but
        // a dark round bar fades into a shadow as dark as its flank, and with none of its lines
        // judged the grid's shadow flood took a hex key's whole leg, ray-traced: cut 31 %), not beside an edge
        // (a dark part 1-2 mm off the line tilts the sides and drives the dip below zero, which no
        // hidden line does), and a window reaching paper rises out of the range.
        const lineLevel = level[L.at(t, 0)];
        if (verdict === "unknown" && v <= GRID_HIDDEN && v >= -0.3 && Math.abs(sk / m) <= 0.05 && lineLevel >= SPREAD_RESCUE_MIN_LEVEL && lineLevel <= LIGHT_PART_MAX_LEVEL) {
          for (const reach of [half, 2 * half]) {
            let m2 = 0;
            for (let u = Math.max(0, t - reach); u <= Math.min(L.along - 1, t + reach); u++) {
              if (Number.isNaN(dips[u])) continue;
              lineWide[m2] = dips[u];
              offWide[m2++] = offs[u];
            }
            if (m2 < half + 1) continue;
            let mean = 0;
            for (let q = 0; q < m2; q++) mean += lineWide[q];
            mean /= m2;
            // Robust spread (MAD): the odd sample across a facet's edge must not hide a flat line.
            const mid = quickMedian(lineWide, m2);
            for (let q = 0; q < m2; q++) lineWide[q] = Math.abs(lineWide[q] - mid);
            const spread = (1.4826 * quickMedian(lineWide, m2)) / ref;
            const grain = Math.sqrt(quickMedian(offWide, m2) / 0.69) / ref;
            if (judgeLine(mean / ref, Math.min(grain, Math.max(spread, MIN_LINE_SPREAD)), m2) === "hidden") {
              verdict = "hidden";
              break;
            }
          }
        }
        // Where the line runs into a tool, a window that straddles the edge still averages to
        // "seen" half a millimetre into the tool: seen must hold on both sides of the sample.
        const halvesSeen = Math.min(sBefore / mBefore, sAfter / mAfter) / ref >= GRID_VISIBLE;
        if (verdict === "seen" && halvesSeen) outs[t] = v;
        else if (verdict === "hidden") {
          outs[t] = Math.min(v, GRID_HIDDEN);
          if (dropsLines && texture < SMOOTH_GRAIN_SHARE * paper.grain[tileOf(L.at(t, 0))] && lineLevel >= SMOOTH_MIN_LEVEL) smooth[t] = 1;
        }
        else if (verdict === "unknown" && v < GRID_VISIBLE && lineLevel >= LIGHT_PART_LEVEL) faint[L.at(t, -1)] = faint[L.at(t, 0)] = 1;
      }
      // A hidden run at the sensor's top (NEAR_TOP), shorter than a seen run must be, with a faint
      // dip left and no other hidden sample within 3 mm along the line, is a blurred line that the
      // clip flattened on over-exposed paper: no evidence. In the browser's five-photo walk (a video
      // frame stretched to full range, its paper clipped) a dozen such samples on bare paper grew
      // into "tool" blobs, one onto a spanner: 7 % of a corner photo's outline disagreed with the
      // other photos', against the 8 % that refuses a scan. A light part as bright hides the line
      // all the way across it, and across its neighbours past a crossing.
      const flattened: [number, number][] = [];
      for (let t = 0; t < L.along; ) {
        if (!(outs[t] <= GRID_HIDDEN && nearTop[t])) {
          t++;
          continue;
        }
        let e = t;
        let sum = outs[t];
        while (e + 1 < L.along && outs[e + 1] <= GRID_HIDDEN && nearTop[e + 1]) sum += outs[++e];
        if (isolatedRun(outs, t, e, maxGap) && e - t + 1 < minRun && sum / (e - t + 1) > TOP_FAINT_DIP) flattened.push([t, e]);
        t = e + 1;
      }
      // On a photo that drops lines from bare paper (paperWindows), a hidden run of windows mostly
      // smooth and at the paper's brightness, shorter than a seen run must be and with no other hidden sample
      // within 3 mm along the line, is a dropped line, not a part: a light part hides its lines
      // across its width, on a photo that shows them on its paper. At 1280 x 960 with the worse
      // camera, five photos: 8 of 10 tools traced, against 5 (3D bench, `--stress --width 1280
      // --height 960`); no photo of the other sets drops lines, and nothing else moved. A light
      // part's smooth short runs (a light-grey drill's, on the tuned set) are kept where the paper
      // shows its lines: dropped everywhere, they cut that drill 30 %.
      if (dropsLines)
        for (let t = 0; t < L.along; ) {
          if (!(outs[t] <= GRID_HIDDEN)) {
            t++;
            continue;
          }
          let e = t;
          let smoothCount = smooth[t];
          while (e + 1 < L.along && outs[e + 1] <= GRID_HIDDEN) smoothCount += smooth[++e];
          if (isolatedRun(outs, t, e, maxGap) && e - t + 1 < minRun && 2 * smoothCount >= e - t + 1) flattened.push([t, e]);
          t = e + 1;
        }
      for (const [t, e] of flattened) outs.fill(Number.NaN, t, e + 1);
      // A line seen through a shadow is seen all the way across it; shading on a smooth tool can
      // mimic it for a millimetre or so. Shorter "seen" runs are dropped. A run is also cut where the
      // brightness beside the line steps down sharply (a tool's edge or a hard shadow's): the line's
      // blurred trace a millimetre into a dark tool, seamless with the paper's run before it, must
      // stand for 2 mm on its own, which a hard shadow's band does and a trace does not.
      const sideLevel = (u: number) => (level[L.at(u, -3)] + level[L.at(u, 2)]) / 2;
      const step = Math.max(1, Math.round(0.6 * k));
      for (let t = 0; t < L.along; ) {
        if (!(outs[t] >= GRID_VISIBLE)) {
          t++;
          continue;
        }
        let e = t;
        while (e + 1 < L.along && outs[e + 1] >= GRID_VISIBLE) {
          const before = sideLevel(Math.max(t, e + 1 - step));
          const after = sideLevel(e + 1);
          if (after < SHARP_STEP * before || before < SHARP_STEP * after) break;
          e++;
        }
        if (e - t + 1 < minRun) for (let u = t; u <= e; u++) outs[u] = Number.NaN;
        t = e + 1;
      }
      // ... and it runs on into lit paper (gaps up to 3 mm, where an edge beside the line spoils the
      // measure, but no hidden stretch; the 2 mm around a crossing line, never measured, do not
      // count: a 4 mm hard shadow between a crossing and the tool would otherwise be cut off from
      // the paper) or spans 5 mm or more: a short "seen" stretch inside a grey tool, boxed in by
      // hidden or unreadable line, is its texture.
      for (let t = 0; t < L.along; ) {
        if (!(outs[t] >= GRID_VISIBLE)) {
          t++;
          continue;
        }
        let e = t;
        let lit = false;
        let gap = 0;
        for (let u = t; u < L.along; u++) {
          if (outs[u] <= GRID_HIDDEN) break;
          if (outs[u] >= GRID_VISIBLE) {
            gap = 0;
            e = u;
            if (level[L.at(u, 0)] >= 0.93) lit = true;
          } else if (!nearCrossing((u + 0.5) / k) && ++gap > maxGap) break;
        }
        if (!lit && e - t < longRun) for (let u = t; u <= e; u++) if (outs[u] >= GRID_VISIBLE) outs[u] = Number.NaN;
        t = e + 1;
      }
      for (let t = 0; t < L.along; t++) {
        if (Number.isNaN(outs[t])) continue;
        vis[L.at(t, -1)] = outs[t];
        vis[L.at(t, 0)] = outs[t];
        samples++;
      }
    }
  }
  // Another photo of the same capture showed the line at the same pad place as this one does
  // (multiview/line-votes.ts): seen, where this photo alone left it undecided. Never over a hidden
  // verdict: a window this photo judged hidden saw no line.
  let witnessed: Uint8Array | undefined;
  if (lineSeen) {
    witnessed = new Uint8Array(n);
    let count = 0;
    for (let i = 0; i < n; i++)
      if (lineSeen[i] && Number.isNaN(vis[i])) {
        vis[i] = 1;
        witnessed[i] = 1;
        count++;
      }
    // A sample is stored on the two pixels the line straddles.
    samples += Math.round(count / 2);
  }
  return { visibility: vis, paperDip, samples, faint, witnessed };
}
