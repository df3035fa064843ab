import type { Tensor } from "onnxruntime-node";
import { FRAME_H_MM, FRAME_W_MM } from "../pad-spec.ts";
import type { SegmentationModel } from "./load-model.ts";
import { PAPER_LEVEL, PAPER_PERCENTILE } from "./model-contract.ts";
import { openClose } from "./morphology.ts";
import { frameExtent, resampleToPlanarRgb, resizeBilinear } from "./resample.ts";

export type FrameOptions = {
  /**
   * Scale of the rectified raster: pixel u covers pad mm [u/k, (u+1)/k) (the trace pipeline's
   * rectifyRegion). Without it the raster is taken to span exactly the 195.9 x 259.4 mm frame.
   */
  pxPerMm?: number;
};

export type SegmentOptions = FrameOptions & {
  /** Probability threshold, 0-1 (SPEC default 0.5). */
  confidence?: number;
  /** Radius in px (of this image) of the disk used to open then close the mask, 0-10 (SPEC default 3). */
  postMorphPx?: number;
};

type Ort = typeof import("onnxruntime-node");
let ortModule: Ort | null = null;

/** The network input for a rectified frame: area-resampled planar RGB, 0-255, at iw x ih. */
export function frameToNetworkRgb(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, iw: number, ih: number, pxPerMm?: number): Float32Array {
  const [ex, ey] = frameExtent(width, height, FRAME_W_MM, FRAME_H_MM, pxPerMm);
  return resampleToPlanarRgb(rgba, width, height, iw, ih, 4, ex, ey);
}

/**
 * Scale each channel of planar 0-1 RGB so that its 75th percentile (the paper: tools cover well under
 * a quarter of the frame) becomes 0.9, in place. Same order statistic as normalise_paper() in
 * ml/train.py.
 */
export function paperNormalise(planar: Float32Array, plane: number): void {
  const k = Math.floor(PAPER_PERCENTILE * (plane - 1));
  for (let ch = 0; ch < 3; ch++) {
    const v = planar.slice(ch * plane, (ch + 1) * plane).sort();
    const f = PAPER_LEVEL / Math.max(v[k], 0.05);
    for (let i = ch * plane; i < (ch + 1) * plane; i++) planar[i] *= f;
  }
}

/**
 * Tool probability (0-1) for every pixel of a rectified pad frame `rgba` (width x height). The frame
 * is area-resampled to the network input, and the network's answer is resized back bilinearly so
 * boundaries keep sub-pixel detail.
 */
export async function predictProbabilities(
  model: SegmentationModel,
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  opts: FrameOptions = {},
): Promise<Float32Array> {
  if (rgba.length < width * height * 4) throw new Error(`rgba has ${rgba.length} bytes, expected ${width * height * 4}`);
  ortModule ??= await import("onnxruntime-node");
  const c = model.contract;
  const iw = c.inputWidth;
  const ih = c.inputHeight;
  const input = frameToNetworkRgb(rgba, width, height, iw, ih, opts.pxPerMm);
  const plane = iw * ih;
  for (let i = 0; i < input.length; i++) input[i] /= 255;
  if (c.normalise === "paper") paperNormalise(input, plane);
  for (let ch = 0; ch < 3; ch++) {
    const m = c.mean[ch];
    const s = 1 / c.std[ch];
    const off = ch * plane;
    for (let i = 0; i < plane; i++) input[off + i] = (input[off + i] - m) * s;
  }
  const feeds = { [model.inputName]: new ortModule.Tensor("float32", input, [1, 3, ih, iw]) };
  const out = (await model.session.run(feeds))[model.outputName] as Tensor;
  const dims = out.dims;
  const ow = dims[dims.length - 1];
  const oh = dims[dims.length - 2];
  // A multi-channel output (e.g. background/foreground) keeps its last channel as "tool".
  const channels = out.data.length / (ow * oh);
  const raw = out.data as Float32Array;
  const prob = new Float32Array(ow * oh);
  const off = (channels - 1) * ow * oh;
  if (c.output === "logits") for (let i = 0; i < prob.length; i++) prob[i] = 1 / (1 + Math.exp(-raw[off + i]));
  else for (let i = 0; i < prob.length; i++) prob[i] = Math.min(1, Math.max(0, raw[off + i]));
  out.dispose?.();
  const [ex, ey] = frameExtent(width, height, FRAME_W_MM, FRAME_H_MM, opts.pxPerMm);
  if (ow === width && oh === height && ex === width && ey === height) return prob;
  return resizeBilinear(prob, ow, oh, width, height, ow / ex, oh / ey);
}

/** Threshold a probability map at `confidence` and clean it with `postMorphPx`. */
export function probabilitiesToMask(prob: Float32Array, width: number, height: number, opts: SegmentOptions = {}): Uint8Array {
  const confidence = opts.confidence ?? 0.5;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = prob[i] >= confidence ? 255 : 0;
  return openClose(mask, width, height, opts.postMorphPx ?? 3);
}

/**
 * The AI scanner's segmentation step: a 0/255 tool mask at width x height for a rectified pad
 * frame. Thresholds the bilinearly resized probabilities at `confidence`, then opens and closes with
 * a disk of radius `postMorphPx` pixels of this image.
 */
export async function segmentWithModel(
  model: SegmentationModel,
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  opts: SegmentOptions = {},
): Promise<Uint8Array> {
  const prob = await predictProbabilities(model, rgba, width, height, opts);
  return probabilitiesToMask(prob, width, height, opts);
}
