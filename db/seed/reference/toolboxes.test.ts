import { describe, expect, test } from "bun:test";
import {
  DRAWER_CLEARANCE_IN,
  MAIN_COMPARTMENT_LABEL,
  MAX_TOOLBOX_DRAWERS,
  MIN_TOOLBOX_DRAWERS,
  TOOLBOX_CONTAINERS,
  findModel,
  listBrands,
  listModels,
  parseInternalSize,
} from "./toolboxes";

const allModels = TOOLBOX_CONTAINERS.flatMap((container) => container.models.map((model) => ({ container, model })));
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("parseInternalSize", () => {
  test("parses 'W x D x H' in inches", () => {
    expect(parseInternalSize("19.39 x 11.89 x 7.6")).toEqual({ width_in: 19.39, depth_in: 11.89, height_in: 7.6 });
    expect(parseInternalSize("18 x 14 x 8")).toEqual({ width_in: 18, depth_in: 14, height_in: 8 });
  });

  test("tolerates separators, spacing and inch marks", () => {
    const expected = { width_in: 19.75, depth_in: 11, height_in: 7.6 };
    expect(parseInternalSize("19.75x11x7.6")).toEqual(expected);
    expect(parseInternalSize("  19.75 X 11.00 X 7.60  ")).toEqual(expected);
    expect(parseInternalSize("19.75 × 11 × 7.6")).toEqual(expected);
    expect(parseInternalSize('19.75" x 11" x 7.6"')).toEqual(expected);
    expect(parseInternalSize("19.75 in x 11 in. x 7.6 inches")).toEqual(expected);
    expect(parseInternalSize("19.75 by 11 by 7.6")).toEqual(expected);
    expect(parseInternalSize(".5 x .5 x .5")).toEqual({ width_in: 0.5, depth_in: 0.5, height_in: 0.5 });
  });

  test("rejects anything that is not three positive numbers", () => {
    for (const bad of [
      "",
      "19.75 x 11.00",
      "19.75 x 11 x 7.6 x 2",
      "0 x 11 x 7.6",
      "-19 x 11 x 7.6",
      "19,75 x 11 x 7,6",
      "about 20 x 11 x 8",
      "20 x 11 x 8 cm",
      "1.2.3 x 4 x 5",
      "abc",
    ]) {
      expect(parseInternalSize(bad)).toBeNull();
    }
    expect(parseInternalSize(null)).toBeNull();
    expect(parseInternalSize(undefined)).toBeNull();
  });
});

