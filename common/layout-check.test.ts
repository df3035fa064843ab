import { describe, expect, test } from "bun:test";
import { describeProblems, findLayoutProblems, outlineDistance, type Pt } from "./layout-check";

const rect = (x: number, y: number, w: number, h: number): Pt[] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
const FOAM = { width_mm: 400, depth_mm: 300 };

describe("layout checks", () => {
  test("distance between outlines: apart, touching, crossing, nested", () => {
    expect(outlineDistance(rect(0, 0, 10, 10), rect(13, 0, 10, 10))).toBeCloseTo(3, 9);
    expect(outlineDistance(rect(0, 0, 10, 10), rect(13, 14, 10, 10))).toBeCloseTo(5, 9);
    expect(outlineDistance(rect(0, 0, 10, 10), rect(5, 5, 10, 10))).toBe(0);
    expect(outlineDistance(rect(0, 0, 50, 50), rect(10, 10, 5, 5))).toBe(0);
    // Far pairs answer the limit without walking every segment pair.
    expect(outlineDistance(rect(0, 0, 10, 10), rect(100, 0, 10, 10), 5)).toBe(5);
  });

  test("names pockets past the edge, overlapping and too close; a good layout has none", () => {
    expect(findLayoutProblems(FOAM, [{ name: "A", points: rect(10, 10, 50, 50) }, { name: "B", points: rect(70, 10, 50, 50) }])).toEqual([]);
    const problems = findLayoutProblems(FOAM, [
      { name: "Edge", points: rect(380, 10, 40, 40) },
      { name: "A", points: rect(10, 100, 50, 50) },
      { name: "B", points: rect(62, 100, 50, 50) },
      { name: "C", points: rect(30, 120, 10, 10) },
    ]);
    expect(problems.map((problem) => [problem.kind, problem.pocket])).toEqual([["outside", 0], ["wall", 1], ["overlap", 1]]);
    expect(problems[1]!.message).toBe('The wall between "A" and "B" is 2.0 mm; at least 5 mm is needed.');
    expect(describeProblems(problems, 2)).toBe(`${problems[0]!.message} ${problems[1]!.message} (1 more problem)`);
  });

  test("half a millimetre past the edge is rounding, not a problem; the minimum wall is a parameter", () => {
    expect(findLayoutProblems(FOAM, [{ name: "A", points: rect(-0.4, 0, 50, 50) }])).toEqual([]);
    const pair = [{ name: "A", points: rect(0, 0, 50, 50) }, { name: "B", points: rect(53, 0, 50, 50) }];
    expect(findLayoutProblems(FOAM, pair, 2)).toEqual([]);
    expect(findLayoutProblems(FOAM, pair, 5)).toHaveLength(1);
  });
});
