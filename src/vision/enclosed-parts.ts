import { erodeDisk, labelComponents } from "./ai/morphology.ts";
import { forEachSegmentPixel, houghSegments } from "./hough-segments.ts";
import { squareFilter } from "./opencv.ts";

// A light steel part as bright as the paper is no candidate by darkness or colour. On plain paper
// (the pad's markers, no printed grid: scanner-physics.md, "Hard finishes") nothing else says it
// hides paper: the watershed seeded paper inside a caliper's satin bar and jaws and the outline kept
// only its grey slider (3D bench, plain paper: 59 % of the caliper cut). What still shows is its
// outline, a faint but sharp step all round (the paper meets a part, and the part's side, with a
// step; a soft shadow fades in). A region the open paper cannot reach without crossing such a step
// or a candidate, and that touches the tool's candidates, is a part of the tool: the outer outline
// is what counts, so paper the tool encloses (a ring) is filled anyway. With the grid, the same
// regions are parts unless the grid shows through them (segment-classic.ts): where the grid's
// evidence is thin (a chrome blade's bright bands, a satin jaw's tip) they keep what it misses.

/**
 * Smallest enclosed region (mm²) taken for a part: gaps in the edge map's own lines enclose specks,
 * and a light part worth a pocket is larger.
 */
export const MIN_ENCLOSED_MM2 = 6;
/**
 * The flood from the open paper keeps this many pixels off every step, so a gap in a step's trace
 * up to 2 x ENCLOSE_GAP_PX pixels wide (plus the pixel the trace is thickened by) stops it.
 */
export const ENCLOSE_GAP_PX = 2;
/** How far in from its rim (mm) an enclosed region is seeded: the watershed puts the outline on the step itself. */
export const ENCLOSED_SEED_INSET_MM = 0.6;

export type PaperEnclosure = {
  /** 1 = open paper: reached from the raster's border without crossing a candidate or a step. */
  open: Uint8Array;
  /**
   * 1 = an enclosed part: a region neither open nor `blocked`, of at least MIN_ENCLOSED_MM2,
   * touching a `blocked` pixel. It includes the steps inside and around it that the flood did not
   * reach.
   */
  enclosed: Uint8Array;
};

/**
 * The open paper and the parts it encloses, given `blocked` (candidate) and `edge` (sharp step)
 * pixels. The flood from the raster's border keeps ENCLOSE_GAP_PX off every step, so it does not
 * pass through the gaps in a step's trace, and a light part's straight sides are drawn through
 * their dashes (withStraightRuns).
 */
export function paperEnclosure(blocked: Uint8Array, edge0: Uint8Array, w: number, h: number, pxPerMm: number): PaperEnclosure {
  const n = w * h;
  const edge = withStraightRuns(edge0, w, h, pxPerMm, blocked);
  const passable = new Uint8Array(n);
  for (let i = 0; i < n; i++) passable[i] = blocked[i] || edge[i] ? 0 : 1;
  // The flood's pixels keep ENCLOSE_GAP_PX pixels off every step and candidate (an erosion by a square), so
  // it does not slip through the gaps in a step's trace; what it reached is then grown back by as
  // much.
  const r = ENCLOSE_GAP_PX;
  const core = squareFilter(passable, w, h, r, true);
  const reached = new Uint8Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  const start = (i: number) => {
    if (core[i] && !reached[i]) (reached[i] = 1), (queue[tail++] = i);
  };
  // The flood starts on the raster's border, r pixels in (the erosion leaves the outer rings out).
  for (let x = 0; x < w; x++) start(r * w + x), start((h - 1 - r) * w + x);
  for (let y = 0; y < h; y++) start(y * w + r), start(y * w + w - 1 - r);
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    const x = i % w;
    if (x > 0) start(i - 1);
    if (x < w - 1) start(i + 1);
    if (i >= w) start(i - w);
    if (i < n - w) start(i + w);
  }
  const grown = squareFilter(reached, w, h, r, false);
  const open = new Uint8Array(n);
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++)
      // The raster's outer rings are paper too.
      if (passable[i] && (grown[i] || x < r || y < r || x >= w - r || y >= h - r)) open[i] = 1;
  // Enclosed: neither open paper nor a candidate. 8-connected components, kept when large enough
  // and touching a candidate.
  const rest = new Uint8Array(n);
  for (let i = 0; i < n; i++) rest[i] = open[i] || blocked[i] ? 0 : 1;
  const { label, size } = labelComponents(rest, w, h);
  const touches = new Uint8Array(size.length);
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const l = label[i];
      if (!l || touches[l]) continue;
      for (let dy = -1; dy <= 1 && !touches[l]; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < w && blocked[yy * w + xx]) {
            touches[l] = 1;
            break;
          }
        }
      }
    }
  const minPx = MIN_ENCLOSED_MM2 * pxPerMm * pxPerMm;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const l = label[i];
    if (l && touches[l] && size[l] >= minPx) out[i] = 1;
  }
  return { open, enclosed: out };
}

/** Tool seeds inside enclosed parts: ENCLOSED_SEED_INSET_MM in from the region's rim. */
export function enclosedSeeds(enclosed: Uint8Array, w: number, h: number, pxPerMm: number): Uint8Array {
  return erodeDisk(enclosed, w, h, Math.max(1, Math.round(ENCLOSED_SEED_INSET_MM * pxPerMm)));
}

/** Straight runs (mm) of steps drawn through their gaps: a part's straight side, not texture. */
const STRAIGHT_RUN_MIN_MM = 10;
/** Largest gap (mm) a straight run is drawn across: a satin side's lit stretch fades into the paper for a few mm. */
const STRAIGHT_RUN_GAP_MM = 4;

/**
 * `edge` with its straight runs (HoughLinesP, at least STRAIGHT_RUN_MIN_MM long, outside `skip`)
 * drawn through their gaps of up to STRAIGHT_RUN_GAP_MM: where a light part's side catches the
 * light it is as bright as the paper and its step fades out in dashes, which the open paper's flood
 * went through.
 */
export function withStraightRuns(edge: Uint8Array, w: number, h: number, k: number, skip?: Uint8Array): Uint8Array {
  // Steps inside `skip` (the candidates: a dark tool's own texture and facets) are left out of the
  // search: they are no light part's side, and they were most of its cost.
  const search = skip ? edge.map((v, i) => (v && !skip[i] ? 1 : 0)) : edge;
  const out = new Uint8Array(edge);
  for (const seg of houghSegments(search, w, h, Math.round(4 * k), STRAIGHT_RUN_MIN_MM * k, STRAIGHT_RUN_GAP_MM * k))
    forEachSegmentPixel(seg, (x, y) => {
      if (x >= 0 && y >= 0 && x < w && y < h) out[y * w + x] = 1;
    });
  return out;
}
