import { polygonBounds, transformOutline } from "./polygon";
import type { Bounds, EditorDoc, EditorTool, Pt } from "./types";

export type Pocket = { tool: EditorTool; outline: Pt[]; bounds: Bounds };

// Tools are immutable, so a moved tool is a new object and misses the cache by itself.
const cache = new WeakMap<EditorTool, Pocket>();

/** A placed tool's outline in foam millimetres, or null while it is unplaced. */
export function pocketOf(tool: EditorTool): Pocket | null {
  if (!tool.placement) return null;
  let pocket = cache.get(tool);
  if (!pocket) {
    const outline = transformOutline(tool.outline, tool.placement);
    pocket = { tool, outline, bounds: polygonBounds(outline) };
    cache.set(tool, pocket);
  }
  return pocket;
}

export function placedPockets(doc: EditorDoc): Pocket[] {
  return doc.tools.map(pocketOf).filter((pocket): pocket is Pocket => pocket !== null);
}
