import type { SegmentInput, SegmentOutput } from "../segmenter.ts";
import { fuseDefaults, fuseMasks } from "./fuse-masks.ts";
import type { SegmentationModel } from "./load-model.ts";
import { predictProbabilities, probabilitiesToMask } from "./segment-with-model.ts";

export type AiSegmentOptions = {
  confidence?: number;
  /** Disk radius for open+close; 0 (default) when the pipeline cleans the mask itself. */
  postMorphPx?: number;
  /**
   * The classic segmenter's output for the same input. When given, the masks are fused (fuseMasks:
   * the network picks the tool, the classic outline delineates it) and its edge image is passed on
   * for sub-pixel snapping; without it the AI mask is used alone.
   */
  classic?: SegmentOutput;
};

/**
 * The AI scanner's segmenter in the trace pipeline's shape (src/vision/segmenter.ts), but async
 * because onnxruntime runs asynchronously: mask 1 = tool, 0 = pad, excluded pixels forced to pad.
 */
export async function segmentAi(model: SegmentationModel, input: SegmentInput, opts: AiSegmentOptions = {}): Promise<SegmentOutput> {
  const { image, pxPerMm, excluded } = input;
  const { width: w, height: h } = image;
  const confidence = opts.confidence ?? input.confidence ?? 0.5;
  const t0 = performance.now();
  const prob = await predictProbabilities(model, image.data, w, h, { pxPerMm });
  const t1 = performance.now();
  let mask: Uint8Array;
  if (opts.classic) {
    mask = fuseMasks(prob, opts.classic.mask, w, h, fuseDefaults(pxPerMm, confidence));
  } else {
    const m255 = probabilitiesToMask(prob, w, h, { confidence, postMorphPx: 0 });
    mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i++) mask[i] = m255[i] ? 1 : 0;
  }
  if (opts.postMorphPx) {
    const cleaned = probabilitiesToMask(Float32Array.from(mask), w, h, { confidence: 0.5, postMorphPx: opts.postMorphPx });
    for (let i = 0; i < mask.length; i++) mask[i] = cleaned[i] ? 1 : 0;
  }
  for (let i = 0; i < mask.length; i++) if (excluded[i]) mask[i] = 0;
  return {
    mask,
    edgeImage: opts.classic?.edgeImage,
    diagnostics: {
      segmenter: opts.classic ? "ai+classic" : "ai",
      model: model.info.model,
      version: model.info.version,
      input: model.info.input,
      timings_ms: { inference: +(t1 - t0).toFixed(1), mask: +(performance.now() - t1).toFixed(1) },
    },
  };
}
