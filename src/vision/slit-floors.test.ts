import { describe, expect, test } from "bun:test";
import { floorsJoinedToPaper, slitFloorPixels } from "./slit-floors.ts";

const K = 5;
const W = 60;
const H = 40;

/** Two grid-hidden jaws (x < 20 and x >= 20 + gap, level `wall`) with a strip between them at `floor`. */
function scene(gap: number, floor: number, wall = 0.97, chromaOfFloor = 0.01) {
  const level = new Float32Array(W * H).fill(wall);
  const chroma = new Float32Array(W * H).fill(0.01);
  const tool = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (x >= 20 && x < 20 + gap) {
        level[i] = floor;
        chroma[i] = chromaOfFloor;
      } else if (x < 50) tool[i] = 1;
      // x >= 50: lit paper beyond the second jaw (not grid-hidden), as bright as the jaws.
    }
  return { level, chroma, tool, all: new Uint8Array(W * H).fill(1) };
}

const count = (m: Uint8Array) => m.reduce((s, v) => s + v, 0);

describe("slitFloorPixels", () => {
  test("a shaded strip between two grid-hidden jaws is a slit's floor", () => {
    const s = scene(3, 0.65);
    const f = slitFloorPixels(s.level, s.chroma, s.tool, W, H, K, s.all);
    for (let y = 0; y < H; y++) for (let x = 20; x < 23; x++) expect(f[y * W + x]).toBe(1);
    // Nothing of the jaws, nor of the paper beyond the second jaw's edge.
    expect(count(f)).toBe(3 * H);
  });

  test("only candidates are marked", () => {
    const s = scene(3, 0.65);
    const cand = new Uint8Array(W * H);
    for (let y = 0; y < 10; y++) for (let x = 0; x < W; x++) cand[y * W + x] = 1;
    expect(count(slitFloorPixels(s.level, s.chroma, s.tool, W, H, K, cand))).toBe(3 * 10);
  });

  test("a rim along the outline (paper on its other side) is no floor", () => {
    const s = scene(3, 0.65);
    // The second jaw removed: the strip is the first jaw's shaded rim against lit paper.
    for (let y = 0; y < H; y++) for (let x = 23; x < W; x++) s.tool[y * W + x] = 0;
    expect(count(slitFloorPixels(s.level, s.chroma, s.tool, W, H, K, s.all))).toBe(0);
  });

  test("a gap wider than SLIT_FLOOR_MAX_MM, a black or coloured strip, or one as bright as the jaws is no floor", () => {
    for (const s of [scene(14, 0.65), scene(3, 0.3), scene(3, 0.65, 0.97, 0.2), scene(3, 0.9)]) expect(count(slitFloorPixels(s.level, s.chroma, s.tool, W, H, K, s.all))).toBe(0);
  });

  test("a strip between a light jaw and a dark part (no darker than both) is no floor", () => {
    const s = scene(3, 0.65);
    for (let y = 0; y < H; y++) for (let x = 23; x < 50; x++) s.level[y * W + x] = 0.7;
    expect(count(slitFloorPixels(s.level, s.chroma, s.tool, W, H, K, s.all))).toBe(0);
  });

  test("a diagonal floor one pixel wide is found along the diagonal", () => {
    const level = new Float32Array(W * H).fill(0.97);
    const chroma = new Float32Array(W * H).fill(0.01);
    const tool = new Uint8Array(W * H).fill(1);
    for (let t = 0; t < 30; t++) {
      const i = (5 + t) * W + 10 + t;
      level[i] = 0.62;
      tool[i] = 0;
    }
    const f = slitFloorPixels(level, chroma, tool, W, H, K, new Uint8Array(W * H).fill(1));
    expect(count(f)).toBe(30);
  });
});

describe("floorsJoinedToPaper", () => {
  test("a diagonal chain of floor pixels touching the paper becomes paper; a floor not joined to it stays", () => {
    const md = new Int32Array(W * H).fill(2);
    const floor = new Uint8Array(W * H);
    // Paper at the top-left corner, a chain of corners leading away from it.
    md[0] = 1;
    for (let t = 1; t < 20; t++) floor[t * W + t] = 1;
    // An isolated floor elsewhere.
    floor[30 * W + 50] = 1;
    const joined = floorsJoinedToPaper(md, floor, W, H);
    for (let t = 1; t < 20; t++) expect(joined[t * W + t]).toBe(1);
    expect(joined[30 * W + 50]).toBe(0);
    expect(joined[1]).toBe(0);
    // The labels themselves are left as they were.
    expect(md[30 * W + 50]).toBe(2);
    expect(md[1 * W + 1]).toBe(2);
  });
});
