// Slits the visual hull cannot open: a caliper's jaws, a pliers' crotch.
//
// A narrow slit between two walls is seen to its floor only from nearly straight along it: from
// every other photo the walls hide the floor, and the hull keeps a slab over it at the walls'
// height, which the vertical projection fills (3D bench, true silhouettes: a caliper's 0.6-3 mm slit
// 15 mm off, a pliers' crotch 8 mm). Carving alone cannot tell that slab from the overhang of a
// round flank (scanner-physics.md): both stand outside the pad-plane slice. What tells them apart is
// that a slit's excess lies *between* two stretches of the slice, a few millimetres apart, and that
// tools do not bridge a gap with a floating roof: the material over a slit would have to be held
// by nothing, while a round flank's overhang is the side of the part whose foot is the slice.
//
// So the footprint's excess over the pad-plane slice is proposed as empty, piece by piece, where
// the slice brackets it from both sides within `maxSpanMm` along some direction, the piece is long
// and narrow (a concave corner's wedge is as wide as it is long, and is the rounded edges' overhang),
// and it lies away from the outside but for its mouth (a notch the ragged slice of pale steel
// leaves along a wall lies along the outside all its length). A piece that stops short of the
// outside (the jaws' tips thin out, and the slice closes between them) is taken through to it
// along its shortest way over the excess. The caller keeps each piece out only if the photos are
// still explained without it (`accept`; trace-views.ts: every photo that saw tool on that floor
// must still see the rest of the tool along the same rays: the walls beside a slit hide its floor,
// nothing hides a gap one photo's segmentation left across a thin part).
//
// 3D bench, five photos with true silhouettes (`--oracle`, n 10): the calipers' slits 15.1-15.2 ->
// 2.0-2.5 mm Hausdorff, a held-out pliers' crotch 8.4 -> 3.5 mm. With the product's segmenters only
// where a photo's segmentation shows the floor (README, session 20).

import { labelComponents } from "../ai/morphology.ts";
import { distanceToSet } from "../opencv.ts";
import type { WallOverhang } from "./wall-fit.ts";

export type SlitOptions = {
  /** Widest gap (mm) of the slice that counts as a slit. */
  maxSpanMm?: number;
  /** How far (mm, over the excess) a piece may stand from the outside and still be opened to it. */
  mouthMm?: number;
  /** Width of the way out: the excess within this much (mm) of its shortest length. */
  mouthSlackMm?: number;
  /** Smallest length / width of a piece (its area over its mean bracket span squared) that counts as a slit. */
  minElongation?: number;
  /** A slit meets the outside only at its mouth: at most this share of it lies within nearOutsideMm of the outside. */
  maxNearShare?: number;
  /** See maxNearShare (mm). 2: at 1 mm a notch behind the hull's 1 mm band along a satin beam was cut. */
  nearOutsideMm?: number;
  /** The fitted walls' overhangs (wall-fit.ts): the rounding a piece's walls keep (keepWallBands). */
  overhangs?: WallOverhang[];
  /** How far (mm) from a piece the fitted walls' overhangs are read for its own walls (keepWallBands). */
  bandRingMm?: number;
  /** Smallest piece (mm²) worth opening. */
  minAreaMm2?: number;
  /**
   * The check that keeps a piece open: given the footprint without it, are the photos still
   * explained? (trace-views.ts: the footprint's columns seen from each camera.)
   */
  accept?: (current: Uint8Array, without: Uint8Array) => boolean;
};

export type SlitResult = { mask: Uint8Array; diagnostics: { candidates: number; opened: number; openedMm2: number; refused: number; bandKeptMm2: number; closedByBands: number } };

/** 8 directions over a half turn: a slit at any angle is crossed within 11.25° of square. */
const DIRECTIONS: [number, number][] = Array.from({ length: 8 }, (_, i) => [Math.cos((i * Math.PI) / 8), Math.sin((i * Math.PI) / 8)]);

/**
 * Pixels of `foot` outside `slice` that `slice` brackets: along some direction both ways reach the
 * slice within `spanPx` in all, over footprint only.
 */
