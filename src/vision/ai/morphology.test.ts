import { describe, expect, test } from "bun:test";
import { dilateDisk, erodeDisk, openClose, squaredDistanceTo } from "./morphology.ts";

function square(w: number, h: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const m = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * w + x] = 255;
  return m;
}
const count = (m: Uint8Array) => m.reduce((s, v) => s + (v ? 1 : 0), 0);

describe("disk morphology", () => {
  test("distance transform is Euclidean", () => {
    const m = new Uint8Array(25);
    m[12] = 255;
    const d = squaredDistanceTo(m, 5, 5, true);
    expect(d[12]).toBe(0);
    expect(d[0]).toBe(8);
    expect(d[2]).toBe(4);
  });

  test("erode and dilate by radius 2 move a square's edges by 2 px", () => {
    const m = square(30, 30, 10, 10, 20, 20);
    expect(count(erodeDisk(m, 30, 30, 2))).toBe(36);
    const d = dilateDisk(m, 30, 30, 2);
    expect(d[8 * 30 + 15]).toBe(255);
    expect(d[7 * 30 + 15]).toBe(0);
  });

  test("open+close drops specks and fills pin holes smaller than the disk, keeps the rest", () => {
    const m = square(40, 40, 10, 10, 30, 30);
    m[2 * 40 + 2] = 255; // speck
    m[20 * 40 + 20] = 0; // pin hole
    const out = openClose(m, 40, 40, 1.5);
    expect(out[2 * 40 + 2]).toBe(0);
    expect(out[20 * 40 + 20]).toBe(255);
    expect(count(out)).toBe(400);
    // Radius 3 (the SPEC default) rounds the square's corners a little, nothing more.
    expect(400 - count(openClose(m, 40, 40, 3))).toBeLessThanOrEqual(24);
    expect(openClose(m, 40, 40, 0)).toBe(m);
  });

  test("working on the padded bounding box gives the full-image result", () => {
    const w = 64;
    const h = 48;
    const m = new Uint8Array(w * h);
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 40; i++) {
      const cx = 5 + rnd() * 54;
      const cy = 5 + rnd() * 38;
      const r = 1 + rnd() * 4;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) m[y * w + x] = 255;
    }
    for (const r of [1, 1.5, 3, 4]) {
      const full = erodeDisk(dilateDisk(dilateDisk(erodeDisk(m, w, h, r), w, h, r), w, h, r), w, h, r);
      expect(Array.from(openClose(m, w, h, r))).toEqual(Array.from(full));
    }
  });
});
