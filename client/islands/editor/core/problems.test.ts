import { describe, expect, test } from "bun:test";
import { addFingerPull, placeTool, rotateTool } from "./actions";
import { customFoam } from "./foam";
import { findProblems } from "./problems";
import { loadedStore, rect, scannedTool } from "./test-fixtures";

// Three 20 x 20 mm squares on a 200 x 200 mm foam.
// Clearance 0 unless asked, so the gaps below are the gaps between the cut outlines.
function layout(positions: Record<string, { x: number; y: number }>, clockwise = true, clearance = 0) {
  const square = clockwise ? rect(0, 0, 20, 20) : rect(0, 0, 20, 20).reverse();
  const store = loadedStore(
    Object.keys(positions).map((id) => scannedTool(id, { contourPointsMm: square, pocket: { clearance_mm: clearance } } as never)),
    customFoam(200, 200, 30),
  );
  for (const [id, at] of Object.entries(positions)) store.dispatch(placeTool, { id, at });
  return store;
}

describe("findProblems", () => {
  test("well-spaced pockets have no problems", () => {
    const store = layout({ a: { x: 50, y: 50 }, b: { x: 100, y: 50 } });
    expect(findProblems(store.getState().doc, 5)).toEqual([]);
  });

  test("overlapping pockets are reported once with both ids", () => {
    const store = layout({ a: { x: 50, y: 50 }, b: { x: 60, y: 50 } });
    const problems = findProblems(store.getState().doc, 5);
    expect(problems).toHaveLength(1);
    expect(problems[0].kind).toBe("overlap");
    expect(problems[0].toolIds).toEqual(["a", "b"]);
  });

  test("a wall thinner than the minimum between pockets", () => {
    // Gap between the squares: 74 - 20 - 50 = 4 mm.
    const store = layout({ a: { x: 50, y: 50 }, b: { x: 74, y: 50 } }, false);
    expect(findProblems(store.getState().doc, 5).map((p) => p.kind)).toEqual(["wall"]);
    expect(findProblems(store.getState().doc, 3)).toEqual([]);
  });

  test("walls are measured between the cut outlines: clearance and finger pulls count", () => {
    // 6 mm between the tools, 1 mm clearance on each: a 4 mm wall.
    const store = layout({ a: { x: 50, y: 50 }, b: { x: 76, y: 50 } }, true, 1);
    expect(findProblems(store.getState().doc, 5).map((p) => p.kind)).toEqual(["wall"]);
    expect(findProblems(store.getState().doc, 4)).toEqual([]);
    const wide = layout({ a: { x: 50, y: 50 }, b: { x: 90, y: 50 } });
    expect(findProblems(wide.getState().doc, 5)).toEqual([]);
    // a 16 mm notch on a's right edge reaches 8 mm towards b, leaving 12 mm
    wide.dispatch(addFingerPull, { id: "a", at: { x: 60, y: 50 }, shape: "round", width_mm: 16 });
    expect(findProblems(wide.getState().doc, 12.5).map((p) => p.kind)).toEqual(["wall"]);
    expect(findProblems(wide.getState().doc, 11.5)).toEqual([]);
  });

  test("touching pockets count as too close, not overlapping", () => {
    const store = layout({ a: { x: 50, y: 50 }, b: { x: 70, y: 50 } });
    expect(findProblems(store.getState().doc, 5).map((p) => p.kind)).toEqual(["wall"]);
  });

  test("pockets near or past the foam edge", () => {
    // a: 4 mm from the left edge; b: hanging past the right edge; c: 6 mm from the bottom.
    const store = layout({ a: { x: 14, y: 100 }, b: { x: 195, y: 100 }, c: { x: 100, y: 184 } });
    const problems = findProblems(store.getState().doc, 5);
    expect(problems.map((p) => [p.kind, p.toolIds[0]])).toEqual([
      ["edge", "a"],
      ["edge", "b"],
    ]);
    expect(problems[1].message).toContain("past the foam edge");
  });

  test("rotation is taken into account", () => {
    const store = loadedStore(
      [scannedTool("long", { contourPointsMm: rect(0, 0, 100, 10) }), scannedTool("sq", { contourPointsMm: rect(0, 0, 10, 10) })],
      customFoam(300, 300, 30),
    );
    store.dispatch(placeTool, { id: "long", at: { x: 100, y: 100 } });
    store.dispatch(placeTool, { id: "sq", at: { x: 100, y: 140 } });
    expect(findProblems(store.getState().doc, 5)).toEqual([]);
    store.dispatch(rotateTool, { id: "long", degrees: 90 });
    expect(findProblems(store.getState().doc, 5).map((p) => p.kind)).toEqual(["overlap"]);
  });
});
