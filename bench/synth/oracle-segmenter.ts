// The 3D bench's oracle (`--oracle`): every photo's segmentation replaced by the renderer's true
// silhouette (what that camera saw of the tool on the pad plane, cast shadows left out), so that the
// rest of the product's pipeline (calibration from the markers, the gap closing, the carve, the wall
// fit, the outline) is measured on its own: the floor that segmentation cannot go below.
import { getSegmenter, registerSegmenter, type SegmentInput, type SegmentOutput } from "../../src/vision/segmenter.ts";
import { fillPolygonCentres } from "../../src/vision/raster.ts";
import { maskEdgeImage } from "../../src/vision/trace-views.ts";

type P = [number, number];

/** The silhouettes (pad mm) of the photos about to be traced, in the order they are segmented. */
const queue: P[][] = [];

function oracleSegment(input: SegmentInput): SegmentOutput {
  const sil = queue.shift();
  if (!sil) throw new Error("oracle segmenter: no true silhouette queued for this photo");
  const { width, height } = input.image;
  const k = input.pxPerMm;
  const mask = new Uint8Array(width * height);
  fillPolygonCentres(mask, width, height, sil.map(([x, y]) => [x * k, y * k] as P));
  // The outline snaps to the true silhouette, not to the photo's edges: the carved footprint's own smooth image.
  return { mask, edgeImage: maskEdgeImage(mask, width, height), diagnostics: { segmenter: "oracle (true silhouettes)" } };
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
