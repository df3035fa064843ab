import { expect, test } from "bun:test";
import { compareContours } from "./metrics.ts";

test("metrics: a square shifted by 0.5 mm", () => {
  const sq = (o: number): [number, number][] => [[o, 0], [10 + o, 0], [10 + o, 10], [o, 10]];
  const m = compareContours(sq(0.5), sq(0));
  expect(m.hausdorff).toBeCloseTo(0.5, 6);
  expect(m.areaErrorPct).toBeCloseTo(0, 6);
  expect(m.meanDeviation).toBeGreaterThan(0.05);
  expect(m.meanDeviation).toBeLessThan(0.5);
});

test("metrics: concentric circles 0.1 mm apart", () => {
  const circle = (r: number, n: number): [number, number][] => Array.from({ length: n }, (_, i) => [100 + r * Math.cos((2 * Math.PI * i) / n), 100 + r * Math.sin((2 * Math.PI * i) / n)]);
  const m = compareContours(circle(20, 500), circle(20.1, 700));
  expect(m.meanDeviation).toBeCloseTo(0.1, 2);
  expect(m.hausdorff).toBeCloseTo(0.1, 2);
});
