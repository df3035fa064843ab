import { HIT_RADIUS_PX } from "./constants";
import { placedPockets } from "./pockets";
import { distanceToOutline, pointInPolygon } from "./polygon";
import type { EditorDoc, Vec, Viewport } from "./types";
import { screenToFoam, viewScale } from "./viewport";

/**
 * The placed tool under a screen point: inside a pocket first (topmost, i.e. drawn last, wins),
 * else the pocket whose edge lies within the hit radius, so thin tools can still be grabbed.
 */
export function hitTest(doc: EditorDoc, viewport: Viewport, screenPoint: Vec, radiusPx = HIT_RADIUS_PX): string | null {
  const point = screenToFoam(viewport, screenPoint);
  const pockets = placedPockets(doc).reverse();
  const inside = pockets.find((pocket) => pointInPolygon(point, pocket.outline));
  if (inside) return inside.tool.id;
  const radiusMm = radiusPx / viewScale(viewport);
  let best: { id: string; distance: number } | null = null;
  for (const pocket of pockets) {
    const distance = distanceToOutline(point, pocket.outline);
    if (distance <= radiusMm && (!best || distance < best.distance)) best = { id: pocket.tool.id, distance };
  }
  return best?.id ?? null;
}
