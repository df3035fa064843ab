import { encodePng } from "./synth/bmp-encode.ts";
import { decodePngToRgba } from "../src/vision/png-raw.ts";
import type { RgbaImage } from "../src/vision/raster.ts";

type P = [number, number];

/**
 * Crop of the scan preview around `centreMm`, zoomed, with the truth (green) and the traced outline
 * (red) plotted as dots. For looking at where an outline goes wrong.
 */
export async function dumpOverlay(image: RgbaImage | string, pxPerMm: number, truth: P[], traced: P[], centreMm: P, path: string, halfMm = 8, zoom = 6, mask?: Uint8Array): Promise<void> {
  const img = typeof image === "string" ? decodePngToRgba(new Uint8Array(Buffer.from(image.split(",")[1], "base64"))) : image;
  const half = Math.round(halfMm * pxPerMm);
  const cx = Math.round(centreMm[0] * pxPerMm);
  const cy = Math.round(centreMm[1] * pxPerMm);
  const size = 2 * half * zoom;
  const out = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const sx = Math.min(img.width - 1, Math.max(0, cx - half + Math.floor(x / zoom)));
      const sy = Math.min(img.height - 1, Math.max(0, cy - half + Math.floor(y / zoom)));
      const i = (sy * img.width + sx) * 4;
      const o = (y * size + x) * 4;
      out.set(img.data.subarray(i, i + 4), o);
      out[o + 3] = 255;
      if (mask?.[sy * img.width + sx] && (x + y) % 4 === 0) {
        out[o] = 255;
        out[o + 1] = 0;
        out[o + 2] = 255;
      }
    }
  const plot = (pts: P[], rgb: [number, number, number]) => {
    for (let k = 0; k < pts.length; k++) {
      const a = pts[k];
      const b = pts[(k + 1) % pts.length];
      const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * pxPerMm * zoom));
      for (let t = 0; t < n; t++) {
        const x = Math.round(((a[0] + ((b[0] - a[0]) * t) / n) * pxPerMm - (cx - half)) * zoom);
        const y = Math.round(((a[1] + ((b[1] - a[1]) * t) / n) * pxPerMm - (cy - half)) * zoom);
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const o = (y * size + x) * 4;
        out[o] = rgb[0];
        out[o + 1] = rgb[1];
        out[o + 2] = rgb[2];
      }
    }
  };
  plot(truth, [0, 220, 0]);
  plot(traced, [255, 0, 0]);
  await Bun.write(path, await encodePng({ width: size, height: size, data: out }));
}
