import type { ScannedTool } from "../../../lib/scanner-queue";
import { GRID_MM, ROTATION_STEP, SCALE_STEP } from "./constants";
import { clampPlacement, clampScale, toolFromQueue, toolsFromQueue } from "./queue-mapping";
import { cutOutline, effectiveClearance } from "./layout-geometry";
import { placedPockets } from "./pockets";
import { boundsOverlap, polygonBounds, round, snapToGrid, transformOutline } from "./polygon";
import type { Bounds, EditorState, EditorTool, Foam, FoamLayer, Placement, PocketSpec, Pt, Vec, Viewport } from "./types";
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

const FREE_SPOT_STEP_MM = 5;

/**
 * The first spot, row by row from the top-left, where the tool's cut outline keeps the minimum
 * wall to the foam edge and to every placed pocket's box; upright first, then turned 90°.
 * Null when nothing fits. Boxes make it conservative, never optimistic.
 */
export function findFreeSpot(state: EditorState, tool: EditorTool): Placement | null {
  const { foam } = state.doc;
  const wall = state.session.minWallMm;
  const taken: Bounds[] = placedPockets(state.doc)
    .filter((pocket) => pocket.tool.id !== tool.id)
    .map((pocket) => polygonBounds(cutOutline(pocket.tool, foam).flat().concat(pocket.outline)));
  const margin = effectiveClearance(tool) + Math.max(...(tool.pocket.fingers ?? []).map((f) => Math.max(f.width_mm, f.length_mm) / 2), 0);
  for (const rotation of [0, 90]) {
    const box = polygonBounds(transformOutline(tool.outline, { x_mm: 0, y_mm: 0, rotation, scale: 1 }));
    const left = -box.minX + margin + wall;
    const top = -box.minY + margin + wall;
    const right = foam.width_mm - box.maxX - margin - wall;
    const bottom = foam.depth_mm - box.maxY - margin - wall;
    for (let y = top; y <= bottom; y += FREE_SPOT_STEP_MM) {
      for (let x = left; x <= right; x += FREE_SPOT_STEP_MM) {
        const spot: Bounds = { minX: x + box.minX - margin, minY: y + box.minY - margin, maxX: x + box.maxX + margin, maxY: y + box.maxY + margin };
        if (!taken.some((other) => boundsOverlap(spot, other, wall))) return { x_mm: round(x, 3), y_mm: round(y, 3), rotation, scale: 1 };
      }
    }
  }
  return null;
}

/** Places an unplaced tool at a foam point (default: the first free spot, else the centre) and selects it. */
export const placeTool = defineAction<{ id: string; at?: Vec }>({
  name: "placeTool",
  label: "Place tool",
  recorded: true,
  perform(state, { id, at }) {
    const tool = findTool(state, id);
    if (!tool || tool.placement) return state;
    const { foam } = state.doc;
    const free = at ? null : findFreeSpot(state, tool);
    const point = snapPoint(state, at ?? (free ? { x: free.x_mm, y: free.y_mm } : { x: foam.width_mm / 2, y: foam.depth_mm / 2 }));
    const placement = clampPlacement({ x_mm: point.x, y_mm: point.y, rotation: free?.rotation ?? 0, scale: 1 }, foam);
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

function setPocket(state: EditorState, id: string, patch: Partial<PocketSpec>): EditorState {
  return updateTool(state, id, (tool) => {
    const pocket = { ...tool.pocket, ...patch };
    for (const key of Object.keys(patch) as (keyof PocketSpec)[]) if (patch[key] === undefined) delete pocket[key];
    return JSON.stringify(pocket) === JSON.stringify(tool.pocket) ? tool : { ...tool, pocket };
  });
}

const positive = (value: number | null | undefined, min: number, max: number) =>
  value === null || value === undefined || !Number.isFinite(value) ? undefined : round(Math.min(max, Math.max(min, value)), 2);

/** Depth in mm from the top face; null returns to the default (scan height + 2 mm, or half the foam). */
export const setPocketDepth = defineAction<{ id: string; depth_mm: number | null }>({
  name: "setPocketDepth",
  label: "Pocket depth",
  recorded: true,
  perform(state, { id, depth_mm }) {
    const max = Math.max(1, state.doc.foam.thickness_mm - 5);
    return setPocket(state, id, { depth_mm: positive(depth_mm, 1, max) });
  },
});

export const setClearance = defineAction<{ id: string; clearance_mm: number | null }>({
  name: "setClearance",
  label: "Clearance",
  recorded: true,
  perform(state, { id, clearance_mm }) {
    return setPocket(state, id, { clearance_mm: positive(clearance_mm, 0, 20) });
  },
});

export const setPocketLabel = defineAction<{ id: string; text: string; height_mm?: number }>({
  name: "setPocketLabel",
  label: "Engraved label",
  recorded: true,
  perform(state, { id, text, height_mm }) {
    const clean = text.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 60);
    const label = clean ? { text: clean, height_mm: positive(height_mm, 2, 50) ?? 5 } : undefined;
    return setPocket(state, id, { label });
  },
});

/** A stepped pocket: a ledge `width_mm` wide around the core, `depth_mm` deep; null removes it. */
export const setLedge = defineAction<{ id: string; ledge: { width_mm: number; depth_mm: number } | null }>({
  name: "setLedge",
  label: "Ledge",
  recorded: true,
  perform(state, { id, ledge }) {
    if (!ledge) return setPocket(state, id, { ledge: undefined });
    const width = positive(ledge.width_mm, 1, 100);
    const depth = positive(ledge.depth_mm, 1, Math.max(1, state.doc.foam.thickness_mm - 5));
    return width && depth ? setPocket(state, id, { ledge: { width_mm: width, depth_mm: depth } }) : state;
  },
});

/** Nearest point on the tool's outline to a foam point, in the outline's own coordinates, with the edge's direction. */
function nearestEdgePoint(tool: EditorTool, at: Vec): { x: number; y: number; angle_deg: number } | null {
  if (!tool.placement) return null;
  const { x_mm, y_mm, rotation, scale } = tool.placement;
  const angle = (-rotation * Math.PI) / 180;
  const dx = (at.x - x_mm) / scale;
  const dy = (at.y - y_mm) / scale;
  const local = { x: dx * Math.cos(angle) - dy * Math.sin(angle), y: dx * Math.sin(angle) + dy * Math.cos(angle) };
  let best: { x: number; y: number; angle_deg: number; d: number } | null = null;
  const outline = tool.outline;
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i] as Pt;
    const [bx, by] = outline[(i + 1) % outline.length] as Pt;
    const ex = bx - ax;
    const ey = by - ay;
    const length2 = ex * ex + ey * ey;
    const t = length2 ? Math.max(0, Math.min(1, ((local.x - ax) * ex + (local.y - ay) * ey) / length2)) : 0;
    const px = ax + t * ex;
    const py = ay + t * ey;
    const d = Math.hypot(local.x - px, local.y - py);
    if (!best || d < best.d) best = { x: px, y: py, angle_deg: (Math.atan2(ey, ex) * 180) / Math.PI, d };
  }
  return best && { x: round(best.x, 3), y: round(best.y, 3), angle_deg: round(best.angle_deg, 2) };
}

