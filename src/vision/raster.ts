/** An 8-bit RGBA raster, row-major, no padding. */
export type RgbaImage = { width: number; height: number; data: Uint8Array };

/** An 8-bit single-channel raster, row-major, no padding. */
export type GreyImage = { width: number; height: number; data: Uint8Array };

/** Rec.601 luma, integer arithmetic. */
export function rgbaToGrey(img: RgbaImage): GreyImage {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = (d[j] * 77 + d[j + 1] * 150 + d[j + 2] * 29 + 128) >> 8;
  return { width: img.width, height: img.height, data: out };
}

/** Bilinear sample of a grey image at (x, y), pixel centres at integer coordinates; clamps at the border. */
export function sampleBilinear(img: GreyImage, x: number, y: number): number {
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
