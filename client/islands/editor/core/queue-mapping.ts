import type { ScannedTool, ToolPosition } from "../../../lib/scanner-queue";
import { SCALE_MAX, SCALE_MIN, UNCATEGORISED } from "./constants";
import { clamp, normaliseOutline, polygonArea, round } from "./polygon";
import type { EditorDoc, EditorTool, Foam, Placement } from "./types";

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
  }));
  const unseen = queue.filter((entry) => !inDoc.has(entry.id) && !knownIds.has(entry.id));
  return [...mine, ...unseen];
}