export function bracketedExcess(foot: Uint8Array, slice: Uint8Array, W: number, H: number, spanPx: number): Float32Array {
  // The narrowest bracket's span per pixel (px; 0 = not bracketed).
  const out = new Float32Array(W * H);
  // How far from (x, y) along (dx, dy) the slice is reached over footprint (Infinity: left the
  // footprint or went past the span first).
  const reach = (x: number, y: number, dx: number, dy: number, limit: number) => {
    for (let t = 1; t <= limit; t++) {
      const u = Math.round(x + dx * t);
      const v = Math.round(y + dy * t);
      if (u < 0 || v < 0 || u >= W || v >= H) return Infinity;
      const q = v * W + u;
      if (slice[q]) return t;
      if (!foot[q]) return Infinity;
    }
    return Infinity;
  };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const q = y * W + x;
      if (!foot[q] || slice[q]) continue;
      let best = Infinity;
      for (const [dx, dy] of DIRECTIONS) {
        const a = reach(x, y, dx, dy, spanPx);
        if (a === Infinity) continue;
        const b = reach(x, y, -dx, -dy, Math.min(spanPx, best) - a);
        if (b !== Infinity) best = a + b;
      }
      if (best !== Infinity) out[q] = best;
    }
  return out;
}

/** Distance (px) from each pixel to the nearest one outside the footprint. */
export function distanceToOutside(foot: Uint8Array, W: number, H: number): Float32Array {
  const outside = new Uint8Array(W * H);
  for (let q = 0; q < outside.length; q++) outside[q] = foot[q] ? 0 : 1;
  return distanceToSet(outside, W, H, 5);
}

/**
 * The slice without its slivers: parts one or two pixels wide (no 3 x 3 square of slice covers
 * them) that reach 1 mm or more inside the footprint (`toOutside`: px from each pixel to the nearest
 * one outside it, `distanceToOutside`). The slice is where every photo saw tool; over a
 * slit, two photos that each saw a different part of its floor leave a sliver between their views
 * of it, and that sliver split the slit's excess in two (held-out caliper 5008, its inner jaws'
 * slit: 8.7 -> 4.9 mm Hausdorff). A part of the tool that thin stands at the outside (a tip), and
 * is kept.
 */
export function withoutSlivers(slice: Uint8Array, toOutside: Float32Array, W: number, H: number, k: number): Uint8Array {
  const full = new Uint8Array(W * H);
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      const q = y * W + x;
      full[q] = slice[q - W - 1] & slice[q - W] & slice[q - W + 1] & slice[q - 1] & slice[q] & slice[q + 1] & slice[q + W - 1] & slice[q + W] & slice[q + W + 1];
    }
  const sliver = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const q = y * W + x;
      if (!slice[q]) continue;
      let covered = false;
      for (let dy = -1; dy <= 1 && !covered; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const u = x + dx;
          const v = y + dy;
          if (u >= 0 && v >= 0 && u < W && v < H && full[v * W + u]) {
            covered = true;
            break;
          }
        }
      if (!covered) sliver[q] = 1;
    }
  // A sliver goes with all of it, its end at the slit's mouth too, once any of it lies 1 mm inside.
  const { label, size } = labelComponents(sliver, W, H);
  const inside = new Uint8Array(size.length);
  for (let q = 0; q < label.length; q++) if (label[q] && toOutside[q] >= k) inside[label[q]] = 1;
  const out = slice.slice();
  for (let q = 0; q < label.length; q++) if (inside[label[q]]) out[q] = 0;
  return out;
}

