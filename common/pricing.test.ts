import { describe, expect, test } from "bun:test";
import { calculatePrice, piecesPerSheet, priceLayout, type PriceInput } from "./pricing";

type Material = NonNullable<PriceInput["material"]>;

const sheet2000x1000: Material = {
  sheet_length_mm: 2000,
  sheet_width_mm: 1000,
  sheet_thickness_mm: 50,
  sheet_cost: "42.50",
};

// 10 in x 10 in = 254 mm x 254 mm = 64,516 mm²
const tenByTen = { width_in: 10, depth_in: 10 };

describe("calculatePrice", () => {
  test("returns null without a material or without drawers", () => {
    expect(calculatePrice({ drawers: [tenByTen], material: null })).toBeNull();
    expect(calculatePrice({ drawers: [], material: sheet2000x1000 })).toBeNull();
  });

  test("basic breakdown: one sheet, 20 % processing, box cost 0", () => {
    const r = calculatePrice({ drawers: [tenByTen, tenByTen], material: sheet2000x1000, thickness_mm: 30 })!;
    expect(r.area_mm2).toBeCloseTo(129032, 6);
    expect(r.area_m2).toBeCloseTo(0.129032, 9);
    expect(r.volume_l).toBeCloseTo(3.87096, 9); // 129032 mm² * 30 mm / 1e6
    expect(r.sheets).toBe(1);
    expect(r.drawers).toBe(2);
    expect(r.thickness_mm).toBe(30);
    expect(r.box_cost_cents).toBe(0);
    expect(r.material_cost_cents).toBe(4250);
    expect(r.processing_cents).toBe(850);
    expect(r.total_cents).toBe(5100);
  });

  test("thickness defaults to the material's sheet thickness", () => {
    for (const thickness_mm of [undefined, null, 0, Number.NaN, -5]) {
      const r = calculatePrice({ drawers: [tenByTen], material: sheet2000x1000, thickness_mm })!;
      expect(r.thickness_mm).toBe(50);
      expect(r.volume_l).toBeCloseTo((64516 * 50) / 1e6, 9);
    }
  });

  test("thickness is 0 when neither input nor material gives one", () => {
    const r = calculatePrice({
      drawers: [tenByTen],
      material: { ...sheet2000x1000, sheet_thickness_mm: null },
    })!;
    expect(r.thickness_mm).toBe(0);
    expect(r.volume_l).toBe(0);
  });

  test("zero or missing sheet area means exactly one sheet", () => {
    const big = { width_in: 200, depth_in: 200 }; // far bigger than any sheet
    for (const dims of [
      { sheet_length_mm: 0, sheet_width_mm: 1000 },
      { sheet_length_mm: 2000, sheet_width_mm: 0 },
      { sheet_length_mm: null, sheet_width_mm: null },
    ]) {
      const r = calculatePrice({ drawers: [big], material: { ...sheet2000x1000, ...dims } })!;
      expect(r.sheets).toBe(1);
      expect(r.material_cost_cents).toBe(4250);
    }
  });

  test("area exactly a multiple of the sheet area is not rounded up", () => {
    // 1000 mm = 39.37007874015748 in, a float that does not multiply back to exactly 1000.
    const side = 1000 / 25.4;
    const square = { width_in: side, depth_in: side }; // 1,000,000 mm², half a sheet
    const two = calculatePrice({ drawers: [square, square], material: sheet2000x1000 })!;
    expect(two.sheets).toBe(1);
    const four = calculatePrice({ drawers: [square, square, square, square], material: sheet2000x1000 })!;
    expect(four.sheets).toBe(2);
    // 210 mm = 8.2677... in squares back to 44100.000000000015 mm²: a plain ceil says 2 sheets.
    const drift = 210 / 25.4;
    expect(drift * 25.4 * (drift * 25.4)).toBeGreaterThan(210 * 210);
    const drifted = calculatePrice({
      drawers: [{ width_in: drift, depth_in: drift }],
      material: { ...sheet2000x1000, sheet_length_mm: 210, sheet_width_mm: 210 },
    })!;
    expect(drifted.sheets).toBe(1);
    // Exact in binary too: 50 in x 50 in = 1,612,900 mm² vs a 1270 x 1270 mm sheet.
    const exact = calculatePrice({
      drawers: [{ width_in: 50, depth_in: 50 }],
      material: { ...sheet2000x1000, sheet_length_mm: 1270, sheet_width_mm: 1270 },
    })!;
    expect(exact.sheets).toBe(1);
  });

  test("just over a multiple needs another sheet", () => {
    const side = 1000 / 25.4;
    const square = { width_in: side, depth_in: side };
    const r = calculatePrice({
      drawers: [square, square, { width_in: 0.1, depth_in: 0.1 }],
      material: sheet2000x1000,
    })!;
    expect(r.sheets).toBe(2);
  });

  test("money stays in exact cents: 33.33 x 3 sheets", () => {
    // 2500 x 1000 mm of drawers on 1000 x 1000 mm sheets -> 3 sheets
    const r = calculatePrice({
      drawers: [{ width_in: 2500 / 25.4, depth_in: 1000 / 25.4 }],
      material: { sheet_length_mm: 1000, sheet_width_mm: 1000, sheet_thickness_mm: 30, sheet_cost: "33.33" },
    })!;
    expect(r.sheets).toBe(3);
    expect(r.material_cost_cents).toBe(9999); // not 9998.999999999998
    expect(r.processing_cents).toBe(2000); // 1999.8 rounds half-up
    expect(r.total_cents).toBe(11999);
  });

  test("processing rounds odd cents half-up", () => {
    const one = { width_in: 1, depth_in: 1 };
    const cases: [string, number][] = [
      ["0.07", 1], // 1.4
      ["0.08", 2], // 1.6
      ["0.03", 1], // 0.6
      ["0.02", 0], // 0.4
      ["19.99", 400], // 399.8
      ["10.01", 200], // 200.2
    ];
    for (const [cost, processing] of cases) {
      const r = calculatePrice({ drawers: [one], material: { ...sheet2000x1000, sheet_cost: cost } })!;
      expect(r.processing_cents).toBe(processing);
      expect(r.total_cents).toBe(r.material_cost_cents + processing);
    }
  });

  test("numeric sheet_cost works like its decimal string", () => {
    const r = calculatePrice({ drawers: [tenByTen], material: { ...sheet2000x1000, sheet_cost: 42.5 } })!;
    expect(r.material_cost_cents).toBe(4250);
  });

  test("NULL, invalid and negative costs count as 0 but keep the geometry", () => {
    for (const sheet_cost of [null, "", "n/a", "-5.00", Number.NaN]) {
      const r = calculatePrice({ drawers: [tenByTen], material: { ...sheet2000x1000, sheet_cost } })!;
      expect(r.material_cost_cents).toBe(0);
      expect(r.processing_cents).toBe(0);
      expect(r.total_cents).toBe(0);
      expect(r.area_mm2).toBeCloseTo(64516, 6);
      expect(r.sheets).toBe(1);
    }
  });

  test("drawers with invalid sizes add no area but still count", () => {
    const r = calculatePrice({
      drawers: [tenByTen, { width_in: Number.NaN, depth_in: 10 }, { width_in: -3, depth_in: 4 }],
      material: sheet2000x1000,
    })!;
    expect(r.drawers).toBe(3);
    expect(r.area_mm2).toBeCloseTo(64516, 6);
  });

  test("all-zero drawers still need one sheet", () => {
    const r = calculatePrice({ drawers: [{ width_in: 0, depth_in: 0 }], material: sheet2000x1000 })!;
    expect(r.area_mm2).toBe(0);
    expect(r.sheets).toBe(1);
    expect(r.total_cents).toBe(5100);
  });

  test("many sheets multiply in integer cents", () => {
    // US General 72 in triple bank style: 16 drawers of 70 x 20 in.
    const drawers = Array.from({ length: 16 }, () => ({ width_in: 70, depth_in: 20 }));
    const r = calculatePrice({ drawers, material: { ...sheet2000x1000, sheet_cost: "0.10" } })!;
    // 16 * 1778 * 508 = 14,451,584 mm² / 2,000,000 = 7.2 -> 8 sheets
    expect(r.sheets).toBe(8);
    expect(r.material_cost_cents).toBe(80);
    expect(r.processing_cents).toBe(16);
    expect(r.total_cents).toBe(96);
  });
});

