import { multiply3, type Mat3 } from "./homography.ts";
import { getCv, withMats } from "./opencv.ts";
import type { GreyImage, RgbaImage } from "./raster.ts";

/**
 * Map from a pad-space raster (k px/mm, pixel u centred at mm (u+0.5)/k, offset by `originMm`) to pixel
 * coordinates of a decoded image whose scale relative to the full image is (sx, sy). `padToImage` maps
 * pad mm to full-image continuous coordinates (pixel i spans [i, i+1)).
 */
export function rasterToDecoded(padToImage: Mat3, sx: number, sy: number, k: number, originMm: [number, number] = [0, 0]): Mat3 {
  const A = [1 / k, 0, 0.5 / k + originMm[0], 0, 1 / k, 0.5 / k + originMm[1], 0, 0, 1];
  const S = [sx, 0, -0.5, 0, sy, -0.5, 0, 0, 1];
  return multiply3(S, multiply3(padToImage, A));
}

/** Warp a region of the pad (in mm) out of the decoded photo at k px/mm. */
export function rectifyRegion(
  src: RgbaImage | GreyImage,
  channels: 1 | 4,
  padToImage: Mat3,
  sx: number,
  sy: number,
  k: number,
  region: { x: number; y: number; w: number; h: number },
): { width: number; height: number; data: Uint8Array } {
  const cv = getCv();
  const W = Math.max(1, Math.round(region.w * k));
  const H = Math.max(1, Math.round(region.h * k));
  const M = rasterToDecoded(padToImage, sx, sy, k, [region.x, region.y]);
  return withMats((track) => {
    const s = track(new cv.Mat(src.height, src.width, channels === 4 ? cv.CV_8UC4 : cv.CV_8UC1));
    s.data.set(src.data);
    const d = track(new cv.Mat());
    const m = track(cv.matFromArray(3, 3, cv.CV_64F, M));
    cv.warpPerspective(s, d, m, new cv.Size(W, H), cv.INTER_LINEAR | cv.WARP_INVERSE_MAP, cv.BORDER_REPLICATE);
    return { width: W, height: H, data: new Uint8Array(d.data) };
  });
}
