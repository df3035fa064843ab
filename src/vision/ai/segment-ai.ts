import type { SegmentInput, SegmentOutput } from "../segmenter.ts";
import type { SegmentationModel } from "./load-model.ts";
import { probabilitiesToMask, predictProbabilities } from "./segment-with-model.ts";

export type AiSegmentOptions = {
  confidence?: number;
  /** Disk diameter for open+close; 0 when the pipeline cleans the mask itself. */
  postMorphPx?: number;
};

/**
 * The AI scanner's segmenter in the trace pipeline's shape (src/vision/segmenter.ts), but async
 * because onnxruntime runs asynchronously: mask 1 = tool, 0 = pad, excluded pixels forced to pad.
 */
export async function segmentAi(model: SegmentationModel, input: SegmentInput, opts: AiSegmentOptions = {}): Promise<SegmentOutput> {
  const { image, pxPerMm, excluded } = input;
  const { width: w, height: h } = image;
  const t0 = performance.now();
  const prob = await predictProbabilities(model, image.data, w, h, { pxPerMm });
  const t1 = performance.now();
  const m255 = probabilitiesToMask(prob, w, h, { confidence: opts.confidence ?? input.confidence ?? 0.5, postMorphPx: opts.postMorphPx ?? 0 });
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = m255[i] && !excluded[i] ? 1 : 0;
  return {
    mask,
    diagnostics: {
      segmenter: "ai",
      model: model.info.model,
      version: model.info.version,
      input: model.info.input,
      timings_ms: { inference: +(t1 - t0).toFixed(1), mask: +(performance.now() - t1).toFixed(1) },
    },
  };
}
