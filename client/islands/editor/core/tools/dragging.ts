import { moveTool } from "../actions";
import { viewScale } from "../viewport";
import { bailGesture, commitGesture } from "./gesture-end";
import type { MachineContext, PointerInfo, ToolState } from "./types";

function follow(ctx: MachineContext, info: PointerInfo) {
  const gesture = ctx.gesture!;
  const scale = viewScale(ctx.store.getState().session.viewport);
  const to = {
    x: gesture.startCentre!.x + (info.point.x - gesture.origin.x) / scale,
    y: gesture.startCentre!.y + (info.point.y - gesture.origin.y) / scale,
  };
  ctx.store.dispatch(moveTool, { id: gesture.toolId!, to });
}

/** Every move changes the document; the mark made on pointer-down makes it one undo step. */
export const draggingState: ToolState = {
  id: "dragging",
  cursor: "grabbing",
  onEnter(ctx, info) {
    if (info) follow(ctx, info);
  },
  onPointerMove: follow,
  onPointerUp: commitGesture,
  onCancel: bailGesture,
};
