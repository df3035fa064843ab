import { describe, expect, test } from "bun:test";
import { HistoryManager, type DiffAdapter } from "./history";

// A document of named counters; diffs are per-key before/after pairs.
type Doc = Record<string, number>;
type Diff = Record<string, [number | undefined, number | undefined]>;
const adapter: DiffAdapter<Doc, Diff> = {
  diff(before, after) {
    const diff: Diff = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[key] !== after[key]) diff[key] = [before[key], after[key]];
    }
    return Object.keys(diff).length ? diff : null;
  },
  apply(doc, diff) {
    const next = { ...doc };
    for (const [key, [, after]] of Object.entries(diff)) {
      if (after === undefined) delete next[key];
      else next[key] = after;
    }
    return next;
  },
  invert(diff) {
    return Object.fromEntries(Object.entries(diff).map(([key, [a, b]]) => [key, [b, a]])) as Diff;
  },
};

describe("HistoryManager", () => {
  test("records single changes and undoes/redoes them in order", () => {
    const history = new HistoryManager(adapter);
    expect(history.canUndo).toBe(false);
    history.record({ a: 1 }, { a: 2 }, "set a");
    history.record({ a: 2 }, { a: 3 }, "set a again");
    expect(history.undoLabel).toBe("set a again");
    let doc: Doc = { a: 3 };
    doc = history.undo(doc)!;
    expect(doc).toEqual({ a: 2 });
    doc = history.undo(doc)!;
    expect(doc).toEqual({ a: 1 });
    expect(history.canUndo).toBe(false);
    expect(history.undo(doc)).toBeNull();
    doc = history.redo(doc)!;
    expect(doc).toEqual({ a: 2 });
    expect(history.canRedo).toBe(true);
  });

  test("a new change clears redo", () => {
    const history = new HistoryManager(adapter);
    history.record({ a: 1 }, { a: 2 }, "x");
    history.undo({ a: 2 });
    history.record({ a: 1 }, { a: 5 }, "y");
    expect(history.canRedo).toBe(false);
  });

  test("a gesture between mark and commit is one step", () => {
    const history = new HistoryManager(adapter);
    history.mark({ a: 0 }, "drag");
    expect(history.record({ a: 0 }, { a: 1 }, "move")).toBe(false);
    expect(history.record({ a: 1 }, { a: 2 }, "move")).toBe(false);
    expect(history.commit({ a: 3 })).toBe(true);
    expect(history.undo({ a: 3 })).toEqual({ a: 0 });
    expect(history.canUndo).toBe(false);
  });

  test("a gesture that changed nothing records nothing", () => {
    const history = new HistoryManager(adapter);
    history.mark({ a: 0 }, "click");
    expect(history.commit({ a: 0 })).toBe(false);
    expect(history.canUndo).toBe(false);
  });

  test("bail returns to the mark and keeps unrelated changes", () => {
    const history = new HistoryManager(adapter);
    history.mark({ a: 0 }, "drag");
    expect(history.bail({ a: 7 })).toEqual({ a: 0 });
    expect(history.isMarked).toBe(false);
    expect(history.canUndo).toBe(false);
  });

  test("undo only reverts its own keys, so unrecorded additions survive", () => {
    const history = new HistoryManager(adapter);
    history.record({ a: 1 }, { a: 2 }, "x");
    expect(history.undo({ a: 2, b: 9 })).toEqual({ a: 1, b: 9 });
  });
});
