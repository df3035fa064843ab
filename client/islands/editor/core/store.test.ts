import { describe, expect, test } from "bun:test";
import {
  addQueuedTools,
  deleteTool,
  moveTool,
  nudgeTool,
  placeTool,
  resetLayout,
  rotateTool,
  scaleTool,
  selectTool,
  setFoam,
  setSnapToGrid,
  unplaceTool,
} from "./actions";
import { customFoam } from "./foam";
import { loadedStore, scannedTool } from "./test-fixtures";

const placement = (store: ReturnType<typeof loadedStore>, id: string) =>
  store.getState().doc.tools.find((tool) => tool.id === id)?.placement ?? null;

describe("EditorStore", () => {
  test("loading starts with empty history", () => {
    const store = loadedStore([scannedTool("a"), scannedTool("b")]);
    const { doc, session } = store.getState();
    expect(session.loaded).toBe(true);
    expect(doc.tools).toHaveLength(2);
    expect(session.history.canUndo).toBe(false);
    expect(session.history.canRedo).toBe(false);
  });

  test("every recorded action is one undo step, and each undoes and redoes", () => {
    const store = loadedStore([scannedTool("a"), scannedTool("b")]);
    const snapshots = [store.getState().doc];
    const steps: [string, () => void][] = [
      ["place", () => store.dispatch(placeTool, { id: "a" })],
      ["move", () => store.dispatch(moveTool, { id: "a", to: { x: 100, y: 120 } })],
      ["nudge", () => store.dispatch(nudgeTool, { id: "a", dx: 1, dy: 0 })],
      ["rotate +90", () => store.dispatch(rotateTool, { id: "a", degrees: 90 })],
      ["rotate -90", () => store.dispatch(rotateTool, { id: "a", degrees: -90 })],
      ["scale +", () => store.dispatch(scaleTool, { id: "a", delta: 0.1 })],
      ["scale -", () => store.dispatch(scaleTool, { id: "a", delta: -0.1 })],
      ["place b", () => store.dispatch(placeTool, { id: "b", at: { x: 50, y: 50 } })],
      ["unplace b", () => store.dispatch(unplaceTool, { id: "b" })],
      ["foam", () => store.dispatch(setFoam, { foam: customFoam(200, 250, 40) })],
      ["reset", () => store.dispatch(resetLayout, undefined)],
      ["delete", () => store.dispatch(deleteTool, { id: "b" })],
    ];
    for (const [, run] of steps) {
      run();
      snapshots.push(store.getState().doc);
    }
    // Each step changed the document.
    for (let i = 1; i < snapshots.length; i++) expect(snapshots[i]).not.toBe(snapshots[i - 1]);
    for (let i = snapshots.length - 2; i >= 0; i--) {
      expect(store.getState().session.history.canUndo).toBe(true);
      store.undo();
      expect(store.getState().doc).toEqual(snapshots[i]);
    }
    expect(store.getState().session.history.canUndo).toBe(false);
    for (let i = 1; i < snapshots.length; i++) {
      store.redo();
      expect(store.getState().doc).toEqual(snapshots[i]);
    }
    expect(store.getState().session.history.canRedo).toBe(false);
  });

  test("rotation steps by 90 and scale stays within 0.5-2 in 0.1 steps", () => {
    const store = loadedStore([scannedTool("a")]);
    store.dispatch(placeTool, { id: "a" });
    store.dispatch(rotateTool, { id: "a", degrees: -90 });
    expect(placement(store, "a")?.rotation).toBe(270);
    for (let i = 0; i < 20; i++) store.dispatch(scaleTool, { id: "a", delta: 0.1 });
    expect(placement(store, "a")?.scale).toBe(2);
    for (let i = 0; i < 20; i++) store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    expect(placement(store, "a")?.scale).toBe(0.5);
    store.dispatch(scaleTool, { id: "a", delta: 0.1 });
    expect(placement(store, "a")?.scale).toBe(0.6);
  });

  test("a no-op at a limit records nothing", () => {
    const store = loadedStore([scannedTool("a")]);
    store.dispatch(placeTool, { id: "a" });
    store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    store.dispatch(scaleTool, { id: "a", delta: -0.1 });
    // place + five effective steps; the sixth was clamped away.
    let undos = 0;
    while (store.getState().session.history.canUndo) {
      store.undo();
      undos++;
    }
    expect(undos).toBe(6);
  });

  test("placing defaults to the first free spot (wall and clearance kept), clamps and snaps", () => {
    const store = loadedStore([scannedTool("a"), scannedTool("b"), scannedTool("c")]);
    store.dispatch(placeTool, { id: "a" });
    // 100 x 20 mm tool: half of it + 1 mm clearance + 5 mm wall from the top-left corner.
    expect(placement(store, "a")).toEqual({ x_mm: 56, y_mm: 16, rotation: 0, scale: 1 });
    store.dispatch(placeTool, { id: "c" });
    // next along the row, on the 5 mm search grid: at least a wall between the two cut outlines
    expect(placement(store, "c")).toEqual({ x_mm: 166, y_mm: 16, rotation: 0, scale: 1 });
    expect(store.getState().session.selectedId).toBe("c");
    store.dispatch(setSnapToGrid, { value: true });
    store.dispatch(placeTool, { id: "b", at: { x: 1000, y: 44 } });
    expect(placement(store, "b")).toEqual({ x_mm: 304.8, y_mm: 40, rotation: 0, scale: 1 });
  });

  test("a drag between mark and commit is one undo step; bail restores the mark", () => {
    const store = loadedStore([scannedTool("a")]);
    store.dispatch(placeTool, { id: "a" });
    const placed = store.getState().doc;
    const commits: unknown[] = [];
    store.onCommit((doc) => commits.push(doc));
    store.mark("Move tool");
    for (let i = 1; i <= 10; i++) store.dispatch(moveTool, { id: "a", to: { x: 100 + i, y: 100 } });
    expect(commits).toHaveLength(0);
    store.commit();
    expect(commits).toHaveLength(1);
    expect(placement(store, "a")?.x_mm).toBe(110);
    store.undo();
    expect(store.getState().doc).toEqual(placed);

    store.mark("Move tool");
    store.dispatch(moveTool, { id: "a", to: { x: 10, y: 10 } });
    store.bail();
    expect(store.getState().doc).toEqual(placed);
    expect(store.getState().session.history.canRedo).toBe(true);
  });

  test("undoing a delete puts the tool back in its place in the list", () => {
    const store = loadedStore([scannedTool("a"), scannedTool("b"), scannedTool("c")]);
    store.dispatch(deleteTool, { id: "b" });
    expect(store.getState().doc.tools.map((t) => t.id)).toEqual(["a", "c"]);
    store.undo();
    expect(store.getState().doc.tools.map((t) => t.id)).toEqual(["a", "b", "c"]);
  });

  test("tools added without history survive an undo", () => {
    const store = loadedStore([scannedTool("a")]);
    store.dispatch(placeTool, { id: "a" });
    store.dispatch(addQueuedTools, { entries: [scannedTool("a"), scannedTool("z")] });
    expect(store.getState().doc.tools.map((t) => t.id)).toEqual(["a", "z"]);
    store.undo();
    expect(store.getState().doc.tools.map((t) => t.id)).toEqual(["a", "z"]);
    expect(placement(store, "a")).toBeNull();
  });

  test("selection is not recorded and is dropped when its tool leaves the foam", () => {
    const store = loadedStore([scannedTool("a")]);
    store.dispatch(placeTool, { id: "a" });
    store.dispatch(selectTool, { id: null });
    store.dispatch(selectTool, { id: "a" });
    store.undo();
    expect(store.getState().session.selectedId).toBeNull();
    expect(store.getState().session.history.canUndo).toBe(false);
  });

  test("changing the foam keeps pockets in millimetres, clamped onto the new sheet", () => {
    const store = loadedStore([scannedTool("a")]);
    store.dispatch(placeTool, { id: "a", at: { x: 250, y: 400 } });
    store.dispatch(setFoam, { foam: customFoam(200, 300, 30) });
    expect(placement(store, "a")).toEqual({ x_mm: 200, y_mm: 300, rotation: 0, scale: 1 });
    store.undo();
    expect(placement(store, "a")).toEqual({ x_mm: 250, y_mm: 400, rotation: 0, scale: 1 });
    expect(store.getState().doc.foam.width_mm).toBe(304.8);
  });
});
