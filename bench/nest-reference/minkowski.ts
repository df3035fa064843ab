/**
 * Minkowski sum of two simple polygons from convex pieces: A ⊕ B = ∪ Ai ⊕ Bj, each convex sum is
 * the hull of the pairwise vertex sums, and Clipper unions the few hundred pieces. Its outer
 * boundary (all an outer NFP uses) is the one clipper-lib's Clipper.MinkowskiSum gives, which
 * SVGnest calls; that one sweeps B along A's outline, one quad per vertex–edge pair (thousands
 * for scanned tools, ~80 ms a pair here), so it also reports a hole where A is solid. This is
 * about ten times faster, which is what makes a port of a GA needing ~1,500 NFPs runnable in a
 * bench. Falls back to Clipper when a polygon will not triangulate (degenerate input).
 */
import ClipperLib, { type Path, type Paths } from "clipper-lib";

type Pt = [number, number];

const ClipperStatics = ClipperLib.Clipper as unknown as { MinkowskiSum(pattern: Path, path: Path, pathIsClosed: boolean): Paths };

const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function signedArea(points: Pt[]): number {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) sum += points[j]![0] * points[i]![1] - points[i]![0] * points[j]![1];
  return sum / 2;
}

/** Counter-clockwise (positive area), without repeated or collinear vertices. */
function normalise(polygon: Pt[]): Pt[] {
  let points = signedArea(polygon) < 0 ? [...polygon].reverse() : [...polygon];
  let changed = true;
  while (changed && points.length > 3) {
    changed = false;
    for (let i = 0; i < points.length && points.length > 3; i++) {
      const prev = points[(i + points.length - 1) % points.length]!;
      const next = points[(i + 1) % points.length]!;
      if (Math.abs(cross(prev, points[i]!, next)) < 1e-12) {
        points.splice(i, 1);
        changed = true;
        i--;
      }
    }
  }
  return points;
}

function inTriangle(p: Pt, a: Pt, b: Pt, c: Pt): boolean {
  return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

/** Ear clipping into triangles of vertex indices, or null when no ear can be found. */
function triangulate(points: Pt[]): number[][] | null {
  const index = points.map((_, i) => i);
  const triangles: number[][] = [];
  let guard = 0;
  while (index.length > 3) {
    if (guard++ > points.length * points.length) return null;
    let clipped = false;
    for (let k = 0; k < index.length; k++) {
      const ia = index[(k + index.length - 1) % index.length]!;
      const ib = index[k]!;
      const ic = index[(k + 1) % index.length]!;
      const [a, b, c] = [points[ia]!, points[ib]!, points[ic]!];
      if (cross(a, b, c) <= 0) continue;
      let blocked = false;
      for (const other of index) {
        if (other === ia || other === ib || other === ic) continue;
        const p = points[other]!;
        if ((p[0] === a[0] && p[1] === a[1]) || (p[0] === c[0] && p[1] === c[1])) continue;
        if (inTriangle(p, a, b, c)) {
          blocked = true;
          break;
        }
      }
      if (blocked) continue;
      triangles.push([ia, ib, ic]);
      index.splice(k, 1);
      clipped = true;
      break;
    }
    if (!clipped) return null;
  }
  triangles.push(index);
  return triangles;
}

function isConvex(points: Pt[], piece: number[]): boolean {
  for (let i = 0; i < piece.length; i++) {
    const a = points[piece[(i + piece.length - 1) % piece.length]!]!;
    const b = points[piece[i]!]!;
    const c = points[piece[(i + 1) % piece.length]!]!;
    if (cross(a, b, c) < -1e-9) return false;
  }
  return true;
}

/** Hertel–Mehlhorn: drop triangulation diagonals while the merged piece stays convex. */
export function convexPieces(polygon: Pt[]): Pt[][] | null {
  const points = normalise(polygon);
  if (points.length < 3) return null;
  const triangles = triangulate(points);
  if (!triangles) return null;
  const pieces = triangles;
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let p = 0; p < pieces.length; p++) {
      const a = pieces[p]!;
      for (let q = p + 1; q < pieces.length; q++) {
        const b = pieces[q]!;
        for (let i = 0; i < a.length; i++) {
          const u = a[i]!, v = a[(i + 1) % a.length]!;
          const j = b.findIndex((w, k) => w === v && b[(k + 1) % b.length] === u);
          if (j < 0) continue;
          // a: … u v …, b: … v u …; joined: a up to u, then b from u onward round to v, then a from v on.
          const rest: number[] = [];
          for (let k = 2; k < b.length; k++) rest.push(b[(j + k) % b.length]!);
          const joined = [...a.slice(0, i + 1), ...rest, ...a.slice(i + 1)];
          if (!isConvex(points, joined)) continue;
          pieces[p] = joined;
          pieces.splice(q, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return pieces.map((piece) => piece.map((i) => points[i]!));
}

function hull(points: Pt[]): Pt[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const lower: Pt[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const toPath = (points: Pt[], scale: number): Path => points.map(([x, y]) => ({ X: Math.round(x * scale), Y: Math.round(y * scale) }));

/** Every path of A ⊕ B in Clipper integers at `scale` (outer boundaries and holes). */
export function minkowskiSum(a: Pt[], b: Pt[], scale: number): Paths {
  const pa = convexPieces(a);
  const pb = convexPieces(b);
  if (!pa || !pb) return ClipperStatics.MinkowskiSum(toPath(b, scale), toPath(a, scale), true);
  const clipper = new ClipperLib.Clipper();
  for (const p of pa) {
    for (const q of pb) {
      const sums: Pt[] = [];
      for (const [px, py] of p) for (const [qx, qy] of q) sums.push([px + qx, py + qy]);
      clipper.AddPath(toPath(hull(sums), scale), ClipperLib.PolyType.ptSubject, true);
    }
  }
  const solution: Paths = [];
  const fill = ClipperLib.PolyFillType.pftNonZero;
  clipper.Execute(ClipperLib.ClipType.ctUnion, solution, fill, fill);
  return solution;
}
