import { describe, expect, test } from "bun:test";
import { checkLayout, cutLengthMm, LayoutError } from "./layout";
import { layoutDxf, layoutDxfFiles, layoutPdf, layoutStl, layoutSvg } from "./render";
import { parseFormat } from "./service";

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

describe("cut-ready files from the shared renderer", () => {
  const layered = checkLayout({
    foam: { width_mm: 300, depth_mm: 200, thickness_mm: 60, layers: [{ thickness_mm: 10, color: "red" }, { thickness_mm: 25 }, { thickness_mm: 25 }] },
    pockets: [
      { name: "Wrench", points: [[20, 20], [140, 20], [140, 50], [20, 50]], job_id: 7, depth_mm: 30, clearance_mm: 1.5, finger_pulls: [{ x_mm: 80, y_mm: 50, shape: "oval", width_mm: 18, length_mm: 30 }], label: { text: "13 mm", x_mm: 80, y_mm: 70 } },
      { name: "Old pocket", points: [[200, 100], [260, 100], [260, 140], [200, 140]] },
    ],
  });

  test("new optional fields are kept; a stored pocket without them still reads", () => {
    expect(layered.pockets[0]).toMatchObject({ job_id: 7, depth_mm: 30, clearance_mm: 1.5, label: { text: "13 mm" } });
    expect(layered.pockets[1]).toEqual({ name: "Old pocket", points: [[200, 100], [260, 100], [260, 140], [200, 140]] });
  });

  test("bad new fields are named for the operator", () => {
    expect(() => checkLayout({ foam, pockets: [{ ...pocket([[10, 10], [50, 10], [50, 40]]), finger_pulls: [{ x_mm: 10, y_mm: 10, width_mm: 1 }] }] })).toThrow(
      'Pocket "Wrench" finger pull width must be between 5 and 100 mm.',
    );
  });

  test("one DXF per foam layer with depth-named layers, the job sheet PDF, the STL", () => {
    const files = layoutDxfFiles(layered);
    expect(files).toHaveLength(3);
    // 30 mm: all of the 10 mm top, 20 mm into layer 2; the old pocket's default depth is half of 60 mm
    expect(files[0]!.dxf).toMatch(/\nPOCKET_10MM\n/);
    expect(files[1]!.dxf).toMatch(/\nPOCKET_20MM\n/);
    expect(files[0]!.dxf).toContain("Clearance applied: 1.5 mm, 1 mm");
    expect(layoutDxf(layered)).toContain("LABEL_ENGRAVE");
    const pdf = Buffer.from(layoutPdf(layered, { orderNumber: "ORD-1", customerEmail: "a@b.c", material: null, priority: "normal", estimatedMinutes: 9, generatedAt: "now" })).toString("latin1");
    // A4 job sheet + one 1:1 page per foam layer
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(4);
    const stl = layoutStl(layered);
    expect(new DataView(stl.buffer, stl.byteOffset).getUint32(80, true) * 50 + 84).toBe(stl.byteLength);
  });

  test("formats: dxf, svg, pdf, stl and dxf-layer-N", () => {
    expect(parseFormat("STL")).toBe("stl");
    expect(parseFormat("dxf-layer-2")).toBe("dxf-layer-2");
    expect(() => parseFormat("dxf-layer-9")).toThrow();
  });
});
