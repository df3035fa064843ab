import { minMaxBounds } from "./geometry/bounds";
// Can this layout be cut? Pure geometry, shared by the server (POST /scanner/process, layout upload)
// and the Tool Layout page so both name the same problems before anything is submitted.

export type Pt = [number, number];
export type CheckPocket = { name: string; points: Pt[] };
export type CheckFoam = { width_mm: number; depth_mm: number };

/** The foam left between two pockets, and between a pocket and the sheet edge, must be at least this thick. */
export const MIN_WALL_MM = 5;
/** Rounding of client coordinates must not turn a pocket touching the edge into a problem. */
export const EDGE_TOLERANCE_MM = 0.5;

export type LayoutProblem =
  | { kind: "outside"; pocket: number; name: string; message: string }
  | { kind: "overlap" | "wall"; pocket: number; other: number; name: string; otherName: string; distance_mm: number; message: string };

type Box = { minX: number; minY: number; maxX: number; maxY: number };

function boxOf(points: Pt[]): Box {
  return minMaxBounds(points);
}

function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSq)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = cross(c[0], c[1], d[0], d[1], a[0], a[1]);
  const d2 = cross(c[0], c[1], d[0], d[1], b[0], b[1]);
  const d3 = cross(a[0], a[1], b[0], b[1], c[0], c[1]);
  const d4 = cross(a[0], a[1], b[0], b[1], d[0], d[1]);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

export function pointInPolygon([x, y]: Pt, polygon: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

type Segment = [Pt, Pt];

/** The outline's edges that come within `window` (a box), so only the facing parts of two outlines are compared. */
function edgesIn(points: Pt[], window: Box): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % points.length]!;
    if (Math.max(p[0], q[0]) < window.minX || Math.min(p[0], q[0]) > window.maxX || Math.max(p[1], q[1]) < window.minY || Math.min(p[1], q[1]) > window.maxY) continue;
    out.push([p, q]);
  }
  return out;
}

/**
 * Smallest distance between two closed outlines, 0 when they cross or one lies inside the other.
 * Only "is it below `limit`" matters, so only edges inside the window where the two outlines'
 * boxes (grown by the limit) overlap are compared; anything further answers `limit`.
 */
export function outlineDistance(a: Pt[], b: Pt[], limit = Infinity): number {
  if (pointInPolygon(a[0]!, b) || pointInPolygon(b[0]!, a)) return 0;
  const boxA = boxOf(a);
  const boxB = boxOf(b);
  const grow = Number.isFinite(limit) ? limit : 1e9;
  const window: Box = {
    minX: Math.max(boxA.minX, boxB.minX) - grow,
    minY: Math.max(boxA.minY, boxB.minY) - grow,
    maxX: Math.min(boxA.maxX, boxB.maxX) + grow,
    maxY: Math.min(boxA.maxY, boxB.maxY) + grow,
  };
  if (window.minX > window.maxX || window.minY > window.maxY) return limit;
  const edgesA = edgesIn(a, window);
  const edgesB = edgesIn(b, window);
  let best = limit;
  for (const [p, q] of edgesA) {
    const sMinX = Math.min(p[0], q[0]) - best;
    const sMaxX = Math.max(p[0], q[0]) + best;
    const sMinY = Math.min(p[1], q[1]) - best;
    const sMaxY = Math.max(p[1], q[1]) + best;
    for (const [r, s] of edgesB) {
      if (Math.max(r[0], s[0]) < sMinX || Math.min(r[0], s[0]) > sMaxX || Math.max(r[1], s[1]) < sMinY || Math.min(r[1], s[1]) > sMaxY) continue;
      if (segmentsCross(p, q, r, s)) return 0;
      const distance = Math.min(
        pointSegmentDistance(p[0], p[1], r[0], r[1], s[0], s[1]),
        pointSegmentDistance(q[0], q[1], r[0], r[1], s[0], s[1]),
        pointSegmentDistance(r[0], r[1], p[0], p[1], q[0], q[1]),
        pointSegmentDistance(s[0], s[1], p[0], p[1], q[0], q[1]),
      );
      if (distance < best) best = distance;
    }
  }
  return best;
}

const mm = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/**
 * Every reason the layout cannot be cut: a pocket past the foam edge, two pockets overlapping, or a
 * wall between two pockets thinner than `minWallMm`. Indexes are the pockets' positions in the list.
 */
export function findLayoutProblems(foam: CheckFoam, pockets: CheckPocket[], minWallMm = MIN_WALL_MM): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const boxes = pockets.map((pocket) => boxOf(pocket.points));
  pockets.forEach((pocket, index) => {
    const box = boxes[index]!;
    if (box.minX < -EDGE_TOLERANCE_MM || box.minY < -EDGE_TOLERANCE_MM || box.maxX > foam.width_mm + EDGE_TOLERANCE_MM || box.maxY > foam.depth_mm + EDGE_TOLERANCE_MM) {
      problems.push({ kind: "outside", pocket: index, name: pocket.name, message: `Pocket "${pocket.name}" extends beyond the foam (${foam.width_mm} × ${foam.depth_mm} mm).` });
    }
  });
  for (let i = 0; i < pockets.length; i++) {
    for (let j = i + 1; j < pockets.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.minX - minWallMm > b.maxX || b.minX - minWallMm > a.maxX || a.minY - minWallMm > b.maxY || b.minY - minWallMm > a.maxY) continue;
      const distance = outlineDistance(pockets[i]!.points, pockets[j]!.points, minWallMm);
      if (distance >= minWallMm) continue;
      const [name, otherName] = [pockets[i]!.name, pockets[j]!.name];
      problems.push(
        distance === 0
          ? { kind: "overlap", pocket: i, other: j, name, otherName, distance_mm: 0, message: `Pockets "${name}" and "${otherName}" overlap.` }
          : {
              kind: "wall",
              pocket: i,
              other: j,
              name,
              otherName,
              distance_mm: Math.round(distance * 10) / 10,
              message: `The wall between "${name}" and "${otherName}" is ${mm(distance)} mm; at least ${minWallMm} mm is needed.`,
            },
      );
    }
  }
  return problems;
}

/** One sentence for a 422: the first few problems, then how many more. */
export function describeProblems(problems: LayoutProblem[], limit = 3): string {
  const shown = problems.slice(0, limit).map((problem) => problem.message);
  const more = problems.length - shown.length;
  return `${shown.join(" ")}${more > 0 ? ` (${more} more ${more === 1 ? "problem" : "problems"})` : ""}`;
}
