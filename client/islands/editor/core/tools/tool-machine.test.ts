import { describe, expect, test } from "bun:test";
import { placeTool, setSnapToGrid } from "../actions";
import { loadedStore, rect, scannedTool } from "../test-fixtures";
import { foamToScreen, viewScale } from "../viewport";
import { createToolMachine } from "./tool-machine";
import type { PointerInfo } from "./types";

function setup() {
  const store = loadedStore([scannedTool("a", { contourPointsMm: rect(0, 0, 40, 40) }), scannedTool("b")]);
  store.dispatch(placeTool, { id: "a", at: { x: 100, y: 100 } });
  const machine = createToolMachine(store);
  const at = (x: number, y: number, extra: Partial<PointerInfo> = {}): PointerInfo => ({
    point: foamToScreen(store.getState().session.viewport, { x, y }),
    button: 0,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...extra,
  });
  const placement = () => store.getState().doc.tools[0].placement;
  const undoSteps = () => {
    let n = 0;
    while (store.getState().session.history.canUndo) {
      store.undo();
      n++;
    }
    return n;
  };
  return { store, machine, at, placement, undoSteps };
}

describe("select tool", () => {
  test("idle → pointing → dragging → idle; a whole drag is one undo step", () => {
    const { store, machine, at, placement, undoSteps } = setup();
    machine.pointerDown(at(100, 100));
    expect(machine.stateId).toBe("pointing");
    expect(store.getState().session.selectedId).toBe("a");
    machine.pointerMove(at(100.01, 100));
    expect(machine.stateId).toBe("pointing");
    for (let i = 1; i <= 20; i++) machine.pointerMove(at(100 + i, 100 + i / 2));
    expect(machine.stateId).toBe("dragging");
    machine.pointerUp(at(120, 110));
    expect(machine.stateId).toBe("idle");
    expect(placement()?.x_mm).toBeCloseTo(120, 1);
    expect(placement()?.y_mm).toBeCloseTo(110, 1);
    // One step for the drag, one for the initial placement.
    expect(undoSteps()).toBe(2);
  });

  test("a click without movement selects and records nothing", () => {
    const { store, machine, at } = setup();
    const before = store.getState().doc;
    machine.pointerDown(at(100, 100));
    machine.pointerUp(at(100, 100));
    expect(store.getState().doc).toBe(before);
    store.undo();
    expect(store.getState().doc.tools[0].placement).toBeNull();
  });

  test("Escape during a drag bails back to the mark", () => {
    const { machine, at, placement } = setup();
    machine.pointerDown(at(100, 100));
    machine.pointerMove(at(150, 150));
    expect(placement()?.x_mm).toBeCloseTo(150, 1);
    expect(machine.cancel()).toBe(true);
    expect(machine.stateId).toBe("idle");
    expect(placement()).toEqual({ x_mm: 100, y_mm: 100, rotation: 0, scale: 1 });
    expect(machine.cancel()).toBe(false);
  });

  test("dragging snaps the centre to the 10 mm grid when enabled", () => {
    const { store, machine, at, placement } = setup();
    store.dispatch(setSnapToGrid, { value: true });
    machine.pointerDown(at(100, 100));
    machine.pointerMove(at(123, 117));
    machine.pointerUp(at(123, 117));
    expect(placement()).toMatchObject({ x_mm: 120, y_mm: 120 });
  });

  test("pressing empty foam deselects and pans; nothing is recorded", () => {
    const { store, machine, at } = setup();
    store.dispatch(placeTool, { id: "b", at: { x: 250, y: 400 } });
    const before = store.getState().session.viewport;
    machine.pointerDown(at(20, 20));
    expect(machine.stateId).toBe("panning");
    expect(store.getState().session.selectedId).toBeNull();
    const start = at(20, 20).point;
    machine.pointerMove({ ...at(20, 20), point: { x: start.x + 30, y: start.y - 10 } });
    machine.pointerUp(at(0, 0));
    const after = store.getState().session.viewport;
    expect(after.panX - before.panX).toBeCloseTo(30, 9);
    expect(after.panY - before.panY).toBeCloseTo(-10, 9);
    expect(machine.stateId).toBe("idle");
  });

  test("middle button or ctrl-drag pans even over a pocket", () => {
    const { machine, at, placement } = setup();
    machine.pointerDown(at(100, 100, { button: 1 }));
    expect(machine.stateId).toBe("panning");
    machine.pointerUp(at(100, 100));
    machine.pointerDown(at(100, 100, { ctrlKey: true }));
    expect(machine.stateId).toBe("panning");
    machine.pointerMove(at(140, 140, { ctrlKey: true }));
    machine.pointerUp(at(140, 140));
    expect(placement()).toMatchObject({ x_mm: 100, y_mm: 100 });
  });

  test("double-click returns the tool to Unplaced as one undo step", () => {
    const { store, machine, at, placement } = setup();
    machine.doubleClick(at(100, 100));
    expect(placement()).toBeNull();
    store.undo();
    expect(placement()).toMatchObject({ x_mm: 100, y_mm: 100 });
  });

  test("the drag follows the pointer at the current zoom", () => {
    const { store, machine, at, placement } = setup();
    const scale = viewScale(store.getState().session.viewport);
    const start = at(100, 100);
    machine.pointerDown(start);
    machine.pointerMove({ ...start, point: { x: start.point.x + 10 * scale, y: start.point.y } });
    machine.pointerUp(start);
    expect(placement()?.x_mm).toBeCloseTo(110, 6);
  });

  test("hovering a pocket shows a grab cursor", () => {
    const { machine, at } = setup();
    machine.pointerMove(at(100, 100));
    expect(machine.cursor).toBe("grab");
    machine.pointerMove(at(250, 400));
    expect(machine.cursor).toBe("default");
  });
});

describe("finger pull tool", () => {
  test("armed, the next press puts a notch on the selected tool's nearest edge point: one undo step; Escape disarms", () => {
    const { store, machine, at, placement } = setup();
    const armed: boolean[] = [];
    machine.onArmedChange((value) => armed.push(value));
    machine.pointerDown(at(100, 100));
    machine.pointerUp(at(100, 100));
    const before = store.getState().doc;
    machine.armFinger({ shape: "oval", width_mm: 16, length_mm: 30 });
    expect(machine.cursor).toBe("crosshair");
    // 3 mm outside the square's right edge (x 120), level with its centre
    machine.pointerDown(at(123, 101));
    const tool = store.getState().doc.tools[0];
    expect(tool.pocket.fingers).toEqual([{ x: 20, y: 1, angle_deg: 90, shape: "oval", width_mm: 16, length_mm: 30 }]);
    expect(placement()).toEqual(before.tools[0].placement);
    expect(machine.armedFinger).toBeNull();
    expect(armed).toEqual([true, false]);
    store.undo();
    expect(store.getState().doc).toEqual(before);
    machine.armFinger({ shape: "round", width_mm: 20, length_mm: 20 });
    expect(machine.cancel()).toBe(true);
    expect(machine.armedFinger).toBeNull();
  });
});
