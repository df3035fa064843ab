// Dark crevices: narrow dark valleys in a photo's rectified pad image, where a slit between two
// parts may reach the pad without any photo seeing its floor as paper.

import { getCv, withMats } from "../opencv.ts";
import type { RgbaImage } from "../raster.ts";

/**
 * Widest valley (mm) read as a crevice: the black top-hat's element. A caliper's jaw slit or a
 * pair of pliers' V near its apex is 0.5-2.5 mm across; a tool's dark parts are wider and come out
 * flat.
 */
export const CREVICE_MAX_WIDTH_MM = 3;
/** How much darker (share of full scale) than the brighter sides around it a crevice's floor must be. */
export const CREVICE_CONTRAST = 0.18;

/**
 * 1 where the image has a dark valley narrower than CREVICE_MAX_WIDTH_MM, at least CREVICE_CONTRAST
 * darker than what lies either side of it (black top-hat of the grey level). Inside a traced
 * footprint such a valley may be a slit the photos could not see to the floor: the accuracy figure
 * takes how far it reaches into the footprint (trace-views.ts, filledReachMm). With `within`, only
 * around that mask's box (the rest is 0).
 */
export function darkCrevices(image: RgbaImage, pxPerMm: number, within?: Uint8Array): Uint8Array {
  const cv = getCv();
  const { width, height, data } = image;
  const out = new Uint8Array(width * height);
  const d = Math.max(3, Math.round(CREVICE_MAX_WIDTH_MM * pxPerMm) | 1);
  // Only the box of `within` (the footprint) and the element's reach around it are read.
  let [x0, y0, x1, y1] = [0, 0, width - 1, height - 1];
  if (within) {
    [x0, y0, x1, y1] = [width, height, -1, -1];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (within[y * width + x]) {
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
    if (x1 < 0) return out;
    [x0, y0, x1, y1] = [Math.max(0, x0 - d), Math.max(0, y0 - d), Math.min(width - 1, x1 + d), Math.min(height - 1, y1 + d)];
  }
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  return withMats((track) => {
    const grey = track(new cv.Mat(h, w, cv.CV_8UC1));
    const gd = grey.data as Uint8Array;
    for (let y = 0; y < h; y++)
      for (let x = 0, o = ((y + y0) * width + x0) * 4; x < w; x++, o += 4) gd[y * w + x] = (data[o] * 77 + data[o + 1] * 150 + data[o + 2] * 29 + 128) >> 8;
    // A square element: separable, so fast; across a slit it reads the same as a disk.
    const kernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(d, d)));
    const hat = track(new cv.Mat());
    cv.morphologyEx(grey, hat, cv.MORPH_BLACKHAT, kernel, new cv.Point(-1, -1), 1, cv.BORDER_REPLICATE);
    const hd = hat.data as Uint8Array;
    const limit = CREVICE_CONTRAST * 255;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (hd[y * w + x] > limit) out[(y + y0) * width + x + x0] = 1;
    return out;
  });
}
