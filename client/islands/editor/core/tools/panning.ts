import { panView } from "../actions";
import type { ToolState } from "./types";

export const panningState: ToolState = {
  id: "panning",
  cursor: "grabbing",
  onEnter(ctx, info) {
    if (info) ctx.gesture = { origin: info.point, last: info.point, toolId: null, startCentre: null };
  },
  onPointerMove(ctx, info) {
    const gesture = ctx.gesture!;
    ctx.store.dispatch(panView, { dx: info.point.x - gesture.last.x, dy: info.point.y - gesture.last.y });
    gesture.last = info.point;
  },
  onPointerUp(ctx) {
    ctx.transition("idle");
  },
  onCancel(ctx) {
    ctx.transition("idle");
  },
};
