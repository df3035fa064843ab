// The 3D bench's oracle (`--oracle`): every photo's segmentation replaced by the renderer's true
// silhouette (what that camera saw of the tool on the pad plane, cast shadows left out), so that the
// rest of the product's pipeline (calibration from the markers, the gap closing, the carve, the wall
// fit, the outline) is measured on its own: the floor that segmentation cannot go below.
import { getSegmenter, registerSegmenter, type SegmentInput, type SegmentOutput } from "../../src/vision/segmenter.ts";
import { fillPolygonCentres, type RgbaImage } from "../../src/vision/raster.ts";

type P = [number, number];

/** The silhouettes (pad mm) of the photos about to be traced, in the order they are segmented. */
const queue: P[][] = [];

/** A smooth grey picture of the mask, so the outline snaps to the true silhouette, not to the photo's edges. */
function edgeImageOf(mask: Uint8Array, width: number, height: number): RgbaImage {
  let g = new Float32Array(mask.length);
  for (let q = 0; q < mask.length; q++) g[q] = mask[q] ? 40 : 220;
  // Two 3 x 3 box passes: a soft step the sub-pixel snap can read.
  for (let pass = 0; pass < 2; pass++) {
    const o = new Float32Array(g.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
            s += g[yy * width + xx];
            n++;
          }
        o[y * width + x] = s / n;
      }
    g = o;
  }
  const data = new Uint8Array(4 * mask.length);
  for (let q = 0; q < mask.length; q++) {
    const v = Math.round(g[q]);
    data[4 * q] = data[4 * q + 1] = data[4 * q + 2] = v;
    data[4 * q + 3] = 255;
  }
  return { width, height, data };
}

function oracleSegment(input: SegmentInput): SegmentOutput {
  const sil = queue.shift();
  if (!sil) throw new Error("oracle segmenter: no true silhouette queued for this photo");
  const { width, height } = input.image;
  const k = input.pxPerMm;
  const mask = new Uint8Array(width * height);
  fillPolygonCentres(mask, width, height, sil.map(([x, y]) => [x * k, y * k] as P));
  return { mask, edgeImage: edgeImageOf(mask, width, height), diagnostics: { segmenter: "oracle (true silhouettes)" } };
}

/**
 * Make mode "ai" segment with the true silhouettes in this process (it replaces the learned
 * segmenter's registration: a bench run is either the oracle or the AI, never both). Returns what
 * puts the previous registration back (tests share one process).
 */
export function useOracleSegmenter(): () => void {
  const previous = getSegmenter("ai");
  registerSegmenter("ai", oracleSegment);
  return () => {
    queue.length = 0;
    if (previous) registerSegmenter("ai", previous);
  };
}

/** Queue the true silhouettes of the photos of one trace, in order. */
export function queueTrueSilhouettes(silhouettes: P[][]): void {
  queue.length = 0;
  queue.push(...silhouettes);
}
