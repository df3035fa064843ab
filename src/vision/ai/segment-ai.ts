import type { SegmentInput, SegmentOutput } from "../segmenter.ts";
import { clipDefaults, clipToNetwork, dropGridShadows, fuseDefaults, fuseMasks, type GridEvidence } from "./fuse-masks.ts";
import type { SegmentationModel } from "./load-model.ts";
import { predictProbabilities, probabilitiesToMask } from "./segment-with-model.ts";

export type AiSegmentOptions = {
  /**
   * The classic segmenter's output for the same input. When given, the masks are fused (fuseMasks:
   * the network picks the tool, the classic outline delineates it) and its edge image is passed on
   * for sub-pixel snapping; without it the AI mask is used alone. Its grid evidence (the classic
   * segmenter's `shadow` and `gridTool`), when present, has the last word: see dropGridShadows.
   */
  classic?: SegmentOutput & GridEvidence;
};

/**
 * The AI scanner's segmentation step in the trace pipeline's shape (src/vision/segmenter.ts), async
 * because onnxruntime runs asynchronously. The network's probabilities are thresholded at
 * `input.confidence` and cleaned with `input.postMorphPx` (open + close) *before* fusion: post-morph
 * tidies the network's soft 2 px/mm answer, while confirmed classic outlines keep their pixel-sharp
 * edges. Mask 1 = tool, 0 = pad; excluded pixels are pad.
 */
export async function segmentAi(model: SegmentationModel, input: SegmentInput, opts: AiSegmentOptions = {}): Promise<SegmentOutput> {
  const { image, pxPerMm, excluded } = input;
  const { width: w, height: h } = image;
  const t0 = performance.now();
  const prob = await predictProbabilities(model, image.data, w, h, { pxPerMm });
  const t1 = performance.now();
  for (let i = 0; i < prob.length; i++) if (excluded[i]) prob[i] = 0;
  const aiMask = probabilitiesToMask(prob, w, h, { confidence: input.confidence ?? 0.5, postMorphPx: input.postMorphPx ?? 3 });
  let mask: Uint8Array;
  if (opts.classic) {
    mask = fuseMasks(aiMask, opts.classic.mask, w, h, { ...fuseDefaults(pxPerMm), gridTool: opts.classic.gridTool });
    clipToNetwork(mask, aiMask, prob, w, h, clipDefaults(pxPerMm), opts.classic.gridTool);
    dropGridShadows(mask, opts.classic);
  } else {
    mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i++) mask[i] = aiMask[i] ? 1 : 0;
  }
  for (let i = 0; i < mask.length; i++) if (excluded[i]) mask[i] = 0;
  return {
    mask,
    edgeImage: opts.classic?.edgeImage,
    // The classic's evidence for the accuracy figure (what it filled and the shadows it left out).
    shadow: opts.classic?.shadow,
    filled: opts.classic?.filled,
    specular: opts.classic?.specular,
    diagnostics: {
      ...opts.classic?.diagnostics,
      segmenter: opts.classic ? "ai+classic fusion" : "ai",
      model: model.info.model,
      model_version: model.info.version,
      inference_ms: Math.round(t1 - t0),
      mask_ms: Math.round(performance.now() - t1),
    },
  };
}
