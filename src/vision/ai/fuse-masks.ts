import { dilateDisk, labelComponents, openDisk } from "./morphology.ts";

/** `gridTool` value: the printed grid is hidden here (confirms a classic component, never trimmed). */
export const GRID_TOOL_HIDDEN = 1;
/** `gridTool` value: classic tool no cast shadow can look like (never trimmed, confirms nothing). */
export const GRID_TOOL_UNSHADOWED = 2;
/**
 * `gridTool` value: classic tool as light as a pale part's bevel (AI_LIGHT_KEEP_LEVEL of the paper or
 * more) with nothing else to vouch for it. clipToNetwork keeps it where the network's "paper" would
 * take a long thin strip of it (see ClipOptions.lightThickPx), trims it elsewhere as any other pixel.
 */
export const GRID_TOOL_LIGHT = 3;
/** From this brightness (relative to the paper) a classic tool pixel is GRID_TOOL_LIGHT: lighter than any cast shadow beside a dark tool that the clip is for. */
export const AI_LIGHT_KEEP_LEVEL = 0.75;

export type FuseOptions = {
  /** A classic component is confirmed when at least this share of its pixels is AI tool (default 0.25). */
  componentOverlap?: number;
  /**
   * AI pixels farther than this from every confirmed component (a part the colour rules missed) are
   * added. Default: none are (Infinity), see fuseDefaults.
   */
  bandPx: number;
  /**
   * The classic segmenter's `gridTool`: where it is GRID_TOOL_HIDDEN (the printed grid is hidden), a
   * classic component with at least `componentOverlap` of its pixels there is confirmed without the
   * network (a satin or chrome part the network, trained on flat photos, calls paper). Other
   * non-zero values do not confirm.
   */
  gridTool?: Uint8Array;
};

/**
 * Defaults measured on the validation set and the bench (assets/models/MODEL_CARD.md, "Fusion").
 * Adding AI-only parts never helped there: within 1 mm they put the network's soft edge on the
 * outline, at 3-5 mm they changed nothing on normal photos and added shadow halos on the stress
 * set; so the default adds none. `pxPerMm` is kept for rules that need a scale.
 */
export function fuseDefaults(_pxPerMm: number): FuseOptions {
  return { componentOverlap: 0.25, bandPx: Number.POSITIVE_INFINITY };
}

/**
 * The network decides *what* is the tool, the classic (colour/lighting) segmenter says *where* its
 * edge is: every classic component the network largely confirms is taken whole, with its own
 * outline (sharper at the pixel level than a 2 px/mm network, notably on bright steel), and AI pixels
 * farther than `bandPx` from any confirmed component (parts the colour segmenter missed) are added.
 * Classic detections the network does not confirm (print, shadows, dirt) are dropped. With nothing
 * confirmed the AI mask is the answer, unless the network saw nothing at all: then the photo is out
 * of its depth (a finish or surface it never trained on) and the classic mask stands, so the AI
 * scanner never finds less than the classic one. `aiMask` is the thresholded, post-morph-cleaned
 * network output. Inputs 0/1 or 0/255; returns 0/1.
 */
export function fuseMasks(aiMask: Uint8Array, classicMask: Uint8Array, width: number, height: number, opts: FuseOptions): Uint8Array {
  const n = width * height;
  const overlap = opts.componentOverlap ?? 0.25;
  const ai = aiMask;

  // 8-connected classic components with their size and how much of them the network calls tool.
  const { label, size } = labelComponents(classicMask, width, height);
  const shared = new Array<number>(size.length).fill(0);
  const byGrid = new Array<number>(size.length).fill(0);
  const grid = opts.gridTool;
  for (let p = 0; p < n; p++) {
    const l = label[p];
    if (!l) continue;
    if (ai[p]) shared[l]++;
    if (grid?.[p] === GRID_TOOL_HIDDEN) byGrid[l]++;
  }
  const confirmed = new Uint8Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    const l = label[i];
    if (l && ((shared[l] > 0 && shared[l] >= overlap * size[l]) || byGrid[l] >= overlap * size[l])) {
      confirmed[i] = 255;
      any = true;
    }
  }
  const out = new Uint8Array(n);
  if (!any) {
    const source = ai.some((v) => v !== 0) ? ai : classicMask;
    for (let i = 0; i < n; i++) out[i] = source[i] ? 1 : 0;
    return out;
  }
  if (!Number.isFinite(opts.bandPx)) {
    for (let i = 0; i < n; i++) out[i] = confirmed[i] ? 1 : 0;
    return out;
  }
  const band = Math.max(0, opts.bandPx);
  const nearConfirmed = band > 0 ? dilateDisk(confirmed, width, height, band) : confirmed;
  const aiFar = new Uint8Array(n);
  for (let i = 0; i < n; i++) aiFar[i] = ai[i] && !nearConfirmed[i] ? 255 : 0;
  // Grow AI-only parts back over AI pixels so they stay attached to the confirmed outline.
  const aiFarGrown = band > 0 ? dilateDisk(aiFar, width, height, band) : aiFar;
  for (let i = 0; i < n; i++) out[i] = confirmed[i] || (aiFarGrown[i] && ai[i]) ? 1 : 0;
  return out;
}

