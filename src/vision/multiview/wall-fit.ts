// Beyond the visual hull: where the footprint's edge is a wall, find the wall's foot from the photos.
//
// The hull of a tall wall bulges: a photo from outside the wall sees its foot, a photo from inside
// sees its top edge, and between the two tangent rays the hull keeps a wedge that no photo can carve
// (about 7 % of the wall's height out with the five-photo protocol: 1-3 mm beside a tape measure).
// Tools are, to a good approximation, slabs with vertical walls whose top and bottom edges are
// rounded with some radius r (r = h/2 is a round bar). Across such a wall, every photo's silhouette
// edge is a line tangent to one of the two roundings: a photo whose nadir lies outside the wall
// touches the lower one, and its edge on the pad (z = 0) lies r·a(θ) inside the wall's outer face;
// a photo whose nadir lies inside touches the upper one, and its edge unprojected to the top's
// height lies r·a(θ) inside, with a(θ) = 1 − (1 − sin θ)/cos θ for a ray θ off vertical across the
// wall. With five photos at different angles that is five equations for three unknowns: the face's
// position x, the rounding r, and how far the part's top lies above the column measured at the
// hull's edge (dh). They are fitted over a short stretch of wall, and the outline moves in only
// where the fit holds (a loose one with its spread as margin), the wall straight in plan, and both
// kinds of photo present; short gaps between fitted stretches are bridged, a short corner between
// two fitted walls stands out of the pad-plane slice no more than they do (cornerRuns), and a
// concave one holds nothing outside both walls' faces (concaveRuns); everywhere else (round ends,
// slits, low parts) the hull stays.
// The face never moves inside a photo from outside's own foot (a lower bound), nor inside the
// pad-plane slice. The fits' tops (h + dh) also give the tool's height (topMm).

import { fillPolygonCentres } from "../raster.ts";
import { distanceToSet, outerContours } from "../opencv.ts";
import { doubtfulMissesAllowed } from "./carve.ts";

export type WallFitView = {
  mask: Uint8Array;
  camera: { nadirMm: [number, number]; heightMm: number };
  /** 1 = unknown for this photo (outside its frame, marker keep-outs): no edge can be read there. */
  unknown?: Uint8Array;
  /** 1 = this photo's miss here is doubtful (a pale part it could not tell from the paper): carve.ts, doubt. */
  doubt?: Uint8Array;
};

export type WallFitOptions = {
  /**
   * Walls lower than this (mm) keep the hull: their bulge is small and their fit noisy. 8 since
   * session 8 (12 before): a spanner's 9-10 mm wall bulges by 0.2-0.5 mm and fits well; a hex key's
   * 5-7 mm round bar fitted at 6 mm was cut (0.28 % of it).
   */
  minHeightMm?: number;
  /** Largest spread (mm, standard deviation) of the photos' implied face positions for a fit to count as tight. */
  maxSpreadMm?: number;
  /**
   * Largest spread (mm) for a fit to count at all: a fit between maxSpreadMm and this is loose, and
   * its face stands LOOSE_MARGIN times its spread outward of where the fit puts it. A loose fit does
   * not move a round wall, nor a wall where a photo doubts its miss, and gives no top.
   */
  looseSpreadMm?: number;
  /** Samples on each side pooled into one fit of r and dh (about 0.2 mm apart). */
  window?: number;
  /**
   * Added outward to every fitted face (mm). 0 by default: the silhouettes the pipeline passes are
   * grown already (the carve's growth), and the fit averages five photos' edges.
   */
  marginMm?: number;
  /**
   * Smallest move (mm) worth making. 0.2 since session 9 (0.3 before): five photos, median
   * 0.525 -> 0.514 mm (held out 0.656 -> 0.628), the largest new cut 0.03 % of a tool (pliers);
   * at 0.1 a held-out hex key's cut grew to 0.04 % for 0.005 mm more.
   */
  minGainMm?: number;
  /**
   * Largest turn of the outline (degrees) over ±2.4 mm for the wall to count as straight. 40 since
   * session 8 (15 before): a tape measure's rounded corners in plan (radius 10-20 mm) fit within the
   * photos' 0.15 mm agreement, and kept their hull's bulge at 15.
   */
  maxBendDeg?: number;
};

type P = [number, number];
/**
 * A fitted wall's overhang: how far (mm, ≥ 0) its face stands out of the pad-plane slice at the
 * hull's outline pixel `q` (y·W + x). It is the wall's rounding (and the fit's margin): the pad under
 * a round flank is footprint though the slice stops short of it.
 */
export type WallOverhang = { q: number; mm: number };
/** slice: where the pad-plane slice ends along the normal (mm from the hull's edge, ≤ 0). */
/** doubt: some photo's miss just past its edge here is doubtful (it may have lost a pale part there). */
type Sample = { h: number; L: number[]; a: number[]; inside: boolean[]; tan: number[]; footMax: number; slice: number; doubt: boolean };

// The column measured at the slice's edge may stand below the top (on a rounded shoulder) or
// above it (beside a sharp wall the hull's column overshoots the top by about 0.3 mm / tan θ of the
// steepest photo from inside).
const DH_MIN = -10;
// Up to 10 mm above (4 until session 8): on a drill body's 16 mm rounding the slice ends ~6 mm in
// from the face, where the shoulder is still 3-6 mm below the top, and the best fit sat at the range's end.
const DH_MAX = 10;
const DH_STEP = 0.5;
const R_STEP = 0.5;
const R_MAX = 30;
/** A hair of preference for the edge column's own height: a valley of near-equal fits trades a taller top for a rounder edge. */
const DH_REG = 0.0005;
/** Fits whose spread is within this (mm) of the best one's count as equally good. */
const NEAR_FIT_MM = 0.03;
const SEARCH_MM = 25;
const STEP_MM = 0.05;
const CURVE_PX = 12;
/**
 * A wall rounded over more than this share of its height moves only from ROUND_MIN_GAIN_MM: with
 * exact silhouettes a 24 mm round bar's fit, moved from 0.2 mm, cut it by 0.67 %.
 */
