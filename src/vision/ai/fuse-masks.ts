import { dilateDisk } from "./morphology.ts";

export type FuseOptions = {
  /** AI threshold (the confidence parameter). */
  confidence: number;
  /**
   * A classic component joins whole when at least this share of its pixels is AI tool: the network
   * found the tool, the colour segmenter fills what the network left out (e.g. the flat middle of a
   * large light-grey part). 0 disables; 1 never adds.
   */
  componentOverlap: number;
  /** Classic pixels within this many px of the AI region and with AI probability >= supportProb join too. */
  reachPx: number;
  supportProb: number;
};

/**
 * AI mask plus the classic (colour/lighting) mask where the two agree on the object: whole classic
 * components that the network largely confirms, and classic pixels right next to the AI region that
 * the network does not rule out (bright steel edges and thin tips the network softens). Classic
 * detections the network does not see at all (stray print, shadows far from the tool) never leak in.
 * Masks are 0/1 or 0/255; returns 0/1.
 */
export function fuseMasks(aiProb: Float32Array, classicMask: Uint8Array, width: number, height: number, opts: FuseOptions): Uint8Array {
  const n = width * height;
  const ai = new Uint8Array(n);
  for (let i = 0; i < n; i++) ai[i] = aiProb[i] >= opts.confidence ? 255 : 0;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = ai[i] ? 1 : 0;

  if (opts.componentOverlap > 0 && opts.componentOverlap <= 1) {
    // 8-connected components of the classic mask, with their size and AI overlap.
    const label = new Int32Array(n);
    const stack = new Int32Array(n);
    const size: number[] = [0];
    const shared: number[] = [0];
    for (let s = 0; s < n; s++) {
      if (!classicMask[s] || label[s]) continue;
      const id = size.length;
      let count = 0;
      let both = 0;
      let top = 0;
      stack[top++] = s;
      label[s] = id;
      while (top) {
        const p = stack[--top];
        count++;
        if (ai[p]) both++;
        const x = p % width;
        const y = (p - x) / width;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            const q = yy * width + xx;
            if (classicMask[q] && !label[q]) {
              label[q] = id;
              stack[top++] = q;
            }
          }
        }
      }
      size.push(count);
      shared.push(both);
    }
    for (let i = 0; i < n; i++) {
      const l = label[i];
      if (l && shared[l] >= opts.componentOverlap * size[l]) out[i] = 1;
    }
  }

  if (opts.reachPx > 0) {
    const near = dilateDisk(ai, width, height, opts.reachPx);
    for (let i = 0; i < n; i++) if (classicMask[i] && near[i] && aiProb[i] >= opts.supportProb) out[i] = 1;
  }
  return out;
}