export type ClipOptions = {
  /** Pixels farther than this from the network's mask may be dropped (default 0.5 mm worth of px). */
  bandPx: number;
  /** ... but only where the network's probability is below this (default 0.05: it is sure of paper). */
  below: number;
  /**
   * ... and only in stretches thinner than twice this (px); 0 = no limit, the default: a 2 mm limit
   * cost the stress set 0.144 -> 0.151 mm (AI, 12 MP) and gained nothing on the 3D bench.
   */
  thickPx?: number;
  /**
   * GRID_TOOL_LIGHT pixels (`keep`) are not trimmed where the trim is a strip thinner than twice this
   * (px) running on for at least `lightMinPx` pixels: a chrome or satin part's bevel, 1 mm of paper
   * mirrored along its side, which the network (trained on flat photos) is sure is paper. Thick light
   * stretches (the floor between a pair of pliers' grips) and short slivers (a light shadow's fringe
   * in a crotch) are trimmed. 0 = none kept.
   */
  lightThickPx?: number;
  /** ... see lightThickPx (px, 8-connected). */
  lightMinPx?: number;
};

/**
 * The light-strip rule's sizes: strips under 2 mm across and 10 mm² or more. 3D bench, ray-traced,
 * one photo, AI scanner (session 30): a chrome spanner's upper bevel, 1 mm wide along its shaft, was
 * trimmed (cut 4.04 -> 1.03 %, mean deviation 0.453 -> 0.299 mm). Thinner (1.4 mm) lost part of that
 * bevel again (1.61 %); with no least size the flat stress set's light fringes in pliers' crotches
 * stayed (Hausdorff mean 1.21 -> 1.63 mm), at 10 mm² nothing there moved.
 */
const LIGHT_STRIP_MAX_MM = 1;
const LIGHT_STRIP_MIN_MM2 = 10;
/**
 * The most of the tool (share of its largest piece) the clip may take as GRID_TOOL_LIGHT pixels; past
 * it none of them is taken. The clip is for a cast shadow's fringe: where the network would take a
 * pale part's whole side, it took the part for paper. 3D bench, ray-traced, one photo on plain paper
 * under a weak hard lamp, whose umbra (0.81-0.85 of the paper) is as bright as satin steel: the
 * network kept a satin knife's shadow and called its blade paper (cut 9.3 %, held out 14.1 %), and a
 * caliper's satin jaw (17.2 %); with this rule 0.14, 0.89 and 1.04 %, their outlines the classic
 * one's (area +12.7, +32.3, +24.9 %: a loose pocket, not one the tool does not fit). Every other
 * trim on the ray-traced, painted and flat benches took at most 3.6 % (plain paper, a pair of pliers'
 * shadow); at most 1.2 % on the printed pad.
 */
export const CLIP_LIGHT_MAX_SHARE = 0.05;

export function clipDefaults(pxPerMm: number): ClipOptions {
  return {
    bandPx: Math.max(1, Math.round(0.5 * pxPerMm)),
    below: 0.05,
    thickPx: 0,
    lightThickPx: Math.max(1, Math.round(LIGHT_STRIP_MAX_MM * pxPerMm)),
    lightMinPx: Math.round(LIGHT_STRIP_MIN_MM2 * pxPerMm * pxPerMm),
  };
}

/**
 * Trims a fused mask where the network is sure there is paper: pixels farther than `bandPx` from the
 * network's mask whose probability is below `below`. This is what takes a cast shadow back off a
 * confirmed classic component (the colour segmenter reads a deep shadow beside a dark tool as tool;
 * the network, trained with shadows, does not), while the band keeps the classic's sharper edge
 * wherever the two agree to within half a millimetre. A network that saw nothing trims nothing.
 * Pixels in `keep` (the classic's `gridTool`: where the printed grid is hidden, or the pixel is
 * unlike any cast shadow, as satin or chrome steel the network may be sure is paper) are never
 * trimmed (GRID_TOOL_LIGHT only in long thin strips: see ClipOptions.lightThickPx, and none when
 * they would be over CLIP_LIGHT_MAX_SHARE of the tool), nor stretches
 * thicker than 2 x `thickPx`, and nothing is trimmed when trimming would
 * split off more than 1 % of the largest piece. In place; returns `mask`.
 */
