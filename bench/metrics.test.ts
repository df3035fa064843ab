import { expect, test } from "bun:test";
import { compareContours, cutArea } from "./metrics.ts";

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

test("cutArea: the part of the truth a traced outline leaves out", () => {
  const rect = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  // Traced 2 mm short on one side of a 20 x 10 truth: 2 x 10 = 20 mm², 10 %.
  const c = cutArea(rect(0, 0, 18, 10), rect(0, 0, 20, 10));
  expect(c.mm2).toBeCloseTo(20, 3);
  expect(c.pct).toBeCloseTo(10, 3);
  // A traced outline that contains the truth cuts nothing, whatever its orientation.
  expect(cutArea(rect(-1, -1, 21, 11).reverse(), rect(0, 0, 20, 10)).mm2).toBeCloseTo(0, 6);
  // A traced outline with a notch into the truth: the notch's area inside the truth.
  const notched: [number, number][] = [[-1, -1], [21, -1], [21, 11], [12, 11], [12, 6], [8, 6], [8, 11], [-1, 11]];
  expect(cutArea(notched, rect(0, 0, 20, 10)).mm2).toBeCloseTo(16, 3);
  // Disjoint: everything is cut.
  expect(cutArea(rect(50, 50, 60, 60), rect(0, 0, 20, 10)).pct).toBeCloseTo(100, 3);
});
