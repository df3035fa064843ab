import { describe, expect, test } from "bun:test";
import DxfParser from "dxf-parser";
import { addFingerPull, placeTool, rotateTool, setClearance, setFoam, setPocketDepth, setPocketLabel, withLayers } from "./actions";
import { layoutToDxf, layoutToDxfFiles } from "./export-dxf";
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
    const foam = polylines.filter((p) => p.layer === "FOAM_OUTLINE");
    expect(foam).toHaveLength(1);
    expect(foam[0].shape).toBe(true);
    const e = extents(foam[0].vertices);
    expect(e.maxX - e.minX).toBeCloseTo(DEFAULT_FOAM.width_mm, 6);
    expect(e.maxY - e.minY).toBeCloseTo(DEFAULT_FOAM.depth_mm, 6);
  });

  test("one closed polyline per placed pocket, at true scale and position, with the default 1 mm clearance and depth", () => {
    // Half the 31.75 mm foam: the default depth without a scanned height.
    const pockets = polylines.filter((p) => p.layer === "POCKET_15.9MM");
    expect(pockets).toHaveLength(2);
    expect(pockets.every((p) => p.shape)).toBe(true);
    // The wrench (100 x 20) turned 90°: 20 wide, 100 deep (+1 mm all round), centred at x 100, y 50 from the top.
    const wrench = extents(pockets[0].vertices);
    expect(wrench.maxX - wrench.minX).toBeCloseTo(22, 3);
    expect(wrench.maxY - wrench.minY).toBeCloseTo(102, 3);
    expect((wrench.minX + wrench.maxX) / 2).toBeCloseTo(100, 3);
    // CAD y points up: 50 mm below the top edge.
    expect((wrench.minY + wrench.maxY) / 2).toBeCloseTo(DEFAULT_FOAM.depth_mm - 50, 3);
    const socket = extents(pockets[1].vertices);
    expect(socket.maxX - socket.minX).toBeCloseTo(32, 3);
    expect(socket.minX).toBeCloseTo(184, 3);
  });

  test("depth, clearance, finger pull and label reach the file; multi-layer foam gives one file per layer", () => {
    store.dispatch(setPocketDepth, { id: "socket", depth_mm: 25 });
    store.dispatch(setClearance, { id: "socket", clearance_mm: 0 });
    store.dispatch(addFingerPull, { id: "socket", at: { x: 216, y: 300 }, shape: "round", width_mm: 20 });
    store.dispatch(setPocketLabel, { id: "socket", text: "10 mm socket" });
    store.dispatch(setFoam, { foam: withLayers(store.getState().doc.foam, [{ thickness_mm: 20 }, { thickness_mm: 20 }, { thickness_mm: 10 }]) });
    const files = layoutToDxfFiles(layoutGeometry(store.getState().doc));
    expect(files.map((file) => file.name)).toEqual(["foam-layout-layer-1.dxf", "foam-layout-layer-2.dxf", "foam-layout-layer-3.dxf"]);
    const layers = files.map((file) => [...new Set(new DxfParser().parseSync(file.dxf)!.entities.map((e) => e.layer))].sort());
    // 50 mm foam now: the wrench's default depth is 25 mm too
    expect(layers[0]).toEqual(["FOAM_OUTLINE", "LABEL_ENGRAVE", "POCKET_20MM"]);
    expect(layers[1]).toEqual(["FOAM_OUTLINE", "POCKET_5MM"]);
    expect(layers[2]).toEqual(["FOAM_OUTLINE"]);
    const socket = (new DxfParser().parseSync(files[0].dxf)!.entities as unknown as Polyline[]).filter((p) => p.type === "LWPOLYLINE" && p.layer === "POCKET_20MM")[1];
    const e = extents(socket.vertices);
    // 30 mm square, no clearance (sharp corners on the vertices)...
    expect(e.maxY - e.minY).toBeCloseTo(30, 1);
    // ...and the 20 mm notch on its right edge: about a half circle, one arc segment (bulge near ±1)
    const bulges = (socket.vertices as (Vertex & { bulge?: number })[]).map((v) => v.bulge ?? 0);
    expect(bulges.filter((b) => Math.abs(b) > 0.9)).toHaveLength(1);
  });
});

describe("finger pull depth", () => {
  test("a notch cut to its own depth gets its own FINGER layer; the pocket keeps its outline", () => {
    const store = loadedStore([scannedTool("a", { contourPointsMm: rect(0, 0, 60, 20) })]);
    store.dispatch(placeTool, { id: "a", at: { x: 100, y: 100 } });
    store.dispatch(setPocketDepth, { id: "a", depth_mm: 20 });
    store.dispatch(addFingerPull, { id: "a", at: { x: 100, y: 112 }, shape: "round", width_mm: 20, depth_mm: 12 });
    const dxf = new DxfParser().parseSync(layoutToDxf(layoutGeometry(store.getState().doc)))!;
    const layers = [...new Set(dxf.entities.map((e) => e.layer))].sort();
    expect(layers).toEqual(["FINGER_12MM", "FOAM_OUTLINE", "POCKET_20MM"]);
  });
});
