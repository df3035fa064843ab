import { expect, test } from "bun:test";
import { areaLimitsForSensitivity } from "./sensitivity.ts";

test("SPEC 9 sensitivity scaling", () => {
  const d = areaLimitsForSensitivity(45); // factor 1.175
  expect(d.min).toBeCloseTo(120 / 1.175, 9);
  expect(d.max).toBeCloseTo(11750, 9);
  expect(areaLimitsForSensitivity(0)).toEqual({ min: 240, max: 5000 });
  expect(areaLimitsForSensitivity(100)).toEqual({ min: 60, max: 20000 });
});
