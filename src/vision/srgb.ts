// The sRGB transfer curve, for reading photos' 8-bit values in linear light. A camera blurs the scene
// in linear light and then encodes sRGB, so an edge's encoded values rise steepest on its dark side:
// anything that locates an edge by its derivative must undo the curve first (extract-contour.ts).

/** Each 8-bit sRGB value in linear light, on the same 0-255 scale. */
export const LINEAR_8BIT: Float64Array = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return 255 * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
});

/** A linear-light value on the 0-255 scale, encoded as an 8-bit sRGB value. */
export function srgb8FromLinear(l: number): number {
  const c = Math.max(0, Math.min(1, l / 255));
  return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
}
