import { labelComponents } from "./ai/morphology.ts";
import { paperEnclosure } from "./enclosed-parts.ts";
import { dottedStraightSteps, encloseBehindDottedSides, thickSealedParts } from "./dotted-sides.ts";
import { GRID_HIDDEN, GRID_VISIBLE } from "./grid-visibility.ts";
import { UNREACHED, geodesicCost } from "./geodesic-cost.ts";
import { getCv, squareFilter, withMats } from "./opencv.ts";

/** Summed-area table ((w + 1) x (h + 1)) of a 0/1 raster. */
function integral(m: Uint8Array, w: number, h: number): Int32Array {
  const t = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += m[y * w + x] ? 1 : 0;
      t[(y + 1) * (w + 1) + x + 1] = t[y * (w + 1) + x + 1] + row;
    }
  }
  return t;
}

/** Sum of the raster over the square of half-size r around (x, y), clipped to the image. */
function boxSum(t: Int32Array, w: number, h: number, x: number, y: number, r: number): number {
  const x0 = Math.max(0, x - r);
  const y0 = Math.max(0, y - r);
  const x1 = Math.min(w, x + r + 1);
  const y1 = Math.min(h, y + r + 1);
  const W = w + 1;
  return t[y1 * W + x1] - t[y0 * W + x1] - t[y1 * W + x0] + t[y0 * W + x0];
}

/**
 * Grain: the RMS, over 7 x 7 px, of the brightness less its Gaussian blur (σ 1 px). A band-pass: a
 * shadow's slow fade leaves little in it, a grained or textured surface does not. At σ 2 px a hard
 * shadow's penumbra (a 5-6 px ramp) read as grain and stopped the gridless flood at the shadow's
 * rim, so a desk lamp's shadow on plain paper stayed tool (3D bench, one photo, plain paper: median
 * 0.258 -> 0.122 mm; held out 0.248 -> 0.120 mm, a black spanner 4.09 -> 0.08 mm, a tape measure
 * 8.6 -> 0.15 mm).
 * With `skip` (a sharp edge's own band), those pixels are left out of each window: the grain of the
 * surface beside an edge, not the edge's step (windows with no pixel left read 0).
 */
function grainEnergy(level: Float32Array, w: number, h: number, sigma = 1, skip?: Uint8Array): Float32Array {
  const cv = getCv();
  return withMats((track) => {
    const src = track(new cv.Mat(h, w, cv.CV_32FC1));
    (src.data32F as Float32Array).set(level);
    const blurred = track(new cv.Mat());
    cv.GaussianBlur(src, blurred, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
    const sq = track(new cv.Mat(h, w, cv.CV_32FC1));
    const b = blurred.data32F as Float32Array;
    const q = sq.data32F as Float32Array;
    for (let i = 0; i < q.length; i++) q[i] = skip?.[i] ? 0 : (level[i] - b[i]) ** 2;
    const mean = track(new cv.Mat());
    const window = new cv.Size(7, 7);
    cv.blur(sq, mean, window, new cv.Point(-1, -1), cv.BORDER_REPLICATE);
    const m = mean.data32F as Float32Array;
    let share: Float32Array | null = null;
    if (skip) {
      const keep = track(new cv.Mat(h, w, cv.CV_32FC1));
      const kd = keep.data32F as Float32Array;
      for (let i = 0; i < kd.length; i++) kd[i] = skip[i] ? 0 : 1;
      const shareM = track(new cv.Mat());
      cv.blur(keep, shareM, window, new cv.Point(-1, -1), cv.BORDER_REPLICATE);
      share = shareM.data32F as Float32Array;
    }
    const out = new Float32Array(q.length);
    for (let i = 0; i < out.length; i++) {
      const c = share ? share[i] : 1;
      out[i] = c > 1e-6 ? Math.sqrt(Math.max(0, m[i] / c)) : 0;
    }
    return out;
  });
}

/**
 * Band-pass scale (px) of the grain the grid's shadow flood reads (grainEnergy with the sharp edges
 * skipped): finer than the lit-paper flood's, so that a hard shadow's rim (a ramp of a pixel or
 * two) reads as smooth while a satin part's grain does not. At σ 1 a light-grey hex key's narrow
 * hard-shadow band stayed tool (painted 3D bench, one photo: 0.100 -> 0.217 mm).
 */
const SURFACE_GRAIN_SIGMA = 0.7;
/** Floor of the grid flood's smoothness limit (grain x brightness, relative to the paper). */
const MIN_SURFACE_GRAIN = 0.003;

/** How far (mm) a seen line's level stands for the shadow's depth around it. */
const SHADOW_DEPTH_REACH_MM = 15;
/** A place this much darker (relative to the paper) than the darkest line seen in shadow near it is no part of that shadow. */
const SHADOW_DEPTH_SLACK = 0.15;

/**
 * Per pixel, the level of the darkest seed (a line seen in shadow) within SHADOW_DEPTH_REACH_MM
 * (a square), or 0 where there is none. Taken on a 1 mm raster: the shadow's depth varies slowly.
 */
function seenShadowFloor(level: Float32Array, seeds: Uint8Array, w: number, h: number, k: number): Float32Array {
  const cv = getCv();
  const cell = Math.max(1, Math.round(k));
  const cw = Math.ceil(w / cell);
  const ch = Math.ceil(h / cell);
  const coarse = new Float32Array(cw * ch).fill(2);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!seeds[i]) continue;
      const c = Math.floor(y / cell) * cw + Math.floor(x / cell);
      if (level[i] < coarse[c]) coarse[c] = level[i];
    }
  const r = Math.round((SHADOW_DEPTH_REACH_MM * k) / cell);
  const spread = withMats((track) => {
    const m = track(new cv.Mat(ch, cw, cv.CV_32FC1));
    (m.data32F as Float32Array).set(coarse);
    const d = track(new cv.Mat());
    cv.erode(m, d, track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1))), new cv.Point(-1, -1), 1, cv.BORDER_CONSTANT, new cv.Scalar(2));
    return new Float32Array(d.data32F as Float32Array);
  });
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = spread[Math.floor(y / cell) * cw + Math.floor(x / cell)];
      out[y * w + x] = v > 1.5 ? 0 : v;
    }
  return out;
}

