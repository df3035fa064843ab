import { describe, expect, test } from "bun:test";
import { offsetPolygon } from "./offset-polygon.ts";
import { polygonArea, signedPolygonArea } from "../../common/geometry/polygon.ts";

const square: [number, number][] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
];

describe("offsetPolygon", () => {
  test("positive delta grows with round corners", () => {
    const out = offsetPolygon(square, 2);
    // 10x10 + 4 sides of 10x2 + a full circle of r=2 at the corners
    expect(polygonArea(out)).toBeCloseTo(100 + 80 + Math.PI * 4, 0);
    const xs = out.map((p) => p[0]);
    expect(Math.min(...xs)).toBeCloseTo(-2, 2);
    expect(Math.max(...xs)).toBeCloseTo(12, 2);
  });

  test("negative delta shrinks", () => {
    const out = offsetPolygon(square, -1);
    expect(polygonArea(out)).toBeCloseTo(64, 1);
  });

  test("keeps winding of the input", () => {
    expect(Math.sign(signedPolygonArea(offsetPolygon(square, 1)))).toBe(Math.sign(signedPolygonArea(square)));
    const rev = square.slice().reverse();
    expect(Math.sign(signedPolygonArea(offsetPolygon(rev, 1)))).toBe(Math.sign(signedPolygonArea(rev)));
  });

  test("shrinking to nothing gives []", () => {
    expect(offsetPolygon(square, -6)).toEqual([]);
  });

  test("zero delta returns a copy", () => {
    expect(offsetPolygon(square, 0)).toEqual(square);
  });
});