export function clipToNetwork(mask: Uint8Array, aiMask: Uint8Array, prob: Float32Array, width: number, height: number, opts: ClipOptions, keep?: Uint8Array): Uint8Array {
  if (!aiMask.some((v) => v !== 0)) return mask;
  const near = dilateDisk(aiMask, width, height, opts.bandPx);
  const trim = new Uint8Array(mask.length);
  let any = false;
  for (let i = 0; i < mask.length; i++)
    if (mask[i] && !near[i] && prob[i] < opts.below && (!keep?.[i] || keep[i] === GRID_TOOL_LIGHT)) {
      trim[i] = 1;
      any = true;
    }
  if (!any) return mask;
  if (keep && opts.lightThickPx) keepLightStrips(trim, keep, width, height, opts.lightThickPx, opts.lightMinPx ?? 0);
  // Optionally only thin stretches (shadow fringes) are trimmed: whatever survives an opening by
  // `thickPx` stays.
  const thick = opts.thickPx ? openDisk(trim, width, height, opts.thickPx) : null;
  const before = largestComponent(mask, width, height);
  if (keep) {
    let light = 0;
    for (let i = 0; i < mask.length; i++) if (trim[i] && !thick?.[i] && keep[i] === GRID_TOOL_LIGHT) light++;
    if (light > CLIP_LIGHT_MAX_SHARE * before) for (let i = 0; i < mask.length; i++) if (keep[i] === GRID_TOOL_LIGHT) trim[i] = 0;
  }
  let trimmed = 0;
  for (let i = 0; i < mask.length; i++)
    if (trim[i] && !thick?.[i]) {
      mask[i] = 0;
      trimmed++;
    }
  // Trimming that cuts the tool in two (a bright band across a chrome blade) loses far more than it
  // trims: the outline is the largest piece. Then nothing is trimmed. A piece of 1 % is enough: a
  // chrome spanner whose neck the network calls paper lost its whole jaw (39 % of the tool) with
  // a 3 % allowance, the pieces cut off being 2.8 % of it.
  if (trimmed && largestComponent(mask, width, height) < 0.99 * (before - trimmed))
    for (let i = 0; i < mask.length; i++) if (trim[i] && !thick?.[i]) mask[i] = 1;
  return mask;
}

/**
 * Takes out of `trim` (in place) the GRID_TOOL_LIGHT pixels of `keep` that an opening by `thickPx`
 * removes (thin stretches) and whose 8-connected thin light piece has at least `minPx` pixels.
 */
function keepLightStrips(trim: Uint8Array, keep: Uint8Array, width: number, height: number, thickPx: number, minPx: number): void {
  const thick = openDisk(trim, width, height, thickPx);
  const light = new Uint8Array(trim.length);
  let any = false;
  for (let i = 0; i < trim.length; i++)
    if (trim[i] && keep[i] === GRID_TOOL_LIGHT && !thick[i]) {
      light[i] = 1;
      any = true;
    }
  if (!any) return;
  const { label, size } = labelComponents(light, width, height);
  for (let i = 0; i < trim.length; i++) if (light[i] && size[label[i]] >= minPx) trim[i] = 0;
}

/** Pixel count of the largest 8-connected component of a 0/nonzero mask. */
function largestComponent(m: Uint8Array, width: number, height: number): number {
  let best = 0;
  for (const count of labelComponents(m, width, height).size) if (count > best) best = count;
  return best;
}

/** The printed grid's word on a frame (the classic segmenter's evidence), 1 = yes; full-frame rasters. */
export type GridEvidence = {
  /** The grid shows through here: a cast shadow on paper. */
  shadow?: Uint8Array;
  /**
   * GRID_TOOL_HIDDEN: the grid is hidden here, something lies on the pad, however bright;
   * GRID_TOOL_UNSHADOWED: classic tool no cast shadow can look like. Both are kept.
   */
  gridTool?: Uint8Array;
};

/**
 * Applies the grid's evidence to a fused mask, in place: pixels where the grid shows through a
 * shadow are paper whatever the network or the colour rules said (the network, trained on flat
 * photos, can take a long hard shadow for part of the tool). Pixels where the grid is hidden are
 * protected from clipping by passing `gridTool` as clipToNetwork's `keep`. Returns `mask`.
 */
export function dropGridShadows(mask: Uint8Array, evidence: GridEvidence): Uint8Array {
  const sh = evidence.shadow;
  if (!sh) return mask;
  const tool = evidence.gridTool;
  for (let i = 0; i < mask.length; i++) if (mask[i] && sh[i] && !tool?.[i]) mask[i] = 0;
  return mask;
}
