import type { RgbaImage } from "./raster.ts";

/**
 * Input to a segmenter: the photo rectified to pad space (pixel u covers pad mm [u/k, (u+1)/k)) and
 * a mask of pixels to ignore (marker keep-outs, frame line).
 */
export type SegmentInput = {
  image: RgbaImage;
  pxPerMm: number;
  /** 1 = ignore (treated as paper). */
  excluded: Uint8Array;
  /** The photo's own resolution on the pad at the frame's centre (px/mm), when known: how far its blur spreads a printed line. */
  sourcePxPerMm?: number;
  sensitivity: number;
  /** Learned segmenters: minimum foreground probability (0..1). */
  confidence?: number;
  /** Learned segmenters: disk radius (px of this image) to open and close the network's mask with. */
  postMorphPx?: number;
  /**
   * Several photos of one capture: line pixels where this photo shows the printed line and another
   * photo shows it at the same pad place (multiview/line-votes.ts). The grid counts them as seen.
   */
  lineSeen?: Uint8Array;
};

export type SegmentOutput = {
  /** 1 = tool, 0 = pad; same size as the input image. */
  mask: Uint8Array;
  /**
   * Optional RGB image (same size) in which tool edges are clean (grid removed, lighting flattened);
   * the contour step snaps the outline to edges in it with sub-pixel precision. Defaults to the input.
   */
  edgeImage?: RgbaImage;
  diagnostics?: Record<string, unknown>;
  /**
   * What the accuracy figure needs to know (optional; same size as the mask): `shadow` = a cast
   * shadow by the grid's evidence, left out; `filled` = pixels given to the tool without evidence of
   * their own (a narrow slit or a shadow the tool nearly encloses, closed; a slit's floor seen
   * between two walls, slit-floors.ts): the true footprint may leave them out, so the outline may be
   * off by as far as they reach into it, and the multi-photo slit step reads them as no tool.
   */
  shadow?: Uint8Array;
  filled?: Uint8Array;
  /**
   * Optional (same size): 1 = a highlight, clearly brighter than the paper's fitted brightness there.
   * Only polished metal (or gloss) is brighter than the white paper beside it; the one-photo outline
   * reads how much of the tool shines (trace-views.ts, SHINY_GROW_MM).
   */
  specular?: Uint8Array;
};

/**
 * A segmenter turns the rectified pad into a binary tool mask. The classic one is colour/lighting
 * based; a learned model can be plugged in with the same signature (see registerSegmenter).
 */
export type Segmenter = (input: SegmentInput) => SegmentOutput | Promise<SegmentOutput>;

const registry = new Map<string, Segmenter>();

/**
 * Register a segmenter by name ("ai" is used for mode "ai"). Segmenters run inside the pool's
 * workers, so registration must happen in worker code (e.g. a module imported by worker.ts).
 */
export function registerSegmenter(name: string, segmenter: Segmenter): void {
  registry.set(name, segmenter);
}

/** Remove a registration (tests that need the stand-in whatever another test file registered). */
export function unregisterSegmenter(name: string): void {
  registry.delete(name);
}

export function getSegmenter(name: string): Segmenter | undefined {
  return registry.get(name);
}
