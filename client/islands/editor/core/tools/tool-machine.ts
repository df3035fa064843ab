import type { EditorStore } from "../store";
import { draggingState } from "./dragging";
import { idleState } from "./idle";
import { panningState } from "./panning";
import { pointingState } from "./pointing";
import type { ArmedFinger, Gesture, MachineContext, PointerInfo, StateId, ToolState } from "./types";

const STATES: Record<StateId, ToolState> = {
  idle: idleState,
  pointing: pointingState,
  dragging: draggingState,
  panning: panningState,
};

/** The canvas tool: routes pointer input to the current state (idle → pointing → dragging, idle → panning). */
export class ToolMachine implements MachineContext {
  gesture: Gesture | null = null;
  hoverId: string | null = null;
  armedFinger: ArmedFinger | null = null;
  private current: ToolState = idleState;
  private readonly armedListeners = new Set<(armed: boolean) => void>();

  constructor(readonly store: EditorStore) {}

  get stateId(): StateId {
    return this.current.id;
  }

  /** Arms (or, with null, disarms) placing a finger pull with the next click. */
  armFinger(finger: ArmedFinger | null): void {
    this.armedFinger = finger;
    for (const listener of this.armedListeners) listener(finger !== null);
  }

  onArmedChange(listener: (armed: boolean) => void): () => void {
    this.armedListeners.add(listener);
    return () => this.armedListeners.delete(listener);
  }

  get cursor(): string {
    if (this.armedFinger) return "crosshair";
    return this.current.id === "idle" && this.hoverId ? "grab" : this.current.cursor;
  }

  transition(id: StateId, info?: PointerInfo): void {
    if (id === "idle") this.gesture = null;
    this.current = STATES[id];
    this.current.onEnter?.(this, info);
  }

  pointerDown(info: PointerInfo): void {
    this.current.onPointerDown?.(this, info);
  }

  pointerMove(info: PointerInfo): void {
    this.current.onPointerMove?.(this, info);
  }

  pointerUp(info: PointerInfo): void {
    this.current.onPointerUp?.(this, info);
  }

  doubleClick(info: PointerInfo): void {
    this.current.onDoubleClick?.(this, info);
  }

  /** Escape or a lost pointer: a gesture in progress is undone back to its mark. */
  cancel(): boolean {
    if (this.current.id === "idle" && this.armedFinger) {
      this.armFinger(null);
      return true;
    }
    if (this.current.id === "idle") return false;
    this.current.onCancel?.(this);
    return true;
  }
}

export function createToolMachine(store: EditorStore): ToolMachine {
  return new ToolMachine(store);
}