/** A finger pull on the tool's edge nearest to `at` (foam mm): a round or oval notch merged into the pocket. */
export const addFingerPull = defineAction<{ id: string; at: Vec; shape: "round" | "oval"; width_mm: number; length_mm?: number; depth_mm?: number | null }>({
  name: "addFingerPull",
  label: "Add finger pull",
  recorded: true,
  perform(state, { id, at, shape, width_mm, length_mm, depth_mm }) {
    const tool = findTool(state, id);
    const point = tool && nearestEdgePoint(tool, at);
    if (!tool || !point || (tool.pocket.fingers?.length ?? 0) >= 8) return state;
    const width = positive(width_mm, 5, 100) ?? 20;
    const length = Math.max(width, positive(length_mm, 5, 200) ?? width * 1.6);
    const depth = positive(depth_mm, 1, Math.max(1, state.doc.foam.thickness_mm - 5));
    const finger = { ...point, shape, width_mm: width, length_mm: shape === "oval" ? length : width, ...(depth !== undefined ? { depth_mm: depth } : {}) };
    return setPocket(state, id, { fingers: [...(tool.pocket.fingers ?? []), finger] });
  },
});

export const removeFingerPull = defineAction<{ id: string; index: number }>({
  name: "removeFingerPull",
  label: "Remove finger pull",
  recorded: true,
  perform(state, { id, index }) {
    const fingers = findTool(state, id)?.pocket.fingers ?? [];
    if (index < 0 || index >= fingers.length) return state;
    const rest = fingers.filter((_, i) => i !== index);
    return setPocket(state, id, { fingers: rest.length ? rest : undefined });
  },
});

/** Moves many pockets at once (auto-arrange): one undo step. */
export const arrangeTools = defineAction<{ placements: Record<string, Placement> }>({
  name: "arrangeTools",
  label: "Auto-arrange",
  recorded: true,
  perform(state, { placements }) {
    const { foam } = state.doc;
    let changed = false;
    const tools = state.doc.tools.map((tool) => {
      const next = placements[tool.id];
      if (!next) return tool;
      const placement = clampPlacement(next, foam);
      if (tool.placement && samePlacement(placement, tool.placement)) return tool;
      changed = true;
      return { ...tool, placement };
    });
    return changed ? { ...state, doc: { ...state.doc, tools } } : state;
  },
});

/** Foam layers, top first; the foam's thickness becomes their sum. */
export function withLayers(foam: Foam, layers: FoamLayer[]): Foam {
  const clean = layers.slice(0, 4).map((layer) => ({ thickness_mm: round(layer.thickness_mm, 3), ...(layer.color ? { color: layer.color } : {}) }));
  const thickness = round(clean.reduce((sum, layer) => sum + layer.thickness_mm, 0), 3);
  const next: Foam = { ...foam, thickness_mm: thickness };
  if (clean.length > 1) next.layers = clean;
  else delete next.layers;
  return next;
}

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
      JSON.stringify(old.source) === JSON.stringify(foam.source) &&
      JSON.stringify(old.layers ?? null) === JSON.stringify(foam.layers ?? null)
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
