// A cast shadow's band left on a part's shaded side, trimmed back to the part's side.
//
// Where a round part's shaded flank meets its own cast shadow, the brightness runs down the flank
// into the shadow and up again through the shadow's penumbra: the side is the bottom of a valley,
// not a step. The grid is read only 2 mm and more from an edge and a crossing, so the shadow's band
// beside the part carries its lines only where they cross it, and between them the band is nearer
// to the part's hidden lines than to any seen one: the watershed gives bulges of it to the part (3D
// bench, ray-traced, one photo: the two hex keys +14 % and +16 % area, bulges 1-2 mm deep along
// their shaded legs). Geometry tells: a part's side is one straight valley, and the band beyond it
// is shadow where the same shadow, by the grid's word (on plain paper: the lit paper's flood), lies
// right beside the side along the same line.
//
// What keeps a part's own surface from being taken, each from a cut it made on the bench
// (ray-traced, one photo, at a 0.6 mm margin unless named): the shadow must lie within 1.2 mm of
// the valley (BAND_SHADOW_NEAR_MM: a chrome spanner's wall past its dark bevel edge, cut 0.67 ->
// 4.74 % without it, and steel screwdriver shafts, whose dark reflection is a valley inside the
// shaft, 0.41 -> 1.30 % and 0.91 -> 1.58 %); each run must be as bright as that shadow beside it
// (BAND_MATCH_LEVEL: a tape measure's hook) and no lighter than BAND_MAX_LEVEL (a black
// screwdriver's shaft in a light shadow, at the 1 mm margin: 0.71 -> 1.05 %); no hidden grid line
// in the band; and a margin is kept (BAND_KEEP_MM; nearer the valley behind a hard lamp's crisp-rimmed
// band, BAND_HARD_KEEP_MM, session 30). One guard no bench photo needed once those were
// in: the level must only rise from the valley out, through the mask's end and a millimetre past it
// (a flank dips again where it meets its own shadow); it costs the light-grey hex key 0.283 ->
// 0.289 mm. Ray-traced one photo: median 0.329 -> 0.285 mm (held out 0.292 -> 0.292, its hex key
// 0.352 -> 0.306 mm; AI 0.416 -> 0.341), no more photos cutting; five photos held out 0.564 ->
// 0.540 mm (a hex key 0.78 -> 0.57). docs/scanner-history.md "Session 29".

import { consecutiveRuns, houghSegments, maskBesideSegment, pixelIndexer, segmentDirection } from "./hough-segments.ts";
import { distanceToSet, getCv, withMats } from "./opencv.ts";

/** A valley is this much darker (paper-relative level) than both sides, VALLEY_REACH_MM away. */
export const VALLEY_DIP = 0.04;
export const VALLEY_REACH_MM = 1;
/** Deepest band trimmed (mm beyond the valley): a soft shadow's bulges reached 2 mm. */
export const BAND_MAX_MM = 3;
/**
 * Kept beyond the valley's bottom (mm). On the bench's round legs the side lies from 0.2 mm short of
 * the bottom (a hard lamp: the shadow is the darker) to 0.6-0.8 mm past it (a soft lamp or a diffuse
 * room: the flank is), so the trim keeps the far end and a margin: a pocket a little loose beats a
 * tool that does not fit. Ray-traced one photo, the soft-lit hex key (cut 0.99 % untrimmed): 0.6 mm
 * cut it 2.19 %, 0.8 mm 1.40 %, 1.0 mm 1.06 %; the tuned median 0.329 mm went to 0.271, 0.277 and
 * 0.285 mm (measured before the level match and BAND_MAX_LEVEL, which left the 1 mm figures as
 * they were).
 */
export const BAND_KEEP_MM = 1.0;
/**
 * ... and beyond a hard lamp's band: where the band's outer rim rises from a quarter to three
 * quarters of the way to the paper within BAND_RIM_SHARP_MM on BAND_HARD_SHARE of the rays that
 * could read it (and half the rays could), the lamp is small and the side lies at or short of the
 * valley's bottom. Ray-traced one photo (session 30): a light-grey hex key under a hard lamp 64° up
 * 0.289 -> 0.238 mm (area +10.7 -> +8.7 %, cut 0.17 % unchanged), the tuned median 0.285 -> 0.269
 * mm; shadows only, a coloured drill's cut 0.72 -> 0.77 %; every other set tool for tool within
 * 0.01 mm. At 0.2 mm the hex key 0.220 mm but the drill 0.81 %.
 */
