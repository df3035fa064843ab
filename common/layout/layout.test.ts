import { describe, expect, test } from "bun:test";
import DxfParser from "dxf-parser";
import {
  cutPlan,
  defaultDepth,
  fitArcs,
  flattenRing,
  layoutDxf,
  layoutDxfFiles,
  layoutMesh,
  layoutPdf,
  layoutStl,
  layoutSvg,
  readCutLayout,
  readPocketExtras,
  ringArea,
  type CutLayout,
  type Triangle,
} from "./index";

const rect = (x: number, y: number, w: number, h: number): [number, number][] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];

const LAYOUT: CutLayout = {
  foam: { width_mm: 300, depth_mm: 200, thickness_mm: 60, layers: [{ thickness_mm: 25 }, { thickness_mm: 25 }, { thickness_mm: 10, color: "red" }] },
  pockets: [
    { name: "Wrench", points: rect(20, 20, 120, 30), depth_mm: 30, clearance_mm: 1, finger_pulls: [{ x_mm: 80, y_mm: 51, shape: "round", width_mm: 20 }], label: { text: "WRENCH 13", x_mm: 80, y_mm: 75 } },
    { name: "Driver", points: rect(170, 100, 80, 20), depth_mm: 20, clearance_mm: 2, ledge: { width_mm: 6, depth_mm: 8 } },
  ],
};

/** Every edge used exactly twice, once each way; and the signed volume (divergence theorem). */
function meshFacts(tris: Triangle[]) {
  const key = (v: number[]) => v.map((c) => Math.fround(c).toFixed(4)).join(",");
  const edges = new Map<string, number>();
  let volume = 0;
  for (const [a, b, c] of tris) {
    for (const [p, q] of [[a, b], [b, c], [c, a]]) {
      const k = `${key(p!)}|${key(q!)}`;
      edges.set(k, (edges.get(k) ?? 0) + 1);
    }
    volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
  }
  let open = 0;
  for (const [k, count] of edges) {
    const [p, q] = k.split("|");
    if (count !== 1 || edges.get(`${q}|${p}`) !== 1) open++;
  }
  return { open, volume };
}

describe("depth defaults", () => {
  test("scan height + 2 mm, else half the foam, never within 5 mm of the bottom", () => {
    expect(defaultDepth({ thickness_mm: 50 }, 20)).toBe(22);
    expect(defaultDepth({ thickness_mm: 50 })).toBe(25);
    expect(defaultDepth({ thickness_mm: 50 }, 60)).toBe(45);
  });
});

describe("clearance and arcs", () => {
  test("a 1 mm clearance grows the outline by 1 mm with true arcs at the corners", () => {
    const plan = cutPlan({ foam: { width_mm: 100, depth_mm: 100, thickness_mm: 30 }, pockets: [{ name: "A", points: rect(10, 10, 40, 20), clearance_mm: 1 }] });
    const [contour] = plan.contours;
    expect(contour!.rings).toHaveLength(1);
    const ring = contour!.rings[0]!;
    // four corner arcs of 90° each: bulge tan(90°/4) ≈ 0.4142
    const arcs = ring.bulges.filter((b) => b !== 0);
    expect(arcs).toHaveLength(4);
    for (const bulge of arcs) expect(Math.abs(bulge)).toBeCloseTo(Math.tan(Math.PI / 8), 2);
    const area = Math.abs(ringArea(flattenRing(ring)));
    expect(area).toBeCloseTo(42 * 22 - (4 - Math.PI), 0);
  });

  test("fitArcs leaves a polygon with no circles alone", () => {
    const ring = fitArcs(rect(0, 0, 5, 5), null);
    expect(ring.bulges).toEqual([0, 0, 0, 0]);
  });

  test("a finger pull is merged into the pocket outline", () => {
    const plan = cutPlan(LAYOUT);
    const wrench = plan.contours.filter((c) => c.pocketIndex === 0);
    expect(wrench).toHaveLength(1);
    const area = Math.abs(ringArea(flattenRing(wrench[0]!.rings[0]!)));
    // 122 x 32 box with round corners, plus the half-disc of the 20 mm notch outside it (minus the 1 mm band it overlaps)
    expect(area).toBeGreaterThan(122 * 32 - 1 + 140);
    expect(area).toBeLessThan(122 * 32 + Math.PI * 100);
  });
});

