import { FRAME_H_MM, FRAME_W_MM } from "../pad-spec.ts";

/**
 * The bundled model's input/output contract (assets/models/MODEL_CARD.md). Training data export
 * (ml/export-dataset.ts) imports these numbers, so training and inference cannot drift apart.
 *
 * Input: NCHW float32 [1, 3, 512, 384]: the rectified pad frame (195.9 x 259.4 mm) area-resampled to
 * the input size (about 1.96 px/mm), RGB scaled to 0-1, then each channel multiplied so that its
 * 75th percentile over the frame (the paper) becomes 0.9 ("paper" normalisation; the network's own
 * centring is baked into the graph, so mean 0 / std 1 here). Output: [1, 1, 512, 384] logits,
 * tool = positive.
 */
export const FOAM_UNET = {
  model: "foam-unet",
  version: "2",
  file: "foam-unet-v2.onnx",
  inputWidth: 384,
  inputHeight: 512,
  mean: [0, 0, 0] as [number, number, number],
  std: [1, 1, 1] as [number, number, number],
  output: "logits" as const,
  normalise: "paper" as const,
};

/** "paper" normalisation: per-channel order statistic and the level the paper is scaled to. */
export const PAPER_PERCENTILE = 0.75;
export const PAPER_LEVEL = 0.9;

export const NET_PX_PER_MM_X = FOAM_UNET.inputWidth / FRAME_W_MM;
export const NET_PX_PER_MM_Y = FOAM_UNET.inputHeight / FRAME_H_MM;
