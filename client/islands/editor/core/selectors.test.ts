import { describe, expect, test } from "bun:test";
import { placeTool } from "./actions";
import { customFoam } from "./foam";
import { findProblems } from "./problems";
import { filterUnplaced, layoutCounts, toolCategories } from "./selectors";
import { loadedStore, rect, scannedTool } from "./test-fixtures";

describe("selectors", () => {
  const store = loadedStore(
    [
      scannedTool("a", { name: "Big wrench", category: "Wrenches", contourPointsMm: rect(0, 0, 20, 20) }),
      scannedTool("b", { name: "Small wrench", category: "Wrenches", contourPointsMm: rect(0, 0, 20, 20) }),
      scannedTool("c", { name: "Pliers", contourPointsMm: rect(0, 0, 20, 20) }),
      scannedTool("d", { name: "Hammer", category: "Hammers", contourPointsMm: rect(0, 0, 20, 20) }),
    ],
    customFoam(300, 300, 30),
  );
  store.dispatch(placeTool, { id: "a", at: { x: 50, y: 50 } });
  store.dispatch(placeTool, { id: "b", at: { x: 60, y: 50 } });
  store.dispatch(placeTool, { id: "d", at: { x: 200, y: 200 } });
  const { doc } = store.getState();

  test("counts: unplaced, placed, ready (placed without problems)", () => {
    expect(layoutCounts(doc, findProblems(doc, 5))).toEqual({ unplaced: 1, placed: 3, ready: 1 });
  });

  test("categories sorted with uncategorised last", () => {
    expect(toolCategories(doc)).toEqual(["Hammers", "Wrenches", "Uncategorised"]);
  });

  test("unplaced filter by search and category", () => {
    const s2 = loadedStore([
      scannedTool("a", { name: "Big wrench", category: "Wrenches" }),
      scannedTool("b", { name: "Pliers" }),
    ]);
    const d2 = s2.getState().doc;
    expect(filterUnplaced(d2, "WRENCH", "").map((t) => t.id)).toEqual(["a"]);
    expect(filterUnplaced(d2, "", "Uncategorised").map((t) => t.id)).toEqual(["b"]);
    expect(filterUnplaced(d2, "", "").map((t) => t.id)).toEqual(["a", "b"]);
  });
});
