import { labelComponents } from "./ai/morphology.ts";
import { type PaperEnclosure, paperEnclosure } from "./enclosed-parts.ts";
import { UNREACHED } from "./geodesic-cost.ts";
import { forEachSegmentPixel, houghSegments } from "./hough-segments.ts";
import { distanceToSet, squareFilter } from "./opencv.ts";

/**
 * Plain paper: a part's straight side read only as dots, and what it seals off from the lit paper.
 *
 * Without a grid the shadow flood (shadow-evidence.ts litFlood) is held back only by crisp steps.
 * Where a part's flank nearly matches the shadow or paper beside it, its side's step is read as a
 * pixel or a few every couple of millimetres, and the flood ran between the dots into the part: a
 * coloured drill's dark body, a hex key's leg (3D bench, ray-traced, plain paper: cut 32-65 %).
 * Straight lines through such dots (Hough segments) are drawn as steps and the flood is run again.
 * But a hard shadow's rim is straight too and crisp near what casts it, so a line can seal a true
 * shadow as well. What the lines seal off is taken from the shadow only where it is thick
 * (SEALED_PART_MIN_RADIUS_MM): a body or a blade, not the strip of shadow beside a side. A part
 * thinner than that (a hex key's leg) stays lost. The paper's enclosure (enclosed-parts.ts) reads
 * the lines too, with the same rule: a light part as bright as the paper, open to it through its
 * dotted side, is enclosed once the side is drawn (encloseBehindDottedSides).
 */

/** Hough segments through the steps at least this long (mm) ... */
const DOTTED_LINE_MIN_MM = 20;
/** ... with gaps up to this (mm) ... */
const DOTTED_LINE_GAP_MM = 12;
/** ... and a step pixel within 1 px beside at least this share of their length. */
const DOTTED_LINE_COVER = 0.2;
/** Hough votes: step pixels per mm of the shortest segment. */
const DOTTED_LINE_VOTES_PER_MM = 0.25;

/**
 * Straight segments through the steps (HoughLinesP: DOTTED_LINE_MIN_MM long, gaps up to
 * DOTTED_LINE_GAP_MM, DOTTED_LINE_COVER of their length beside a step), drawn 2 px thick so no
 * 8-connected flood slips through a diagonal. Returns the pixels drawn that were no step.
 */
export function dottedStraightSteps(steps: Uint8Array, w: number, h: number, k: number): Uint8Array {
  const out = new Uint8Array(w * h);
  // A step within 1 px (3 x 3) of each pixel.
  const near = squareFilter(steps, w, h, 1, false);
  const votes = Math.max(8, Math.round(DOTTED_LINE_VOTES_PER_MM * DOTTED_LINE_MIN_MM * k));
  for (const seg of houghSegments(steps, w, h, votes, DOTTED_LINE_MIN_MM * k, DOTTED_LINE_GAP_MM * k)) {
    let all = 0;
    let cover = 0;
    forEachSegmentPixel(seg, (x, y) => {
      all++;
      if (near[y * w + x]) cover++;
    });
    if (cover < DOTTED_LINE_COVER * all) continue;
    forEachSegmentPixel(seg, (x, y) => {
      if (!steps[y * w + x]) out[y * w + x] = 1;
      if (x + 1 < w && !steps[y * w + x + 1]) out[y * w + x + 1] = 1;
    });
  }
  return out;
}

/**
 * A sealed place is a part when it holds a disc at least this wide (mm, radius). On the ray-traced
 * plain-paper bench the parts the lines sealed held discs of 9.2-30 mm (a satin blade, drill bodies)
 * and the shadows they sealed 3.0-5.4 mm (a hard shadow strip beside a spanner's shaft, soft shadow
 * between a screwdriver's shaft and its lines, beside pliers and a socket). At 3 mm those shadows
 * were kept: the medians held but four tools grew by 0.5-1.1 mm.
 */
const SEALED_PART_MIN_RADIUS_MM = 7;
/** Sealed places smaller than this (mm²) are left to the shadow: slivers along the lines. */
const MIN_SEALED_MM2 = 20;

/**
 * `before`: the lit-paper flood's geodesic cost (0xffff unreached) with the crisp steps alone;
 * `after`: with the dotted lines drawn too. The places the lines sealed off (reached before, not
 * after, no lit paper) that are thick (SEALED_PART_MIN_RADIUS_MM) and large (MIN_SEALED_MM2) are
 * returned as `part`: they are no shadow.
 */
export function thickSealedParts(before: Uint16Array, after: Uint16Array, lit: Uint8Array, w: number, h: number, k: number): { part: Uint8Array; sealedPx: number; partPx: number } {
  const n = w * h;
  const sealed = new Uint8Array(n);
  let sealedPx = 0;
  for (let i = 0; i < n; i++)
    if (before[i] !== UNREACHED && after[i] === UNREACHED && !lit[i]) {
      sealed[i] = 1;
      sealedPx++;
    }
  const { part, partPx } = thickRegions(sealed, w, h, k);
  return { part, sealedPx, partPx };
}

/** The 8-connected regions of `mask` that are large (MIN_SEALED_MM2) and thick (SEALED_PART_MIN_RADIUS_MM). */
export function thickRegions(mask: Uint8Array, w: number, h: number, k: number): { part: Uint8Array; partPx: number } {
  const n = w * h;
  const part = new Uint8Array(n);
  if (!mask.some((v) => v)) return { part, partPx: 0 };
  const { label, size } = labelComponents(mask, w, h);
  // Each region's widest disc: the largest distance from inside it to its outside.
  const outside = new Uint8Array(n);
  for (let i = 0; i < n; i++) outside[i] = mask[i] ? 0 : 1;
  const dist = distanceToSet(outside, w, h);
  const radius = new Float64Array(size.length);
  for (let i = 0; i < n; i++) if (label[i] && dist[i] > radius[label[i]]) radius[label[i]] = dist[i];
  const minPx = MIN_SEALED_MM2 * k * k;
  const isPart = new Uint8Array(size.length);
  for (let id = 1; id < size.length; id++) if (size[id] >= minPx && radius[id] >= SEALED_PART_MIN_RADIUS_MM * k) isPart[id] = 1;
  let partPx = 0;
  for (let i = 0; i < n; i++)
    if (isPart[label[i]]) {
      part[i] = 1;
      partPx++;
    }
  return { part, partPx };
}

/**
 * Adds to `enclosure` (in place) the thick regions (thickRegions) that the paper's enclosure encloses
 * once the `dotted` lines are drawn into its steps (`edge`): a light part as bright as the paper,
 * whose dotted side let the open paper in. Returns the pixels added.
 */
export function encloseBehindDottedSides(enclosure: PaperEnclosure, candidates: Uint8Array, edge: Uint8Array, dotted: Uint8Array, w: number, h: number, k: number): number {
  const n = w * h;
  const withLines = edge.slice();
  for (let i = 0; i < n; i++) if (dotted[i]) withLines[i] = 1;
  const closed = paperEnclosure(candidates, withLines, w, h, k);
  const newly = new Uint8Array(n);
  for (let i = 0; i < n; i++) newly[i] = closed.enclosed[i] && !enclosure.enclosed[i] ? 1 : 0;
  const { part, partPx } = thickRegions(newly, w, h, k);
  for (let i = 0; i < n; i++)
    if (part[i]) {
      enclosure.enclosed[i] = 1;
      enclosure.open[i] = 0;
    }
  return partPx;
}
