import { addFingerPull, selectTool, unplaceTool } from "../actions";
import { screenToFoam } from "../viewport";
import { hitTest } from "../hit-test";
import type { PointerInfo, ToolState } from "./types";

const MIDDLE_BUTTON = 1;

export function wantsPan(info: PointerInfo): boolean {
  return info.button === MIDDLE_BUTTON || (info.button === 0 && (info.ctrlKey || info.metaKey));
}

export const idleState: ToolState = {
  id: "idle",
  cursor: "default",
  onPointerDown(ctx, info) {
    if (wantsPan(info)) return ctx.transition("panning", info);
    if (info.button !== 0) return;
    const { doc, session } = ctx.store.getState();
    const finger = ctx.armedFinger;
    if (finger && session.selectedId) {
      // The notch goes on the selected tool's edge point nearest the click: one undo step.
      ctx.store.dispatch(addFingerPull, { id: session.selectedId, at: screenToFoam(session.viewport, info.point), ...finger });
      ctx.armFinger(null);
      return;
    }
    const id = hitTest(doc, session.viewport, info.point);
    if (!id) {
      // Dragging empty foam pans too: touch screens have neither a middle button nor ctrl.
      ctx.store.dispatch(selectTool, { id: null });
      return ctx.transition("panning", info);
    }
    ctx.store.dispatch(selectTool, { id });
    const placement = doc.tools.find((tool) => tool.id === id)!.placement!;
    ctx.gesture = { origin: info.point, last: info.point, toolId: id, startCentre: { x: placement.x_mm, y: placement.y_mm } };
    ctx.store.mark("Move tool");
    ctx.transition("pointing", info);
  },
  onPointerMove(ctx, info) {
    const { doc, session } = ctx.store.getState();
    ctx.hoverId = hitTest(doc, session.viewport, info.point);
  },
  onDoubleClick(ctx, info) {
    const { doc, session } = ctx.store.getState();
    const id = hitTest(doc, session.viewport, info.point);
    if (id) ctx.store.dispatch(unplaceTool, { id });
  },
};
