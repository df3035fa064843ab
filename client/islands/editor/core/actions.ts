import type { ScannedTool } from "../../../lib/scanner-queue";
import { GRID_MM, ROTATION_STEP, SCALE_STEP } from "./constants";
import { clampPlacement, clampScale, toolFromQueue, toolsFromQueue } from "./queue-mapping";
import { snapToGrid } from "./polygon";
import type { EditorState, EditorTool, Foam, Placement, Vec, Viewport } from "./types";
import { panBy, resetViewport, resizeViewport, viewCentre, zoomAt } from "./viewport";

/**
 * Every change goes through an action (excalidraw's actions): `recorded` says whether it becomes
 * an undo step. Recorded actions change the document (foam and tools); the rest change the
 * session (selection, view, settings) or load data, and are never undone.
 */
export type EditorAction<A> = {
  name: string;
  label: string;
  recorded: boolean;
  /** Replaces the document wholesale, so older undo steps would no longer apply. */
  clearsHistory?: boolean;
  perform: (state: EditorState, args: A) => EditorState;
};

function defineAction<A = void>(action: EditorAction<A>): EditorAction<A> {
  return action;
}

function findTool(state: EditorState, id: string): EditorTool | undefined {
  return state.doc.tools.find((tool) => tool.id === id);
}

function updateTool(state: EditorState, id: string, update: (tool: EditorTool) => EditorTool | null): EditorState {
  const tool = findTool(state, id);
  if (!tool) return state;
  const next = update(tool);
  if (next === tool) return state;
  const tools = next ? state.doc.tools.map((item) => (item === tool ? next : item)) : state.doc.tools.filter((item) => item !== tool);
  const selectedId = next?.placement || state.session.selectedId !== id ? state.session.selectedId : null;
  return { doc: { ...state.doc, tools }, session: { ...state.session, selectedId } };
}

function samePlacement(a: Placement, b: Placement): boolean {
  return a.x_mm === b.x_mm && a.y_mm === b.y_mm && a.rotation === b.rotation && a.scale === b.scale;
}

function place(state: EditorState, id: string, update: (placement: Placement) => Placement): EditorState {
  return updateTool(state, id, (tool) => {
    if (!tool.placement) return tool;
    const placement = clampPlacement(update(tool.placement), state.doc.foam);
    return samePlacement(placement, tool.placement) ? tool : { ...tool, placement };
  });
}

function snapPoint(state: EditorState, point: Vec): Vec {
  if (!state.session.snapToGrid) return point;
  return { x: snapToGrid(point.x, GRID_MM), y: snapToGrid(point.y, GRID_MM) };
}

function setSession(state: EditorState, patch: Partial<EditorState["session"]>): EditorState {
  return { ...state, session: { ...state.session, ...patch } };
}

function setViewport(state: EditorState, viewport: Viewport): EditorState {
  return viewport === state.session.viewport ? state : setSession(state, { viewport });
}

// ---- recorded: the document ----------------------------------------------------------

/** Places an unplaced tool at a foam point (default: the foam centre) and selects it. */
export const placeTool = defineAction<{ id: string; at?: Vec }>({
  name: "placeTool",
  label: "Place tool",
  recorded: true,
  perform(state, { id, at }) {
    const tool = findTool(state, id);
    if (!tool || tool.placement) return state;
    const { foam } = state.doc;
    const point = snapPoint(state, at ?? { x: foam.width_mm / 2, y: foam.depth_mm / 2 });
    const placement = clampPlacement({ x_mm: point.x, y_mm: point.y, rotation: 0, scale: 1 }, foam);
    const next = updateTool(state, id, () => ({ ...tool, placement }));
    return setSession(next, { selectedId: id });
  },
});

/** Moves a pocket's centre to a foam point, snapped to the grid when snapping is on. */
export const moveTool = defineAction<{ id: string; to: Vec }>({
  name: "moveTool",
  label: "Move tool",
  recorded: true,
  perform(state, { id, to }) {
    const point = snapPoint(state, to);
    return place(state, id, (placement) => ({ ...placement, x_mm: point.x, y_mm: point.y }));
  },
});

export const nudgeTool = defineAction<{ id: string; dx: number; dy: number }>({
  name: "nudgeTool",
  label: "Nudge tool",
  recorded: true,
  perform(state, { id, dx, dy }) {
    return place(state, id, (placement) => ({ ...placement, x_mm: placement.x_mm + dx, y_mm: placement.y_mm + dy }));
  },
});

export const rotateTool = defineAction<{ id: string; degrees?: number }>({
  name: "rotateTool",
  label: "Rotate tool",
  recorded: true,
  perform(state, { id, degrees = ROTATION_STEP }) {
    return place(state, id, (placement) => ({ ...placement, rotation: placement.rotation + degrees }));
  },
});

export const scaleTool = defineAction<{ id: string; delta?: number }>({
  name: "scaleTool",
  label: "Scale tool",
  recorded: true,
  perform(state, { id, delta = SCALE_STEP }) {
    return place(state, id, (placement) => ({ ...placement, scale: clampScale(Math.round((placement.scale + delta) * 10) / 10) }));
  },
});

/** Removes the tool from the layout and, once persisted, from the scanner queue (SPEC 4). */
export const deleteTool = defineAction<{ id: string }>({
  name: "deleteTool",
  label: "Delete tool",
  recorded: true,
  perform(state, { id }) {
    return updateTool(state, id, () => null);
  },
});

