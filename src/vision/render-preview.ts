import { getCv, withMats } from "./opencv.ts";
import { encodePngRgb } from "./png-encode.ts";
import type { RgbaImage } from "./raster.ts";

type P = [number, number];

/** Draw a closed outline (continuous pixel coordinates) onto a copy of the image, anti-aliased. */
export function drawOutline(img: RgbaImage, pointsPx: P[], rgb: [number, number, number] = [0, 200, 83], thickness = 2): RgbaImage {
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(img.height, img.width, cv.CV_8UC4));
    m.data.set(img.data);
    const shift = 4;
    const f = 1 << shift;
    const colour = new cv.Scalar(rgb[0], rgb[1], rgb[2], 255);
    const n = pointsPx.length;
    for (let i = 0; i < n; i++) {
      const a = pointsPx[i];
      const b = pointsPx[(i + 1) % n];
      // Continuous coordinates -> pixel-centre convention used by OpenCV drawing.
      cv.line(m, new cv.Point(Math.round((a[0] - 0.5) * f), Math.round((a[1] - 0.5) * f)), new cv.Point(Math.round((b[0] - 0.5) * f), Math.round((b[1] - 0.5) * f)), colour, thickness, cv.LINE_AA, shift);
    }
    return { width: img.width, height: img.height, data: new Uint8Array(m.data) };
  });
}

export function toPngDataUrl(img: RgbaImage): string {
  return `data:image/png;base64,${Buffer.from(encodePngRgb(img)).toString("base64")}`;
}