describe("DXF", () => {
  test("one file per foam layer, named layers per operation and depth", () => {
    const files = layoutDxfFiles(LAYOUT);
    expect(files.map((f) => f.layer)).toEqual([1, 2, 3]);
    const parser = new DxfParser();
    const layers = files.map((file) => {
      const parsed = parser.parseSync(file.dxf)!;
      return [...new Set(parsed.entities.map((e) => e.layer))].sort();
    });
    // wrench 30 mm: 25 in layer 1, 5 in layer 2; driver 20 mm core and 8 mm ledge: layer 1 only
    expect(layers[0]).toEqual(["FOAM_OUTLINE", "LABEL_ENGRAVE", "POCKET_20MM", "POCKET_25MM", "POCKET_8MM"]);
    expect(layers[1]).toEqual(["FOAM_OUTLINE", "POCKET_5MM"]);
    expect(layers[2]).toEqual(["FOAM_OUTLINE"]);
    expect(files[0]!.dxf).toContain("Clearance applied: 1 mm, 2 mm");
    const parsed = parser.parseSync(files[0]!.dxf)!;
    const text = parsed.entities.find((e) => e.type === "TEXT") as { text: string } | undefined;
    expect(text?.text).toBe("WRENCH 13");
    const bulges = parsed.entities.flatMap((e) => ((e as { vertices?: { bulge?: number }[] }).vertices ?? []).map((v) => v.bulge ?? 0));
    expect(bulges.some((b) => b !== 0)).toBe(true);
    const top = parser.parseSync(layoutDxf(LAYOUT))!;
    expect(top.entities.length).toBe(parsed.entities.length);
  });
});

describe("SVG and PDF", () => {
  test("SVG has the same named layers, nested per foam layer", () => {
    const svg = layoutSvg(LAYOUT, "Test <1>");
    for (const id of ["L1_FOAM_OUTLINE", "L1_POCKET_25MM", "L1_POCKET_8MM", "L1_LABEL_ENGRAVE", "L2_POCKET_5MM", "FOAM_LAYER_3"]) expect(svg).toContain(`id="${id}"`);
    expect(svg).toContain(' A');
    expect(svg).toContain("Test &lt;1&gt;");
  });

  test("the PDF template is 1:1: its page is the foam plus margins", () => {
    const pdf = Buffer.from(layoutPdf(LAYOUT)).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    // 300 + 2 x 15 mm wide = 935.43 pt; 200 + 30 + 28 mm = 731.34 pt; three pages, one per foam layer
    expect(pdf).toMatch(/MediaBox \[0 0 935\.43\d* 731\.33\d*\]/);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
  });
});

describe("STL", () => {
  test("the insert is a closed mesh whose volume is the block minus the pockets", () => {
    const single: CutLayout = { foam: { width_mm: 100, depth_mm: 80, thickness_mm: 40 }, pockets: [{ name: "A", points: rect(20, 20, 40, 20), depth_mm: 25, clearance_mm: 0 }] };
    const facts = meshFacts(layoutMesh(single));
    expect(facts.open).toBe(0);
    expect(facts.volume).toBeCloseTo(100 * 80 * 40 - 40 * 20 * 25, 0);
  });

  test("clearance arcs, a finger pull and a ledge stay watertight", () => {
    const plan = cutPlan(LAYOUT);
    const tris = layoutMesh(LAYOUT, plan);
    const facts = meshFacts(tris);
    expect(facts.open).toBe(0);
    let removed = 0;
    for (const contour of plan.contours) {
      const deeper = plan.contours.filter((c) => c.pocketIndex === contour.pocketIndex && c.depth_mm < contour.depth_mm).map((c) => c.depth_mm);
      const above = Math.max(0, ...deeper);
      for (const ring of contour.rings) removed += Math.abs(ringArea(ring.chords!)) * (contour.depth_mm - above);
    }
    expect(Math.abs(facts.volume - (300 * 200 * 60 - removed))).toBeLessThan(1);
    const stl = layoutStl(LAYOUT);
    expect(new DataView(stl.buffer).getUint32(80, true)).toBe(tris.length);
    expect(stl.byteLength).toBe(84 + 50 * tris.length);
  });
});

describe("readCutLayout", () => {
  test("old layouts without the new fields still read", () => {
    const layout = readCutLayout({ foam: { width_mm: 300, depth_mm: 200, thickness_mm: 30 }, pockets: [{ name: "A", points: rect(10, 10, 40, 30) }] });
    expect(layout.pockets[0]).toEqual({ name: "A", points: rect(10, 10, 40, 30) });
    expect(cutPlan(layout).contours[0]!.depth_mm).toBe(15);
  });

  test("readPocketExtras keeps only the cutting fields a job carries", () => {
    const foam = { width_mm: 300, depth_mm: 200, thickness_mm: 30 };
    expect(readPocketExtras({ depth_mm: 12, clearance_mm: 0.5, junk: 1 }, "A", foam)).toEqual({ depth_mm: 12, clearance_mm: 0.5 });
    expect(readPocketExtras(undefined, "A", foam)).toEqual({});
    expect(() => readPocketExtras({ depth_mm: 40 }, "A", foam)).toThrow('Pocket "A" depth must be between 1 and 30 mm.');
  });

  test("names bad new fields", () => {
    const foam = { width_mm: 300, depth_mm: 200, thickness_mm: 30 };
    expect(() => readCutLayout({ foam: { ...foam, layers: [{ thickness_mm: 10 }] }, pockets: [] })).toThrow("The foam layers add up to 10 mm, not the foam's 30 mm.");
    expect(() => readCutLayout({ foam, pockets: [{ name: "A", points: rect(10, 10, 40, 30), depth_mm: 31 }] })).toThrow('Pocket "A" depth must be between 1 and 30 mm.');
  });
});