/** A shadow's grain may reach this many times the lit paper's (median), scaled by brightness. */
const SHADOW_GRAIN = 3;

/**
 * The smoothness limit for grainEnergy, as (grain x brightness)²: noise of a fixed size in the photo's
 * values grows as 1/brightness once divided by the fitted paper, so a shadow is judged by the paper's
 * own grain scaled that way (shot noise grows more slowly: the limit is on the safe side for shadows).
 */
function paperGrainLimit(grain: Float32Array, level: Float32Array, open: Uint8Array): number {
  const samples: number[] = [];
  for (let i = 0; i < grain.length; i += 3) if (open[i] && Math.abs(level[i] - 1) < LIT_PAPER_LEVEL) samples.push(grain[i] * grain[i]);
  if (samples.length < 100) return Infinity;
  samples.sort((a, b) => a - b);
  return SHADOW_GRAIN * SHADOW_GRAIN * samples[samples.length >> 1];
}

/** Steps this steep (per pixel, at σ 1 px) are sharp enough for the shadow rules. */
const SHARP_EDGE = 0.025;

/**
 * Steps this steep (per pixel, at σ 1 px) count as a light part's outline: a satin blade tip or a
 * grey shaft 5-10 % darker than the paper beside it, which the shadow rules' SHARP_EDGE misses.
 * Raised with the photo's noise (see sharpEdgeMaps).
 */
export const FAINT_EDGE = 0.013;

/**
 * Pixels on a sharp brightness edge: gradient of the paper-relative brightness (Gaussian σ 1 px,
 * Sobel), per pixel, above a threshold, and 1.25 times steeper than at σ 2 px. A tool meets its
 * shadow with a sharp step; inside a shadow the brightness only changes slowly, and a soft shadow's
 * fade, however dark, is as steep at both scales. One pixel thicker than found. Two maps from one
 * gradient: `edge` at SHARP_EDGE, and `faintEdge` down to faint steps, at FAINT_EDGE or, where the
 * photo is noisier, 4 times the median gradient over paper-bright neutral pixels, so that noise on
 * paper or in a shadow does not draw closed lines (none of the benches' photos needs the raise today).
 * With `crispRatio`, the same two maps at that steeper ratio too (`crisp`), from the same gradients.
 */
export function sharpEdgeMaps(
  level: Float32Array,
  chroma: Float32Array,
  w: number,
  h: number,
  crispRatio?: number,
): { edge: Uint8Array; faintEdge: Uint8Array; crisp?: { edge: Uint8Array; faintEdge: Uint8Array } } {
  const cv = getCv();
  return withMats((track) => {
    const gradient = (sigma: number) => {
      const m = track(new cv.Mat(h, w, cv.CV_32FC1));
      m.data32F.set(level);
      cv.GaussianBlur(m, m, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
      const gx = track(new cv.Mat());
      const gy = track(new cv.Mat());
      cv.Sobel(m, gx, cv.CV_32F, 1, 0, 3, 1 / 8, 0, cv.BORDER_REPLICATE);
      cv.Sobel(m, gy, cv.CV_32F, 0, 1, 3, 1 / 8, 0, cv.BORDER_REPLICATE);
      return [gx.data32F as Float32Array, gy.data32F as Float32Array];
    };
    const [a, b] = gradient(1);
    // The same gradient at twice the scale: a step (a tool's edge) loses a third of its slope there,
    // a soft shadow's fade (several pixels wide) keeps it.
    const [a2, b2] = gradient(2);
    const edgesAbove = (tau: number, ratio = 1.25) => {
      const e = track(new cv.Mat(h, w, cv.CV_8UC1));
      const ed = e.data as Uint8Array;
      const t2 = tau * tau;
      for (let i = 0; i < ed.length; i++) {
        const g2 = a[i] * a[i] + b[i] * b[i];
        ed[i] = g2 > t2 && g2 > ratio * ratio * (a2[i] * a2[i] + b2[i] * b2[i]) ? 1 : 0;
      }
      // One pixel thicker: the floods that use this map must not slip through one-pixel gaps.
      cv.dilate(e, e, track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3))));
      return new Uint8Array(ed);
    };
    const g: number[] = [];
    // Every 3rd pixel is plenty for a median.
    for (let i = 0; i < level.length; i += 3) if (level[i] > 0.9 && level[i] < 1.1 && chroma[i] < SHADOW_MAX_CHROMA) g.push(Math.hypot(a[i], b[i]));
    g.sort((p, q) => p - q);
    const faint = g.length < 100 ? FAINT_EDGE : Math.max(FAINT_EDGE, 4 * g[g.length >> 1]);
    const crisp = crispRatio === undefined ? undefined : { edge: edgesAbove(SHARP_EDGE, crispRatio), faintEdge: edgesAbove(faint, crispRatio) };
    return { edge: edgesAbove(SHARP_EDGE), faintEdge: edgesAbove(faint), crisp };
  });
}

