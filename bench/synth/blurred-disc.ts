// A black disc as two kinds of image make it, for the outline snap's edge reading (session 31):
// blurred in linear light and then sRGB-encoded (a camera), or blurred as 8-bit values (a drawing).
// Used by bench/edge-reading.ts and src/vision/extract-contour.test.ts.
import { srgb8FromLinear } from "../../src/vision/srgb.ts";
import type { RgbaImage } from "../../src/vision/raster.ts";

type P = [number, number];

/** The disc: a 200 px square frame, radius 60 px, centre off the pixel grid. */
export const DISC = { size: 200, radius: 60, cx: 100.3, cy: 99.7 } as const;

const erf = (x: number) => {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
};

/** The disc at `toolLinear` of full scale in linear light on paper at 0.8, blurred by a Gaussian of `sigma` px. */
export function blurredDisc(toolLinear: number, sigma: number, blurredEncoded: boolean): RgbaImage {
  const { size: W, radius: R, cx, cy } = DISC;
  const data = new Uint8Array(W * W * 4);
  const enc = (l: number) => srgb8FromLinear(255 * l);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++) {
      const share = 0.5 * (1 + erf((Math.hypot(x + 0.5 - cx, y + 0.5 - cy) - R) / (sigma * Math.SQRT2)));
      const o = (y * W + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = blurredEncoded ? Math.round(enc(toolLinear) + (enc(0.8) - enc(toolLinear)) * share) : enc(toolLinear + (0.8 - toolLinear) * share);
      data[o + 3] = 255;
    }
  return { width: W, height: W, data };
}

/** A ring of 400 points at radius r round the disc's centre. */
export function discRing(r: number): P[] {
  return Array.from({ length: 400 }, (_, i) => [DISC.cx + r * Math.cos((i / 400) * 2 * Math.PI), DISC.cy + r * Math.sin((i / 400) * 2 * Math.PI)] as P);
}

/** Mean distance of `pts` from the disc's centre, less its radius (px; + outside). */
export function discRadiusError(pts: P[]): number {
  return pts.reduce((s, [x, y]) => s + Math.hypot(x - DISC.cx, y - DISC.cy), 0) / pts.length - DISC.radius;
}
