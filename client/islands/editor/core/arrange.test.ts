import { describe, expect, test } from "bun:test";
import { arrangeTools, placeTool } from "./actions";
import { arrangeKernel } from "./arrange-kernel";
import { arrangeInput, autoArrange, placementsFrom } from "./arrange";
import { customFoam } from "./foam";
import { findProblems } from "./problems";
import { loadedStore, rect, scannedTool } from "./test-fixtures";

// An L-shaped "wrench" and bars of assorted sizes.
const L: [number, number][] = [[0, 0], [120, 0], [120, 20], [30, 20], [30, 50], [0, 50]];
const tools = [
  scannedTool("l1", { contourPointsMm: L }),
  scannedTool("l2", { contourPointsMm: L }),
  ...[80, 60, 100, 40, 70, 50].map((w, i) => scannedTool(`bar${i}`, { contourPointsMm: rect(0, 0, w, 15 + i * 3) })),
];

describe("auto-arrange", () => {
  test("every tool fits, no overlap and no wall under 8 mm, as one undo step", async () => {
    const store = loadedStore(tools, customFoam(300, 300, 40));
    for (const tool of tools) store.dispatch(placeTool, { id: tool.id, at: { x: 150, y: 150 } });
    expect(findProblems(store.getState().doc, 8).length).toBeGreaterThan(0);
    const outcome = await autoArrange(store.getState().doc, "placed", 8);
    expect(outcome.result.placed).toBe(tools.length);
    expect(outcome.result.unplaced).toEqual([]);
    const before = store.getState().doc;
    store.dispatch(arrangeTools, { placements: outcome.placements });
    expect(findProblems(store.getState().doc, 8)).toEqual([]);
    expect(outcome.result.utilisation).toBeGreaterThan(0.3);
    store.undo();
    expect(store.getState().doc).toEqual(before);
  });

  test("scope 'all' places queued tools too; parts that cannot fit are named", () => {
    const store = loadedStore([...tools, scannedTool("huge", { contourPointsMm: rect(0, 0, 400, 50) })], customFoam(300, 300, 40));
    const result = arrangeKernel(arrangeInput(store.getState().doc, "all", 8));
    expect(result.unplaced).toEqual(["huge"]);
    expect(Object.keys(placementsFrom(store.getState().doc, result))).toHaveLength(tools.length);
  });

  test("it packs at least as tightly as plain largest-first bottom-left fill without rotation", () => {
    const store = loadedStore(tools, customFoam(300, 400, 40));
    const input = arrangeInput(store.getState().doc, "all", 8);
    const plain = arrangeKernel({ ...input, rotations: [0], orders: 1 });
    const ours = arrangeKernel(input);
    expect(ours.placed).toBeGreaterThanOrEqual(plain.placed);
    expect(ours.usedDepth).toBeLessThanOrEqual(plain.usedDepth);
  });

  test("a capped search repeats, beats its first order and leaves no problems on the final grid", () => {
    const store = loadedStore([...tools, ...tools.map((tool) => ({ ...tool, id: `${tool.id}b` }))], customFoam(300, 400, 40));
    const input = arrangeInput(store.getState().doc, "all", 8);
    expect(input.searchResolution).toBeGreaterThan(input.resolution);
    const capped = { ...input, orders: 80, timeBudgetMs: 60_000 };
    const first = arrangeKernel({ ...capped, orders: 1 });
    const searched = arrangeKernel(capped);
    expect(searched.ordersTried).toBe(80);
    expect(arrangeKernel(capped)).toMatchObject({ placements: searched.placements, usedDepth: searched.usedDepth });
    expect(searched.placed).toBeGreaterThanOrEqual(first.placed);
    if (searched.placed === first.placed) expect(searched.usedDepth).toBeLessThanOrEqual(first.usedDepth);
    store.dispatch(arrangeTools, { placements: placementsFrom(store.getState().doc, searched) });
    const doc = store.getState().doc;
    const placedDoc = { ...doc, tools: doc.tools.map((tool) => (searched.placements[tool.id] ? tool : { ...tool, placement: null })) };
    expect(findProblems(placedDoc, 8)).toEqual([]);
  });

  test("when not every part fits, the area placed counts before the number of parts", () => {
    // One 200 × 200 block or four 95 × 95 blocks fit a 230 × 230 sheet, not both: the block wins.
    const big = scannedTool("big", { contourPointsMm: rect(0, 0, 200, 200) });
    const smalls = [0, 1, 2, 3].map((i) => scannedTool(`s${i}`, { contourPointsMm: rect(0, 0, 95, 95) }));
    const store = loadedStore([big, ...smalls], customFoam(230, 230, 40));
    const result = arrangeKernel({ ...arrangeInput(store.getState().doc, "all", 8), orders: 200, timeBudgetMs: 60_000 });
    expect(Object.keys(result.placements)).toContain("big");
    expect(result.unplaced).toHaveLength(4);
  });
});

