// Which of a closing's fills bridge a gap in a photo's silhouette, and which fill the tool's own
// concavity.
//
// Before carving, each photo's silhouette is closed (trace-views.ts, closeGaps): the hull is the
// intersection of the photos, so a gap that segmentation left in any one of them (a satin shaft found
// in pieces, a bite out of a light part's edge) would cut the tool there. But a closing also fills
// every concave corner tighter than its disk and every slit narrower than its diameter: the corners
// of a spanner's jaw, the crotch between a pair of pliers' handles. Those are real, but every photo's
// closing fills them alike, so the hull keeps them filled (3D bench: pliers 1.2-1.45 mm mean deviation, 15-17 mm
// Hausdorff; the pocket fills the crotch). Another photo's vote does not help: parallax covers a
// corner in the photos taken from across it.
//
// The outline around a fill tells the two apart. A bite out of an edge is entered and left along the
// same edge: the outline's direction just before the fill and just after it is the same. A concave
// corner turns the outline by its angle (80-90 degrees at a jaw's corners), the crotch between
// diverging handles or tapered jaws turns it back on itself (110-180). A fill that touches two pieces
// of the silhouette, or one piece along two separate stretches (a ring broken in one place), is a
// bridge, whatever its shape. (A slit whose mouth lies flush with one straight edge, jaws cut square,
// reads as a deep bite and stays filled: the safe way to be wrong.)
//
// A bite can also sit in a corner (a pale part's edge lost beside a junction). The photo's own pixels
// decide: a corner is left open only where the tool all around it stands out clearly from the fill
// (a dark, black or coloured tool: segmentation found that edge), never beside a part as pale as the
// paper (satin steel, a light-grey caliper), whose edges segmentation loses in bites.

import { getCv, outerContours, withMats } from "../opencv.ts";
import type { RgbaImage } from "../raster.ts";
import { dilateDisk, erodeDisk } from "../ai/morphology.ts";

/**
 * Largest turn (degrees) of the outline across a fill for it to count as a bite out of an edge.
 * 3D bench (five photos, seeds 3000-3009, before the edge test below): 30 and 45 measured alike
 * (median mean deviation 0.614 / 0.617 mm, 60-70: 0.625-0.629); bites turned 0-40 (a ragged edge
 * beside them), the jaws' corners 80-90.
 */
export const GAP_MAX_TURN_DEG = 45;
/**
 * The outline's direction on each side of a fill is taken over this stretch of it (mm), starting
 * SIDE_OFFSET_MM off the fill: long enough to average a ragged edge's pixels, short enough to stay on
 * the edge the fill interrupts (4 mm measured alike).
 */
const SIDE_MM = 2;
const SIDE_OFFSET_MM = 0.4;
/** Tool pixels this far (mm) from a fill, past the edge's blur, stand for the tool beside it. */
const TOOL_RING_MM: [number, number] = [0.6, 1.6];
/** Colour difference (share of full scale, RGB distance) from the fill's mean colour at which a tool pixel stands out clearly. */
export const CLEAR_EDGE_CONTRAST = 0.25;
/**
 * Share of the tool beside a concavity fill that must stand out clearly for the fill to be left
 * open. 3D bench: black, dark and coloured tools' corners 0.57-0.93 (most above 0.75), the light
 * caliper's fills 0-0.53; at 0.6 and 0.7 every tool's cut stayed as with every fill closed (within
 * 0.1 mm²), while without the test the caliper's cut rose 1.57 -> 2.0 %.
 */
export const MIN_CLEAR_EDGE_SHARE = 0.7;

export type GapFills = {
  /** The silhouette with the bridging fills added. */
  mask: Uint8Array;
  /** Per pixel, the number (1..openCount) of a fill left open (a concave corner or a slit), 0 elsewhere. */
  open: Int32Array;
  openCount: number;
};

/**
 * Split what `closed` (a closing of `mask`) adds into fills that bridge a gap (added to the returned
 * mask) and fills of the tool's own concavities (left open, numbered).
 */