const ROUND_SHARE = 0.25;
const ROUND_MIN_GAIN_MM = 0.3;
/**
 * Added outward to a round wall's fitted face (mm). On exact silhouettes (no growth) a lying
 * cylinder's fitted face sits 0.1-0.25 mm inside its true one (the grid of r and dh, and each photo's
 * edge read to a pixel): 1.5 % of a 28 mm bar was cut. The pipeline's grown silhouettes make up most
 * of it; this makes up the rest where the photos are sharpest (12 MP, five photos, held out: a
 * screwdriver's handle cut 0.53 -> 0.48 %; the tuned median costs 0.417 -> 0.429 mm).
 */
const ROUND_MARGIN_MM = 0.05;
/**
 * A loose fit's face (photos disagreeing by more than maxSpreadMm, at most looseSpreadMm) stands this
 * many times its spread outward of the fit's mean: past where the outermost of five photos puts it
 * (about 1.2 spreads out, for five normal errors), so no photo says the tool reaches further. Fed
 * the renderer's true silhouettes (3D bench, ray-traced, `--oracle`), 338 of a lying socket's 601
 * samples failed the 0.15 mm agreement and kept the hull's 0.5-1 mm bulge; with the renderer's own
 * radius and top the photos' implied faces still spread by a median 0.23 mm there: the photos'
 * edges scatter, not the fit. Five photos (session 33): median 0.494 -> 0.443 mm, held out 0.533 ->
 * 0.508 mm, no tool's cut grew past 0.5 % (docs/scanner-history.md).
 */
const LOOSE_MARGIN = 1.5;
const LOOSE_SPREAD_MM = 0.3;
/** Walls lower than this (mm) give no top either: a 2 mm blade's fit is noise. */
const LOW_TOP_MIN_MM = 2;
/**
 * A wall whose hull column stands from this (mm) up to minHeightMm is fitted too, and moves only on a
 * tight fit with a flat face (not round) whose top (h + dh) is LOW_WALL_MIN_TOP_MM or more; it keeps
 * its low wall's bound on corners and its own fit's top either way. A spanner's shaft (5-8.5 mm under
 * 8-10 mm heads) kept its hull's bulge of 0.2-0.5 mm: five photos, ray-traced, the tuned spanner
 * 0.354 -> 0.346 mm, held out 0.376 -> 0.297 mm (true silhouettes 0.319 -> 0.240, 0.413 -> 0.337).
 * Tops from 6.5 mm moved a 6 mm box (its fit put the top one height step up); at that height a few
 * millimetres of tangents tell a round bar from a flat face poorly (a hex key's 4-8 mm bar).
 */
const LOW_WALL_MIN_MM = 6;
const LOW_WALL_MIN_TOP_MM = 7;

/**
 * The direction of a closed pixel outline at sample i: the least-squares slope of the points within
 * ±half samples (Σ o·(p[i+o] − p[i−o]), normalised). A chord between two pixels a few apart steps by
 * whole pixels and swings by degrees from one sample to the next along a straight edge.
 */
export function outlineDirection(pts: P[], i: number, half: number): P {
  const n = pts.length;
  let sx = 0;
  let sy = 0;
  for (let o = 1; o <= half; o++) {
    const a = pts[(((i - o) % n) + n) % n];
    const b = pts[(i + o) % n];
    sx += o * (b[0] - a[0]);
    sy += o * (b[1] - a[1]);
  }
  const l = Math.hypot(sx, sy) || 1;
  return [sx / l, sy / l];
}

/** a(θ): how far inside a wall's face (in units of its rounding r) a ray θ off vertical touches the rounding. */
const roundingInset = (th: number): number => 1 - (1 - Math.sin(th)) / Math.cos(th);

/** Longest run (mm of outline) of samples without a fit of their own that a wall fitted on both sides bridges. */
const BRIDGE_MM = 2;

// A sample whose own fit failed (the photos disagreed by a little more, the top fell out of range)
// between two stretches of the same wall that moved would otherwise leave a spike of hull standing
// out of the wall. It takes the line between its neighbours' faces, never inside its own photos'
// feet. Samples with no measurement (curved in plan, low, unseen) are never bridged.
export function bridgeShortGaps(shifts: number[], data: (Pick<Sample, "footMax"> | null)[], maxRun: number): void {
  const n = shifts.length;
  const first = shifts.findIndex((v) => v < 0);
  if (first < 0) return;
  for (let o = 1; o <= n; o++) {
    const a = (first + o - 1) % n;
    if (!(shifts[a] < 0)) continue;
    // a is moved; find the run after it.
    let len = 0;
    while (len <= maxRun && !(shifts[(a + 1 + len) % n] < 0)) len++;
    if (len === 0 || len > maxRun) continue;
    const b = (a + 1 + len) % n;
    let ok = true;
    for (let j = 1; j <= len; j++) if (!data[(a + j) % n]) ok = false;
    if (!ok) continue;
    for (let j = 1; j <= len; j++) {
      const i = (a + j) % n;
      const v = shifts[a] + ((shifts[b] - shifts[a]) * j) / (len + 1);
      shifts[i] = Math.min(0, Math.max(v, (data[i] as Pick<Sample, "footMax">).footMax));
    }
  }
}

/**
 * Longest stretch of outline (mm) without a wall of its own (a corner) that the walls either side
 * bound: a quarter turn of a tape measure's corner (plan radius 15-20 mm) is 25-30 mm, and at 12 mm
 * it kept its hull.
 */
