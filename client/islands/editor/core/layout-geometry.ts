import { placedPockets } from "./pockets";
import { round } from "./polygon";
import type { EditorDoc, Pt } from "./types";

export type LayoutPocket = { id: string; name: string; points: Pt[] };
/** The layout at true scale in millimetres, y pointing down from the foam's top-left corner. */
export type LayoutGeometry = { width_mm: number; depth_mm: number; thickness_mm: number; label: string; pockets: LayoutPocket[] };

/** The one geometry every export (DXF, SVG, PNG, submitted jobs) is drawn from. */
export function layoutGeometry(doc: EditorDoc): LayoutGeometry {
  const { foam } = doc;
  return {
    width_mm: foam.width_mm,
    depth_mm: foam.depth_mm,
    thickness_mm: foam.thickness_mm,
    label: foam.label,
    pockets: placedPockets(doc).map((pocket) => ({
      id: pocket.tool.id,
      name: pocket.tool.name,
      points: pocket.outline.map(([x, y]) => [round(x, 3), round(y, 3)] as Pt),
    })),
  };
}
