import ClipperLib, { type Paths } from "clipper-lib";
import { DEFAULT_MIN_WALL_MM } from "./constants";
import { placedPockets, type Pocket } from "./pockets";
import { cutOutline } from "./layout-geometry";
import { boundsOverlap, polygonBounds } from "./polygon";
import type { Bounds, EditorDoc, Foam, Pt } from "./types";

export type ProblemKind = "overlap" | "wall" | "edge";
export type LayoutProblem = { kind: ProblemKind; toolIds: string[]; message: string };

/** Clipper works on integers: micrometres keep sub-millimetre walls exact enough. */
const UNITS_PER_MM = 1000;
/** Intersections smaller than this (0.01 mm²) are touching edges and rounding, not problems. */
const AREA_EPSILON = 0.01 * UNITS_PER_MM * UNITS_PER_MM;
const ARC_TOLERANCE = 0.05 * UNITS_PER_MM;

function toPaths(points: Pt[]): Paths {
  return [points.map(([x, y]) => ({ X: Math.round(x * UNITS_PER_MM), Y: Math.round(y * UNITS_PER_MM) }))];
}

function offset(paths: Paths, deltaMm: number): Paths {
  if (deltaMm <= 0) return paths;
  const clipper = new ClipperLib.ClipperOffset(2, ARC_TOLERANCE);
  for (const path of paths) clipper.AddPath(path, ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const solution: Paths = [];
  clipper.Execute(solution, deltaMm * UNITS_PER_MM);
  return solution;
}

function clip(subject: Paths, clipPaths: Paths, clipType: number): number {
  const clipper = new ClipperLib.Clipper();
  clipper.AddPaths(subject, ClipperLib.PolyType.ptSubject, true);
  clipper.AddPaths(clipPaths, ClipperLib.PolyType.ptClip, true);
  const solution: Paths = [];
  const fill = ClipperLib.PolyFillType.pftNonZero;
  clipper.Execute(clipType, solution, fill, fill);
  return solution.reduce((sum, path) => sum + ClipperLib.Clipper.Area(path), 0);
}

const intersectionArea = (a: Paths, b: Paths) => clip(a, b, ClipperLib.ClipType.ctIntersection);
const differenceArea = (a: Paths, b: Paths) => clip(a, b, ClipperLib.ClipType.ctDifference);

// Keyed on the cut outline, itself cached per tool object: a moved tool misses by itself.
const pathCache = new WeakMap<Pt[][], { paths: Paths; bounds: Bounds }>();

/** The pocket as cut (clearance, finger pulls, ledge): walls are measured between these. */
function cutOf(pocket: Pocket, foam: Foam): { paths: Paths; bounds: Bounds } {
  const outline = cutOutline(pocket.tool, foam);
  let hit = pathCache.get(outline);
  if (!hit) {
    const rings = outline.length ? outline : [pocket.outline];
    hit = { paths: rings.flatMap(toPaths), bounds: polygonBounds(rings.flat()) };
    pathCache.set(outline, hit);
  }
  return hit;
}

// Pair verdicts keyed on both cut outlines (new objects whenever a tool changes): after an undo
// or a drop only the pairs of the changed pocket are clipped again, not all of them.
const pairCache = new WeakMap<Paths, WeakMap<Paths, Map<number, ProblemKind | null>>>();

function pairKind(a: Paths, b: Paths, wall: number, overlaps: () => boolean, tooClose: () => boolean): ProblemKind | null {
  let inner = pairCache.get(a);
  if (!inner) pairCache.set(a, (inner = new WeakMap()));
  let byWall = inner.get(b);
  if (!byWall) inner.set(b, (byWall = new Map()));
  if (byWall.has(wall)) return byWall.get(wall)!;
  const kind: ProblemKind | null = overlaps() ? "overlap" : wall > 0 && tooClose() ? "wall" : null;
  byWall.set(wall, kind);
  return kind;
}

function foamPaths(foam: Foam): Paths {
  return toPaths([
    [0, 0],
    [foam.width_mm, 0],
    [foam.width_mm, foam.depth_mm],
    [0, foam.depth_mm],
  ]);
}

/**
 * Pockets that overlap, pockets closer together than the minimum foam wall, and pockets closer
 * than the wall to the foam edge (or past it). Two pockets are too close exactly when growing
 * each by half the wall makes them intersect.
 */
export function findProblems(doc: EditorDoc, minWallMm = DEFAULT_MIN_WALL_MM): LayoutProblem[] {
  const pockets = placedPockets(doc);
  const wall = Math.max(0, minWallMm);
  const cut = new Map(pockets.map((pocket) => [pocket, cutOf(pocket, doc.foam)]));
  const pathOf = (pocket: Pocket) => cut.get(pocket)!.paths;
  const boundsOf = (pocket: Pocket) => cut.get(pocket)!.bounds;
  const grown = new Map<Pocket, Paths>();
  const grownOf = (pocket: Pocket) => {
    let paths = grown.get(pocket);
    if (!paths) grown.set(pocket, (paths = offset(pathOf(pocket), wall / 2)));
    return paths;
  };
  const problems: LayoutProblem[] = [];
  // Sweep along x: only pockets whose spans (plus the wall) meet are compared, not all pairs.
  const order = [...pockets].sort((a, b) => boundsOf(a).minX - boundsOf(b).minX);
  for (let i = 0; i < order.length; i++) {
    const a = order[i];
    for (let j = i + 1; j < order.length; j++) {
      const b = order[j];
      if (boundsOf(b).minX - wall > boundsOf(a).maxX) break;
      if (!boundsOverlap(boundsOf(a), boundsOf(b), wall)) continue;
      const [first, second] = pockets.indexOf(a) < pockets.indexOf(b) ? [a, b] : [b, a];
      const names = `${first.tool.name} and ${second.tool.name}`;
      const ids = [first.tool.id, second.tool.id];
      const kind = pairKind(pathOf(a), pathOf(b), wall, () => intersectionArea(pathOf(a), pathOf(b)) > AREA_EPSILON, () => intersectionArea(grownOf(a), grownOf(b)) > AREA_EPSILON);
      if (kind === "overlap") {
        problems.push({ kind: "overlap", toolIds: ids, message: `${names} overlap.` });
      } else if (kind === "wall") {
        problems.push({ kind: "wall", toolIds: ids, message: `Less than ${wall} mm of foam between ${names}.` });
      }
    }
  }
  const sheet = foamPaths(doc.foam);
  const { width_mm, depth_mm } = doc.foam;
  for (const pocket of pockets) {
    const { minX, minY, maxX, maxY } = boundsOf(pocket);
    if (minX >= wall && minY >= wall && maxX <= width_mm - wall && maxY <= depth_mm - wall) continue;
    const outside = differenceArea(pathOf(pocket), sheet) > AREA_EPSILON;
    if (outside || (wall > 0 && differenceArea(offset(pathOf(pocket), wall), sheet) > AREA_EPSILON)) {
      const message = outside
        ? `${pocket.tool.name} extends past the foam edge.`
        : `Less than ${wall} mm of foam between ${pocket.tool.name} and the foam edge.`;
      problems.push({ kind: "edge", toolIds: [pocket.tool.id], message });
    }
  }
  return problems;
}

/** Tool ids involved in any problem, for highlighting. */
export function problemToolIds(problems: LayoutProblem[]): Set<string> {
  return new Set(problems.flatMap((problem) => problem.toolIds));
}