/** The footprint with the slits its pad-plane slice shows opened (see the file's comment). */
export function openSlits(foot: Uint8Array, sliceIn: Uint8Array, W: number, H: number, k: number, opts: SlitOptions = {}): SlitResult {
  const spanPx = Math.round((opts.maxSpanMm ?? 5) * k);
  const minPx = (opts.minAreaMm2 ?? 1) * k * k;
  const toOutside = distanceToOutside(foot, W, H);
  const slice = withoutSlivers(sliceIn, toOutside, W, H, k);
  const spans = bracketedExcess(foot, slice, W, H, spanPx);
  // Distance to the slice, for the walls' bands: only once a piece gets that far.
  let toSlice: Float32Array | undefined;
  const cand = new Uint8Array(W * H);
  for (let q = 0; q < cand.length; q++) if (spans[q] > 0) cand[q] = 1;
  const { label, size } = labelComponents(cand, W, H);
  const spanSum = new Float64Array(size.length);
  for (let q = 0; q < cand.length; q++) if (label[q]) spanSum[label[q]] += spans[q];
  /** A footprint pixel beside the outside (4-neighbours). */
  const atOutside = (q: number) => {
    const x = q % W;
    return (x > 0 && !foot[q - 1]) || (x < W - 1 && !foot[q + 1]) || (q >= W && !foot[q - W]) || (q < W * (H - 1) && !foot[q + W]);
  };
  // Whether each piece touches the outside (its mouth) and how much of it lies near the outside.
  const mouth = new Uint8Array(size.length);
  const nearPx = (opts.nearOutsideMm ?? 2) * k;
  const near = new Float64Array(size.length);
  for (let q = 0; q < label.length; q++) {
    const l = label[q];
    if (!l) continue;
    if (toOutside[q] <= nearPx) near[l]++;
    if (!mouth[l] && atOutside(q)) mouth[l] = 1;
  }
  // A slit's floor is seen up to where its walls' tips thin out; between the tips the hull's excess
  // is wider than a slit, and the piece stops short of the outside. It is taken through to the
  // outside along its shortest way over the excess (within mouthMm, and what lies within slackMm of
  // that way), so that the outline can enter it.
  const mouthPx = Math.round((opts.mouthMm ?? 4) * k);
  const slackPx = (opts.mouthSlackMm ?? 1) * k;
  const excess = new Uint8Array(W * H);
  for (let q = 0; q < excess.length; q++) excess[q] = foot[q] && !slice[q] ? 1 : 0;
  const mask = foot.slice();
  let candidates = 0;
  let opened = 0;
  let openedPx = 0;
  let refused = 0;
  // What the walls' bands kept back (keepWallBands), and the pieces they closed whole.
  let keptPx = 0;
  let closedByBands = 0;
  for (let l = 1; l < size.length; l++) {
    if (size[l] < minPx) continue;
    // A slit is long and narrow; the wedge of a concave corner between two parts is as wide as it
    // is long, and is the overhang of their rounded edges there, not a floor seen between walls.
    const widthPx = spanSum[l] / size[l];
    const elongation = size[l] / (widthPx * widthPx);
    if (elongation < (opts.minElongation ?? 3)) continue;
    // A slit meets the outside only at its mouth, about as wide as the slit; a notch the slice's
    // ragged edge leaves along a wall (a photo that lost a strip of pale steel) lies along the
    // outside over its whole length.
    if (near[l] / size[l] > (opts.maxNearShare ?? 0.25)) continue;
    let piece: Uint8Array = new Uint8Array(W * H);
    for (let q = 0; q < piece.length; q++) if (label[q] === l) piece[q] = 1;
    if (!mouth[l]) {
      const way = wayOut(piece, excess, atOutside, W, H, mouthPx, slackPx);
      if (!way) continue;
      for (let q = 0; q < piece.length; q++) if (way[q]) piece[q] = 1;
    }
    if (opts.overhangs?.length) {
      toSlice ??= distanceToSet(slice, W, H, 5);
      const banded = keepWallBands(piece, opts.overhangs, toSlice, atOutside, W, H, k, opts.bandRingMm ?? 12, minPx);
      keptPx += banded.keptPx;
      if (!banded.rest) {
        closedByBands++;
        continue;
      }
      piece = banded.rest;
    }
    candidates++;
    const without = mask.slice();
    for (let q = 0; q < piece.length; q++) if (piece[q]) without[q] = 0;
    if (opts.accept && !opts.accept(mask, without)) {
      refused++;
      continue;
    }
    mask.set(without);
    opened++;
    for (let q = 0; q < piece.length; q++) openedPx += piece[q];
  }
  return { mask, diagnostics: { candidates, opened, openedMm2: +(openedPx / (k * k)).toFixed(1), refused, bandKeptMm2: +(keptPx / (k * k)).toFixed(1), closedByBands } };
}

/**
 * The piece less the bands along its walls that the walls' own rounding covers (`rest`; null when
 * nothing of it worth opening is left open to the outside), and how much the bands kept back. Round walls (a pliers' arms and handles) overhang
 * the pad beside their foot: that pad is footprint, yet photos from along the slit see it as paper,
 * just as they see a slit's floor (3D bench, square pliers 3002: its crotch's piece took 1.2 mm bands
 * under both arms, 23 mm², cut 0.02 -> 0.57 %). The walls fitted outside (wall-fit.ts: their faces,
 * with their rounding, against the slice) say how far a wall of these parts overhangs its foot: the
 * median overhang of those from 1.5 mm to `ringMm` from the piece is kept along its walls. Inside a
 * slit fewer photos look under a flank than outside, so the slice may reach further under it there
 * and the band kept is the safe side of what the pad under the flank can be: the square pliers' crotch
 * stays closed whole (its outer walls overhang 1.85 mm; Hausdorff 7.81 -> 11.39 mm, cut 0.57 -> 0.02
 * %). A caliper's flat jaws overhang 0.2 mm and keep that; where no wall was fitted (lower than
 * wall-fit's 8 mm, curved in plan) the piece is opened whole. What remains opens only where it
 * reaches the outside, and from minPx.
 */
