import { badRequest } from "../../shared/errors";
import { escapeXml, svgPath } from "../cutting-files/render";
import type { Point } from "../cutting-files/layout";

export const MIN_POINTS = 3;
export const MAX_POINTS = 5000;
export const MAX_COORDINATE_MM = 10_000;

/** contour_points_mm: 3–5000 [x, y] pairs of finite millimetre values; anything else is a 400 with the reason. */
export function parseContourPoints(raw: unknown): Point[] {
  if (raw === undefined || raw === null) throw badRequest("calibration_payload.contour_points_mm is required.");
  if (!Array.isArray(raw)) throw badRequest("calibration_payload.contour_points_mm must be a list of [x, y] points.");
  if (raw.length < MIN_POINTS) throw badRequest(`calibration_payload.contour_points_mm needs at least ${MIN_POINTS} points.`);
  if (raw.length > MAX_POINTS) throw badRequest(`calibration_payload.contour_points_mm may have at most ${MAX_POINTS} points.`);
  return raw.map((point, index) => {
    const pair = Array.isArray(point) ? point : point && typeof point === "object" ? [(point as { x?: unknown }).x, (point as { y?: unknown }).y] : [];
    const [x, y] = pair;
    if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) {
      throw badRequest(`calibration_payload.contour_points_mm[${index}] must be a pair of finite numbers.`);
    }
    if (Math.abs(x) > MAX_COORDINATE_MM || Math.abs(y) > MAX_COORDINATE_MM) {
      throw badRequest(`calibration_payload.contour_points_mm[${index}] is outside ±${MAX_COORDINATE_MM} mm.`);
    }
    return [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000] as Point;
  });
}

/**
 * The stored contour SVG is always ours: one path built from the numeric points, no client markup,
 * so nothing a user sends can run script where an operator opens it. The viewBox is the foam when
 * known (the pocket where it sits), else the contour's own bounds plus a 2 mm margin.
 */
export function contourSvg(points: Point[], foam: { width_mm: number; depth_mm: number } | null, title: string): string {
  let viewBox: [number, number, number, number];
  if (foam) viewBox = [0, 0, foam.width_mm, foam.depth_mm];
  else {
    const xs = points.map((point) => point[0]);
    const ys = points.map((point) => point[1]);
    const minX = Math.min(...xs) - 2;
    const minY = Math.min(...ys) - 2;
    viewBox = [minX, minY, Math.max(...xs) + 2 - minX, Math.max(...ys) + 2 - minY];
  }
  const [x, y, width, height] = viewBox.map((value) => Math.round(value * 1000) / 1000) as typeof viewBox;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${width} ${height}" width="${width}mm" height="${height}mm">` +
    `<title>${escapeXml(title)}</title>` +
    `<path d="${svgPath(points)}" fill="none" stroke="#000" stroke-width="0.3"/></svg>`
  );
}
