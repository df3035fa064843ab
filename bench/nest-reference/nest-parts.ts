/**
 * The SVGnest port's input from an editor document: each tool's cut outline (clearance, finger
 * pulls, ledge) at rotation 0 about its centre, simplified at SVGnest's curveTolerance and grown by
 * half the spacing, as svgnest.js start() does with offsetTree(tree, 0.5 * spacing).
 *
 * Differs from SVGnest: the outline is simplified with Douglas–Peucker (error bounded by the
 * tolerance) instead of Clipper CleanPolygon, and the offset is 2 × curveTolerance larger, so
 * neither the simplification nor the round-join chords can eat into the wall. The bench checks
 * walls exactly (0.01 mm²); SVGnest itself may undercut its spacing by up to that much.
 */
import ClipperLib, { type Paths } from "clipper-lib";
import { arrangeInput, simplify } from "../../client/islands/editor/core/arrange";
import { cutOutline } from "../../client/islands/editor/core/layout-geometry";
import type { EditorDoc, EditorTool, Pt } from "../../client/islands/editor/core/types";
import type { NestInput, NestPart } from "./svgnest-port";

const UNITS = 10_000;
export const CURVE_TOLERANCE_MM = 0.3;

function largestRing(paths: Paths): Pt[] {
  let best: Paths[number] = [];
  let bestArea = -Infinity;
  for (const path of paths) {
    const area = Math.abs(ClipperLib.Clipper.Area(path));
    if (area > bestArea) [best, bestArea] = [path, area];
  }
  return best.map((p) => [p.X / UNITS, p.Y / UNITS]);
}

/** One part: the outer cut outline grown by `grow` mm (plus the two tolerance allowances). */
export function nestPartOf(tool: EditorTool, doc: EditorDoc, grow: number, area: number): NestPart {
  const centred: EditorTool = { ...tool, placement: { x_mm: 0, y_mm: 0, rotation: 0, scale: tool.placement?.scale ?? 1 } };
  const rings = cutOutline(centred, doc.foam);
  const outer = largestRing(rings.map((ring) => ring.map(([x, y]) => ({ X: Math.round(x * UNITS), Y: Math.round(y * UNITS) }))));
  const simple = simplify(outer, CURVE_TOLERANCE_MM);
  const offset = new ClipperLib.ClipperOffset(2, CURVE_TOLERANCE_MM * UNITS);
  offset.AddPath(simple.map(([x, y]) => ({ X: Math.round(x * UNITS), Y: Math.round(y * UNITS) })), ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const solution: Paths = [];
  offset.Execute(solution, (grow + 2 * CURVE_TOLERANCE_MM) * UNITS);
  return { id: tool.id, polygon: largestRing(solution), area };
}

/** The same tools, foam and wall as arrangeInput(doc, scope, wall), credited with the same part areas. */
export function nestInput(doc: EditorDoc, scope: "placed" | "all", wallMm: number): NestInput {
  const areas = new Map(arrangeInput(doc, scope, wallMm).parts.map((part) => [part.id, part.area]));
  const tools = doc.tools.filter((tool) => areas.has(tool.id));
  return {
    width: doc.foam.width_mm,
    depth: doc.foam.depth_mm,
    margin: wallMm / 2,
    parts: tools.map((tool) => nestPartOf(tool, doc, wallMm / 2, areas.get(tool.id)!)),
  };
}
