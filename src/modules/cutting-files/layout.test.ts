import { describe, expect, test } from "bun:test";
import { checkLayout, cutLengthMm, LayoutError } from "./layout";
import { layoutDxf, layoutSvg } from "./render";

const foam = { width_mm: 300, depth_mm: 200, thickness_mm: 30 };
const pocket = (points: unknown, name = "Wrench") => ({ name, points });

describe("checkLayout", () => {
  test("accepts a valid layout and measures the cut", () => {
    const layout = checkLayout({ foam, pockets: [pocket([[10, 10], [50, 10], [50, 40], [10, 40]])] });
    expect(cutLengthMm(layout)).toBe(1000 + 140);
  });

  test("names each problem", () => {
    const cases: [unknown, string][] = [
      [null, "The order has no layout to cut: submit a scanner layout for it first."],
      [{ foam: { ...foam, width_mm: 0 } }, "The foam width is missing or invalid."],
      [{ foam, pockets: [pocket([[0, 0], [1, 1]])] }, 'Pocket "Wrench" needs at least 3 valid points.'],
      [{ foam, pockets: [pocket([[0, 0], [1, "x"], [2, 2]])] }, 'Pocket "Wrench" needs at least 3 valid points.'],
      [{ foam, pockets: [pocket([[0, 0], [10, 10], [20, 20]])] }, 'Pocket "Wrench" has no area.'],
      [{ foam, pockets: [pocket([[250, 150], [350, 150], [350, 190]])] }, 'Pocket "Wrench" extends beyond the foam (300 × 200 mm).'],
    ];
    for (const [raw, message] of cases) {
      expect(() => checkLayout(raw)).toThrow(LayoutError);
      expect(() => checkLayout(raw)).toThrow(message);
    }
  });
});

describe("render", () => {
  const layout = checkLayout({ foam, pockets: [pocket([[10, 10], [50, 10], [50, 40]], 'A <b>"tool"</b>')] });

  test("DXF declares millimetres and flips y for CAD", () => {
    const dxf = layoutDxf(layout);
    expect(dxf).toMatch(/\$INSUNITS\s+70\s+4\s/);
    expect(dxf.match(/LWPOLYLINE/g)).toHaveLength(2);
    // y = 10 in the editor is 200 − 10 = 190 in CAD
    expect(dxf).toMatch(/\n\s*20\s*\n190\s*\n/);
  });

  test("SVG uses a millimetre viewBox and escapes names", () => {
    const svg = layoutSvg(layout, "Order <1>");
    expect(svg).toContain('viewBox="0 0 300 200"');
    expect(svg).toContain('width="300mm"');
    expect(svg).toContain("A &lt;b&gt;&quot;tool&quot;&lt;/b&gt;");
    expect(svg).not.toContain("<b>");
  });
});
