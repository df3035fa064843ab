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