const CORNER_MM = 30;
/**
 * A corner may stand out of the slice a little more than the walls either side: by this factor plus
 * CORNER_SLACK_MM. The slice's edge at a corner can be set by a steeper photo than at either wall
 * (one looking across the corner), and a(θ) grows by a third from 25° to 35°. 1.0 and 0.15 mm took
 * the five-photo median 0.538 -> 0.526 mm with no more cut on the bench, but keep the margin.
 */
const CORNER_FACTOR = 1.25;
const CORNER_SLACK_MM = 0.3;

/**
 * A corner the slice would take back by more than this (mm past its overhang) is no wedge between
 * tangent rays (1-3.2 mm on the bench's tape measures and hammers, 5-30 mm tall): the slice itself
 * is short there, a photo having lost a pale part's base on the pad. An upright satin socket lost
 * 6.6 mm of its side so (third set, five photos: cut 7.9 %), where only one corner ran between fits
 * that moved nothing.
 */
const CORNER_MAX_CUT_MM = 4;
/**
 * ... nor one that would cut both more than CORNER_WEDGE_MM and more than CORNER_MAX_CUT_RATIO
 * times its own allowance (past it): the hull there stands out of the slice three times as far as
 * the walls either side allow, and further than the wedges between tangent rays the bound is for
 * reach past theirs (the bench's tape measures 2.2 mm at most, at about their allowance; an L of two
 * 20 mm blocks with vertical walls under 2 mm past 0.3), so the run passes a part unlike those walls
 * (one that floats above the pad, or is rounded more). Fed the renderer's true silhouettes (3D
 * bench, `--oracle`), such runs cut the tool: held out, a socket's 3.7 mm past an allowance of
 * 0.62 mm (2.24 % of its area) and a knife's along its blade, 2.3 past 1.04 mm (1.28 %); laid
 * square, a socket's 3.9 past 0.52 mm (3.35 %). In the product's own five-photo runs (13 sets) it
 * held back 7 runs, on five drills and a hammer (-0.004 to +0.1 mm there), and no median moved.
 */
const CORNER_MAX_CUT_RATIO = 2;
const CORNER_WEDGE_MM = 2;
/**
 * The two walls a corner run joins are one part with one rounding only while their overhangs are
 * alike: no more than this factor (plus CORNER_SAME_PART_SLACK_MM) apart. A socket on its side meets
 * its flat end face (overhang 0.2 mm) with its round body (3-5 mm): bounded by the larger, the run
 * still cut the corner where the round side's last fitted samples lay beyond the window (1280 x 960,
 * five photos, held out: 0.68 %).
 */
const CORNER_SAME_PART_FACTOR = 3;
const CORNER_SAME_PART_SLACK_MM = 0.5;

export type CornerRun = { pts: P[]; overhangMm: number };

/**
 * The maximal runs of consecutive samples round a closed outline of n where `holds` is true: their
 * first index and length (one run from 0 when it holds everywhere).
 */
function circularRuns(n: number, holds: (i: number) => boolean): { start: number; len: number }[] {
  const runs: { start: number; len: number }[] = [];
  let everywhere = n > 0;
  for (let i = 0; i < n; i++) {
    if (!holds(i)) {
      everywhere = false;
      continue;
    }
    if (holds((i - 1 + n) % n)) continue;
    let len = 0;
    while (len < n && holds((i + len) % n)) len++;
    runs.push({ start: i, len });
  }
  return everywhere ? [{ start: 0, len: n }] : runs;
}

// Corners. Where the outline turns (a concave corner between two walls, a box's corner in plan),
// no wall is fitted and the hull keeps a wedge between the tangent rays of the photos on either
// side, as beside a wall, but worse at a concave corner, where the photos that would carve it see
// it past the walls. The walls on either side were fitted: each face stands out of the pad-plane
// slice (what every photo sees as tool on the pad itself) by its overhang, which is what its
// rounding hides under it (r·a(θ) of the steepest photo from outside). The corner between two
// such walls is the same part, with the same rounding: its footprint stands out of the slice by no
// more than the largest of the walls' overhangs there (with some slack). A run of outline is bounded
// only when it is short and both of its ends are stretches of fitted wall; anything else keeps the hull.
export function cornerRuns(pts: P[], overhang: number[], maxRun: number, win: number): CornerRun[] {
  const n = pts.length;
  // A stretch of wall is `win` fitted samples in a row or more; a lone fit (a round part's odd
  // sample) is part of the run around it, and its overhang counts too.
  const wall = new Uint8Array(n);
  for (const { start, len } of circularRuns(n, (i) => Number.isFinite(overhang[i])))
    if (len >= win) for (let j = 0; j < len; j++) wall[(start + j) % n] = 1;
  if (!wall.includes(1)) return [];
  const runs: CornerRun[] = [];
  for (const gap of circularRuns(n, (i) => !wall[i])) {
    const { len } = gap;
    if (len > maxRun) continue;
    const a = (gap.start - 1 + n) % n;
    let worst = 0;
    for (let j = -win; j <= len + 1 + win; j++) {
      const v = overhang[(a + j + n) % n];
      if (Number.isFinite(v)) worst = Math.max(worst, v);
    }
    // The stretches of wall either side (each `win` fitted samples, by construction).
    let before = 0;
    let after = 0;
    for (let j = -win + 1; j <= 0; j++) before = Math.max(before, overhang[(a + j + n) % n]);
    for (let j = len + 1; j <= len + win; j++) after = Math.max(after, overhang[(a + j) % n]);
    if (Math.max(before, after) > CORNER_SAME_PART_FACTOR * Math.min(before, after) + CORNER_SAME_PART_SLACK_MM) continue;
    const run: P[] = [];
    for (let j = 1; j <= len; j++) run.push(pts[(a + j) % n]);
    runs.push({ pts: run, overhangMm: worst * CORNER_FACTOR + CORNER_SLACK_MM });
  }
  return runs;
}