export const BAND_HARD_KEEP_MM = 0.4;
export const BAND_RIM_SHARP_MM = 0.6;
export const BAND_HARD_SHARE = 0.8;
/** Shortest valley line (mm) that counts as a part's side. */
export const BAND_LINE_MIN_MM = 10;
/**
 * Share of the line's rays with grid-confirmed shadow within BAND_SHADOW_NEAR_MM of the valley: the
 * same shadow, where the lines cross it, lies right beside the part's side.
 */
export const BAND_SHADOW_SHARE = 0.25;
/**
 * Beyond a chrome spanner's dark bevel edge its bright wall runs 1.5 mm to its own shadow: counted
 * within 3 mm, that shadow let the wall be trimmed (ray-traced, one photo, 0.8 mm margin: cut 0.67
 * -> 4.56 %).
 */
export const BAND_SHADOW_NEAR_MM = 1.2;
/** How far (paper-relative level) the band may dip again past the valley: noise. */
export const BAND_RISE_SLACK = 0.03;
/** A run's level may differ this much (paper-relative) from the grid-confirmed shadow beside it along the line ... */
export const BAND_MATCH_LEVEL = 0.06;
/** ... read this far (mm) along the line on either side of the run, over at least this many pixels, ... */
export const BAND_MATCH_REACH_MM = 2;
export const BAND_MATCH_MIN_PX = 5;
/** ... over the band's first this many mm past the kept margin. */
export const BAND_MATCH_DEPTH_MM = 1;
/** Brightest band (paper-relative, over its first millimetre) trimmed. */
export const BAND_MAX_LEVEL = 0.75;
/** Shortest run of trimmed rays (mm along the line). */
export const BAND_MIN_RUN_MM = 1;

/**
 * Trims `td` (0/255, w x h, in place) back to straight valleys along its boundary where the band
 * beyond is a cast shadow: shadow-like pixels (`shadowLike`), no hidden grid line (`hidden`), and
 * the same grid-confirmed shadow (`shadow`) beside the mask along the line. `level` is the
 * paper-relative brightness, `k` pixels per mm. Returns the pixels removed.
 */
