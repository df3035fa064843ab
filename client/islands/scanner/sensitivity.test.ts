import { describe, expect, test } from "bun:test";
import { contourAreaWindow, sensitivityFactor } from "./sensitivity";

describe("sensitivity scaling (SPEC 9)", () => {
  test("factor runs from 0.5 at 0 to 2 at 100", () => {
    expect(sensitivityFactor(0)).toBe(0.5);
    expect(sensitivityFactor(100)).toBe(2);
    expect(sensitivityFactor(45)).toBeCloseTo(1.175, 10);
  });

  test("the default sensitivity gives the documented window", () => {
    const window = contourAreaWindow(45);
    expect(window.contour_min_area_mm).toBeCloseTo(120 / 1.175, 10);
    expect(window.contour_max_area_mm).toBeCloseTo(11750, 10);
  });

  test("the window is clamped to its floor and ceiling", () => {
    expect(contourAreaWindow(0)).toEqual({ contour_min_area_mm: 240, contour_max_area_mm: 5000 });
    expect(contourAreaWindow(100)).toEqual({ contour_min_area_mm: 60, contour_max_area_mm: 20000 });
    // Values outside 0-100 are clamped first, so the floor of 10 mm² and ceiling of 75000 mm² hold.
    expect(contourAreaWindow(1000).contour_min_area_mm).toBeGreaterThanOrEqual(10);
    expect(contourAreaWindow(1000).contour_max_area_mm).toBeLessThanOrEqual(75000);
  });

  test("a non-number falls back to the default", () => {
    expect(contourAreaWindow(Number.NaN)).toEqual(contourAreaWindow(45));
  });
});
