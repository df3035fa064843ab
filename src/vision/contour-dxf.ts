import Drawing from "dxf-writer";
import { offsetPolygon } from "./offset-polygon.ts";
import { polygonArea } from "../../common/geometry/polygon.ts";
import { VisionError } from "./vision-error.ts";

type P = [number, number];

const DEGENERATE = "The contour cannot be exported: it needs at least 3 distinct points enclosing a non-zero area.";

/**
 * One closed LWPOLYLINE in millimetres ($INSUNITS 4), after applying the cut allowance (positive grows).
 * Pad coordinates have y pointing down while CAD has y up, so y is flipped (otherwise the cut would be
 * a mirror image of the tool) and the outline is moved so its bounding box starts at (0, 0).
 */
export function contourToDxf(points_mm: [number, number][], cut_allowance_mm: number): string {
  if (!Array.isArray(points_mm)) throw new VisionError(DEGENERATE);
  if (typeof cut_allowance_mm !== "number" || !Number.isFinite(cut_allowance_mm)) {
    throw new VisionError("cut_allowance_mm must be a finite number of millimetres.");
  }
  const pts: P[] = [];
  for (const p of points_mm) {
    if (!Array.isArray(p) || p.length < 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw new VisionError(DEGENERATE);
    const last = pts[pts.length - 1];
    if (!last || Math.hypot(last[0] - p[0], last[1] - p[1]) > 1e-9) pts.push([p[0], p[1]]);
  }
  if (pts.length > 1 && Math.hypot(pts[0][0] - pts[pts.length - 1][0], pts[0][1] - pts[pts.length - 1][1]) <= 1e-9) pts.pop();
  const distinct = new Set(pts.map(([x, y]) => `${x.toFixed(6)},${y.toFixed(6)}`));
  if (distinct.size < 3 || polygonArea(pts) < 1e-6) throw new VisionError(DEGENERATE);
  const outline = cut_allowance_mm ? offsetPolygon(pts, cut_allowance_mm) : pts;
  if (outline.length < 3 || polygonArea(outline) < 1e-6) {
    throw new VisionError("The cut allowance shrinks the contour to nothing; use a smaller negative allowance.");
  }
  let minX = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of outline) {
    minX = Math.min(minX, x);
    maxY = Math.max(maxY, y);
  }
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  const d = new Drawing();
  d.setUnits("Millimeters");
  d.drawPolyline(
    outline.map(([x, y]) => [r(x - minX), r(maxY - y)]),
    true,
  );
  return d.toDxfString();
}