describe("priceLayout (issue 14)", () => {
  const material = { id: 1, name: "EVA", sheet_length_mm: 2000, sheet_width_mm: 1000, sheet_thickness_mm: 30, sheet_cost: "40.00" };
  const base = { foam: { width_mm: 400, depth_mm: 300, thickness_mm: 50 }, material, cutting_minutes: 12, cut_length_mm: 2345, pockets: 3 };

  test("foam layers and sheets, cutting and labour at $35/h, 25 % markup; lines add up to the total", () => {
    const { lines, total_cents, layers, sheets } = priceLayout(base);
    expect(layers).toBe(2); // 50 mm from 30 mm sheets
    expect(sheets).toBe(1); // 2 pieces of 400 × 300 fit one 2000 × 1000 sheet many times over
    expect(lines.map((line) => [line.kind, line.total_price_cents])).toEqual([
      ["foam", 4000],
      ["cutting", 700], // 12 min × $35/h
      ["labour", 1750], // 30 min × $35/h
      ["markup", 1613], // 25 % of 64.50, half-up
    ]);
    expect(total_cents).toBe(4000 + 700 + 1750 + 1613);
    expect(lines[0]!.description).toBe("EVA, 400 × 300 × 50 mm: 2 layers, 1 sheet needed");
  });

  test("an insert larger than a sheet needs sheets by area per layer; no material prices the foam at 0", () => {
    const big = priceLayout({ ...base, foam: { width_mm: 2500, depth_mm: 900, thickness_mm: 30 } });
    expect(big.sheets).toBe(2);
    const none = priceLayout({ ...base, material: null });
    expect(none.lines[0]!.total_price_cents).toBe(0);
    expect(none.total_cents).toBeGreaterThan(0);
  });

  test("piecesPerSheet tries both orientations", () => {
    expect(piecesPerSheet(600, 400, 1000, 1300)).toBe(4);
    expect(piecesPerSheet(1200, 400, 1000, 1000)).toBe(0);
  });
});
