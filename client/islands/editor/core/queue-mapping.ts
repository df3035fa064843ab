import type { ScannedTool, ToolPosition } from "../../../lib/scanner-queue";
import { SCALE_MAX, SCALE_MIN, UNCATEGORISED } from "./constants";
import { clamp, normaliseOutline, polygonArea, round } from "./polygon";
import type { EditorDoc, EditorTool, Foam, Placement, PocketSpec, ToolFinger } from "./types";

const num = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max ? value : undefined;

/** Reads the pocket settings the editor stored on a queue entry; anything malformed is dropped. */
export function parsePocketSpec(raw: unknown): PocketSpec {
  if (!raw || typeof raw !== "object") return {};
  const value = raw as Record<string, unknown>;
  const spec: PocketSpec = {};
  const depth = num(value.depth_mm, 1, 100);
  if (depth !== undefined) spec.depth_mm = depth;
  const clearance = num(value.clearance_mm, 0, 20);
  if (clearance !== undefined) spec.clearance_mm = clearance;
  if (Array.isArray(value.fingers)) {
    const fingers = value.fingers
      .map((item): ToolFinger | null => {
        const f = (item ?? {}) as Record<string, unknown>;
        const x = num(f.x, -1e4, 1e4);
        const y = num(f.y, -1e4, 1e4);
        const width = num(f.width_mm, 5, 100);
        if (x === undefined || y === undefined || width === undefined) return null;
        const finger: ToolFinger = { x, y, angle_deg: num(f.angle_deg, -1e4, 1e4) ?? 0, shape: f.shape === "oval" ? "oval" : "round", width_mm: width, length_mm: num(f.length_mm, 5, 200) ?? width };
        const depth = num(f.depth_mm, 1, 100);
        if (depth !== undefined) finger.depth_mm = depth;
        return finger;
      })
      .filter((f): f is ToolFinger => f !== null)
      .slice(0, 8);
    if (fingers.length) spec.fingers = fingers;
  }
  const label = value.label as Record<string, unknown> | null | undefined;
  if (label && typeof label.text === "string" && label.text.trim()) spec.label = { text: label.text.slice(0, 60), height_mm: num(label.height_mm, 2, 50) ?? 5 };
  const ledge = value.ledge as Record<string, unknown> | null | undefined;
  const ledgeWidth = num(ledge?.width_mm, 1, 100);
  const ledgeDepth = num(ledge?.depth_mm, 1, 100);
  if (ledgeWidth !== undefined && ledgeDepth !== undefined) spec.ledge = { width_mm: ledgeWidth, depth_mm: ledgeDepth };
  return spec;
}

/** The scan's tool height: newer scanners put it on the entry, older ones in the parameters. */
export function scannedHeight(entry: ScannedTool): number | null {
  const raw = (entry as { height_mm?: unknown }).height_mm ?? entry.parameters?.height_mm;
  return num(raw, 0.1, 500) ?? null;
}

export function normaliseRotation(degrees: number): number {
  const value = ((degrees % 360) + 360) % 360;
  return round(value, 3) === 360 ? 0 : round(value, 3);
}

export function clampScale(scale: number): number {
  return round(clamp(Number.isFinite(scale) ? scale : 1, SCALE_MIN, SCALE_MAX), 3);
}

/** Keeps a pocket's centre on the foam (SPEC 5: position clamped 0-100 %). */
export function clampPlacement(placement: Placement, foam: Foam): Placement {
  return {
    x_mm: round(clamp(placement.x_mm, 0, foam.width_mm), 3),
    y_mm: round(clamp(placement.y_mm, 0, foam.depth_mm), 3),
    rotation: normaliseRotation(placement.rotation),
    scale: clampScale(placement.scale),
  };
}

/** Queue positions are percent of the foam so the Tool Layout page can read them too. */
export function positionFromPlacement(placement: Placement, foam: Foam): ToolPosition {
  return {
    x: round(clamp((placement.x_mm / foam.width_mm) * 100, 0, 100), 4),
    y: round(clamp((placement.y_mm / foam.depth_mm) * 100, 0, 100), 4),
    rotation: placement.rotation,
    scale: placement.scale,
  };
}

export function placementFromPosition(position: ToolPosition | null | undefined, foam: Foam): Placement | null {
  if (!position || position.deleted) return null;
  const x = Number(position.x);
  const y = Number(position.y);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  return clampPlacement(
    {
      x_mm: (clamp(x, 0, 100) / 100) * foam.width_mm,
      y_mm: (clamp(y, 0, 100) / 100) * foam.depth_mm,
      rotation: Number(position.rotation) || 0,
      scale: Number(position.scale) || 1,
    },
    foam,
  );
}

export function toolFromQueue(entry: ScannedTool, foam: Foam, index: number): EditorTool {
  const scannedArea = Number(entry.parameters?.contour_area_mm) || 0;
  const outline = normaliseOutline(entry.contourPointsMm, scannedArea);
  const name = typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : `Tool ${index + 1}`;
  const category = typeof entry.category === "string" && entry.category.trim() ? entry.category.trim() : UNCATEGORISED;
  return {
    id: entry.id,
    name,
    category,
    outline,
    areaMm2: round(scannedArea > 0 ? scannedArea : polygonArea(outline), 2),
    placement: placementFromPosition(entry.position, foam),
    heightMm: scannedHeight(entry),
    pocket: parsePocketSpec((entry as { pocket?: unknown }).pocket),
    source: entry,
  };
}

/** Entries flagged deleted are removed tools (SPEC 4) and never enter the editor. */
export function isDeletedEntry(entry: ScannedTool): boolean {
  return Boolean(entry.position?.deleted);
}

export function toolsFromQueue(queue: ScannedTool[], foam: Foam): EditorTool[] {
  return queue.filter((entry) => !isDeletedEntry(entry)).map((entry, index) => toolFromQueue(entry, foam, index));
}

/**
 * The queue as it should be after a committed change: the editor's tools in its order with their
 * positions, tools it deleted left out, and entries it has never seen (scanned meanwhile) kept.
 */
export function mergeDocIntoQueue(queue: ScannedTool[], doc: EditorDoc, knownIds: ReadonlySet<string>): ScannedTool[] {
  const current = new Map(queue.map((entry) => [entry.id, entry]));
  const inDoc = new Set(doc.tools.map((tool) => tool.id));
  const mine = doc.tools.map((tool) => ({
    ...(current.get(tool.id) ?? tool.source),
    position: tool.placement ? positionFromPlacement(tool.placement, doc.foam) : null,
    // Kept with the scan so depth, clearance, finger pulls and label survive a reload.
    pocket: tool.pocket,
  }));
  const unseen = queue.filter((entry) => !inDoc.has(entry.id) && !knownIds.has(entry.id));
  return [...mine, ...unseen];
}
