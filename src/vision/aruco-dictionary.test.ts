import { describe, expect, test } from "bun:test";
import { identifyCode, markerBits, markerCode, rotateCodeCcw } from "./aruco-dictionary.ts";

describe("DICT_4X4_50", () => {
  test("rotation matches OpenCV's bytesList (id 0 rotations: 181,50 / 235,72 / 76,173 / 18,215)", () => {
    const r0 = markerCode(0);
    expect(r0).toBe((181 << 8) | 50);
    const r1 = rotateCodeCcw(r0);
    expect(r1).toBe((235 << 8) | 72);
    expect(rotateCodeCcw(r1)).toBe((76 << 8) | 173);
    expect(rotateCodeCcw(rotateCodeCcw(r1))).toBe((18 << 8) | 215);
    // id 3: 153,70 -> 193,60
    expect(rotateCodeCcw(markerCode(3))).toBe((193 << 8) | 60);
  });

  test("bits of id 0, 1 = white", () => {
    expect(markerBits(0)).toEqual([
      [1, 0, 1, 1],
      [0, 1, 0, 1],
      [0, 0, 1, 1],
      [0, 0, 1, 0],
    ]);
  });

  test("identifies every id in every rotation and tolerates one flipped bit", () => {
    for (let id = 0; id < 50; id++) {
      let c = markerCode(id);
      for (let r = 0; r < 4; r++) {
        expect(identifyCode(c)).toEqual({ id, rotation: r, distance: 0 });
        expect(identifyCode(c ^ (1 << (id % 16)))?.id).toBe(id);
        c = rotateCodeCcw(c);
      }
    }
  });

  test("rejects an all-black inner area", () => {
    expect(identifyCode(0)?.id ?? null).not.toBe(0);
  });
});