/**
 * Calls `fn` once for every pixel near a run: within the disk round one of its outline pixels that
 * reaches the pad-plane slice (`dist`: each pixel's distance to the slice, px).
 */
function forEachNearRun(pts: P[], dist: Float32Array, W: number, H: number, fn: (q: number, u: number, v: number) => void): void {
  const seen = new Set<number>();
  for (const [x, y] of pts) {
    const rr = dist[y * W + x] + 1.5;
    const r = Math.ceil(rr);
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const u = x + dx;
        const v = y + dy;
        if (u < 0 || v < 0 || u >= W || v >= H || dx * dx + dy * dy > rr * rr) continue;
        const q = v * W + u;
        if (seen.has(q)) continue;
        seen.add(q);
        fn(q, u, v);
      }
  }
}

/**
 * Removes from `out` the hull pixels near each corner run that lie further from the pad-plane slice
 * than the run's overhang (a run that would cut deeper than CORNER_MAX_CUT_MM, or deeper than both
 * CORNER_WEDGE_MM and CORNER_MAX_CUT_RATIO times its overhang, keeps its hull). Returns the pixels
 * removed.
 */
export function boundCorners(out: Uint8Array, hull: Uint8Array, slice: Uint8Array, dist: Float32Array, W: number, H: number, k: number, runs: CornerRun[]): number {
  // The allowed overhang (px) per pixel: the largest of the runs whose disks hold it. A run that
  // would cut deeper than CORNER_MAX_CUT_MM, or deeper than both CORNER_WEDGE_MM and
  // CORNER_MAX_CUT_RATIO times its allowance, keeps its hull.
  const allowed = new Float32Array(W * H).fill(-1);
  for (const run of runs) {
    const lim = run.overhangMm * k;
    let deepest = 0;
    forEachNearRun(run.pts, dist, W, H, (q) => {
      if (out[q] && hull[q] && !slice[q]) deepest = Math.max(deepest, dist[q] - lim);
    });
    if (deepest > CORNER_MAX_CUT_MM * k) continue;
    if (deepest > CORNER_WEDGE_MM * k && deepest > CORNER_MAX_CUT_RATIO * lim) continue;
    forEachNearRun(run.pts, dist, W, H, (q) => {
      if (allowed[q] < lim) allowed[q] = lim;
    });
  }
  let removed = 0;
  for (let q = 0; q < out.length; q++)
    if (out[q] && hull[q] && !slice[q] && allowed[q] >= 0 && dist[q] > allowed[q]) {
      out[q] = 0;
      removed++;
    }
  return removed;
}

/** A concave corner between two straight walls: each wall's face as a line (a point and its outward normal, raster px). */
export type ConcaveRun = { pts: P[]; a: { p: P; n: P }; b: { p: P; n: P } };

/** How far (mm) both walls' faces must stand out of each other's line for the turn between them to count as concave. */
const CONCAVE_MIN_MM = 0.5;

// Concave corners. Where a part meets a taller one (a hammer's handle its head, a pliers' handles
// each other) the free space is the wedge outside both walls, and the hull fills it: above the pad
// every photo but one looking into the wedge sees a wall behind it, and the corner bound above
// measures from the pad-plane slice, which stands inside a round handle by its whole overhang
// (4 mm beside a hammer's). The two walls, straight up to the corner, bound it better: the tool
// there is the union of the parts, inside one face or the other, so what stands outside both faces
// (with slack) is free space. A face is the fitted one where the wall fitted, else the hull's own
// edge (which stands outside the true face), so the bound is never tighter than the photos say.
// A rounded concave corner (a fillet) lies outside both faces too; the walls' lines are taken
// where they were fitted, short of the fillet, and the test's 2.5-10 mm fillets lost nothing.
export function concaveRuns(pts: P[], normals: P[], faces: number[], fitted: boolean[], measured: boolean[], maxRun: number, win: number, k: number): ConcaveRun[] {
  const n = pts.length;
  const wall = new Uint8Array(n);
  for (const { start, len } of circularRuns(n, (i) => measured[i])) {
    let fits = 0;
    for (let j = 0; j < len; j++) if (fitted[(start + j) % n]) fits++;
    // A wall: fitted over `win` samples, or measured (straight, seen from both sides) over 4·win.
    // A short straight bit of the hull's own edge within a corner is no wall.
    if (fits >= win || len >= 4 * win) for (let j = 0; j < len; j++) wall[(start + j) % n] = 1;
  }
  if (!wall.includes(1)) return [];
  // A wall's face near its end: the mean over `win` samples (one sample's normal is noisy), the
  // nearest ones whose face was fitted within 8·win of the end (next to a corner the hull's edge
  // bends away from the face), else its last `win` samples at the hull's edge.
  const faceLine = (end: number, dir: 1 | -1): { p: P; n: P } => {
    let pick: number[] = [];
    for (let j = 0; j < 8 * win && pick.length < win; j++) {
      const i = (end - dir * j + n * 4) % n;
      if (!wall[i]) break;
      if (fitted[i]) pick.push(i);
    }
    if (pick.length < win) pick = Array.from({ length: win }, (_, j) => (end - dir * j + n * 4) % n);
    let nx = 0;
    let ny = 0;
    let px = 0;
    let py = 0;
    for (const i of pick) {
      const f = Number.isFinite(faces[i]) ? faces[i] : 0;
      nx += normals[i][0];
      ny += normals[i][1];
      px += pts[i][0] + normals[i][0] * (0.5 + f * k);
      py += pts[i][1] + normals[i][1] * (0.5 + f * k);
    }
    const l = Math.hypot(nx, ny) || 1;
    return { p: [px / pick.length, py / pick.length], n: [nx / l, ny / l] };
  };
  const runs: ConcaveRun[] = [];
  for (const gap of circularRuns(n, (i) => !wall[i])) {
    const { len } = gap;
    if (len > maxRun) continue;
    const a = (gap.start - 1 + n) % n;
    const b = (a + 1 + len) % n;
    const A = faceLine(a, 1);
    const B = faceLine(b, -1);
    const dA = (B.p[0] - A.p[0]) * A.n[0] + (B.p[1] - A.p[1]) * A.n[1];
    const dB = (A.p[0] - B.p[0]) * B.n[0] + (A.p[1] - B.p[1]) * B.n[1];
    if (dA < CONCAVE_MIN_MM * k || dB < CONCAVE_MIN_MM * k) continue;
    const run: P[] = [];
    for (let j = 0; j <= len + 1; j++) run.push(pts[(a + j) % n]);
    runs.push({ pts: run, a: A, b: B });
  }
  return runs;
}

