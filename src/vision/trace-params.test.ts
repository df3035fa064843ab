import { describe, expect, test } from "bun:test";
import { resolveTraceParams } from "./trace-params.ts";
import { VisionError } from "./vision-error.ts";

const base = { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45 };

describe("resolveTraceParams", () => {
  test("derives area limits from sensitivity (SPEC 9) unless given", () => {
    const p = resolveTraceParams(base);
    expect(p.minAreaMm2).toBeCloseTo(120 / 1.175, 6);
    expect(p.maxAreaMm2).toBeCloseTo(11750, 6);
    const q = resolveTraceParams({ ...base, contour_min_area_mm: 50, contour_max_area_mm: 30000 });
    expect([q.minAreaMm2, q.maxAreaMm2]).toEqual([50, 30000]);
  });

  test("rejects out-of-range values with VisionError", () => {
    for (const bad of [
      { ...base, sensitivity: 101 },
      { ...base, rdp_tolerance_mm: 0.01 },
      { ...base, allowance_mm: 6 },
      { ...base, inset_mm: -1 },
      { ...base, confidence: 2 },
      { ...base, post_morph_px: 11 },
      { ...base, contour_min_area_mm: 500, contour_max_area_mm: 400 },
      { ...base, rdp_tolerance_mm: Number.NaN },
    ])
      expect(() => resolveTraceParams(bad)).toThrow(VisionError);
  });

  test("AI mode defaults", () => {
    const p = resolveTraceParams({ rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, mode: "ai" } as never);
    expect(p.mode).toBe("ai");
    expect(p.confidence).toBe(0.5);
    expect(p.postMorphPx).toBe(3);
    expect(p.sensitivityGiven).toBe(false);
  });
});
