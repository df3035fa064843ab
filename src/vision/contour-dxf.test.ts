import { describe, expect, test } from "bun:test";
import DxfParser from "dxf-parser";
import { contourToDxf } from "./contour-dxf.ts";
import { VisionError } from "./vision-error.ts";

const rect: [number, number][] = [
  [20, 30],
  [120, 30],
  [120, 70],
  [20, 70],
];

function parse(dxf: string) {
  // biome-ignore lint/suspicious/noExplicitAny: parser output is untyped
  return new DxfParser().parseSync(dxf) as any;
}

describe("contourToDxf", () => {
  test("one closed LWPOLYLINE in millimetres with the right size", () => {
    const dxf = contourToDxf(rect, 0);
    expect(dxf).toContain("$INSUNITS");
    const doc = parse(dxf);
    expect(doc.header.$INSUNITS).toBe(4);
    const polys = doc.entities.filter((e: { type: string }) => e.type === "LWPOLYLINE");
    expect(polys).toHaveLength(1);
    expect(doc.entities).toHaveLength(1);
    const p = polys[0];
    expect(p.shape).toBe(true);
    const xs = p.vertices.map((v: { x: number }) => v.x);
    const ys = p.vertices.map((v: { y: number }) => v.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(100, 6);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(40, 6);
    expect(Math.min(...xs)).toBeCloseTo(0, 6);
    expect(Math.min(...ys)).toBeCloseTo(0, 6);
  });

  test("y is flipped so the part is not mirrored (pad y points down, CAD y up)", () => {
    // An L shape whose foot is at the bottom of the pad (large y) must have its foot at small y in CAD.
    const L: [number, number][] = [[0, 0], [10, 0], [10, 40], [30, 40], [30, 50], [0, 50]];
    const p = parse(contourToDxf(L, 0)).entities[0];
    const foot = p.vertices.filter((v: { x: number }) => v.x > 20);
    for (const v of foot) expect(v.y).toBeLessThanOrEqual(10 + 1e-9);
  });

  test("cut allowance grows the outline", () => {
    const p = parse(contourToDxf(rect, 2)).entities[0];
    const xs = p.vertices.map((v: { x: number }) => v.x);
    const ys = p.vertices.map((v: { y: number }) => v.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(104, 2);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(44, 2);
  });

  test("degenerate contours are refused with a VisionError", () => {
    const bad: [number, number][][] = [
      [],
      [[1, 1], [2, 2]],
      [[1, 1], [1, 1], [1, 1], [2, 2]],
      [[0, 0], [1, 1], [2, 2]],
      [[0, 0], [Number.NaN, 1], [2, 2], [3, 0]],
    ];
    for (const b of bad) expect(() => contourToDxf(b, 0)).toThrow(VisionError);
    expect(() => contourToDxf(rect, -30)).toThrow(VisionError);
    expect(() => contourToDxf(rect, Number.NaN)).toThrow(VisionError);
  });
});
