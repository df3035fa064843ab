import { describe, expect, test } from "bun:test";
import ClipperLib, { type Path } from "clipper-lib";
import { convexPieces, minkowskiSum } from "./minkowski";
import { innerFitRectangle, outerNfp, rotatePolygon, svgnestPort, type NestPart } from "./svgnest-port";

type Pt = [number, number];
const SCALE = 10_000;
const rect = (x0: number, y0: number, x1: number, y1: number): Pt[] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
const L: Pt[] = [[0, 0], [120, 0], [120, 20], [30, 20], [30, 50], [0, 50]];
const area = (points: Pt[]) => {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) sum += points[j]![0] * points[i]![1] - points[i]![0] * points[j]![1];
  return Math.abs(sum / 2);
};
const bounds = (points: Pt[]) => ({
  minX: Math.min(...points.map((p) => p[0])),
  minY: Math.min(...points.map((p) => p[1])),
  maxX: Math.max(...points.map((p) => p[0])),
  maxY: Math.max(...points.map((p) => p[1])),
});
const toPath = (points: Pt[]): Path => points.map(([x, y]) => ({ X: Math.round(x * SCALE), Y: Math.round(y * SCALE) }));
function overlapArea(a: Pt[], b: Pt[]): number {
  const clipper = new ClipperLib.Clipper();
  clipper.AddPath(toPath(a), ClipperLib.PolyType.ptSubject, true);
  clipper.AddPath(toPath(b), ClipperLib.PolyType.ptClip, true);
  const out: Path[] = [];
  clipper.Execute(ClipperLib.ClipType.ctIntersection, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return out.reduce((sum, path) => sum + Math.abs(ClipperLib.Clipper.Area(path)), 0) / (SCALE * SCALE);
}

describe("SVGnest port: no-fit polygons", () => {
  test("the NFP of two rectangles is the rectangle of touching translations", () => {
    // B (4 × 2) may not put its origin anywhere in (-4, 10) × (-2, 5) around A (10 × 5).
    const nfp = outerNfp(rect(0, 0, 10, 5), rect(0, 0, 4, 2), SCALE)!;
    expect(bounds(nfp)).toEqual({ minX: -4, minY: -2, maxX: 10, maxY: 5 });
    expect(area(nfp)).toBeCloseTo(14 * 7, 6);
  });

  test("convex pieces rebuild the polygon, and their sum is Clipper's Minkowski sum", () => {
    const pieces = convexPieces(L)!;
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.reduce((sum, piece) => sum + area(piece), 0)).toBeCloseTo(area(L), 6);
    const turned = rotatePolygon(L, 90);
    const ours = outerNfp(L, turned, SCALE)!;
    const clipper = outerNfp(L, turned, SCALE, true)!;
    expect(area(ours)).toBeCloseTo(area(clipper), 3);
    expect(bounds(ours)).toEqual(bounds(clipper));
    // A C with a 2-unit mouth: a 4-unit square closes the mouth, so the filled sum has a hole
    // (36 × 36). Clipper sweeps the outline only and has one more hole where the C is solid;
    // the outer boundary, all that SVGnest keeps, is the same.
    const c: Pt[] = [[0, 0], [60, 0], [60, 60], [0, 60], [0, 31], [10, 31], [10, 50], [50, 50], [50, 10], [10, 10], [10, 29], [0, 29]];
    const mine = minkowskiSum(c, rect(0, 0, 4, 4), SCALE).map((path) => ClipperLib.Clipper.Area(path) / (SCALE * SCALE));
    const theirs = (ClipperLib.Clipper as unknown as { MinkowskiSum(a: Path, b: Path, closed: boolean): Path[] })
      .MinkowskiSum(toPath(rect(0, 0, 4, 4)), toPath(c), true)
      .map((path) => ClipperLib.Clipper.Area(path) / (SCALE * SCALE));
    expect(mine.sort((a, b) => b - a).map((a) => Math.round(a))).toEqual([64 * 64, -36 * 36]);
    expect(Math.max(...theirs)).toBeCloseTo(64 * 64, 3);
    expect(area(outerNfp(c, rect(-4, -4, 0, 0), SCALE)!)).toBeCloseTo(64 * 64, 3);
  });

  test("the inner-fit polygon of the bin keeps the part inside, and is null when it cannot fit", () => {
    const bin = { minX: 4, minY: 4, maxX: 96, maxY: 46 };
    expect(innerFitRectangle(bin, { minX: -5, minY: -2, maxX: 5, maxY: 2 })).toEqual([[9, 6], [91, 6], [91, 44], [9, 44]]);
    expect(innerFitRectangle(bin, { minX: 0, minY: 0, maxX: 100, maxY: 1 })).toBeNull();
  });
});

describe("SVGnest port: nesting", () => {
  const parts: NestPart[] = [
    { id: "l1", polygon: L.map(([x, y]) => [x - 60, y - 25]), area: area(L) },
    { id: "l2", polygon: L.map(([x, y]) => [x - 60, y - 25]), area: area(L) },
    ...[80, 60, 100, 40, 70, 50].map((w, i) => ({ id: `bar${i}`, polygon: rect(-w / 2, -10, w / 2, 10 + i * 3), area: w * (20 + i * 3) })),
  ];
  const input = { width: 300, depth: 300, margin: 4, parts };

  test("placements never overlap and stay inside the bin", () => {
    const result = svgnestPort(input, { generations: 3 });
    expect(result.placed).toBe(parts.length);
    expect(result.evaluations).toBe(10 + 3 * 9);
    const placed = parts.map((part) => {
      const at = result.placements[part.id]!;
      return rotatePolygon(part.polygon, at.rotation).map(([x, y]) => [x + at.x_mm, y + at.y_mm] as Pt);
    });
    for (const polygon of placed) {
      const b = bounds(polygon);
      expect(b.minX).toBeGreaterThanOrEqual(4 - 1e-6);
      expect(b.minY).toBeGreaterThanOrEqual(4 - 1e-6);
      expect(b.maxX).toBeLessThanOrEqual(296 + 1e-6);
      expect(b.maxY).toBeLessThanOrEqual(296 + 1e-6);
    }
    for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(overlapArea(placed[i]!, placed[j]!)).toBeLessThan(0.01);
  });

  test("the genetic search repeats for a seed and never ends worse than its first population", () => {
    const first = svgnestPort(input, { generations: 0 });
    const later = svgnestPort(input, { generations: 4 });
    expect(later.fitness).toBeLessThanOrEqual(first.fitness);
    expect(svgnestPort(input, { generations: 4 }).placements).toEqual(later.placements);
  });
});
