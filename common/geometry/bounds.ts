/** Axis-aligned bounding box of a set of points (mm or px); Infinity bounds for no points. */
export function pointBounds(points: readonly (readonly [number, number])[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

/** Bounding box in pixels (inclusive) of the set pixels of a row-major mask, or null when none is set. */
export function maskBounds(mask: Uint8Array, width: number, height: number): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++)
      if (mask[row + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** The same box named by its extremes, as the layout code reads it. */
export function minMaxBounds(points: readonly (readonly [number, number])[]): { minX: number; minY: number; maxX: number; maxY: number } {
  const { x0, y0, x1, y1 } = pointBounds(points);
  return { minX: x0, minY: y0, maxX: x1, maxY: y1 };
}
