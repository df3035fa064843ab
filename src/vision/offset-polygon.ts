import { largestPolygon, offsetPaths } from "./clipper-ops.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";

/**
 * True polygon offset (clipper-lib, round joins): positive `delta_mm` grows the outline, negative
 * shrinks it. Round joins are approximated to within `arcToleranceMm`. Keeps the input's winding. When shrinking splits the shape, the largest part is kept;
 * when nothing is left, returns [].
 */
export function offsetPolygon(points: [number, number][], delta_mm: number, arcToleranceMm = 0.02): [number, number][] {
  if (points.length < 3) return points.slice();
  if (!delta_mm) return points.map(([x, y]) => [x, y] as [number, number]);
  const out = largestPolygon(offsetPaths([points], delta_mm, arcToleranceMm));
  if (!out || out.length < 3) return [];
  const sIn = Math.sign(signedPolygonArea(points));
  const sOut = Math.sign(signedPolygonArea(out));
  return sIn && sOut && sIn !== sOut ? out.reverse() : out;
}
