import { describe, expect, test } from "bun:test";
import { frameExtent, resampleToPlanarRgb, resizeBilinear } from "./resample.ts";

function rgba(w: number, h: number, f: (x: number, y: number) => number): Uint8Array {
  const d = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = f(x, y);
      d.set([v, v, v, 255], (y * w + x) * 4);
    }
  return d;
}

describe("area resampling", () => {
  test("a 2x reduction averages each 2x2 block exactly", () => {
    const src = rgba(4, 2, (x) => (x < 2 ? 0 : 200));
    const out = resampleToPlanarRgb(src, 4, 2, 2, 1);
    expect(Array.from(out)).toEqual([0, 200, 0, 200, 0, 200]);
  });

  test("a non-integer ratio keeps flat colour flat and preserves the mean", () => {
    const flat = resampleToPlanarRgb(rgba(97, 61, () => 123), 97, 61, 40, 25);
    for (const v of flat) expect(v).toBeCloseTo(123, 3);
    const ramp = resampleToPlanarRgb(rgba(90, 10, (x) => x), 90, 10, 30, 10);
    // Mean of x over [3o, 3o + 3) is 3o + 1.
    for (let o = 0; o < 30; o++) expect(ramp[o]).toBeCloseTo(3 * o + 1, 3);
  });

  test("an extent smaller than the raster resamples only that region", () => {
    // 10 px at k = 1 px/mm, frame 8 mm: the last two pixels (value 255) must not leak in.
    const src = rgba(10, 1, (x) => (x >= 8 ? 255 : 10));
    const out = resampleToPlanarRgb(src, 10, 1, 4, 1, 4, 8, 1);
    for (let i = 0; i < 4; i++) expect(out[i]).toBeCloseTo(10, 4);
    expect(frameExtent(980, 1297, 195.9, 259.4, 5)).toEqual([979.5, 1297]);
    expect(frameExtent(980, 1297, 195.9, 259.4)).toEqual([980, 1297]);
  });
});

describe("bilinear resize", () => {
  test("same size is the identity and a linear ramp stays linear", () => {
    const src = new Float32Array([0, 1, 2, 3, 4, 5]);
    expect(Array.from(resizeBilinear(src, 3, 2, 3, 2))).toEqual([0, 1, 2, 3, 4, 5]);
    const ramp = new Float32Array(8).map((_, i) => i);
    const up = resizeBilinear(ramp, 8, 1, 16, 1);
    // Output centre x + 0.5 sits at source (x + 0.5) / 2 - 0.5.
    for (let x = 1; x < 15; x++) expect(up[x]).toBeCloseTo((x + 0.5) / 2 - 0.5, 5);
  });
});
