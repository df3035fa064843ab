import ClipperLib, { type Paths } from "clipper-lib";
import { DEFAULT_MIN_WALL_MM } from "./constants";
import { placedPockets, type Pocket } from "./pockets";
import { boundsOverlap } from "./polygon";
import type { EditorDoc, EditorTool, Foam, Pt } from "./types";

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

// Keyed on the tool object: a moved tool is a new object, so stale paths are never reused.
const pathCache = new WeakMap<EditorTool, Paths>();

function pathOf(pocket: Pocket): Paths {
  let path = pathCache.get(pocket.tool);
  if (!path) pathCache.set(pocket.tool, (path = toPaths(pocket.outline)));
  return path;
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
  const grown = new Map<Pocket, Paths>();
  const grownOf = (pocket: Pocket) => {
    let paths = grown.get(pocket);
    if (!paths) grown.set(pocket, (paths = offset(pathOf(pocket), wall / 2)));
    return paths;
  };
  const problems: LayoutProblem[] = [];
  for (let i = 0; i < pockets.length; i++) {
    for (let j = i + 1; j < pockets.length; j++) {
      const a = pockets[i];
      const b = pockets[j];
      if (!boundsOverlap(a.bounds, b.bounds, wall)) continue;
      const names = `${a.tool.name} and ${b.tool.name}`;
      const ids = [a.tool.id, b.tool.id];
      if (intersectionArea(pathOf(a), pathOf(b)) > AREA_EPSILON) {
        problems.push({ kind: "overlap", toolIds: ids, message: `${names} overlap.` });
      } else if (wall > 0 && intersectionArea(grownOf(a), grownOf(b)) > AREA_EPSILON) {
        problems.push({ kind: "wall", toolIds: ids, message: `Less than ${wall} mm of foam between ${names}.` });
      }
    }
  }
  const sheet = foamPaths(doc.foam);
  const { width_mm, depth_mm } = doc.foam;
  for (const pocket of pockets) {
    const { minX, minY, maxX, maxY } = pocket.bounds;
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
