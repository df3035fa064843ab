import { polygonDifference } from "../src/vision/clipper-ops.ts";
import { polygonArea, signedPolygonArea } from "../common/geometry/polygon.ts";

type P = [number, number];

function segDist(p: P, a: P, b: P): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** Insert points so that no edge is longer than `step`. */
export function densifyClosed(poly: P[], step: number): P[] {
  const out: P[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

/** Distance from each point to the nearest edge of a closed polygon (grid-bucketed for speed). */
function distancesToPolygon(points: P[], poly: P[]): number[] {
  const cell = 5;
  const grid = new Map<string, number[]>();
  const key = (i: number, j: number) => `${i},${j}`;
  for (let e = 0; e < poly.length; e++) {
    const a = poly[e];
    const b = poly[(e + 1) % poly.length];
    const i0 = Math.floor(Math.min(a[0], b[0]) / cell);
    const i1 = Math.floor(Math.max(a[0], b[0]) / cell);
    const j0 = Math.floor(Math.min(a[1], b[1]) / cell);
    const j1 = Math.floor(Math.max(a[1], b[1]) / cell);
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++) {
        const k = key(i, j);
        const l = grid.get(k);
        if (l) l.push(e);
        else grid.set(k, [e]);
      }
  }
  return points.map((p) => {
    const ci = Math.floor(p[0] / cell);
    const cj = Math.floor(p[1] / cell);
    let bestSoFar = Infinity;
    for (let r = 0; r < 400; r++) {
      let best = Infinity;
      for (let i = ci - r; i <= ci + r; i++)
        for (let j = cj - r; j <= cj + r; j++) {
          if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r) continue;
          for (const e of grid.get(key(i, j)) ?? []) best = Math.min(best, segDist(p, poly[e], poly[(e + 1) % poly.length]));
        }
      // Edges in rings beyond r are at least r*cell away, so the best so far is final.
      bestSoFar = Math.min(bestSoFar, best);
      if (bestSoFar <= r * cell) return bestSoFar;
    }
    return bestSoFar;
  });
}

/** Unsigned polygon area (the shared shoelace). */
export const shoelace = polygonArea;

export type ContourMetrics = {
  /** Mean of the symmetric point-to-curve distances (mm). */
  meanDeviation: number;
  /** Symmetric Hausdorff distance (mm). */
  hausdorff: number;
  /** (traced - truth) / truth, percent. */
  areaErrorPct: number;
};

/** Compare a traced outline with the truth, both closed polygons in mm. */
export function compareContours(traced: P[], truth: P[], step = 0.1): ContourMetrics {
  const a = densifyClosed(traced, step);
  const b = densifyClosed(truth, step);
  const da = distancesToPolygon(a, truth);
  const db = distancesToPolygon(b, traced);
  const mean = (da.reduce((s, v) => s + v, 0) + db.reduce((s, v) => s + v, 0)) / (da.length + db.length);
  const hausdorff = Math.max(Math.max(...da), Math.max(...db));
  const at = shoelace(truth);
  return { meanDeviation: mean, hausdorff, areaErrorPct: ((shoelace(traced) - at) / at) * 100 };
}

export type CutArea = {
  /** Area of the truth outside the traced outline: tool a pocket of that outline would cut off (mm²). */
  mm2: number;
  /** The same as a percentage of the truth's area. */
  pct: number;
};

/** Area of `truth` not covered by `traced` (both closed outer outlines in mm). */
export function cutArea(traced: P[], truth: P[]): CutArea {
  const outside = polygonDifference([truth], [traced]);
  // Clipper returns outer pieces and holes with opposite windings: the signed sum is the net area.
  const mm2 = Math.abs(outside.reduce((s, q) => s + signedPolygonArea(q), 0));
  const at = shoelace(truth);
  return { mm2, pct: at > 0 ? (mm2 / at) * 100 : 0 };
}
