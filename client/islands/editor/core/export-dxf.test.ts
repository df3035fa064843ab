import { describe, expect, test } from "bun:test";
import DxfParser from "dxf-parser";
import { placeTool, rotateTool } from "./actions";
import { layoutToDxf } from "./export-dxf";
import { DEFAULT_FOAM } from "./foam";
import { layoutGeometry } from "./layout-geometry";
import { loadedStore, rect, scannedTool } from "./test-fixtures";

type Vertex = { x: number; y: number };
type Polyline = { type: string; layer: string; shape?: boolean; vertices: Vertex[] };

function extents(vertices: Vertex[]) {
  const xs = vertices.map((v) => v.x);
  const ys = vertices.map((v) => v.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe("layoutToDxf", () => {
  const store = loadedStore([
    scannedTool("wrench", { contourPointsMm: rect(10, 10, 100, 20) }),
    scannedTool("socket", { contourPointsMm: rect(0, 0, 30, 30) }),
    scannedTool("unplaced"),
  ]);
  store.dispatch(placeTool, { id: "wrench", at: { x: 100, y: 50 } });
  store.dispatch(rotateTool, { id: "wrench", degrees: 90 });
  store.dispatch(placeTool, { id: "socket", at: { x: 200, y: 300 } });
  const dxf = new DxfParser().parseSync(layoutToDxf(layoutGeometry(store.getState().doc)))!;
  const polylines = (dxf.entities as unknown as Polyline[]).filter((entity) => entity.type === "LWPOLYLINE");

  test("declares millimetres", () => {
    expect(dxf.header.$INSUNITS).toBe(4);
  });

  test("the foam outline is the sheet size in mm", () => {
    const foam = polylines.filter((p) => p.layer === "FOAM");
    expect(foam).toHaveLength(1);
    expect(foam[0].shape).toBe(true);
    const e = extents(foam[0].vertices);
    expect(e.maxX - e.minX).toBeCloseTo(DEFAULT_FOAM.width_mm, 6);
    expect(e.maxY - e.minY).toBeCloseTo(DEFAULT_FOAM.depth_mm, 6);
  });

  test("one closed polyline per placed pocket, at true scale and position", () => {
    const pockets = polylines.filter((p) => p.layer === "POCKETS");
    expect(pockets).toHaveLength(2);
    expect(pockets.every((p) => p.shape)).toBe(true);
    // The wrench (100 x 20) turned 90°: 20 wide, 100 deep, centred at x 100, y 50 from the top.
    const wrench = extents(pockets[0].vertices);
    expect(wrench.maxX - wrench.minX).toBeCloseTo(20, 3);
    expect(wrench.maxY - wrench.minY).toBeCloseTo(100, 3);
    expect((wrench.minX + wrench.maxX) / 2).toBeCloseTo(100, 3);
    // CAD y points up: 50 mm below the top edge.
    expect((wrench.minY + wrench.maxY) / 2).toBeCloseTo(DEFAULT_FOAM.depth_mm - 50, 3);
    const socket = extents(pockets[1].vertices);
    expect(socket.maxX - socket.minX).toBeCloseTo(30, 3);
    expect(socket.minX).toBeCloseTo(185, 3);
  });
});