export function classifyGapFills(mask: Uint8Array, closed: Uint8Array, width: number, height: number, pxPerMm: number, maxTurnDeg = GAP_MAX_TURN_DEG): GapFills {
  const cv = getCv();
  const { lab, n } = withMats((track) => {
    const f = track(new cv.Mat(height, width, cv.CV_8UC1));
    const fd = f.data as Uint8Array;
    for (let q = 0; q < fd.length; q++) fd[q] = closed[q] && !mask[q] ? 1 : 0;
    const labels = track(new cv.Mat());
    const count = cv.connectedComponents(f, labels, 8, cv.CV_32S);
    return { lab: new Int32Array(labels.data32S as Int32Array), n: count };
  });
  const contours = outerContours(mask, width, height);
  // Per fill: the outline it touches (-1 none yet, -2 several) and the points of it that it touches.
  const owner = new Int32Array(n).fill(-1);
  const touched: number[][] = Array.from({ length: n }, () => []);
  contours.forEach((pts, ci) => {
    pts.forEach(([x, y], i) => {
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const c = lab[yy * width + xx];
          if (!c || owner[c] === -2) continue;
          if (owner[c] === -1) owner[c] = ci;
          else if (owner[c] !== ci) {
            owner[c] = -2;
            continue;
          }
          const t = touched[c];
          if (t[t.length - 1] !== i) t.push(i);
        }
    });
  });
  const side = Math.max(2, Math.round(SIDE_MM * pxPerMm));
  const offset = Math.max(1, Math.round(SIDE_OFFSET_MM * pxPerMm));
  const bridge = new Uint8Array(n);
  for (let c = 1; c < n; c++) {
    // Touching two pieces bridges them (touching none cannot happen: nothing to judge, keep it).
    if (owner[c] < 0) {
      bridge[c] = 1;
      continue;
    }
    const pts = contours[owner[c]];
    const L = pts.length;
    const idx = [...new Set(touched[c])].sort((a, b) => a - b);
    // The stretch of outline the fill touches: all but the longest run of points it does not touch.
    let longest = -1;
    let second = -1;
    let at = 0;
    for (let t = 0; t < idx.length; t++) {
      const g = idx.length === 1 ? L : (idx[(t + 1) % idx.length] - idx[t] + L) % L;
      if (g > longest) {
        second = longest;
        longest = g;
        at = t;
      } else if (g > second) second = g;
    }
    // Two separate stretches (a broken ring), or most of a small piece's outline: a bridge.
    if (second > 2 * side || L - longest > L / 2) {
      bridge[c] = 1;
      continue;
    }
    const end = idx[at];
    const start = idx[(at + 1) % idx.length];
    const P = (i: number) => pts[((i % L) + L) % L];
    const a0 = P(start - offset - side);
    const a1 = P(start - offset);
    const b0 = P(end + offset);
    const b1 = P(end + offset + side);
    const ux = a1[0] - a0[0];
    const uy = a1[1] - a0[1];
    const vx = b1[0] - b0[0];
    const vy = b1[1] - b0[1];
    const norm = Math.hypot(ux, uy) * Math.hypot(vx, vy);
    const turnDeg = norm > 0 ? (Math.acos(Math.max(-1, Math.min(1, (ux * vx + uy * vy) / norm))) * 180) / Math.PI : 0;
    if (turnDeg <= maxTurnDeg) bridge[c] = 1;
  }
  const openId = new Int32Array(n);
  let openCount = 0;
  for (let c = 1; c < n; c++) if (!bridge[c]) openId[c] = ++openCount;
  const out = mask.slice();
  const open = new Int32Array(mask.length);
  for (let q = 0; q < out.length; q++) {
    const c = lab[q];
    if (!c) continue;
    if (bridge[c]) out[q] = 1;
    else open[q] = openId[c];
  }
  return { mask: out, open, openCount };
}

/**
 * Per open fill (index = its number; 0 unused): the share of the tool beside it (TOOL_RING_MM in
 * from the fill) whose colour differs from the fill's mean colour by CLEAR_EDGE_CONTRAST or more.
 */