export type ShadowEvidenceInput = {
  /** Region size; every array below is w x h (a crop of the rectified frame). */
  w: number;
  h: number;
  pxPerMm: number;
  /** Brightness relative to the fitted paper, grid erased (1 = lit paper). */
  level: Float32Array;
  /** Colour distance from neutral of the paper-relative RGB. */
  chroma: Float32Array;
  /** Grid visibility samples (measureGridVisibility), NaN off the lines. */
  visibility: Float32Array;
  /** Line pixels where the line does not show but could not be ruled out (measureGridVisibility's `faint`). */
  faintLine?: Uint8Array;
  /** Line pixels seen on another photo's word alone (measureGridVisibility's `witnessed`). */
  witnessed?: Uint8Array;
  excluded: Uint8Array;
  /**
   * The photo's own resolution on the pad (px/mm, SegmentInput's), when known: below
   * FAINT_GUARD_MIN_PX_PER_MM its faint lines say little (see SHADOW_REACH_MM). Unknown: as `pxPerMm`.
   */
  sourcePxPerMm?: number;
  /**
   * The photo shows no printed grid anywhere (plain paper with the pad's markers, or lines too faint
   * to read): the shadow evidence then comes from the paper itself (see shadowEvidence).
   */
  gridless?: boolean;
  /**
   * The candidates (clearly not paper by darkness or colour). The open paper is found around them
   * (enclosed-parts.ts) and the parts it encloses are returned; without a grid the shadow flood
   * starts on that open paper only.
   */
  candidates?: Uint8Array;
};

export type ShadowEvidence = {
  /** 1 = cast shadow on paper: the grid shows through, neutral, no edge to it from the evidence. */
  shadow: Uint8Array;
  /** 1 = tool by the grid: the grid is hidden here or clearly nearer than any place it shows. */
  tool: Uint8Array;
  /** 1 = nearer (within 6 mm) to a hidden-grid place than to any visible-grid one: no paper seeds. */
  toolReach: Uint8Array;
  /** 1 = a visible-grid place lies within 6 mm (geodesic, no sharp edge crossed): the grid can vouch. */
  seenNear: Uint8Array;
  /** 1 = brightness edge (left to the watershed). */
  edge: Uint8Array;
  /**
   * 1 = sharp brightness step, down to faint ones (sharpEdgeMaps): a light steel part's outline on
   * paper, for the classic segmenter's pockets. Not a barrier for the shadow flood here: stopping it
   * there let shadows onto light-grey tools (flat stress set: area max 6.4 -> 9.0 %).
   */
  faintEdge: Uint8Array;
  /** 1 = could be shadow by colour and brightness alone (neutral, darker than paper, not black). */
  shadowLike: Uint8Array;
  /** With candidates: light parts the open paper cannot reach across a step (paperEnclosure). */
  enclosed?: Uint8Array;
  stats: { visible_px: number; hidden_px: number; shadow_px: number; grid_tool_px: number; dotted_sealed_px?: number; dotted_part_px?: number; dotted_enclosed_px?: number };
};

/** A shadow keeps the paper's hue: the paper-relative colour stays this close to neutral. */
export const SHADOW_MAX_CHROMA = 0.06;
/** A cast shadow darkens: from this relative brightness up a pixel is no shadow. */
const SHADOW_LIKE_MAX = 0.97;
/**
 * What a witnessed line's flood reaches is shadow only this far (mm) inside its own rim: it starts in
 * narrow bands right beside the tool, and where the tool's shaded flank is as dark as its shadow it
 * crossed the outline by a pixel or two, in every photo from that side (12 MP, five photos, held out:
 * a hex key cut 0.70 %). The watershed places the last pixels on the step.
 */
const WITNESS_INSET_MM = 0.2;
/**
 * How far (geodesic, through neutral darkened pixels) the grid's "shadow" verdict carries, mm, where
 * faint lines guard it (FAINT_GUARD_MIN_PX_PER_MM and finer; see the flood below), and elsewhere.
 */
