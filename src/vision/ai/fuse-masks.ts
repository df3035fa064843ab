import { dilateDisk } from "./morphology.ts";

export type FuseOptions = {
  /** AI threshold (the confidence parameter). */
  confidence: number;
  /** How far (px) from the AI region classic pixels may extend it. */
  reachPx: number;
  /** AI probability above which a classic "tool" pixel is accepted inside the reach band. */
  supportProb: number;
};

/**
 * AI mask plus classic help where the network is unsure: a classic tool pixel joins the mask when it
 * lies within `reachPx` of the AI region and the network gives it at least `supportProb`. Bright steel
 * edges and thin tips the network softens are kept by the colour-based segmenter, while classic false
 * positives far from the tool (shadows, print) cannot leak in. Masks are 0/1 or 0/255; returns 0/1.
 */
export function fuseMasks(aiProb: Float32Array, classicMask: Uint8Array, width: number, height: number, opts: FuseOptions): Uint8Array {
  const n = width * height;
  const ai = new Uint8Array(n);
  for (let i = 0; i < n; i++) ai[i] = aiProb[i] >= opts.confidence ? 255 : 0;
  const near = opts.reachPx > 0 ? dilateDisk(ai, width, height, opts.reachPx) : ai;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = ai[i] || (classicMask[i] && near[i] && aiProb[i] >= opts.supportProb) ? 1 : 0;
  return out;
}
