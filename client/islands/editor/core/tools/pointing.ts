import { DRAG_THRESHOLD_PX } from "../constants";
import { bailGesture, commitGesture } from "./gesture-end";
import type { ToolState } from "./types";

/** Pressed on a pocket but not yet moved far enough to count as a drag. */
export const pointingState: ToolState = {
  id: "pointing",
  cursor: "grabbing",
  onPointerMove(ctx, info) {
    const origin = ctx.gesture!.origin;
    if (Math.hypot(info.point.x - origin.x, info.point.y - origin.y) >= DRAG_THRESHOLD_PX) ctx.transition("dragging", info);
  },
  onPointerUp: commitGesture,
  onCancel: bailGesture,
};
