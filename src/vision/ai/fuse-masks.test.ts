import { describe, expect, test } from "bun:test";
import { fuseMasks } from "./fuse-masks.ts";

// A 20 x 10 strip: the network is sure about x < 8, unsure (0.3) at x 8-11, and sees nothing beyond.
const W = 20;
const H = 10;
const prob = new Float32Array(W * H).map((_, i) => {
  const x = i % W;
  return x < 8 ? 0.9 : x < 12 ? 0.3 : 0.02;
});
// The classic segmenter finds the tool up to x = 11, plus a stray blob at x 17-18.
const classic = new Uint8Array(W * H).map((_, i) => {
  const x = i % W;
  return x < 12 || x === 17 || x === 18 ? 1 : 0;
});
const cols = (m: Uint8Array) => Array.from({ length: W }, (_, x) => m[5 * W + x]);

describe("fuseMasks", () => {
  test("alone, the AI mask ends where the network is sure", () => {
    const m = fuseMasks(prob, new Uint8Array(W * H), W, H, { confidence: 0.5, reachPx: 5, supportProb: 0.1 });
    expect(cols(m)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  test("classic pixels near the AI region with some network support extend it; far or unsupported ones do not", () => {
    const m = fuseMasks(prob, classic, W, H, { confidence: 0.5, reachPx: 5, supportProb: 0.1 });
    expect(cols(m)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    const strict = fuseMasks(prob, classic, W, H, { confidence: 0.5, reachPx: 5, supportProb: 0.5 });
    expect(cols(strict)).toEqual(cols(fuseMasks(prob, new Uint8Array(W * H), W, H, { confidence: 0.5, reachPx: 5, supportProb: 0.1 })));
    const short = fuseMasks(prob, classic, W, H, { confidence: 0.5, reachPx: 2, supportProb: 0.1 });
    expect(cols(short)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