const SHADOW_REACH_MM = 13;
const UNGUARDED_SHADOW_REACH_MM = 7;
/**
 * A photo at least this fine on the pad (px/mm) reads a light part's faint lines well enough to
 * guard the shadow flood with them. Coarser, a 0.2 mm line is a tenth of a pixel: a light shadow's
 * lines blur flat too (a 1280 x 960 wrench's ring hole: the guard kept its shadow, area
 * 0.99 -> 1.06 %), and the longer reach, with no faint line read on a light hex key, cut it (3D
 * bench, five photos at 1280 x 960, held out: 0.32 -> 1.65 %). So coarser photos keep session 18's
 * flood. 1920 x 1440 photos of the protocol are 3.1-5.4 px/mm.
 */
const FAINT_GUARD_MIN_PX_PER_MM = 3;
/**
 * Without a grid, the shadow flood is stopped only by steps this much steeper at σ 1 px than at
 * σ 2 px (sharpEdgeMaps' ratio; 1.25 there). A part's outline is a step of a pixel or so; a cast
 * shadow's rim is a penumbra that widens with its distance from the edge that casts it (a desk
 * lamp's hard shadow 13 mm from a spanner's top: a 5-6 px ramp, ratio about 1.26). At 1.45 the
 * flood crossed a screwdriver's shaft outline and a drill's (held out: cut 3.2 and 2.5 %).
 */
const CRISP_EDGE_RATIO = 1.35;
/** Lit paper, for the gridless shadow flood: this close to the fitted paper's brightness (relative). */
const LIT_PAPER_LEVEL = 0.03;
/**
 * How far (geodesic, mm) a shadow may reach from lit paper without a grid: a 56 mm drill under a
 * soft lamp at 39° casts 69 mm, and at 40 mm the crotch of its shadow between head and body stayed
 * tool (3D bench, plain paper, held out: 1.63 -> 0.10 mm mean deviation; nothing else moved).
 */
const GRIDLESS_SHADOW_REACH_MM = 80;
/**
 * The lit-paper flood (no line to vouch for a shadow), and the witnesses' flood (lines seen on
 * another photo's word only, since session 38), stop at places darker than this: one lamp's
 * cast shadow keeps the room's light, and the benches' deepest are 0.4 (painted, linear) and 0.55
 * (ray-traced, sRGB), while a black plastic part photographed on white paper reads 0.2-0.3 in sRGB
 * (0.1-0.15 in the painted renderer's linear values, under SHADOW_MIN_LEVEL). On plain paper a black
 * spanner's smooth shaft, reached round its end where its outline had no crisp step, was taken whole
 * for shadow and the outline kept only its head (ray-traced, plain paper: cut 79.7 -> 0.03 %); every
 * painted set and every ray-traced set on the printed pad unchanged.
 */
const LIT_SHADOW_MIN_LEVEL = 0.35;
/**
 * The widest gap (mm) in a crisp step's trace that the lit-paper flood is held to have slipped
 * through (refuseSealedRegions). A part's outline against the paper or its shadow is crisp nearly all
 * round, but where its shaded flank matches the shadow beside it (a rounded corner, a chuck's
 * junction) the trace breaks for a few pixels; a lamp's shadow joins the lit paper along its whole
 * rim, through a penumbra that is never crisp.
 */
const SEALED_GAP_MM = 1;

/**
 * Drops from the lit-paper flood `d` (in place) every region it reached only through a gap in the
 * crisp steps: the flood is run again with every crisp step thickened by SEALED_GAP_MM, and a region
 * the first flood reached that lies beyond the second's reach (plus that margin), and is too thick
 * to be a sliver along a step, is sealed by the steps and taken back. A thin sliver of shadow along
 * an outline, which the thickened steps alone keep out, stays shadow. Ray-traced plain paper, one
 * photo: a two-tone drill's grey body (a smooth neutral plastic, 0.45 of the paper, beside its own
 * lighter soft shadow) was reached through a break of a few pixels in its outline at a rounded corner and
 * taken whole for shadow (cut 71 %); a coloured caliper's and a hex key's bodies likewise (63 and
 * 58 %).
 */
function refuseSealedRegions(
  d: Uint16Array,
  seeds: Uint8Array,
  passable: Uint8Array,
  crisp: { edge: Uint8Array; faintEdge: Uint8Array },
  w: number,
  h: number,
  k: number,
  maxCost: number,
): void {
  const n = w * h;
  const gap = Math.max(1, Math.round(SEALED_GAP_MM * k));
  const steps = new Uint8Array(n);
  for (let i = 0; i < n; i++) steps[i] = crisp.edge[i] || crisp.faintEdge[i] ? 1 : 0;
  const thickSteps = squareFilter(steps, w, h, gap, false);
  const strict = new Uint8Array(n);
  const strictSeeds = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    strict[i] = passable[i] && !thickSteps[i] ? 1 : 0;
    strictSeeds[i] = seeds[i] && strict[i] ? 1 : 0;
  }
  const dStrict = geodesicCost(strictSeeds, strict, w, h, maxCost);
  const reached = new Uint8Array(n);
  for (let i = 0; i < n; i++) reached[i] = dStrict[i] !== UNREACHED ? 1 : 0;
  // Back out by the thickening (and a pixel): what the thicker steps alone kept out is not sealed.
  const near = squareFilter(reached, w, h, gap + 2, false);
  const beyond = new Uint8Array(n);
  for (let i = 0; i < n; i++) beyond[i] = d[i] !== UNREACHED && !near[i] && !seeds[i] ? 1 : 0;
  const core = squareFilter(beyond, w, h, gap + 1, true);
  const { label, size } = labelComponents(beyond, w, h);
  const sealed = new Uint8Array(size.length);
  for (let i = 0; i < n; i++) if (core[i]) sealed[label[i]] = 1;
  for (let i = 0; i < n; i++) if (label[i] && sealed[label[i]]) d[i] = UNREACHED;
}

