import { GRID_MM, NUDGE_MM, ROTATION_STEP } from "./constants";

export type KeyInput = { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean };

export type EditorCommand =
  | { type: "undo" }
  | { type: "redo" }
  | { type: "nudge"; dx: number; dy: number }
  | { type: "rotate"; degrees: number }
  | { type: "delete" }
  | { type: "cancel" };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Editor shortcuts: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo, arrows nudge (one grid
 * cell when snapping, Shift for ten times), Delete/Backspace delete, R / Shift+R rotate, Escape.
 */
export function keyToCommand(input: KeyInput, snapToGrid: boolean): EditorCommand | null {
  const mod = input.ctrlKey || input.metaKey;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (mod && !input.altKey) {
    if (key === "z") return input.shiftKey ? { type: "redo" } : { type: "undo" };
    if (key === "y") return { type: "redo" };
    return null;
  }
  if (input.altKey) return null;
  const arrow = ARROWS[key];
  if (arrow) {
    const step = (snapToGrid ? GRID_MM : NUDGE_MM) * (input.shiftKey ? 10 : 1);
    return { type: "nudge", dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (key === "Delete" || key === "Backspace") return { type: "delete" };
  if (key === "r") return { type: "rotate", degrees: input.shiftKey ? -ROTATION_STEP : ROTATION_STEP };
  if (key === "Escape") return { type: "cancel" };
  return null;
}
