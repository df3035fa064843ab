// The AI scanner's segmentation: a small U-Net (assets/models/foam-unet-v2.onnx, see MODEL_CARD.md)
// run with onnxruntime-node on the rectified pad frame.
export { type ClipOptions, clipDefaults, clipToNetwork, fuseDefaults, fuseMasks, type FuseOptions } from "./fuse-masks.ts";
export { loadSegmentationModel, type ModelContract, type ModelInfo, modelInfo, releaseSegmentationModels, resolveModelPath, type SegmentationModel } from "./load-model.ts";
export { FOAM_UNET } from "./model-contract.ts";
export { openClose } from "./morphology.ts";
export { type AiSegmentOptions, segmentAi } from "./segment-ai.ts";
export { type FrameOptions, frameToNetworkRgb, paperNormalise, predictProbabilities, probabilitiesToMask, type SegmentOptions, segmentWithModel } from "./segment-with-model.ts";