/** Returns a placed tool to the Unplaced list. */
export const unplaceTool = defineAction<{ id: string }>({
  name: "unplaceTool",
  label: "Return tool to Unplaced",
  recorded: true,
  perform(state, { id }) {
    return updateTool(state, id, (tool) => (tool.placement ? { ...tool, placement: null } : tool));
  },
});

export const resetLayout = defineAction({
  name: "resetLayout",
  label: "Reset layout",
  recorded: true,
  perform(state) {
    if (!state.doc.tools.some((tool) => tool.placement)) return state;
    const tools = state.doc.tools.map((tool) => (tool.placement ? { ...tool, placement: null } : tool));
    return { doc: { ...state.doc, tools }, session: { ...state.session, selectedId: null } };
  },
});

/** A new foam keeps pockets at the same millimetres, pulled back onto the sheet if needed. */
export const setFoam = defineAction<{ foam: Foam }>({
  name: "setFoam",
  label: "Change foam",
  recorded: true,
  perform(state, { foam }) {
    const old = state.doc.foam;
    if (
      old.width_mm === foam.width_mm &&
      old.depth_mm === foam.depth_mm &&
      old.thickness_mm === foam.thickness_mm &&
      old.label === foam.label &&
      JSON.stringify(old.source) === JSON.stringify(foam.source)
    ) {
      return state;
    }
    const tools = state.doc.tools.map((tool) => {
      if (!tool.placement) return tool;
      const placement = clampPlacement(tool.placement, foam);
      return samePlacement(placement, tool.placement) ? tool : { ...tool, placement };
    });
    return {
      doc: { foam, tools },
      session: { ...state.session, viewport: resetViewport(state.session.viewport, foam) },
    };
  },
});

// ---- not recorded: loading, selection, view, settings --------------------------------------

export const loadDocument = defineAction<{ queue: ScannedTool[]; foam: Foam }>({
  name: "loadDocument",
  label: "Load layout",
  recorded: false,
  clearsHistory: true,
  perform(state, { queue, foam }) {
    return {
      doc: { foam, tools: toolsFromQueue(queue, foam) },
      session: { ...state.session, loaded: true, selectedId: null, viewport: resetViewport(state.session.viewport, foam) },
    };
  },
});

/** Tools scanned in another tab while the editor is open join the Unplaced list. */
export const addQueuedTools = defineAction<{ entries: ScannedTool[] }>({
  name: "addQueuedTools",
  label: "Add scanned tools",
  recorded: false,
  perform(state, { entries }) {
    const known = new Set(state.doc.tools.map((tool) => tool.id));
    const fresh = entries.filter((entry) => !known.has(entry.id) && !entry.position?.deleted);
    if (!fresh.length) return state;
    const count = state.doc.tools.length;
    const added = fresh.map((entry, index) => toolFromQueue(entry, state.doc.foam, count + index));
    return { ...state, doc: { ...state.doc, tools: [...state.doc.tools, ...added] } };
  },
});

export const selectTool = defineAction<{ id: string | null }>({
  name: "selectTool",
  label: "Select tool",
  recorded: false,
  perform(state, { id }) {
    const selectedId = id && findTool(state, id)?.placement ? id : null;
    return selectedId === state.session.selectedId ? state : setSession(state, { selectedId });
  },
});

export const zoomTo = defineAction<{ zoom: number; anchor?: Vec }>({
  name: "zoomTo",
  label: "Zoom",
  recorded: false,
  perform(state, { zoom, anchor }) {
    const viewport = state.session.viewport;
    return setViewport(state, zoomAt(viewport, zoom, anchor ?? viewCentre(viewport)));
  },
});

export const panView = defineAction<{ dx: number; dy: number }>({
  name: "panView",
  label: "Pan",
  recorded: false,
  perform(state, { dx, dy }) {
    return setViewport(state, panBy(state.session.viewport, dx, dy));
  },
});

export const resetView = defineAction({
  name: "resetView",
  label: "Reset view",
  recorded: false,
  perform(state) {
    return setViewport(state, resetViewport(state.session.viewport, state.doc.foam));
  },
});

export const resizeCanvas = defineAction<{ width: number; height: number }>({
  name: "resizeCanvas",
  label: "Resize canvas",
  recorded: false,
  perform(state, { width, height }) {
    return setViewport(state, resizeViewport(state.session.viewport, state.doc.foam, width, height));
  },
});

export const setShowGrid = defineAction<{ value: boolean }>({
  name: "setShowGrid",
  label: "Show grid",
  recorded: false,
  perform(state, { value }) {
    return state.session.showGrid === value ? state : setSession(state, { showGrid: value });
  },
});

export const setSnapToGrid = defineAction<{ value: boolean }>({
  name: "setSnapToGrid",
  label: "Snap to grid",
  recorded: false,
  perform(state, { value }) {
    return state.session.snapToGrid === value ? state : setSession(state, { snapToGrid: value });
  },
});

export const setMinWall = defineAction<{ mm: number }>({
  name: "setMinWall",
  label: "Minimum wall",
  recorded: false,
  perform(state, { mm }) {
    const minWallMm = Number.isFinite(mm) ? Math.max(0, Math.min(100, mm)) : state.session.minWallMm;
    return minWallMm === state.session.minWallMm ? state : setSession(state, { minWallMm });
  },
});
