import ClipperLib from "clipper-lib";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";

// clipper-lib works on integers: 1 unit = 1 µm keeps sub-micron rounding far below any tolerance here.
const SCALE = 1000;

type IntPath = { X: number; Y: number }[];

function toPath(points: [number, number][]): IntPath {
  return points.map(([x, y]) => ({ X: Math.round(x * SCALE), Y: Math.round(y * SCALE) }));
}

function fromPath(path: IntPath): [number, number][] {
  return path.map((p) => [p.X / SCALE, p.Y / SCALE]);
}

function boolean(clipType: number, subject: [number, number][][], clip: [number, number][][]): [number, number][][] {
  const c = new ClipperLib.Clipper();
  c.AddPaths(subject.map(toPath), ClipperLib.PolyType.ptSubject, true);
  if (clip.length) c.AddPaths(clip.map(toPath), ClipperLib.PolyType.ptClip, true);
  const out: IntPath[] = [];
  c.Execute(clipType, out, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return out.map(fromPath);
}

/** Union of polygons; returns outer boundaries and holes (holes have the opposite orientation). */
export function polygonUnion(polys: [number, number][][]): [number, number][][] {
  return boolean(ClipperLib.ClipType.ctUnion, polys, []);
}

export function polygonDifference(subject: [number, number][][], clip: [number, number][][]): [number, number][][] {
  return boolean(ClipperLib.ClipType.ctDifference, subject, clip);
}

/** Offset closed polygons with round joins; `arcToleranceMm` bounds the chord error of the arcs. */
export function offsetPaths(polys: [number, number][][], delta: number, arcToleranceMm = 0.01): [number, number][][] {
  const co = new ClipperLib.ClipperOffset(2, arcToleranceMm * SCALE);
  co.AddPaths(polys.map(toPath), ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const out: IntPath[] = [];
  co.Execute(out, delta * SCALE);
  return out.map(fromPath);
}

/** The polygon with the largest |area| (the outer boundary after a union), or null. */
export function largestPolygon(polys: [number, number][][]): [number, number][] | null {
  let best: [number, number][] | null = null;
  let bestA = 0;
  for (const p of polys) {
    const a = Math.abs(signedPolygonArea(p));
    if (a > bestA) {
      bestA = a;
      best = p;
    }
  }
  return best;
}
