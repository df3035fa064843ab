/** An 8-bit RGBA raster, row-major, no padding. */
export type RgbaImage = { width: number; height: number; data: Uint8Array };

/** An 8-bit single-channel raster, row-major, no padding. */
export type GreyImage = { width: number; height: number; data: Uint8Array };

/** Rec.601 luma of the RGBA pixel at byte offset `o`, integer arithmetic. */
export const lumaAt = (d: Uint8Array, o: number): number => (d[o] * 77 + d[o + 1] * 150 + d[o + 2] * 29 + 128) >> 8;

/** Rec.601 luma, integer arithmetic. */
export function rgbaToGrey(img: RgbaImage): GreyImage {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = lumaAt(d, j);
  return { width: img.width, height: img.height, data: out };
}

/**
 * Bilinear sample of a single-channel raster (8-bit, or floats such as paper-relative brightness) at
 * (x, y), pixel centres at integer coordinates; clamps at the border.
 */
export function sampleBilinear(img: { width: number; height: number; data: ArrayLike<number> }, x: number, y: number): number {
  const { width: w, height: h, data } = img;
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const a = data[y0 * w + x0];
  const b = data[y0 * w + x1];
  const c = data[y1 * w + x0];
  const d = data[y1 * w + x1];
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

/**
 * Sets to 1 every pixel of `mask` whose centre lies inside the closed polygon (even-odd), the
 * polygon in pixel-centre coordinates (pixel u's centre at u). OpenCV's fillPoly rounds both ends of
 * each span to the nearest pixel and fills them inclusively, which grows a sub-pixel outline by about
 * half a pixel on its right and bottom sides; this rule has no such bias.
 */
export function fillPolygonCentres(mask: Uint8Array, width: number, height: number, poly: readonly (readonly [number, number])[]): void {
  const n = poly.length;
  if (n < 3) return;
  let yMin = Infinity;
  let yMax = -Infinity;
  for (const [, y] of poly) {
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
  }
  const xs: number[] = [];
  for (let v = Math.max(0, Math.ceil(yMin)); v <= Math.min(height - 1, Math.floor(yMax)); v++) {
    xs.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const [xi, yi] = poly[i];
      const [xj, yj] = poly[j];
      // Half-open in y, so a vertex on the row counts once.
      if (yi <= v !== yj <= v) xs.push(xi + ((v - yi) * (xj - xi)) / (yj - yi));
    }
    xs.sort((a, b) => a - b);
    const row = v * width;
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const u0 = Math.max(0, Math.ceil(xs[k]));
      const u1 = Math.min(width, Math.ceil(xs[k + 1]));
      if (u1 > u0) mask.fill(1, row + u0, row + u1);
    }
  }
}