function keepWallBands(
  piece: Uint8Array,
  overhangs: WallOverhang[],
  toSlice: Float32Array,
  atOutside: (q: number) => boolean,
  W: number,
  H: number,
  k: number,
  ringMm: number,
  minPx: number,
): { rest: Uint8Array | null; keptPx: number } {
  const toPiece = distanceToSet(piece, W, H, 5);
  const near: number[] = [];
  for (const o of overhangs) if (toPiece[o.q] >= 1.5 * k && toPiece[o.q] <= ringMm * k) near.push(o.mm);
  if (near.length < MIN_OVERHANG_SAMPLES) return { rest: piece, keptPx: 0 };
  near.sort((a, b) => a - b);
  const band = near[near.length >> 1] * k;
  if (band < 1) return { rest: piece, keptPx: 0 };
  const rest = new Uint8Array(W * H);
  for (let q = 0; q < rest.length; q++) if (piece[q] && toSlice[q] > band) rest[q] = 1;
  // Only what still reaches the outside opens: a part the bands closed off would be a hole.
  const { label, size } = labelComponents(rest, W, H);
  const open = new Uint8Array(size.length);
  for (let q = 0; q < label.length; q++) if (label[q] && atOutside(q)) open[label[q]] = 1;
  let pieceCount = 0;
  let left = 0;
  for (let q = 0; q < label.length; q++) {
    pieceCount += piece[q];
    if (label[q] && open[label[q]]) left++;
    else rest[q] = 0;
  }
  return left >= minPx ? { rest, keptPx: pieceCount - left } : { rest: null, keptPx: pieceCount };
}

/** Fitted samples (about 0.2 mm apart) a piece's band is read from: 2 mm of wall. */
const MIN_OVERHANG_SAMPLES = 10;

/** Distances (px, 8-neighbour steps) from `from` over `region`, up to `limit` (beyond: Infinity). */
function stepsFrom(from: Uint8Array, region: Uint8Array, W: number, H: number, limit: number): Float32Array {
  const d = new Float32Array(W * H).fill(Infinity);
  let front: number[] = [];
  for (let q = 0; q < from.length; q++) if (from[q]) (d[q] = 0), front.push(q);
  for (let step = 1; step <= limit && front.length; step++) {
    const next: number[] = [];
    for (const q of front) {
      const x = q % W;
      const y = (q - x) / W;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const u = x + dx;
          const v = y + dy;
          if (u < 0 || v < 0 || u >= W || v >= H) continue;
          const p = v * W + u;
          if (!region[p] || d[p] <= step) continue;
          d[p] = step;
          next.push(p);
        }
    }
    front = next;
  }
  return d;
}

/** The excess between a piece and the outside of the footprint: its shortest way (and what lies within slackPx of it), or null beyond limitPx. */
function wayOut(piece: Uint8Array, excess: Uint8Array, atOutside: (q: number) => boolean, W: number, H: number, limitPx: number, slackPx: number): Uint8Array | null {
  const fromPiece = stepsFrom(piece, excess, W, H, limitPx);
  let best = Infinity;
  for (let q = 0; q < fromPiece.length; q++) if (fromPiece[q] < best && atOutside(q)) best = fromPiece[q];
  if (best === Infinity) return null;
  const mouths = new Uint8Array(W * H);
  for (let q = 0; q < mouths.length; q++) if (fromPiece[q] <= best + slackPx && atOutside(q)) mouths[q] = 1;
  const fromMouth = stepsFrom(mouths, excess, W, H, Math.ceil(best + slackPx));
  const way = new Uint8Array(W * H);
  for (let q = 0; q < way.length; q++) if (fromPiece[q] + fromMouth[q] <= best + slackPx) way[q] = 1;
  return way;
}
