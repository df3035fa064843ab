import Drawing from "dxf-writer";
import { depthInLayer, depthName, layerSpans, type LayerSpan } from "./depth";
import { cutPlan, type CutPlan, type Ring } from "./geometry";
import type { CutLayout } from "./types";

export const FOAM_OUTLINE_LAYER = "FOAM_OUTLINE";
export const LABEL_LAYER = "LABEL_ENGRAVE";

const round = (value: number) => Math.round(value * 1000) / 1000;

/** DXF layer of a cut: its operation and how deep it goes into this slab. */
export const cutLayerName = (kind: "pocket" | "finger", depth: number) => `${kind === "pocket" ? "POCKET" : "FINGER"}_${depthName(depth)}`;

/** Plain-text notes written as DXF 999 comments at the top of the file. */
function notes(plan: CutPlan, span: LayerSpan, count: number): string[] {
  const { foam } = plan;
  const distinct = [...new Set(plan.clearances.map((c) => round(c)))];
  return [
    `Foam insert cutting file. Units: millimetres (1 unit = 1 mm), scale 1:1, y up.`,
    `Foam ${round(foam.width_mm)} x ${round(foam.depth_mm)} mm, ${round(foam.thickness_mm)} mm thick${foam.label ? ` (${foam.label})` : ""}.`,
    count > 1 ? `Foam layer ${span.index + 1} of ${count}: ${round(span.layer.thickness_mm)} mm thick, from ${span.top_mm} to ${span.bottom_mm} mm below the top face.` : `Single foam layer.`,
    `Clearance applied: ${distinct.length ? distinct.map((c) => `${c} mm`).join(", ") : "none"} (outward offset with round joins, already in the pocket outlines: cut on the line).`,
    `Layers: POCKET_<d>MM / FINGER_<d>MM = cut <d> mm deep into this foam layer; LABEL_ENGRAVE = engrave text; FOAM_OUTLINE = foam block outline.`,
  ];
}

const toCad = (ring: Ring, depth: number): [number, number, number][] =>
  // CAD's y points up: flipping y mirrors the drawing back and turns each arc the other way.
  ring.points.map(([x, y], i) => [round(x), round(depth - y), round(-(ring.bulges[i] ?? 0) * 1e6) / 1e6]);

function layerDxf(plan: CutPlan, span: LayerSpan, count: number): string {
  const drawing = new Drawing();
  drawing.setUnits("Millimeters");
  const { width_mm: width, depth_mm: depth } = plan.foam;
  drawing.addLayer(FOAM_OUTLINE_LAYER, Drawing.ACI.WHITE, "CONTINUOUS");
  drawing.setActiveLayer(FOAM_OUTLINE_LAYER);
  drawing.drawPolyline([[0, 0], [width, 0], [width, depth], [0, depth]], true);
  const colors = [Drawing.ACI.RED, Drawing.ACI.BLUE, Drawing.ACI.MAGENTA, Drawing.ACI.CYAN, Drawing.ACI.GREEN];
  const known = new Set<string>();
  for (const contour of plan.contours) {
    const local = depthInLayer(contour.depth_mm, span);
    if (local <= 0) continue;
    const name = cutLayerName(contour.kind, local);
    if (!known.has(name)) {
      drawing.addLayer(name, contour.kind === "finger" ? Drawing.ACI.YELLOW : colors[known.size % colors.length]!, "CONTINUOUS");
      known.add(name);
    }
    drawing.setActiveLayer(name);
    // dxf-writer takes [x, y, bulge] vertices although its types say [x, y].
    for (const ring of contour.rings) drawing.drawPolyline(toCad(ring, depth) as unknown as [number, number][], true);
  }
  if (span.index === 0 && plan.labels.length) {
    drawing.addLayer(LABEL_LAYER, Drawing.ACI.GREEN, "CONTINUOUS");
    drawing.setActiveLayer(LABEL_LAYER);
    for (const label of plan.labels) {
      drawing.drawText(round(label.x_mm), round(depth - label.y_mm), label.height_mm, -label.angle_deg, label.text, "center", "middle");
    }
  }
  const comments = notes(plan, span, count).map((line) => `999\n${line.replace(/[\r\n]/g, " ")}\n`).join("");
  return comments + drawing.toDxfString();
}

/** One DXF per foam layer, top layer first (a one-layer foam gives one file). */
export function layoutDxfFiles(layout: CutLayout, plan: CutPlan = cutPlan(layout)): { layer: number; thickness_mm: number; dxf: string }[] {
  const spans = layerSpans(layout.foam);
  return spans.map((span) => ({ layer: span.index + 1, thickness_mm: span.layer.thickness_mm, dxf: layerDxf(plan, span, spans.length) }));
}

/** The top layer's DXF: for a one-layer foam, the whole job. */
export function layoutDxf(layout: CutLayout, plan: CutPlan = cutPlan(layout)): string {
  return layoutDxfFiles(layout, plan)[0]!.dxf;
}
