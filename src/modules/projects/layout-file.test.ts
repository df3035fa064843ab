import { describe, expect, test } from "bun:test";
import Drawing from "dxf-writer";
import { AppError } from "../../shared/errors";
import { area } from "../cutting-files/layout";
import { parseDrawing, parseDxf, parseSvg } from "./layout-file";

const detail = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.detail}`;
    throw error;
  }
  return "no error";
};

describe("SVG outlines", () => {
  test("relative paths, H/V, curves flattened, names from title or id, mm scale from width over viewBox", () => {
    const svg = `<svg width="100mm" height="50mm" viewBox="0 0 200 100">
      <path d="m10 10 h40 v20 h-40 z"><title>Box</title></path>
      <path id="Blob" d="M100 10 C120 10 140 30 140 50 Q120 80 100 50 Z"/>
    </svg>`;
    const { loops, yUp } = parseSvg(svg);
    expect(yUp).toBe(false);
    expect(loops.map((loop) => loop.name)).toEqual(["Box", "Blob"]);
    expect(area(loops[0]!.points)).toBeCloseTo(200, 6); // 40 × 20 user units at 0.5 mm each
    expect(loops[1]!.points.length).toBeGreaterThan(10);
  });

  test("transforms and elliptical arcs are refused with a sentence", () => {
    expect(detail(() => parseSvg(`<svg><g transform="scale(2)"><rect width="10" height="10"/></g></svg>`))).toStartWith("422 The SVG uses transforms");
    expect(detail(() => parseSvg(`<svg><path d="M0 0 A5 5 0 0 1 10 0 Z"/></svg>`))).toStartWith("422 The SVG uses elliptical arcs");
  });
});

describe("DXF outlines", () => {
  test("closed LWPOLYLINE with a bulge becomes an arc; CIRCLE is a loop; inches are converted", () => {
    const drawing = new Drawing();
    drawing.setUnits("Inches");
    drawing.drawCircle(5, 5, 1);
    const dxf = drawing.toDxfString();
    const circle = parseDxf(dxf).loops[0]!;
    expect(area(circle.points)).toBeCloseTo(Math.PI * 25.4 * 25.4, -2);

    // A half-disc: two vertices, bulge 1 (a 180° arc) on the first segment, straight back.
    const lw = ["0", "SECTION", "2", "ENTITIES", "0", "LWPOLYLINE", "8", "POCKETS", "90", "2", "70", "1", "10", "0", "20", "0", "42", "1", "10", "20", "20", "0", "0", "ENDSEC", "0", "EOF"].join("\n");
    const half = parseDxf(lw).loops[0]!;
    expect(half.name).toBe("POCKETS");
    expect(area(half.points)).toBeCloseTo((Math.PI * 100) / 2, 0);
  });

  test("LINE pieces that never close, unknown units and non-drawings are 422s", () => {
    const open = ["0", "SECTION", "2", "ENTITIES", "0", "LINE", "10", "0", "20", "0", "11", "10", "21", "0", "0", "ENDSEC", "0", "EOF"].join("\n");
    expect(detail(() => parseDxf(open))).toBe("422 The DXF has an outline that does not close (starting near 0.0, 0.0 mm): every pocket must be a closed loop.");
    const feet = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "2", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES", "0", "ENDSEC", "0", "EOF"].join("\n");
    expect(detail(() => parseDxf(feet))).toBe("422 The DXF must be drawn in millimetres ($INSUNITS 4).");
    expect(detail(() => parseDrawing("notes.txt", "hello"))).toBe("422 Upload a .dxf or .svg file of closed pocket outlines in millimetres.");
    expect(detail(() => parseDrawing("x.dxf", "hello\nworld"))).toBe("422 The file is not a DXF drawing (group codes expected).");
  });
});