export function clearEdgeShare(gaps: GapFills, mask: Uint8Array, image: RgbaImage, pxPerMm: number): Float64Array {
  const { width, height, data } = image;
  const n = gaps.openCount + 1;
  const mean = new Float64Array(3 * n);
  const count = new Float64Array(n);
  for (let q = 0; q < gaps.open.length; q++) {
    const c = gaps.open[q];
    if (!c) continue;
    count[c]++;
    for (let ch = 0; ch < 3; ch++) mean[3 * c + ch] += data[4 * q + ch];
  }
  for (let c = 1; c < n; c++) for (let ch = 0; ch < 3; ch++) mean[3 * c + ch] /= count[c] || 1;
  // The ring around each fill pixel, every other pixel (plenty, and a quarter of the work).
  const r0 = TOOL_RING_MM[0] * pxPerMm;
  const r1 = TOOL_RING_MM[1] * pxPerMm;
  const R = Math.ceil(r1);
  const ring: [number, number][] = [];
  for (let dy = -R; dy <= R; dy += 2)
    for (let dx = -R; dx <= R; dx += 2) {
      const d = Math.hypot(dx, dy);
      if (d >= r0 && d <= r1) ring.push([dx, dy]);
    }
  const clear = new Float64Array(n);
  const seen = new Float64Array(n);
  const limit = (CLEAR_EDGE_CONTRAST * 255) ** 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = gaps.open[y * width + x];
      if (!c) continue;
      for (const [dx, dy] of ring) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const p = yy * width + xx;
        if (!mask[p]) continue;
        seen[c]++;
        let s = 0;
        for (let ch = 0; ch < 3; ch++) s += (data[4 * p + ch] - mean[3 * c + ch]) ** 2;
        if (s >= limit) clear[c]++;
      }
    }
  const out = new Float64Array(n);
  for (let c = 1; c < n; c++) out[c] = seen[c] ? clear[c] / seen[c] : 0;
  return out;
}

/**
 * `mask` (a photo's silhouette) with the fills of `closed` (its closing, trace-views.ts closeGaps)
 * that may be gaps: everything but the concave corners and slits (classifyGapFills) beside a clearly
 * seen edge of the tool (clearEdgeShare) in `image` (the photo, on the same raster).
 */
export function bridgeGaps(mask: Uint8Array, closed: Uint8Array, image: RgbaImage, pxPerMm: number): Uint8Array {
  const { width, height } = image;
  const gaps = classifyGapFills(mask, closed, width, height, pxPerMm);
  if (!gaps.openCount) return gaps.mask;
  const share = clearEdgeShare(gaps, mask, image, pxPerMm);
  const out = gaps.mask;
  for (let q = 0; q < out.length; q++) {
    const c = gaps.open[q];
    if (c && share[c] < MIN_CLEAR_EDGE_SHARE) out[q] = 1;
  }
  return out;
}

/**
 * How far (mm) outside a photo's silhouette a miss may be doubted. 3D bench (five photos, seeds
 * 3000-3009): the caliper's pale jaws were lost in slivers along their edges and at their sharp
 * tips, mostly 0.5-2 mm beyond the photo's outline. 4 mm took its cut from 0.39 to 0.23 % but its
 * mean deviation from 1.43 to 1.63 mm (the tape measure's 0.94 -> 0.98 mm).
 */
export const DOUBT_MM = 2;
/** The tool beside a pixel: the silhouette's pixels this far (mm) in from its outline, past the edge's blur. */
const DOUBT_TOOL_BAND_MM: [number, number] = [0.6, 2];
/**
 * Colour difference (share of full scale, RGB distance) under which a pixel is alike a tool pixel.
 * Stricter than CLEAR_EDGE_CONTRAST: at 0.25 the light hex key, socket and drill grew by a further
 * 0.01-0.03 mm of mean deviation for no less cut.
 */
export const DOUBT_ALIKE_CONTRAST = 0.15;
/**
 * Share of the tool beside a pixel (DOUBT_TOOL_BAND_MM in from the outline, within DOUBT_MM +
 * DOUBT_TOOL_BAND_MM[1] of it) that must be alike it. A mean of that band (0.15 of its colour)
 * missed the jaws' pale edges beside the caliper's grey slider; a share of 0.3 let paper beside a
 * black spanner's highlights be doubted (its mean deviation 0.572 -> 0.594 mm). 0.6 and 0.7 left
 * the caliper's cut at 0.46 and 0.50 % (0.39 at 0.5) for 0.02-0.05 mm less mean deviation on the
 * caliper, hex key and tape measure.
 */
