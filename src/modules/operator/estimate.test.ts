import { describe, expect, test } from "bun:test";
import type { Layout } from "../cutting-files/layout";
import { densityFromText, estimateMinutes, feedRate } from "./estimate";

const square = (x: number, y: number, size: number): [number, number][] => [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];

describe("estimateMinutes", () => {
  const layout: Layout = { foam: { width_mm: 500, depth_mm: 500, thickness_mm: 25 }, pockets: [{ name: "a", points: square(10, 10, 100) }] };

  test("follows the documented formula", () => {
    // L = 2000 + 400 mm; feed 5000 × (25/25) × (30/30) = 5000 mm/min → 5 + 0.48 + 0.5 = 5.98 → 6
    expect(estimateMinutes(layout, 30)).toBe(6);
  });

  test("thicker and denser foam takes longer; more pockets take longer", () => {
    const thick = { ...layout, foam: { ...layout.foam, thickness_mm: 100 } };
    expect(estimateMinutes(thick, 30)!).toBeGreaterThan(estimateMinutes(layout, 30)!);
    expect(estimateMinutes(thick, 90)!).toBeGreaterThan(estimateMinutes(thick, 30)!);
    const many = { ...layout, pockets: Array.from({ length: 20 }, (_, i) => ({ name: `p${i}`, points: square(10 + i * 20, 10, 15) })) };
    expect(estimateMinutes(many, 30)!).toBeGreaterThan(estimateMinutes(layout, 30)!);
  });

  test("unknown density uses 35 kg/m³; no layout gives null", () => {
    expect(estimateMinutes(layout, null)).toBe(estimateMinutes(layout, 35));
    expect(estimateMinutes(null, 30)).toBeNull();
  });

  test("feed is clamped", () => {
    expect(feedRate(1, 1)).toBe(10_000);
    expect(feedRate(1000, 1000)).toBe(400);
  });

  test("density is read from material text", () => {
    expect(densityFromText("XLPE 45 kg/m³ charcoal")).toBe(45);
    expect(densityFromText("PU ether 28.5 kg/m3")).toBe(28.5);
    expect(densityFromText("Two-tone XLPE red/black")).toBeNull();
  });
});
