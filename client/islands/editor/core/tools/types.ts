import type { EditorStore } from "../store";
import type { Vec } from "../types";

/** A pointer event reduced to what the tools need; `point` is in canvas pixels. */
export type PointerInfo = { point: Vec; button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean };

export type StateId = "idle" | "pointing" | "dragging" | "panning";

/** What a press remembers until release. */
export type Gesture = { origin: Vec; last: Vec; toolId: string | null; startCentre: Vec | null };

/** A finger pull waiting for its point: the next click on the selected tool's edge places it. */
export type ArmedFinger = { shape: "round" | "oval"; width_mm: number; length_mm: number; depth_mm?: number | null };

export type MachineContext = {
  readonly store: EditorStore;
  gesture: Gesture | null;
  hoverId: string | null;
  armedFinger: ArmedFinger | null;
  armFinger(finger: ArmedFinger | null): void;
  transition(id: StateId, info?: PointerInfo): void;
};

/** One state of the canvas tool (tldraw's StateNode, reduced to plain objects). */
export type ToolState = {
  readonly id: StateId;
  readonly cursor: string;
  onEnter?(ctx: MachineContext, info?: PointerInfo): void;
  onPointerDown?(ctx: MachineContext, info: PointerInfo): void;
  onPointerMove?(ctx: MachineContext, info: PointerInfo): void;
  onPointerUp?(ctx: MachineContext, info: PointerInfo): void;
  onDoubleClick?(ctx: MachineContext, info: PointerInfo): void;
  onCancel?(ctx: MachineContext): void;
};
