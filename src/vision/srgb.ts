// The sRGB transfer curve, for reading photos' 8-bit values in linear light. A camera blurs the scene
// in linear light and then encodes sRGB, so an edge's encoded values rise steepest on its dark side:
// anything that locates an edge by its derivative must undo the curve first (extract-contour.ts).
// The 3D bench's ray tracer encodes its photos with the same curve (bench/synth/raytrace-3d.ts).

/** An sRGB-encoded value (0-1) in linear light (0-1). */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** A linear-light value (0-1) encoded as sRGB (0-1). */
export function linearToSrgb(l: number): number {
  return l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055;
}

/** Each 8-bit sRGB value in linear light, on the same 0-255 scale. */
export const LINEAR_8BIT: Float64Array = Float64Array.from({ length: 256 }, (_, v) => 255 * srgbToLinear(v / 255));

/** A linear-light value on the 0-255 scale, encoded as an 8-bit sRGB value. */
export function srgb8FromLinear(l: number): number {
  return Math.round(255 * linearToSrgb(Math.max(0, Math.min(1, l / 255))));
}
