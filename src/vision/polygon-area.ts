/** Signed shoelace area; positive when the vertices run clockwise on screen (y down). */
export function signedPolygonArea(points: [number, number][]): number {
  let s = 0;
  const n = points.length;
  for (let i = 0, j = n - 1; i < n; j = i++) s += points[j][0] * points[i][1] - points[i][0] * points[j][1];
  return s / 2;
}

/** Polygon area (shoelace), in the squared unit of the points (mm² for pad mm). A closing repeat is harmless. */
export function polygonArea(points: [number, number][]): number {
  return Math.abs(signedPolygonArea(points));
}
