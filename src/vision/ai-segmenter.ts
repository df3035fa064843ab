// Registers the learned segmenter as "ai" inside a vision worker (imported by worker.ts).
import { fuseDefaults, fuseMasks } from "./ai/fuse-masks.ts";
import { loadSegmentationModel } from "./ai/load-model.ts";
import { predictProbabilities } from "./ai/segment-with-model.ts";
import { segmentClassic } from "./segment-classic.ts";
import { registerSegmenter, type SegmentInput, type SegmentOutput } from "./segmenter.ts";

/**
 * The network decides what is tool; the classic segmenter, run on the same rectified frame, gives
 * the sub-pixel edge (its edge image) and the outline of every component the network confirms.
 * The model loads once per worker on first use; a missing or corrupt model fails the AI scan with
 * the loader's VisionError while the classic scanner keeps working.
 */
export async function segmentWithAi(input: SegmentInput): Promise<SegmentOutput> {
  const model = await loadSegmentationModel();
  const { image, pxPerMm, excluded } = input;
  const confidence = input.confidence ?? 0.5;
  const started = performance.now();
  const probabilities = await predictProbabilities(model, image.data, image.width, image.height, { pxPerMm });
  const inferenceMs = performance.now() - started;
  const classic = segmentClassic({ ...input, confidence: undefined });
  const fused = fuseMasks(probabilities, classic.mask, image.width, image.height, fuseDefaults(pxPerMm, confidence));
  for (let i = 0; i < fused.length; i++) if (excluded[i]) fused[i] = 0;
  return {
    mask: fused,
    edgeImage: classic.edgeImage,
    diagnostics: {
      ...classic.diagnostics,
      segmenter: "ai+classic fusion",
      model: model.info.model,
      model_version: model.info.version,
      inference_ms: Math.round(inferenceMs),
    },
  };
}

registerSegmenter("ai", segmentWithAi);