describe("TOOLBOX_CONTAINERS invariants", () => {
  test("every brand and series named in SPEC section 3 is present", () => {
    const pairs = new Set(TOOLBOX_CONTAINERS.map((c) => `${c.brand}|${c.series}|${c.type}`));
    const has = (brand: string, series: string, type: string) => expect(pairs.has(`${brand}|${series}|${type}`)).toBe(true);
    const brands = new Map(TOOLBOX_CONTAINERS.map((c) => [c.brand, c.type]));

    for (const brand of ["US General", "Harbor Freight (US General)", "Husky"]) expect(brands.get(brand)).toBe("toolbox");
    has("Craftsman", "2000 Series", "toolbox");
    has("Craftsman", "3000 Series", "toolbox");
    has("Craftsman", "4000 Series", "toolbox");
    has("Milwaukee", "Packout", "toolbox");
    has("DeWalt", "TSTAK", "toolbox");
    has("DeWalt", "ToughSystem 2.0", "toolbox");
    has("Snap-on", "KRA", "toolbox");
    has("Snap-on", "KRL", "toolbox");
    has("Snap-on", "KMP", "toolbox");
    has("Matco", "4S", "toolbox");
    has("Matco", "6S", "toolbox");
    for (const brand of ["Pelican", "Plano", "Apache", "Savior Equipment", "Case Club", "Nanuk"]) {
      expect(brands.get(brand)).toBe("case");
    }
    expect(brands.get("Custom")).toBe("custom");
  });

  test("each container has models and each model matches its container type", () => {
    for (const container of TOOLBOX_CONTAINERS) {
      expect(container.models.length).toBeGreaterThan(0);
      for (const model of container.models) expect(model.kind).toBe(container.type);
    }
  });

  test("model ids are unique, stable kebab-case; drawer ids are unique and derived", () => {
    const modelIds = allModels.map(({ model }) => model.id);
    expect(new Set(modelIds).size).toBe(modelIds.length);
    const drawerIds = allModels.flatMap(({ model }) => model.drawers.map((d) => d.id));
    expect(new Set(drawerIds).size).toBe(drawerIds.length);
    for (const { model } of allModels) {
      expect(model.id).toMatch(KEBAB);
      model.drawers.forEach((drawer, i) => expect(drawer.id).toBe(`${model.id}-d${i + 1}`));
    }
  });

  test("every size is a positive finite number", () => {
    for (const { model } of allModels) {
      for (const n of [model.width_in, model.depth_in, model.height_in]) {
        expect(Number.isFinite(n) && n > 0).toBe(true);
      }
      for (const d of model.drawers) expect(d.width_in > 0 && d.depth_in > 0).toBe(true);
    }
  });

  test("toolboxes have 2 to 18 drawers about 2 in. smaller than the box", () => {
    const toolboxes = allModels.filter(({ container }) => container.type === "toolbox");
    expect(toolboxes.length).toBeGreaterThan(20);
    for (const { model } of toolboxes) {
      expect(model.drawers.length).toBeGreaterThanOrEqual(MIN_TOOLBOX_DRAWERS);
      expect(model.drawers.length).toBeLessThanOrEqual(MAX_TOOLBOX_DRAWERS);
      model.drawers.forEach((drawer, i) => {
        expect(drawer.label).toBe(`Drawer ${i + 1}`);
        expect(model.width_in - drawer.width_in).toBeCloseTo(DRAWER_CLEARANCE_IN, 9);
        expect(model.depth_in - drawer.depth_in).toBeCloseTo(DRAWER_CLEARANCE_IN, 9);
      });
      expect(model.notes === undefined || model.notes.length > 0).toBe(true);
    }
  });

  test("cases have one 'Main compartment' parsed from their notes, inside the outer size", () => {
    const cases = allModels.filter(({ container }) => container.type === "case");
    expect(cases.length).toBeGreaterThan(15);
    for (const { model } of cases) {
      const size = parseInternalSize(model.notes);
      expect(size).not.toBeNull();
      expect(model.notes).toMatch(/^\d+(\.\d+)? x \d+(\.\d+)? x \d+(\.\d+)?$/);
      expect(model.drawers).toHaveLength(1);
      const [main] = model.drawers;
      expect(main.label).toBe(MAIN_COMPARTMENT_LABEL);
      expect(main.width_in).toBe(size!.width_in);
      expect(main.depth_in).toBe(size!.depth_in);
      expect(size!.width_in).toBeLessThan(model.width_in);
      expect(size!.depth_in).toBeLessThan(model.depth_in);
      expect(size!.height_in).toBeLessThan(model.height_in);
    }
  });

  test("Custom brand has the two SPEC models", () => {
    const box = findModel("custom-toolbox-or-case")!;
    expect(box.container.brand).toBe("Custom");
    expect(box.model.name).toBe("Custom toolbox or case");
    expect([box.model.width_in, box.model.depth_in, box.model.height_in]).toEqual([24, 18, 10]);
    expect(box.model.drawers).toHaveLength(1);

    const workspace = findModel("custom-workspace")!;
    expect(workspace.model.name).toBe("Custom workspace");
    expect([workspace.model.width_in, workspace.model.depth_in]).toEqual([24, 18]);
    expect(workspace.model.notes).toBeTruthy();
    expect(workspace.model.drawers[0]).toMatchObject({ width_in: 24, depth_in: 18 });
  });
});

describe("lookups", () => {
  test("findModel returns the model with its container", () => {
    const hit = findModel("pelican-1510")!;
    expect(hit.container.brand).toBe("Pelican");
    expect(hit.model.notes).toBe("19.75 x 11.00 x 7.60");
    expect(hit.model.drawers[0]).toEqual({ id: "pelican-1510-d1", label: "Main compartment", width_in: 19.75, depth_in: 11 });
    expect(findModel("craftsman-3000-52-10-drawer-cabinet")?.container.series).toBe("3000 Series");
    expect(findModel("nope")).toBeUndefined();
    expect(findModel("")).toBeUndefined();
  });

  test("listBrands lists each brand once, in catalogue order", () => {
    const brands = listBrands();
    expect(new Set(brands).size).toBe(brands.length);
    expect(brands[0]).toBe("US General");
    expect(brands.at(-1)).toBe("Custom");
    expect(brands.filter((b) => b === "Craftsman")).toHaveLength(1);
    expect(brands.length).toBe(15); // 8 toolbox brands, 6 case brands, Custom
  });

  test("listModels spans every series of a brand", () => {
    const craftsman = listModels("Craftsman");
    expect(new Set(craftsman.map((m) => m.container.series))).toEqual(new Set(["2000 Series", "3000 Series", "4000 Series"]));
    expect(listModels("Unknown")).toEqual([]);
  });
});
