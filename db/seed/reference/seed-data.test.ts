import { describe, expect, test } from "bun:test";
import { toCents } from "../../../common/money";
import { CATALOG_BOXES } from "./catalog-boxes";
import { FOAM_MATERIALS } from "./foams";

describe("FOAM_MATERIALS", () => {
  test("covers the foam families the calculator offers", () => {
    expect(FOAM_MATERIALS.length).toBeGreaterThanOrEqual(8);
    const names = FOAM_MATERIALS.map((m) => m.name).join("\n");
    for (const family of [/^PE 1\.7 lb/m, /^PE 2\.2 lb/m, /^XLPE 33/m, /^XLPE 67/m, /^EVA/m, /Polyurethane Ester/, /Polyurethane Ether/, /Kaizen/]) {
      expect(names).toMatch(family);
    }
  });

  test("names are unique and required fields are filled", () => {
    expect(new Set(FOAM_MATERIALS.map((m) => m.name)).size).toBe(FOAM_MATERIALS.length);
    for (const m of FOAM_MATERIALS) {
      expect(m.name.trim()).toBe(m.name);
      expect(m.name.length).toBeGreaterThan(0);
      expect(m.supplier.length).toBeGreaterThan(0);
      expect(m.color.length).toBeGreaterThan(0);
    }
  });

  test("sizes, density and lead time are sane", () => {
    for (const m of FOAM_MATERIALS) {
      expect(m.density_kg_m3).toBeGreaterThan(10);
      expect(m.density_kg_m3).toBeLessThan(200);
      expect(m.hardness_shore === null || (m.hardness_shore > 0 && m.hardness_shore <= 100)).toBe(true);
      expect(m.sheet_length_mm).toBeGreaterThanOrEqual(m.sheet_width_mm);
      expect(m.sheet_width_mm).toBeGreaterThan(0);
      // Within the calculator's thickness input range (10-100 mm)
      expect(m.sheet_thickness_mm).toBeGreaterThanOrEqual(10);
      expect(m.sheet_thickness_mm).toBeLessThanOrEqual(100);
      expect(Number.isInteger(m.lead_time_days)).toBe(true);
      expect(m.lead_time_days).toBeGreaterThan(0);
    }
  });

  test("sheet_cost is a two-decimal USD string that parses to positive cents", () => {
    for (const m of FOAM_MATERIALS) {
      expect(m.sheet_cost).toMatch(/^\d+\.\d{2}$/);
      expect(toCents(m.sheet_cost)!).toBeGreaterThan(0);
    }
  });

  test("mostly active, with at least one archived material", () => {
    expect(FOAM_MATERIALS.filter((m) => !m.is_active).length).toBeGreaterThanOrEqual(1);
    expect(FOAM_MATERIALS.filter((m) => m.is_active).length).toBeGreaterThanOrEqual(8);
  });
});

describe("CATALOG_BOXES", () => {
  test("around eight products with unique names and SKUs", () => {
    expect(CATALOG_BOXES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(CATALOG_BOXES.map((b) => b.name)).size).toBe(CATALOG_BOXES.length);
    const skus = CATALOG_BOXES.map((b) => b.sku).filter((s): s is string => s !== null);
    expect(new Set(skus).size).toBe(skus.length);
  });

  test("internal sizes and capacity are positive", () => {
    for (const b of CATALOG_BOXES) {
      for (const n of [b.internal_length_mm, b.internal_width_mm, b.internal_depth_mm]) expect(n).toBeGreaterThan(0);
      expect(b.internal_length_mm).toBeGreaterThanOrEqual(b.internal_width_mm);
      expect(b.weight_capacity_kg === null || b.weight_capacity_kg > 0).toBe(true);
      expect(b.manufacturer.length).toBeGreaterThan(0);
    }
  });

  test("exercises the shop fallbacks: null descriptions, a missing SKU and an archived product", () => {
    expect(CATALOG_BOXES.some((b) => b.is_active && b.description === null)).toBe(true);
    expect(CATALOG_BOXES.some((b) => b.is_active && b.description !== null)).toBe(true);
    expect(CATALOG_BOXES.some((b) => b.sku === null)).toBe(true);
    expect(CATALOG_BOXES.filter((b) => !b.is_active)).toHaveLength(1);
  });
});
