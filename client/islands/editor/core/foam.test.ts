import { describe, expect, test } from "bun:test";
import { DEFAULT_FOAM, customFoam, foamFromDrawer, inchesToMm, parseFoam, validateFoam } from "./foam";
import type { ToolboxContainer } from "../../../../db/seed/reference/toolboxes";

const container: ToolboxContainer = {
  brand: "Acme",
  series: "Pro",
  type: "toolbox",
  models: [
    {
      id: "acme-5",
      name: "Acme 5-drawer",
      width_in: 26,
      depth_in: 18,
      height_in: 20,
      kind: "toolbox",
      drawers: [{ id: "acme-5-d1", label: "Drawer 1", width_in: 24, depth_in: 16 }],
    },
  ],
};

describe("foam", () => {
  test("default is 12 x 18 in, 1.25 in thick", () => {
    expect(DEFAULT_FOAM.width_mm).toBe(304.8);
    expect(DEFAULT_FOAM.depth_mm).toBe(457.2);
    expect(DEFAULT_FOAM.thickness_mm).toBe(31.75);
    expect(DEFAULT_FOAM.label).toBe("Custom 12 × 18 in");
  });

  test("a drawer from the database becomes the foam", () => {
    const model = container.models[0];
    const foam = foamFromDrawer(container, model, model.drawers[0], 25);
    expect(foam).toEqual({
      label: "Acme 5-drawer — Drawer 1",
      width_mm: inchesToMm(24),
      depth_mm: inchesToMm(16),
      thickness_mm: 25,
      source: { kind: "catalog", brand: "Acme", modelId: "acme-5", drawerId: "acme-5-d1" },
    });
  });

  test("validation follows the thickness limits", () => {
    expect(validateFoam(300, 400, 30)).toBeNull();
    expect(validateFoam(300, 400, 5)).toContain("thickness");
    expect(validateFoam(0, 400, 30)).toContain("Width and depth");
  });

  test("parseFoam accepts a stored foam and rejects junk", () => {
    const stored = JSON.parse(JSON.stringify(customFoam(200, 300, 40)));
    expect(parseFoam(stored)).toEqual(customFoam(200, 300, 40));
    expect(parseFoam({ width_mm: "a" })).toBeNull();
    expect(parseFoam(null)).toBeNull();
    expect(parseFoam({ ...stored, thickness_mm: 500 })).toBeNull();
  });
});