export const DOUBT_ALIKE_SHARE = 0.5;
/**
 * A pixel the grid's evidence took for a cast shadow is doubted only if it is as light as the
 * paper beyond DOUBT_MM around it, to this share of full scale: a shadow is darker than the paper,
 * while a pale part's edge next to its own shadow (the caliper's jaws) is not.
 */
const DOUBT_SHADOW_SLACK = 0.03;
/**
 * Any other pixel is doubted only if it is no darker than that paper by more than this share: a
 * pale part is about as light as the paper, the band of a cast shadow the grid's evidence missed
 * is darker (a light-grey hex key's, kept by the doubt in every photo: its mean deviation 0.40 ->
 * 0.51 mm). 3D bench, five photos: median 0.514 -> 0.472 mm, held out 0.628 (the same); at 0.06
 * and 0.10 a held-out knife's chrome tip lost more (cut 1.08 -> 1.14 %, 1.09 %).
 */
const DOUBT_DARKER_SLACK = 0.15;

/**
 * Where a photo's miss is doubtful (carve.ts ViewSilhouette.doubt): pixels outside its silhouette
 * `mask`, within DOUBT_MM of it, alike (DOUBT_ALIKE_CONTRAST) at least DOUBT_ALIKE_SHARE of the
 * tool beside them. There the photo could not tell a pale part (light-grey, satin steel, as light as
 * the paper) from the paper, so its segmentation may have lost it, and the hull, which takes away
 * whatever one photo misses, would cut the tool there (the caliper's jaw tips: 1.19 % of its area).
 * Beside a dark, black or coloured tool the paper stands out and the miss is clear; so is a cast
 * shadow: one the grid's evidence found (`shadow`) unless the pixel is as light as the paper, any
 * other where the pixel is clearly darker than the paper around.
 */
export function doubtfulMisses(mask: Uint8Array, image: RgbaImage, pxPerMm: number, shadow?: Uint8Array): Uint8Array {
  const { width, height, data } = image;
  const near = dilateDisk(mask, width, height, DOUBT_MM * pxPerMm);
  const inner0 = erodeDisk(mask, width, height, DOUBT_TOOL_BAND_MM[0] * pxPerMm);
  const inner1 = erodeDisk(mask, width, height, DOUBT_TOOL_BAND_MM[1] * pxPerMm);
  // Around each candidate, every other pixel (plenty, and a quarter of the work).
  const R = Math.ceil((DOUBT_MM + DOUBT_TOOL_BAND_MM[1]) * pxPerMm);
  const disk: [number, number][] = [];
  for (let dy = -R; dy <= R; dy += 2) for (let dx = -R; dx <= R; dx += 2) if (dx * dx + dy * dy <= R * R) disk.push([dx, dy]);
  const limit = (DOUBT_ALIKE_CONTRAST * 255) ** 2;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const q = y * width + x;
      if (!near[q] || mask[q]) continue;
      let seen = 0;
      let alike = 0;
      for (const [dx, dy] of disk) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const p = yy * width + xx;
        if (!inner0[p] || inner1[p]) continue;
        seen++;
        let s = 0;
        for (let ch = 0; ch < 3; ch++) s += (data[4 * q + ch] - data[4 * p + ch]) ** 2;
        if (s < limit) alike++;
      }
      if (!seen || alike < DOUBT_ALIKE_SHARE * seen) continue;
      // The paper around (beyond DOUBT_MM of the silhouette, no cast shadow), read only for a
      // pixel alike the tool (most misses beside a dark tool stop above).
      let paper = 0;
      let paperN = 0;
      for (const [dx, dy] of disk) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const p = yy * width + xx;
        if (near[p] || shadow?.[p]) continue;
        paperN++;
        paper += data[4 * p] + data[4 * p + 1] + data[4 * p + 2];
      }
      const inShadow = shadow !== undefined && shadow[q] !== 0;
      // Not as light as the paper around: a cast shadow's band, not a pale part. With no paper in
      // reach a pixel of the shadow evidence is clear, any other stays in doubt.
      const lightness = data[4 * q] + data[4 * q + 1] + data[4 * q + 2];
      if (paperN ? lightness < paper / paperN - 3 * (inShadow ? DOUBT_SHADOW_SLACK : DOUBT_DARKER_SLACK) * 255 : inShadow) continue;
      out[q] = 1;
    }
  return out;
}
