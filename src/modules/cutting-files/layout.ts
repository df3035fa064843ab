/**
 * The cut layout kept on an order (orders.layout): foam block and pocket outlines in millimetres,
 * origin at the foam's top-left corner, x to the right, y down (the editor's and SVG's axes).
 * The shape and its reading live in common/layout, shared with the editor; new fields (depth,
 * clearance, finger pulls, label, ledge, foam layers) are optional so older orders still read.
 */
import { LayoutInputError, MAX_FOAM_MM, readCutLayout, type CutLayout, type LayoutFoam, type LayoutPocket, type Pt } from "../../../common/layout";
import { polygonArea } from "../../../common/geometry/polygon";

export type Point = Pt;
export type Pocket = LayoutPocket;
export type Foam = LayoutFoam;
export type Layout = CutLayout;

export { MAX_FOAM_MM };
/** A layout that cannot be cut; its message is shown to the operator. */
export { LayoutInputError as LayoutError };

export function perimeter(points: Point[]): number {
  let length = 0;
  for (let index = 0; index < points.length; index++) {
    const [x1, y1] = points[index]!;
    const [x2, y2] = points[(index + 1) % points.length]!;
    length += Math.hypot(x2 - x1, y2 - y1);
  }
  return length;
}

export const area = polygonArea;

export function bounds(points: Point[]) {
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/**
 * Knife path for estimates and quotes: the foam outline plus every tool outline (closed). It
 * leaves out the clearance and finger pulls on purpose: a cheap figure, stable for old orders;
 * the job sheet prints the exact path (common/layout planCutLength).
 */
export function cutLengthMm(layout: Layout): number {
  const foam = 2 * (layout.foam.width_mm + layout.foam.depth_mm);
  return foam + layout.pockets.reduce((sum, pocket) => sum + perimeter(pocket.points), 0);
}

/** Reads an order's stored layout leniently (null when there is nothing usable), for estimates. */
export function readLayout(raw: unknown): Layout | null {
  try {
    return checkLayout(raw);
  } catch {
    return null;
  }
}

/** Validates a stored layout before cutting: any problem is a LayoutError whose message the operator sees. */
export function checkLayout(raw: unknown): Layout {
  return readCutLayout(raw);
}
