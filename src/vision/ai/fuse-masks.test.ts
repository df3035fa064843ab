import { describe, expect, test } from "bun:test";
import { fuseDefaults, fuseMasks } from "./fuse-masks.ts";

const W = 40;
const H = 20;
const at = (x: number, y: number) => y * W + x;

function rect(m: Uint8Array | Float32Array, x0: number, y0: number, x1: number, y1: number, v: number) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[at(x, y)] = v;
}
const row = (m: Uint8Array, y: number) => Array.from({ length: W }, (_, x) => m[at(x, y)]).join("");

describe("fuseMasks", () => {
  // The tool spans x 5-24. The network sees x 6-23 (softened ends) and also a part at x 28-35 that
  // the colour segmenter misses; the classic mask has the tool exactly plus a stray blob at x 36-38.
  const prob = new Float32Array(W * H).fill(0.02);
  rect(prob, 6, 5, 24, 15, 0.9);
  rect(prob, 24, 8, 36, 12, 0.8);
  const classic = new Uint8Array(W * H);
  rect(classic, 5, 5, 25, 15, 1);
  rect(classic, 37, 2, 39, 4, 1);

  test("confirmed classic components keep their own outline; unconfirmed ones are dropped; far AI parts are added", () => {
    const m = fuseMasks(prob, classic, W, H, { confidence: 0.5, componentOverlap: 0.5, bandPx: 2 });
    expect(row(m, 6)).toBe("0000011111111111111111111000000000000000");
    expect(row(m, 10)).toBe("0000011111111111111111111111111111110000");
    expect(m[at(37, 3)]).toBe(0);
  });

  test("without a classic mask, or with nothing confirmed, it is the AI mask", () => {
    const empty = fuseMasks(prob, new Uint8Array(W * H), W, H, fuseDefaults(5));
    const stray = new Uint8Array(W * H);
    rect(stray, 37, 2, 39, 4, 1);
    const unconfirmed = fuseMasks(prob, stray, W, H, fuseDefaults(5));
    for (const m of [empty, unconfirmed]) {
      expect(row(m, 10)).toBe("0000001111111111111111111111111111110000");
      expect(m.reduce((s, v) => s + v, 0)).toBe(18 * 10 + 12 * 4);
    }
  });

  test("a higher confidence can un-confirm a component", () => {
    const m = fuseMasks(prob, classic, W, H, { confidence: 0.95, componentOverlap: 0.5, bandPx: 2 });
    expect(m.reduce((s, v) => s + v, 0)).toBe(0);
    expect(fuseDefaults(5, 0.7)).toEqual({ confidence: 0.7, componentOverlap: 0.5, bandPx: 5 });
  });
});
