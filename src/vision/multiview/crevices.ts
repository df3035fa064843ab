// Dark crevices: narrow dark valleys in a photo's rectified pad image, where a slit between two
// parts may reach the pad without any photo seeing its floor as paper.

import { getCv, withMats } from "../opencv.ts";
import { lumaAt, type RgbaImage } from "../raster.ts";

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
 * takes how far it reaches into the footprint (trace-views.ts, fillReach). With `near` (a pixel
 * box, inclusive: the footprint's), only that box and the element's reach around it are read; the
 * rest is 0.
 */
export function darkCrevices(image: RgbaImage, pxPerMm: number, near?: { x0: number; y0: number; x1: number; y1: number }): Uint8Array {
  const cv = getCv();
  const { width, height, data } = image;
  const out = new Uint8Array(width * height);
  const d = Math.max(3, Math.round(CREVICE_MAX_WIDTH_MM * pxPerMm) | 1);
  const x0 = near ? Math.max(0, near.x0 - d) : 0;
  const y0 = near ? Math.max(0, near.y0 - d) : 0;
  const x1 = near ? Math.min(width - 1, near.x1 + d) : width - 1;
  const y1 = near ? Math.min(height - 1, near.y1 + d) : height - 1;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  return withMats((track) => {
    const grey = track(new cv.Mat(h, w, cv.CV_8UC1));
    const gd = grey.data as Uint8Array;
    for (let y = 0; y < h; y++) for (let x = 0, o = ((y + y0) * width + x0) * 4; x < w; x++, o += 4) gd[y * w + x] = lumaAt(data, o);
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
