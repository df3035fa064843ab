// Registers the learned segmenter as "ai" inside a vision worker (imported by worker.ts).
import { loadSegmentationModel } from "./ai/load-model.ts";
import { segmentAi } from "./ai/segment-ai.ts";
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
  const classic = segmentClassic({ ...input, confidence: undefined });
  return segmentAi(model, input, { classic });
}

registerSegmenter("ai", segmentWithAi);
