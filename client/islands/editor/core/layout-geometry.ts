import { clampDepth, defaultDepth, DEFAULT_CLEARANCE_MM, DEFAULT_LABEL_HEIGHT_MM, pocketContours, type CutLayout, type LayoutPocket } from "../../../../common/layout";
import { placedPockets } from "./pockets";
import { polygonBounds, round, transformOutline } from "./polygon";
import type { EditorDoc, EditorTool, Foam, Pt } from "./types";

export type GeometryPocket = { id: string; name: string; points: Pt[] };
/** The layout at true scale in millimetres, y pointing down from the foam's top-left corner. */
export type LayoutGeometry = {
  width_mm: number;
  depth_mm: number;
  thickness_mm: number;
  label: string;
  pockets: GeometryPocket[];
  /** The same layout as the shared renderer (common/layout) and the server read it. */
  cut: CutLayout;
};

/** The depth the tool's pocket is cut to: as set, else the scan height + 2 mm or half the foam. */
export function effectiveDepth(tool: EditorTool, foam: Foam): number {
  return tool.pocket.depth_mm !== undefined ? clampDepth(tool.pocket.depth_mm, foam) : defaultDepth(foam, tool.heightMm);
}

export function effectiveClearance(tool: EditorTool): number {
  return tool.pocket.clearance_mm ?? DEFAULT_CLEARANCE_MM;
}

const cache = new WeakMap<EditorTool, { foam: Foam; pocket: LayoutPocket }>();

/** A placed tool as the cut layout's pocket: outline, depth, clearance, notches and label in foam mm. */
export function toolLayoutPocket(tool: EditorTool, foam: Foam): LayoutPocket | null {
  if (!tool.placement) return null;
  const hit = cache.get(tool);
  if (hit && hit.foam === foam) return hit.pocket;
  const placement = tool.placement;
  const points = transformOutline(tool.outline, placement).map(([x, y]) => [round(x, 3), round(y, 3)] as Pt);
  const clearance = effectiveClearance(tool);
  const pocket: LayoutPocket = { name: tool.name, points, depth_mm: effectiveDepth(tool, foam), clearance_mm: clearance };
  const spec = tool.pocket;
  if (spec.fingers?.length) {
    pocket.finger_pulls = spec.fingers.map((finger) => {
      const [[x, y]] = transformOutline([[finger.x, finger.y]], placement);
      return {
        x_mm: round(x, 3),
        y_mm: round(y, 3),
        shape: finger.shape,
        width_mm: finger.width_mm,
        ...(finger.shape === "oval" ? { length_mm: finger.length_mm } : {}),
        angle_deg: round(finger.angle_deg + placement.rotation, 3),
        ...(finger.depth_mm !== undefined ? { depth_mm: clampDepth(finger.depth_mm, foam) } : {}),
      };
    });
  }
  if (spec.label?.text.trim()) {
    const height = spec.label.height_mm || DEFAULT_LABEL_HEIGHT_MM;
    const box = polygonBounds(points);
    // Engraved on the foam just below the pocket, or above it when there is no room below.
    const below = box.maxY + clearance + 2 + height / 2;
    const y = below + height / 2 <= foam.depth_mm ? below : box.minY - clearance - 2 - height / 2;
    pocket.label = { text: spec.label.text.trim(), x_mm: round((box.minX + box.maxX) / 2, 3), y_mm: round(y, 3), height_mm: height };
  }
  if (spec.ledge) pocket.ledge = { ...spec.ledge };
  cache.set(tool, { foam, pocket });
  return pocket;
}

const outlineCache = new WeakMap<EditorTool, { foam: Foam; outline: Pt[][] }>();
// Keyed on the pocket spec object, which a move keeps: a drag only translates the cached shape.
const shapeCache = new WeakMap<EditorTool["pocket"], { outline: Pt[]; rotation: number; scale: number; foam: Foam; x: number; y: number; rings: Pt[][] }>();

/** The outermost outline the knife cuts for a tool (clearance, notches and ledge included). */
export function cutOutline(tool: EditorTool, foam: Foam): Pt[][] {
  const hit = outlineCache.get(tool);
  if (hit && hit.foam === foam) return hit.outline;
  const placement = tool.placement;
  let outline: Pt[][] = [];
  if (placement) {
    const shape = shapeCache.get(tool.pocket);
    if (shape && shape.outline === tool.outline && shape.rotation === placement.rotation && shape.scale === placement.scale && shape.foam === foam) {
      const dx = placement.x_mm - shape.x;
      const dy = placement.y_mm - shape.y;
      outline = shape.rings.map((ring) => ring.map(([x, y]) => [x + dx, y + dy] as Pt));
    } else {
      const pocket = toolLayoutPocket(tool, foam)!;
      outline = pocketContours(pocket, foam, 0)[0]?.rings.map((ring) => ring.chords ?? ring.points) ?? [];
      shapeCache.set(tool.pocket, { outline: tool.outline, rotation: placement.rotation, scale: placement.scale, foam, x: placement.x_mm, y: placement.y_mm, rings: outline });
    }
  }
  outlineCache.set(tool, { foam, outline });
  return outline;
}

export function foamOfLayout(foam: Foam): CutLayout["foam"] {
  return {
    width_mm: foam.width_mm,
    depth_mm: foam.depth_mm,
    thickness_mm: foam.thickness_mm,
    label: foam.label,
    ...(foam.layers && foam.layers.length > 1 ? { layers: foam.layers.map((layer) => ({ ...layer })) } : {}),
  };
}

/** The one geometry every export (DXF, SVG, PDF, STL, PNG, submitted jobs) is drawn from. */
export function layoutGeometry(doc: EditorDoc): LayoutGeometry {
  const { foam } = doc;
  const placed = placedPockets(doc);
  return {
    width_mm: foam.width_mm,
    depth_mm: foam.depth_mm,
    thickness_mm: foam.thickness_mm,
    label: foam.label,
    pockets: placed.map((pocket) => ({
      id: pocket.tool.id,
      name: pocket.tool.name,
      points: pocket.outline.map(([x, y]) => [round(x, 3), round(y, 3)] as Pt),
    })),
    cut: { foam: foamOfLayout(foam), pockets: placed.map((pocket) => toolLayoutPocket(pocket.tool, foam)!) },
  };
}