/** Darker than this (relative to paper) the grid cannot be read; such pixels are left to the colour rules. */
export const SHADOW_MIN_LEVEL = 0.18;

/**
 * Which pixels are cast shadow and which are tool by the evidence of the printed grid. Shadow: a
 * neutral, darkened pixel that can be reached from a place where the grid shows through darkened
 * paper (and, within 4 mm of it, shows at least as often as it is hidden, unless those hidden places
 * lie behind an edge) without crossing a sharp brightness edge or a non-shadow-like pixel, within
 * SHADOW_REACH_MM, and clearly nearer (1 mm) to that place than to any place where the grid is
 * hidden. Also shadow, where the grid does not put tool within reach (toolReach): what the lit
 * paper fades into without a crisp step or grain (the flood plain paper relies on; see litFlood).
 * Tool: a pixel reached the same way from a hidden-grid place,
 * within 5 mm, clearly nearer to it than to any visible-grid one. Everything else (edges, deep
 * darkness, colour, pixels far from any line) is left undecided, and the colour rules and the
 * watershed keep their say there: when in doubt the tool keeps an attached region.
 */
export function shadowEvidence(input: ShadowEvidenceInput): ShadowEvidence {
  const { w, h, pxPerMm: k, level, chroma, visibility: vis, excluded } = input;
  const n = w * h;
  // The lit-paper flood (below) reads the crisp maps too (CRISP_EDGE_RATIO), from the same gradients.
  const { edge, faintEdge, crisp } = sharpEdgeMaps(level, chroma, w, h, CRISP_EDGE_RATIO);
  const open = new Uint8Array(n);
  const darkenedNeutral = new Uint8Array(n);
  const shadowLike = new Uint8Array(n);
  const visSeeds = new Uint8Array(n);
  const ownSeen = new Uint8Array(n);
  const shadowSeeds = new Uint8Array(n);
  const witnessSeeds = new Uint8Array(n);
  const hidSeeds = new Uint8Array(n);
  let visible = 0;
  let hidden = 0;
  for (let i = 0; i < n; i++) {
    if (excluded[i]) continue;
    const like = chroma[i] < SHADOW_MAX_CHROMA && level[i] >= SHADOW_MIN_LEVEL && level[i] < SHADOW_LIKE_MAX;
    if (like) shadowLike[i] = 1;
    if (edge[i]) continue;
    open[i] = 1;
    if (like) darkenedNeutral[i] = 1;
    const v = vis[i];
    if (Number.isNaN(v)) continue;
    if (v >= GRID_VISIBLE) {
      visSeeds[i] = 1;
      visible++;
      // Seen on another photo's word alone: the seed of its own flood (dWitness), not of the grid's.
      if (input.witnessed?.[i]) {
        if (level[i] < 0.95 && chroma[i] < SHADOW_MAX_CHROMA) witnessSeeds[i] = 1;
      } else {
        ownSeen[i] = 1;
        if (level[i] < 0.95 && chroma[i] < SHADOW_MAX_CHROMA) shadowSeeds[i] = 1;
      }
    } else if (v <= GRID_HIDDEN) {
      hidSeeds[i] = 1;
      hidden++;
    }
  }
  // Half-pixel units (chamfer 2-3).
  const mm = 2 * k;
  // Texture or shading on a grey tool can mimic the line for a while; a line seen through a shadow
  // is not surrounded by places where it is hidden. A "seen" sample counts as shadow evidence only
  // where, within 4 mm, the grid is seen at least as often as it is hidden, unless no hidden place
  // can be reached from it within 5 mm (the vote's square, corners included) without crossing a
  // sharp edge: a narrow hard shadow (3-4 mm beside a tall part under a steep lamp) has the tool's
  // hidden samples within 4 mm, but behind the tool's edge. (At 3 mm, a line's faint trace a
  // millimetre into a dark grey tool escaped the vote.)
  const dHidden = geodesicCost(hidSeeds, open, w, h, Math.round(8 * mm));
  const r = Math.round(4 * k);
  const iv = integral(visSeeds, w, h);
  const ih = integral(hidSeeds, w, h);
  const voteReach = Math.round(5 * mm);
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      if (!(shadowSeeds[i] || witnessSeeds[i]) || dHidden[i] > voteReach) continue;
      // A vouched line holds the same vote: a satin socket as bright as the paper, in a soft shadow,
      // was taken from one otherwise (third set, five photos: cut 7.9 %).
      if (boxSum(iv, w, h, x, y, r) < boxSum(ih, w, h, x, y, r)) shadowSeeds[i] = witnessSeeds[i] = 0;
    }
  // 13 mm where faint lines guard it (7 until session 19, and still in coarser photos). A hard
  // lamp's band beside a long part is only confirmed where a grid line crosses it; 10 mm and 12 mm
  // used to carry the verdict round a spanner's ring and onto a black wrench's shadowed edge (flat
  // bench). Since a faint line claims what lies nearer to it
  // than to a line seen in shadow (see the final loop), the verdict may run further along such a
  // band (3D bench, one photo, classic: median 0.137 -> 0.124 mm, held out 0.165 -> 0.139, seeds
  // from 9000 0.238 -> 0.177; five photos 0.407 -> 0.394 mm, held out 0.562 -> 0.494). At 16 mm a
  // light hex key's shaded flank, beside its own hard shadow, was cut 2.4 -> 2.8 % (five photos
  // 1.3 -> 2.5 %), and the five-photo medians moved no further.
  const faintGuard = (input.sourcePxPerMm ?? k) >= FAINT_GUARD_MIN_PX_PER_MM;
  const shadowReachMm = faintGuard ? SHADOW_REACH_MM : UNGUARDED_SHADOW_REACH_MM;
  const dVisible = geodesicCost(visSeeds, open, w, h, Math.round(8 * mm));
  // The tool's reach and the faint marks keep the lit-paper flood off light parts; a line seen on
  // another photo's word does not shorten them: beside a satin screwdriver tip it let the flood take
  // the tip's edge (12 MP, five photos, held out: cut 0.49 -> 0.62 %).
  const dOwnVisible = input.witnessed ? geodesicCost(ownSeen, open, w, h, Math.round(8 * mm)) : dVisible;
  // Within 6 mm of a place (geodesic) and nearer to it than to any seen line: the grid's "tool reach".
  const reachMm = 6 * mm;
  const nearerThanSeen = (d: Uint16Array, i: number) => d[i] <= reachMm && d[i] < dOwnVisible[i];
  let dShadow: Uint16Array;
  // Plain paper: straight lines through a part's side read only as dots (dotted-sides.ts). The
  // enclosure and the lit-paper flood read them.
  let dotted: Uint8Array | null = null;
  if (input.gridless && crisp) {
    const steps = new Uint8Array(n);
    for (let i = 0; i < n; i++) steps[i] = crisp.edge[i] || crisp.faintEdge[i] ? 1 : 0;
    dotted = dottedStraightSteps(steps, w, h, k);
  }
  const enclosure = input.candidates ? paperEnclosure(input.candidates, faintEdge, w, h, input.pxPerMm) : null;
  // A light part whose side is dotted is open to the paper's flood through the gaps; enclosed by the
  // lines, it is a part where it is thick. Ray-traced plain paper, one photo: a light-grey drill's
  // body, as bright as the paper on top, 64.5 -> 1.8 % cut; held out a satin caliper's beam 19.2 ->
  // 0.38 %; nothing else moved.
  const enclosedByDots = enclosure && dotted ? encloseBehindDottedSides(enclosure, input.candidates!, faintEdge, dotted, w, h, k) : 0;
  const enclosed = enclosure?.enclosed;
  // What the lit paper fades into without a crisp step or grain (litFlood): the shadow evidence
  // without a grid, and on the printed pad where the grid cannot judge.
  let dLit: Uint16Array | null = null;
  let dotStats: Pick<ShadowEvidence["stats"], "dotted_sealed_px" | "dotted_part_px" | "dotted_enclosed_px"> = {};
  // Smooth as paper under a limit from the paper's own grain (paperGrainLimit), scaled by brightness.
  const smoothUnder = (g: Float32Array, limit: number) => (i: number) => (g[i] * Math.max(level[i], SHADOW_MIN_LEVEL)) ** 2 <= limit;
  const grain = grainEnergy(level, w, h);
  const smooth = smoothUnder(grain, paperGrainLimit(grain, level, open));
  const litFlood = () => {
    // No grid to vouch for a shadow: a shadow is the darkened, neutral place the lit paper fades
    // into without a crisp step; a tool meets the paper, and its own shadow, with one. So the flood
    // starts on lit paper and crosses no crisp step (CRISP_EDGE_RATIO): a light steel part 5-10 %
    // darker than the paper keeps its faint outline, while a lamp's hard shadow, whose penumbra
    // widens away from the edge that casts it, is crossed into at its far rim. Nor does it cross
    // grain (band-pass, grainEnergy): a cast shadow is as smooth as the paper, satin steel and cast
    // or plastic bodies are not. Without that a desk lamp's long shadow led it into a satin socket
    // through the socket's shadowed side, where no step parts them. The flood starts on the open
    // paper only: a light part enclosed by its outline's step has pixels as bright as lit paper
    // too, and a flood from them took a satin socket's top for shadow.
    const floodWith = (steps: { edge: Uint8Array; faintEdge: Uint8Array }) => {
      const litSeeds = new Uint8Array(n);
      const passable = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        if (excluded[i] || steps.edge[i] || steps.faintEdge[i]) continue;
        if (chroma[i] < SHADOW_MAX_CHROMA && Math.abs(level[i] - 1) < LIT_PAPER_LEVEL) {
          passable[i] = 1;
          if (!enclosure || enclosure.open[i]) litSeeds[i] = 1;
        } else if (shadowLike[i] && smooth(i) && level[i] >= LIT_SHADOW_MIN_LEVEL) passable[i] = 1;
      }
      // Nor through the grid's tool reach: a shadow joins the lit paper through shadow, never through
      // a part that hides the lines. A dark-grey plastic handle is as neutral and smooth as a shadow,
      // and where its round end met the paper without a crisp step the flood ran through the whole
      // handle; the reach kept most of it, and the pockets between its hidden lines were taken for
      // shadow (ray-traced bench, one photo: screwdrivers cut 2.4-3.5 %).
      for (let i = 0; i < n; i++) if (passable[i] && nearerThanSeen(dHidden, i)) passable[i] = 0;
      // A step's trace has gaps of a pixel or two: the flood keeps a pixel off every step, so it
      // cannot slip through them into a light part.
      const narrowed = squareFilter(passable, w, h, 1, true);
      const d = geodesicCost(litSeeds, narrowed, w, h, Math.round(GRIDLESS_SHADOW_REACH_MM * mm));
      refuseSealedRegions(d, litSeeds, narrowed, steps, w, h, k, Math.round(GRIDLESS_SHADOW_REACH_MM * mm));
      for (let i = 0; i < n; i++) if (!shadowLike[i]) d[i] = UNREACHED;
      return { d, litSeeds };
    };
    const { d, litSeeds } = floodWith(crisp!);
    // Plain paper: a part's straight side read only as dots (dotted-sides.ts). The flood is run
    // again with straight lines through the dots drawn as steps, and what they seal off is no
    // shadow where it holds a 7 mm disc. 3D bench, ray-traced, plain paper, one photo: a coloured
    // drill's body 32.3 -> 0.4 % cut; held out a light-grey drill 58.1 -> 0.52 %, a satin knife
    // 46.9 -> 0.93 %, a coloured drill 12.2 -> 0.42 %; medians 0.349 -> 0.277 and 0.361 -> 0.341 mm
    // (with the enclosure above).
    if (dotted) {
      const faint = crisp!.faintEdge.slice();
      for (let i = 0; i < n; i++) if (dotted[i]) faint[i] = 1;
      const sealed = floodWith({ edge: crisp!.edge, faintEdge: faint });
      const taken = thickSealedParts(d, sealed.d, litSeeds, w, h, k);
      dotStats = { dotted_sealed_px: taken.sealedPx, dotted_part_px: taken.partPx, dotted_enclosed_px: enclosedByDots };
      for (let i = 0; i < n; i++) if (taken.part[i]) d[i] = UNREACHED;
    }
    return d;
  };
  if (input.gridless) dShadow = litFlood();
  else {
    // The grid's flood runs through smooth places only, as the lit paper's does: a shadow on paper is
    // as smooth as the paper, a satin shaft or a caliper's beam beside it is grained. Where a round
    // steel part meets the paper it mirrors, its flank fades into its own soft shadow with no step,
    // and the flood from a line seen in that shadow ran on into the flank (ray-traced bench, one
    // photo: a satin caliper cut 2.25 -> 1.1 %, a satin socket 1.36 -> 0.37 %). The grain is read
    // off the sharp edges' own band, so a shadow right beside a crisp outline still floods up to it.
    // Only in photos fine enough on the pad (faintGuard, 3 px/mm): coarser, the working raster is the
    // photo enlarged, the paper's own grain is smoothed away with it, and the blurred outline of a
    // black wrench read as grain beside its shadow (1280 x 960 at 2.3 px/mm: area +1.2 %).
    let surfaceSmooth: ((i: number) => boolean) | null = null;
    if (faintGuard) {
      const surfaceGrain = grainEnergy(level, w, h, SURFACE_GRAIN_SIGMA, edge);
      // A noise-free frame (the unit tests' drawings) has no paper grain at all: a floor under any
      // photo's (the benches' JPEG photos give 0.004-0.0065 here), so a shadow's edge, smoothed
      // by the erased grid's interpolation, still lets the flood pass.
      surfaceSmooth = smoothUnder(surfaceGrain, Math.max(paperGrainLimit(surfaceGrain, level, open), MIN_SURFACE_GRAIN ** 2));
    }
    // Nor into places much darker than the shadow is where its lines show near them: one lamp's
    // shadow has one depth (its penumbra only lightens it), and the lines seen in it say how deep it
    // is (seenShadowFloor). A dark part's flank that fades into a lighter shadow with no step keeps
    // out of it (ray-traced bench, one photo: photos cutting over 0.5 % 9 -> 8 and 11 -> 10; painted
    // held out 5 -> 4, the worst 2.3 -> 1.7 %).
    const floor = seenShadowFloor(level, shadowSeeds, w, h, k);
    const through = new Uint8Array(n);
    for (let i = 0; i < n; i++)
      through[i] = darkenedNeutral[i] && (!surfaceSmooth || surfaceSmooth(i)) && level[i] >= floor[i] - SHADOW_DEPTH_SLACK ? 1 : 0;
    dShadow = geodesicCost(shadowSeeds, through, w, h, Math.round(shadowReachMm * mm));
    // On the printed pad too, where the grid has no say: see the final loop.
    dLit = litFlood();
  }
  // Lines seen on another photo's word (multiview/line-votes.ts): their own flood, as the grid's.
  // Nor into places darker than a lamp's shadow gets (LIT_SHADOW_MIN_LEVEL, as the lit-paper flood):
  // this flood has no floor from lines of its own (the grid's has seenShadowFloor). Under noise and
  // JPEG (σ 6, quality 70) a black spanner's edge beside its shadow broke its step, and the middle
  // photo's witnessed lines flooded 94 mm² of its shaft (3D bench, five photos, `--stress`: cut 3.22
  // -> 0.00 %, median 0.578 -> 0.529 mm; held out 0.508 -> 0.494 mm, tuned unchanged). The grid
  // flood's full guard here (smooth, no deeper than its lines) was tried twice: a chrome knife's cut
  // 0.40 -> 0.70 % (docs/scanner-history.md, sessions 27 and 30).
  let dWitness: Uint16Array | null = null;
  if (input.witnessed) {
    const through = new Uint8Array(n);
    for (let i = 0; i < n; i++) through[i] = darkenedNeutral[i] && level[i] >= LIT_SHADOW_MIN_LEVEL ? 1 : 0;
    dWitness = geodesicCost(witnessSeeds, through, w, h, Math.round(shadowReachMm * mm));
  }
  // Where a line does not show although nothing could rule a faint one out (a steel shaft's
  // highlights beside it), a shadow is unlikely: a shadow shows its lines. The lit-paper flood keeps
  // off places nearer to such a line than to a seen one (a light round shaft fades into its own
  // shadow without a crisp step: 12 MP, five photos, a screwdriver's shaft was cut 0.43 -> 0.69 %).
  // The grid's own shadow flood gives way to them too (final loop).
  let dFaint: Uint16Array | null = null;
  if (dLit && input.faintLine) {
    const seeds = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (input.faintLine[i] && open[i] && !excluded[i]) seeds[i] = 1;
    dFaint = geodesicCost(seeds, open, w, h, Math.round(reachMm));
  }
  const margin = Math.round(1 * mm);
  let witnessShadow: Uint8Array | null = null;
  if (dWitness) {
    const reached = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (dWitness[i] !== UNREACHED && dWitness[i] + margin < dHidden[i]) reached[i] = 1;
    witnessShadow = squareFilter(reached, w, h, Math.max(1, Math.round(WITNESS_INSET_MM * k)), true);
  }
  const shadow = new Uint8Array(n);
  const tool = new Uint8Array(n);
  const toolReach = new Uint8Array(n);
  const seenNear = new Uint8Array(n);
  let shadowPx = 0;
  let toolPx = 0;
  for (let i = 0; i < n; i++) {
    if (!open[i]) continue;
    if (nearerThanSeen(dHidden, i)) toolReach[i] = 1;
    if (dVisible[i] <= 6 * mm) seenNear[i] = 1;
    // A shadow shows its lines: where a line does not show though nothing could rule a faint one out
    // (dFaint), a place nearer to it than to the line seen in the shadow is no shadow by the grid's
    // word. A light-grey hex key's round leg, lit from the side by a hard lamp 39° up, fades into its
    // own shadow with no step between them, and the flood from a line seen in that shadow ran on
    // into the middle of the leg: the watershed gave it to the paper and the outline dropped the leg
    // beyond it (3D bench, one photo, seeds from 9000: cut 20.9 -> 1.3 % at the 7 mm reach).
    if ((dShadow[i] !== UNREACHED && dShadow[i] + margin < dHidden[i] && !(faintGuard && dFaint && dFaint[i] < dShadow[i])) || witnessShadow?.[i]) {
      shadow[i] = 1;
      shadowPx++;
    } else if (dLit && dLit[i] !== UNREACHED && !toolReach[i] && !(dFaint && nearerThanSeen(dFaint, i))) {
      // The grid cannot vouch for every shadow: its lines are read only 2 mm and more from an edge
      // and a crossing, so a shadow in a tool's concave corner (a spanner's ring meets its shaft), a
      // few millimetres across, may carry no sample at all, and its darkness made it a "surely tool"
      // seed. What the lit paper fades into without a crisp step or grain is shadow there too, as on
      // plain paper, unless the grid says tool is nearer (toolReach: a light part hides the lines).
      // Where a line does not show though nothing could rule it out (dFaint), it keeps off too.
      // 3D bench, shadows and parallax: one photo 0.189 -> 0.160 mm (a black spanner 0.225 -> 0.081,
      // held out a chrome spanner 0.440 -> 0.262), five photos 0.475 -> 0.423 mm (the spanner's
      // crescent between ring and shaft: 0.50 -> 0.43 mm, Hausdorff 4.9 -> 2.3 mm).
      shadow[i] = 1;
      shadowPx++;
    } else if (dHidden[i] <= 5 * mm && dHidden[i] + 2 * margin < dVisible[i]) {
      tool[i] = 1;
      toolPx++;
    }
  }
  return { shadow, tool, toolReach, seenNear, edge, faintEdge, shadowLike, enclosed, stats: { visible_px: visible, hidden_px: hidden, shadow_px: shadowPx, grid_tool_px: toolPx, ...dotStats } };
}