export function trimShadowBands(td: Uint8Array, level: Float32Array, shadow: Uint8Array, shadowLike: Uint8Array, hidden: Uint8Array, w: number, h: number, k: number): number {
  const cv = getCv();
  return withMats((track) => {
    const n = w * h;
    // Each mask pixel's distance to the mask's outside.
    const outside = new Uint8Array(n);
    for (let i = 0; i < n; i++) outside[i] = td[i] ? 0 : 1;
    const did = distanceToSet(outside, w, h);
    // Level smoothed over 3 x 3: the valley test reads single pixels.
    const lv = track(new cv.Mat(h, w, cv.CV_32FC1));
    (lv.data32F as Float32Array).set(level);
    const sm = track(new cv.Mat());
    cv.blur(lv, sm, new cv.Size(3, 3), new cv.Point(-1, -1), cv.BORDER_REPLICATE);
    const L = sm.data32F as Float32Array;
    const r = Math.max(2, Math.round(VALLEY_REACH_MM * k));
    const valley = new Uint8Array(n);
    const near = BAND_MAX_MM * k;
    const keep = BAND_KEEP_MM * k;
    for (let y = r; y < h - r; y++)
      for (let x = r; x < w - r; x++) {
        const i = y * w + x;
        if (!td[i] || did[i] > near || !shadowLike[i]) continue;
        const v = L[i];
        for (const [dx, dy] of [
          [1, 0],
          [0, 1],
          [1, 1],
          [1, -1],
        ]) {
          if (L[i + dy * w + dx] < v || L[i - dy * w - dx] < v) continue;
          const rr = dx && dy ? Math.round(r / Math.SQRT2) : r;
          if (L[i + rr * (dy * w + dx)] - v >= VALLEY_DIP && L[i - rr * (dy * w + dx)] - v >= VALLEY_DIP) {
            valley[i] = 1;
            break;
          }
        }
      }
    const segs = houghSegments(valley, w, h, Math.round(4 * k), BAND_LINE_MIN_MM * k, 3 * k);
    const at = pixelIndexer(w, h);
    const cut: number[] = [];
    for (const seg of segs) {
      const dir = segmentDirection(seg);
      if (!dir) continue;
      const [x0, y0] = seg;
      const { ux, uy, steps } = dir;
      // The part's side: the mask 1 and 2.5 mm in, on the side where it holds more.
      const beside = maskBesideSegment(td, at, seg, dir, [1 * k, 2.5 * k]);
      let plus = 0;
      let minus = 0;
      for (let t = 0; t <= steps; t++) {
        plus += (beside.left[t] & 1) + ((beside.left[t] >> 1) & 1);
        minus += (beside.right[t] & 1) + ((beside.right[t] >> 1) & 1);
      }
      const N = steps + 1;
      if (Math.max(plus, minus) < 1.8 * N) continue;
      const side = plus >= minus ? 1 : -1;
      // Normal away from the part, into the band.
      const nx = uy * side;
      const ny = -ux * side;
      const hardKeep = BAND_HARD_KEEP_MM * k;
      // Each ray's foot on the valley's bottom, walked once: the bottom, whether the valley is there,
      // grid-confirmed shadow beside it, and whether the level only rises from it out. Only the band
      // past the margin (bandAt) depends on the margin, and a hard lamp's band is read at two.
      const feet: { t: number; px: number; py: number }[] = [];
      let shadowed = 0;
      for (let t = 0; t <= steps; t++) {
        // The valley's bottom on this ray, within 2 px of the line: several parallel segments run
        // along one valley, and each ray is measured from the bottom itself.
        let bottom = Infinity;
        let bq = 0;
        for (let q = -2; q <= 2; q += 0.5) {
          const j = at(x0 + ux * t + nx * q, y0 + uy * t + ny * q);
          if (j >= 0 && L[j] < bottom) {
            bottom = L[j];
            bq = q;
          }
        }
        const px = x0 + ux * t + nx * bq;
        const py = y0 + uy * t + ny * bq;
        // The valley at the ray's foot (within a pixel across the line).
        let foot = false;
        for (let q = -1; q <= 1 && !foot; q++) {
          const j = at(px + nx * q, py + ny * q);
          if (j >= 0 && valley[j]) foot = true;
        }
        // Grid-confirmed shadow right beside the part's side on this ray (a bevel's outer edge lies
        // further out: the shadow beyond it does not count).
        let sh = false;
        for (let q = 1; q <= BAND_SHADOW_NEAR_MM * k && !sh; q++) {
          const j = at(px + nx * q, py + ny * q);
          if (j >= 0 && shadow[j]) sh = true;
        }
        if (sh) shadowed++;
        if (!foot) continue;
        // From the valley out the level only rises (the shadow, its penumbra, the paper), through
        // the mask's end and a millimetre past it: a second valley means the first lay inside the
        // part (a round leg's shaded stripe, a steel shaft's dark reflection), and a drop past the
        // mask's end is a flank meeting its own shadow.
        let top = -Infinity;
        let past = -1;
        let rises = true;
        for (let q = 1; q <= near + 1 + k && rises; q += 0.5) {
          const j = at(px + nx * q, py + ny * q);
          if (j < 0) break;
          if (!td[j] && past < 0) past = q;
          if (past >= 0 && q > past + k) break;
          if (L[j] < top - BAND_RISE_SLACK) rises = false;
          top = Math.max(top, L[j]);
        }
        if (rises) feet.push({ t, px, py });
      }
      // The same shadow, by the grid's word, must lie beside the side along enough of the line.
      if (shadowed < BAND_SHADOW_SHARE * N) continue;
      // The band on one ray past the margin `keep`: mask from past it to where it ends, all
      // shadow-like, no hidden line, ending within BAND_MAX_MM; its depth past the margin, and
      // whether its outer rim is crisp (1), soft (0) or could not be read (-1). Null: no band.
      const bandAt = ({ t, px, py }: { t: number; px: number; py: number }, keep: number) => {
        const cells: number[] = [];
        let ends = false;
        let qEnd = keep + 1;
        for (let q = keep + 1; q <= near + 1; q += 0.5) {
          const j = at(px + nx * q, py + ny * q);
          if (j < 0) break;
          if (!td[j]) {
            ends = true;
            qEnd = q;
            break;
          }
          if (!shadowLike[j] || hidden[j]) return null;
          cells.push(j);
          for (const off of [-0.5, 0.5]) {
            const o = at(px + nx * q + ux * off, py + ny * q + uy * off);
            if (o >= 0 && td[o] && shadowLike[o] && !hidden[o]) cells.push(o);
          }
        }
        if (!ends || !cells.length) return null;
        // How crisp the band's outer rim is: from the band's level (0.6 mm past the valley) to the
        // paper's beyond the mask's end, the rise from a quarter to three quarters within
        // BAND_RIM_SHARP_MM.
        let sharp = -1;
        const jb = at(px + nx * 0.6 * k, py + ny * 0.6 * k);
        let paper = -Infinity;
        for (let q = qEnd; q <= qEnd + 1.5 * k; q += 0.5) {
          const j = at(px + nx * q, py + ny * q);
          if (j >= 0) paper = Math.max(paper, L[j]);
        }
        if (jb >= 0 && paper - L[jb] > 0.1) {
          const lo = L[jb] + 0.25 * (paper - L[jb]);
          const hi = L[jb] + 0.75 * (paper - L[jb]);
          let qLo = -1;
          let qHi = -1;
          for (let q = 0.6 * k; q <= qEnd + 1.5 * k; q += 0.5) {
            const j = at(px + nx * q, py + ny * q);
            if (j < 0) break;
            if (qLo < 0 && L[j] >= lo) qLo = q;
            if (qHi < 0 && L[j] >= hi) {
              qHi = q;
              break;
            }
          }
          if (qLo >= 0 && qHi >= 0) sharp = qHi - qLo <= BAND_RIM_SHARP_MM * k ? 1 : 0;
        }
        return { t, cells, depth: qEnd - keep - 1, sharp };
      };
      const collect = (keep: number) => feet.map((f) => bandAt(f, keep)).filter((r) => r !== null);
      // A hard lamp's band (its rim crisp along most of the line) is trimmed nearer the valley.
      let segKeep = keep;
      let rays = collect(keep);
      if (rays.length) {
        const judged = rays.filter((r) => r.sharp >= 0);
        const crisp = judged.filter((r) => r.sharp === 1).length;
        if (judged.length >= 0.5 * rays.length && crisp >= BAND_HARD_SHARE * judged.length) {
          segKeep = hardKeep;
          rays = collect(hardKeep);
        }
      }
      for (const run of consecutiveRuns(rays)) {
        if (run.length < Math.round(BAND_MIN_RUN_MM * k)) continue;
        // The same shadow: grid-confirmed shadow lies beside the run along the line, and over the
        // band's first millimetre the run is as bright as it, depth for depth (further out the
        // shadow beside may already have given way to its penumbra or the paper). A part standing
        // out past the side is not, or has no shadow beside it at its depths (a tape measure's hook,
        // darker than the shadow round it by 0.27: ray-traced, shadows only, cut 1.04 -> 1.23 %).
        const depth = Math.min(Math.max(...run.map((r) => r.depth)), BAND_MATCH_DEPTH_MM * k);
        const bins = Math.floor(depth * 2) + 1;
        const ownSum = new Float64Array(bins);
        const ownN = new Float64Array(bins);
        const refSum = new Float64Array(bins);
        const refN = new Float64Array(bins);
        const reach = Math.round(BAND_MATCH_REACH_MM * k);
        for (let t = run[0].t - reach; t <= run[run.length - 1].t + reach; t++) {
          if (t < 0 || t > steps) continue;
          const inRun = t >= run[0].t && t <= run[run.length - 1].t;
          for (let bin = 0; bin < bins; bin++) {
            const q = segKeep + 1 + bin / 2;
            const j = at(x0 + ux * t + nx * q, y0 + uy * t + ny * q);
            if (j < 0) continue;
            if (inRun && td[j]) {
              ownSum[bin] += L[j];
              ownN[bin]++;
            } else if (!inRun && shadow[j]) {
              refSum[bin] += L[j];
              refN[bin]++;
            }
          }
        }
        let diff = 0;
        let nref = 0;
        for (let bin = 0; bin < bins; bin++)
          if (ownN[bin] && refN[bin]) {
            diff += (ownSum[bin] / ownN[bin] - refSum[bin] / refN[bin]) * refN[bin];
            nref += refN[bin];
          }
        if (nref < BAND_MATCH_MIN_PX || Math.abs(diff / nref) > BAND_MATCH_LEVEL) continue;
        // A light shadow (a soft lamp's, a diffuse room's) reads as bright as a steel shaft's flank
        // mirroring it, and the shaft's dark reflection is a valley inside the shaft: only a shadow
        // clearly darker than the paper is trimmed (ray-traced, one photo, unseen set: a black
        // screwdriver's shaft in a 0.80 shadow cut 0.71 -> 1.05 % without this).
        let ownFirst = 0;
        let nFirst = 0;
        for (let bin = 0; bin < bins; bin++) {
          ownFirst += ownSum[bin];
          nFirst += ownN[bin];
        }
        if (!nFirst || ownFirst / nFirst > BAND_MAX_LEVEL) continue;
        for (const r of run) cut.push(...r.cells);
      }
    }
    let removed = 0;
    for (const j of cut)
      if (td[j]) {
        td[j] = 0;
        removed++;
      }
    return removed;
  });
}