/** Slack (mm) outside both faces kept at a concave corner. */
const CONCAVE_SLACK_MM = 0.3;

/**
 * Removes from `out` the hull pixels near each concave run that stand outside both of its walls'
 * faces. What every photo sees on the pad itself stays (a fillet's foot). Returns the pixels removed.
 */
function boundConcave(out: Uint8Array, hull: Uint8Array, slice: Uint8Array, dist: Float32Array, W: number, H: number, k: number, runs: ConcaveRun[]): number {
  let removed = 0;
  const s = CONCAVE_SLACK_MM * k;
  for (const run of runs)
    forEachNearRun(run.pts, dist, W, H, (q, u, v) => {
      if (!out[q] || !hull[q] || slice[q]) return;
      const oa = (u - run.a.p[0]) * run.a.n[0] + (v - run.a.p[1]) * run.a.n[1];
      const ob = (u - run.b.p[0]) * run.b.n[0] + (v - run.b.p[1]) * run.b.n[1];
      if (oa > s && ob > s) {
        out[q] = 0;
        removed++;
      }
    });
  return removed;
}

/** Fewest samples whose fit holds for the walls to give the tool's height (about 2 mm of outline). */
const TOP_MIN_SAMPLES = 10;

export function fitWalls(
  views: WallFitView[],
  hull: Uint8Array,
  W: number,
  H: number,
  k: number,
  opts: WallFitOptions = {},
): { mask: Uint8Array; topMm: number | null; overhangs: WallOverhang[]; diagnostics: Record<string, unknown> } {
  const minH = opts.minHeightMm ?? 8;
  const maxSpread = opts.maxSpreadMm ?? 0.15;
  const looseSpread = Math.max(maxSpread, opts.looseSpreadMm ?? LOOSE_SPREAD_MM);
  const win = opts.window ?? 8;
  const margin = opts.marginMm ?? 0;
  const minGain = opts.minGainMm ?? 0.2;
  const maxBend = ((opts.maxBendDeg ?? 40) * Math.PI) / 180;
  const started = performance.now();
  // The raster pixel where photo i sees the point (x, y, z), or -1 outside its raster.
  const seenAt = (i: number, x: number, y: number, z: number): number => {
    const v = views[i];
    const [nx, ny] = v.camera.nadirMm;
    const s = v.camera.heightMm / (v.camera.heightMm - z);
    const u = Math.floor((nx + (x - nx) * s) * k);
    const w = Math.floor((ny + (y - ny) * s) * k);
    return u < 0 || w < 0 || u >= W || w >= H ? -1 : w * W + u;
  };
  // Outside a photo's raster, or where it is unknown, it cannot carve (as in the carve).
  const inView = (i: number, x: number, y: number, z: number): boolean => {
    const q = seenAt(i, x, y, z);
    return q < 0 || views[i].mask[q] === 1 || views[i].unknown?.[q] === 1;
  };
  const readable = (i: number, x: number, y: number, z: number): boolean => {
    const q = seenAt(i, x, y, z);
    return q >= 0 && views[i].unknown?.[q] !== 1;
  };
  // As the carve decides: a minority of doubtful misses does not carve.
  const doubtAllowed = views.some((v) => v.doubt) ? doubtfulMissesAllowed(views.length) : 0;
  const inAll = (x: number, y: number, z: number) => {
    let doubtful = 0;
    for (let i = 0; i < views.length; i++) {
      if (inView(i, x, y, z)) continue;
      const q = seenAt(i, x, y, z);
      if (!views[i].doubt?.[q] || ++doubtful > doubtAllowed) return false;
    }
    return true;
  };
  const skipped: Record<string, number> = {};
  const skip = (why: string): null => {
    skipped[why] = (skipped[why] ?? 0) + 1;
    return null;
  };

  // A wall too low to fit still bounds its overhang: its rounding is at most half its height, and the
  // steepest photo from outside sees the foot r·a(θ) inside the face (the pad-plane slice ends there).
  // measure() leaves it here for its sample.
  let lowOverhangMm = Number.NaN;
  const lowSamples: Sample[] = [];
  // The part's top (mm above the pad) wherever a wall's fit holds: the tool's height from its walls.
  const tops: number[] = [];
  // One sample across the wall at (px, py), outward normal (nx, ny): each photo's lower bound on the
  // face's position (mm along the normal from the hull's edge) and its ray's angle.
  const measure = (px: number, py: number, nx: number, ny: number): Sample | null => {
    lowOverhangMm = Number.NaN;
    let t0 = 0;
    while (t0 > -SEARCH_MM && !inAll(px + t0 * nx, py + t0 * ny, 0)) t0 -= STEP_MM;
    if (t0 <= -SEARCH_MM) return skip("no pad-plane slice");
    // The column just inside the pad-plane slice's edge: the wall's height (on its shoulder).
    const qx = px + (t0 - 0.3) * nx;
    const qy = py + (t0 - 0.3) * ny;
    let h = 0;
    while (h < 150 && inAll(qx, qy, h + 0.25)) h += 0.25;
    if (h < minH) {
      let aMax = -1;
      for (const v of views) {
        const d = (v.camera.nadirMm[0] - px) * nx + (v.camera.nadirMm[1] - py) * ny;
        if (d <= 0) continue;
        const th = Math.atan(d / v.camera.heightMm);
        aMax = Math.max(aMax, roundingInset(th));
      }
      // h is the hull's column just inside the slice's edge; on a round bar's shoulder that is still
      // over 0.9 of the bar's height (the hull holds the bar).
      if (aMax >= 0) lowOverhangMm = (h / 2 / 0.9) * aMax;
      // From LOW_WALL_MIN_MM it may still move, on the strictest fits (fitShift).
      const movable = h >= Math.min(minH, LOW_WALL_MIN_MM);
      // Too low to move on any fit, but its own fit still tells the part's top (a hex key's round
      // bar, whose hull column overshoots the bar by a fifth). One read serves both.
      if (h >= LOW_TOP_MIN_MM) {
        const low = readEdges(px, py, nx, ny, h, t0, movable ? skip : () => null);
        if (low) lowSamples.push(low);
        if (movable) return low;
      }
      if (!movable) return skip("low");
    }
    return readEdges(px, py, nx, ny, h, t0, skip);
  };
  // Each photo's edge across the wall at (px, py): from outside at the pad, from inside at the
  // column's height h. `fail` says why there is none.
  const readEdges = (px: number, py: number, nx: number, ny: number, h: number, t0: number, fail: (why: string) => null): Sample | null => {
    const s: Sample = { h, L: [], a: [], inside: [], tan: [], footMax: -Infinity, slice: t0, doubt: false };
    let outside = 0;
    for (let i = 0; i < views.length; i++) {
      const v = views[i];
      const d = (v.camera.nadirMm[0] - px) * nx + (v.camera.nadirMm[1] - py) * ny;
      const tan = Math.abs(d) / v.camera.heightMm;
      const th = Math.atan(tan);
      const inside = d <= 0;
      const z = inside ? h : 0;
      let t = 0.5;
      while (t > -SEARCH_MM && !inView(i, px + t * nx, py + t * ny, z)) t -= STEP_MM;
      if (t <= -SEARCH_MM) return fail("no edge in a photo");
      // The edge must be this photo's own, not the end of what it can see.
      if (!readable(i, px + t * nx, py + t * ny, z) || !readable(i, px + (t + 0.3) * nx, py + (t + 0.3) * ny, z)) return fail("edge not seen in a photo");
      if (v.doubt && [0.1, 0.3].some((o) => v.doubt?.[seenAt(i, px + (t + o) * nx, py + (t + o) * ny, z)] === 1)) s.doubt = true;
      s.L.push(t);
      s.a.push(roundingInset(th));
      s.inside.push(inside);
      s.tan.push(tan);
      if (!inside) {
        outside++;
        s.footMax = Math.max(s.footMax, t);
      }
    }
    if (!outside || outside === views.length) return fail("photos on one side only");
    return s;
  };

  const nDh = Math.round((DH_MAX - DH_MIN) / DH_STEP) + 1;
  const nR = Math.round(R_MAX / R_STEP) + 1;
  // Spread of the implied face positions for every (dh, r): the fit's cost table of one sample.
  const costTable = (s: Sample): Float32Array => {
    const tab = new Float32Array(nDh * nR).fill(Infinity);
    const m = s.L.length;
    for (let di = 0; di < nDh; di++) {
      const dh = DH_MIN + di * DH_STEP;
      const rMax = (s.h + dh) / 2;
      for (let ri = 0; ri < nR && ri * R_STEP <= rMax; ri++) {
        const r = ri * R_STEP;
        let s1 = 0;
        let s2 = 0;
        for (let j = 0; j < m; j++) {
          const x = s.L[j] + r * s.a[j] - (s.inside[j] ? dh * s.tan[j] : 0);
          s1 += x;
          s2 += x * x;
        }
        const mean = s1 / m;
        tab[di * nR + ri] = s2 / m - mean * mean + DH_REG * dh * dh;
      }
    }
    return tab;
  };
  const implied = (s: Sample, dh: number, r: number) => s.L.map((l, j) => l + r * s.a[j] - (s.inside[j] ? dh * s.tan[j] : 0));
  // A cost table's cell g holds the fit (dh, r); its cost is the spread's square plus DH_REG·dh².
  const dhOf = (g: number) => DH_MIN + Math.floor(g / nR) * DH_STEP;
  const rOf = (g: number) => (g % nR) * R_STEP;
  const spreadOf = (cost: number, dh: number) => Math.sqrt(Math.max(0, cost - DH_REG * dh * dh));
  /** The cheapest finite cell of a cost table, or -1. */
  const bestCell = (tab: Float32Array | Float64Array): number => {
    let bg = -1;
    for (let g = 0; g < tab.length; g++) if (tab[g] < (bg < 0 ? Infinity : tab[bg])) bg = g;
    return bg;
  };
  /** Whether the best fit lies at the edge of what a part's top can be: then it is no wall of the model. */
  const topOutOfRange = (g: number) => Math.floor(g / nR) === 0 || Math.floor(g / nR) === nDh - 1;

  const out = new Uint8Array(W * H);
  const overhangs: WallOverhang[] = [];
  const corners: CornerRun[] = [];
  const concave: ConcaveRun[] = [];
  let samples = 0;
  let moved = 0;
  // Samples moved by a loose fit (diagnostics).
  let looseMoves = 0;
  let shiftSum = 0;
  const contours: P[][] = outerContours(hull, W, H);
  for (const pts of contours) {
    const n = pts.length;
    if (n < 4 * CURVE_PX) {
      // Too small to hold a wall: kept as carved (its outline pixels too, which a polygon through
      // their centres would leave half out).
      fillPolygonCentres(out, W, H, pts);
      for (const [x, y] of pts) out[y * W + x] = 1;
      continue;
    }
    const dirAt = (i: number): P => {
      const a = pts[(i - 4 + n) % n];
      const b = pts[(i + 4) % n];
      const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      return [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
    };
    // Which side of travel is outside the hull: a vote along the contour.
    let vote = 0;
    for (let i = 0; i < n; i += 3) {
      const [tx, ty] = dirAt(i);
      const ex = Math.round(pts[i][0] - ty * 2);
      const ey = Math.round(pts[i][1] + tx * 2);
      if (ex >= 0 && ey >= 0 && ex < W && ey < H) vote += hull[ey * W + ex] ? -1 : 1;
    }
    const sgn = vote >= 0 ? 1 : -1;
    // The wall's direction for its normal: the least-squares slope of the outline over ±CURVE_PX
    // pixels (the window its bend is judged over). dirAt's 8-pixel chord steps by whole pixels, so
    // along a straight edge its normal swung by 3-7° from one sample to the next; across a round
    // wall (r = 14 mm) that moved a photo's implied face by r·Δa(θ), up to 0.8 mm, and most of a
    // screwdriver handle's samples failed the photos' 0.15 mm agreement. Five photos (with
    // ROUND_MARGIN_MM and CORNER_SAME_PART_FACTOR): median 0.438 -> 0.429 mm, held out 0.615 ->
    // 0.561, third set 0.647 -> 0.557 (the pliers' grip cut 0.73 -> 0.49 %), 12 MP 0.401 -> 0.394;
    // a slope over ±8 pixels cut a held-out tool 0.68 %.
    const wallDirAt = (i: number): P => outlineDirection(pts, i, CURVE_PX);
    const normal: P[] = [];
    const data: (Sample | null)[] = [];
    const low: number[] = [];
    for (let i = 0; i < n; i++) {
      const [tx, ty] = wallDirAt(i);
      const nx = -ty * sgn;
      const ny = tx * sgn;
      normal.push([nx, ny]);
      samples++;
      const [ax, ay] = dirAt((i - CURVE_PX + n) % n);
      const [bx, by] = dirAt((i + CURVE_PX) % n);
      const bend = Math.acos(Math.max(-1, Math.min(1, ax * bx + ay * by)));
      if (bend > maxBend) {
        data.push(skip("curved in plan"));
        continue;
      }
      // The hull pixel's outer edge, in mm.
      data.push(measure((pts[i][0] + 0.5 + nx * 0.5) / k, (pts[i][1] + 0.5 + ny * 0.5) / k, nx, ny));
      low[i] = lowOverhangMm;
    }
    const tables = data.map((s) => (s ? costTable(s) : null));
    const faces = new Float64Array(n).fill(Number.NaN);
    // A loose fit's margin (mm): its face stands that far out for safety, not for the wall's rounding.
    const looseMargin = new Float64Array(n);
    const shifts = data.map((s, i) => (s ? fitShift(i, s) : 0));
    bridgeShortGaps(shifts, data, Math.round(BRIDGE_MM * k));
    // Each sample's face: where it moved (or was bridged), else where its fit put it, else the hull's
    // edge (0).
    const fittedAt = data.map((s, i) => s !== null && (shifts[i] < 0 || Number.isFinite(faces[i])));
    const faceAt = data.map((_, i) => (shifts[i] < 0 ? shifts[i] : Number.isFinite(faces[i]) ? faces[i] : 0));
    // How far each fitted face stands out of the pad-plane slice: the wall's overhang past its foot.
    // A loose fit's margin is no overhang: a corner between loose walls is bounded as the fits put them.
    const overhang = data.map((s, i) => (fittedAt[i] ? faceAt[i] - looseMargin[i] - (s as Sample).slice : low[i] ?? Number.NaN));
    for (let i = 0; i < n; i++) if (fittedAt[i] && Number.isFinite(overhang[i])) overhangs.push({ q: pts[i][1] * W + pts[i][0], mm: Math.max(0, overhang[i]) });
    corners.push(...cornerRuns(pts, overhang, Math.round(CORNER_MM * k), win));
    // Concave corners: a wall too low to fit counts as a wall there (straight in plan, its hull edge
    // stands outside its face).
    const measuredAt = data.map((s, i) => s !== null || Number.isFinite(low[i]));
    concave.push(...concaveRuns(pts, normal, faceAt, fittedAt, measuredAt, Math.round(CORNER_MM * k), win, k));
    const poly: P[] = [];
    const kept: number[] = [];
    for (let i = 0; i < n; i++) {
      const [nx, ny] = normal[i];
      const edge: P = [pts[i][0] + nx * 0.5, pts[i][1] + ny * 0.5];
      const shift = shifts[i];
      if (shift < 0) {
        poly.push([edge[0] + shift * k * nx, edge[1] + shift * k * ny]);
        moved++;
        shiftSum += shift;
      } else {
        poly.push(edge);
        kept.push(i);
      }
    }
    fillPolygonCentres(out, W, H, poly);
    // Where the outline stays, it stays to the pixel (the polygon through the pixels' outer edges
    // can miss one at a concave turn).
    for (const i of kept) out[pts[i][1] * W + pts[i][0]] = 1;

    // The face's position for sample i (mm along its normal; 0 keeps the hull), by the fit of r and
    // dh pooled over its stretch of wall (samples of about the same height).
    function fitShift(i: number, s: Sample): number {
      const pooled = new Float64Array(nDh * nR);
      let count = 0;
      for (let o = -win; o <= win; o++) {
        const j = (i + o + n) % n;
        const sj = data[j];
        const tj = tables[j];
        if (!sj || !tj || Math.abs(sj.h - s.h) > 3) continue;
        count++;
        for (let g = 0; g < pooled.length; g++) pooled[g] += tj[g];
      }
      const bg = bestCell(pooled);
      if (bg < 0) return skip("no fit") ?? 0;
      const best = pooled[bg];
      const dh = dhOf(bg);
      const r = rOf(bg);
      if (topOutOfRange(bg)) return skip("top out of range") ?? 0;
      // The worse of this sample's own agreement and its stretch's.
      const spread = Math.max(spreadOf((tables[i] as Float32Array)[bg], dh), spreadOf(best / count, dh));
      if (spread > looseSpread) return skip("photos disagree") ?? 0;
      const loose = spread > maxSpread;
      const round = r > ROUND_SHARE * (s.h + dh);
      // A loose fit where a photo may have lost a pale part past its edge could follow that loss in.
      if (loose && s.doubt) return skip("photos disagree, one doubtful") ?? 0;
      // Nor on a round wall, whose fit is the less certain already (see ROUND_MIN_GAIN_MM): loose,
      // a screwdriver's 28 mm handle was cut 0.40 -> 0.50 % (five photos, 1280 x 960).
      if (loose && round) return skip("photos disagree, round wall") ?? 0;
      // A wall under minH (its top from its own fit, lowSamples) moves only on a tight fit with a
      // flat face and a top of LOW_WALL_MIN_TOP_MM or more (see LOW_WALL_MIN_MM).
      if (s.h < minH) {
        if (loose || round || s.h + dh < LOW_WALL_MIN_TOP_MM) return skip("low") ?? 0;
      } else if (!loose) {
        // Only a tight fit tells the top: loose ones lifted a pair of pliers' height 13.3 -> 17.8 mm
        // (plain paper, five photos).
        tops.push(s.h + dh);
      }
      // Near-equal fits (a valley: a taller top with a rounder edge) place the face differently:
      // take the outermost face among the fits within reach of the best one.
      const reach = best * 1.5 + count * NEAR_FIT_MM * NEAR_FIT_MM;
      let face = -Infinity;
      for (let g = 0; g < pooled.length; g++) {
        if (!(pooled[g] <= reach)) continue;
        const xs = implied(s, dhOf(g), rOf(g));
        face = Math.max(face, xs.reduce((a, b) => a + b, 0) / xs.length);
      }
      if (loose) looseMargin[i] = LOOSE_MARGIN * spread;
      const x = Math.max(face, s.footMax) + margin + (round ? ROUND_MARGIN_MM : 0) + looseMargin[i];
      faces[i] = Math.min(0, x);
      // A round wall's fit is the less certain (a valley of near-equal fits): it moves from 0.3 mm.
      if (x > -(round ? Math.max(minGain, ROUND_MIN_GAIN_MM) : minGain)) return skip("hull already close") ?? 0;
      if (loose) looseMoves++;
      return x;
    }
  }
  // Walls too low to move: each sample's own fit, for its top only.
  for (const ls of lowSamples) {
    const tab = costTable(ls);
    const bg = bestCell(tab);
    if (bg >= 0 && !topOutOfRange(bg) && spreadOf(tab[bg], dhOf(bg)) <= maxSpread) tops.push(ls.h + dhOf(bg));
  }
  tops.sort((a, b) => a - b);
  const topAt = (f: number) => (tops.length ? +tops[Math.min(tops.length - 1, Math.floor(f * tops.length))].toFixed(2) : null);
  // Never beyond the hull; never inside the pad-plane slice (all photos see tool there).
  // The whole slice is needed only to bound corners; otherwise only what the walls took away is asked.
  const anyCorner = corners.length > 0 || concave.length > 0;
  const slice = new Uint8Array(W * H);
  for (let q = 0; q < out.length; q++) {
    if (!hull[q]) out[q] = 0;
    else if ((anyCorner || !out[q]) && inAll(((q % W) + 0.5) / k, (Math.floor(q / W) + 0.5) / k, 0)) slice[q] = out[q] = 1;
  }
  const dist = anyCorner ? distanceToSet(slice, W, H, 5) : new Float32Array(0);
  const cornerCut = corners.length ? boundCorners(out, hull, slice, dist, W, H, k, corners) : 0;
  const concaveCut = concave.length ? boundConcave(out, hull, slice, dist, W, H, k, concave) : 0;
  return {
    mask: out,
    // The tallest part's top: the 90th percentile of the tops wherever a wall's fit held.
    topMm: tops.length >= TOP_MIN_SAMPLES ? topAt(0.9) : null,
    overhangs,
    diagnostics: { samples, moved, looseMoves, meanShiftMm: moved ? +(shiftSum / moved).toFixed(2) : 0, corners: corners.length, cornerCutMm2: +(cornerCut / (k * k)).toFixed(1), concave: concave.length, concaveCutMm2: +(concaveCut / (k * k)).toFixed(1), tops: tops.length, topPercentilesMm: [0.1, 0.25, 0.5, 0.75, 0.9].map(topAt), skipped, ms: +(performance.now() - started).toFixed(1) },
  };
}
