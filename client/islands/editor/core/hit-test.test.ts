import { describe, expect, test } from "bun:test";
import { placeTool } from "./actions";
import { hitTest } from "./hit-test";
import { loadedStore, rect, scannedTool } from "./test-fixtures";
import { foamToScreen } from "./viewport";

describe("hitTest", () => {
  const store = loadedStore([
    scannedTool("a", { contourPointsMm: rect(0, 0, 100, 20) }),
    scannedTool("b", { contourPointsMm: rect(0, 0, 20, 20) }),
    scannedTool("c"),
  ]);
  store.dispatch(placeTool, { id: "a", at: { x: 100, y: 100 } });
  store.dispatch(placeTool, { id: "b", at: { x: 100, y: 100 } });
  const { doc, session } = store.getState();
  const at = (x: number, y: number) => foamToScreen(session.viewport, { x, y });

  test("inside a pocket; the topmost wins", () => {
    expect(hitTest(doc, session.viewport, at(100, 100))).toBe("b");
    expect(hitTest(doc, session.viewport, at(140, 100))).toBe("a");
  });

  test("near the edge within the hit radius, nothing further away", () => {
    const edge = at(150, 100);
    expect(hitTest(doc, session.viewport, { x: edge.x + 10, y: edge.y })).toBe("a");
    expect(hitTest(doc, session.viewport, { x: edge.x + 40, y: edge.y })).toBeNull();
  });

  test("unplaced tools are never hit", () => {
    expect(hitTest(doc, session.viewport, at(10, 10))).toBeNull();
  });
});
