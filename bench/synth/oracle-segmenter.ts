// The 3D bench's oracle (`--oracle`): every photo's segmentation replaced by the renderer's true
// silhouette (what that camera saw of the tool on the pad plane, cast shadows left out), so that the
// rest of the product's pipeline (calibration from the markers, the gap closing, the carve, the wall
// fit, the outline) is measured on its own: the floor that segmentation cannot go below.
import { getSegmenter, registerSegmenter, type SegmentInput, type SegmentOutput } from "../../src/vision/segmenter.ts";
import { fillPolygonCentres } from "../../src/vision/raster.ts";
import { maskEdgeImage } from "../../src/vision/trace-views.ts";

type P = [number, number];

/**
 * What each photo about to be traced is segmented as, in order: its silhouette (pad mm), and for
 * tests, `paperLike` blobs added to the mask that its edge image shows as paper (what a noisy photo
 * takes for tool where it could not read the grid), and `toolLike` ones it shows as tool.
 */
type Queued = { silhouette: P[]; paperLike?: P[][]; toolLike?: P[][] };
const queue: Queued[] = [];

function oracleSegment(input: SegmentInput): SegmentOutput {
  const next = queue.shift();
  if (!next) throw new Error("oracle segmenter: no true silhouette queued for this photo");
  const { width, height } = input.image;
  const k = input.pxPerMm;
  const mask = new Uint8Array(width * height);
  for (const poly of [next.silhouette, ...(next.toolLike ?? [])]) fillPolygonCentres(mask, width, height, poly.map(([x, y]) => [x * k, y * k] as P));
  // The outline snaps to the true silhouette, not to the photo's edges: the carved footprint's own smooth image.
  const edgeImage = maskEdgeImage(mask, width, height);
  for (const blob of next.paperLike ?? []) fillPolygonCentres(mask, width, height, blob.map(([x, y]) => [x * k, y * k] as P));
  return { mask, edgeImage, diagnostics: { segmenter: "oracle (true silhouettes)" } };
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
  queueSegmentations(silhouettes.map((silhouette) => ({ silhouette })));
}

/** Queue what the photos of one trace are segmented as, in order (see Queued). */
export function queueSegmentations(entries: Queued[]): void {
  queue.length = 0;
  queue.push(...entries);
}
