// Polygon measures shared by the scanner, the editor, the layout page, the cutting files and the benches.
type P = readonly (readonly [number, number])[];

/** Signed shoelace area; positive when the vertices run clockwise on screen (y down). */
export function signedPolygonArea(points: P): number {
  let s = 0;
  const n = points.length;
  for (let i = 0, j = n - 1; i < n; j = i++) s += points[j][0] * points[i][1] - points[i][0] * points[j][1];
  return s / 2;
}

/** Polygon area (shoelace), in the squared unit of the points (mm² for pad mm). A closing repeat is harmless. */
export function polygonArea(points: P): number {
  return Math.abs(signedPolygonArea(points));
}

/** Area centroid; degenerate outlines (lines, repeated points) fall back to the vertex mean. */
export function polygonCentroid(points: P): [number, number] {
  const area = signedPolygonArea(points);
  if (points.length >= 3 && Math.abs(area) > 1e-9) {
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < points.length; i++) {
      const [x1, y1] = points[i]!;
      const [x2, y2] = points[(i + 1) % points.length]!;
      const cross = x1 * y2 - x2 * y1;
      cx += (x1 + x2) * cross;
      cy += (y1 + y2) * cross;
    }
    return [cx / (6 * area), cy / (6 * area)];
  }
  if (points.length === 0) return [0, 0];
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  return [sx / points.length, sy / points.length];
}
