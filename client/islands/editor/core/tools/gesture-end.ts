import type { MachineContext } from "./types";

/** Pointer-up on a pocket: the gesture's changes become one undo step (none if nothing moved). */
export function commitGesture(ctx: MachineContext): void {
  ctx.store.commit();
  ctx.transition("idle");
}

/** Escape or a lost pointer: everything since pointer-down is undone, nothing recorded. */
export function bailGesture(ctx: MachineContext): void {
  ctx.store.bail();
  ctx.transition("idle");
}
