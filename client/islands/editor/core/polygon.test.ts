import { describe, expect, test } from "bun:test";
import {
  distanceToOutline,
  normaliseOutline,
  pointInPolygon,
  polygonArea,
  polygonBounds,
  polygonCentroid,
  snapToGrid,
  transformOutline,
} from "./polygon";
import { rect } from "./test-fixtures";

describe("polygon", () => {
  test("area and centroid of a rectangle", () => {
    const r = rect(10, 20, 40, 10);
    expect(polygonArea(r)).toBe(400);
    expect(polygonCentroid(r)).toEqual({ x: 30, y: 25 });
  });

  test("centroid is area-weighted, not the vertex mean", () => {
    // An L shape: vertex mean and area centroid differ.
    const l: [number, number][] = [[0, 0], [30, 0], [30, 10], [10, 10], [10, 30], [0, 30]];
    const c = polygonCentroid(l);
    expect(c.x).toBeCloseTo(11, 6);
    expect(c.y).toBeCloseTo(11, 6);
  });

  test("normaliseOutline centres the contour on its centroid", () => {
    const outline = normaliseOutline(rect(100, 200, 40, 20));
    expect(polygonBounds(outline)).toEqual({ minX: -20, minY: -10, maxX: 20, maxY: 10 });
  });

  test("normaliseOutline falls back to a square of the scanned area", () => {
    const outline = normaliseOutline([[1, 1], [2, 2]], 400);
    expect(polygonArea(outline)).toBeCloseTo(400, 6);
    expect(normaliseOutline(undefined)).toHaveLength(4);
  });

  test("transformOutline rotates and scales about the centre, then moves", () => {
    const outline = normaliseOutline(rect(0, 0, 40, 20));
    const placed = transformOutline(outline, { x_mm: 100, y_mm: 50, rotation: 90, scale: 2 });
    const b = polygonBounds(placed);
    expect(b.minX).toBeCloseTo(80, 6);
    expect(b.maxX).toBeCloseTo(120, 6);
    expect(b.minY).toBeCloseTo(10, 6);
    expect(b.maxY).toBeCloseTo(90, 6);
  });

  test("point in polygon and distance to the outline", () => {
    const r = rect(0, 0, 10, 10);
    expect(pointInPolygon({ x: 5, y: 5 }, r)).toBe(true);
    expect(pointInPolygon({ x: 15, y: 5 }, r)).toBe(false);
    expect(distanceToOutline({ x: 13, y: 5 }, r)).toBe(3);
  });

  test("snap to a 10 mm grid", () => {
    expect(snapToGrid(14.9, 10)).toBe(10);
    expect(snapToGrid(15, 10)).toBe(20);
  });
});
