import { depthInLayer, layerSpans } from "./depth";
import { FOAM_OUTLINE_LAYER, LABEL_LAYER, cutLayerName } from "./dxf";
import { cutPlan, type CutPlan, type Ring } from "./geometry";
import type { CutLayout } from "./types";

const round = (value: number) => Math.round(value * 1000) / 1000;

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);

/** Path data of a ring, its arcs as SVG arcs (y down, as the layout). */
export function ringPath(ring: Ring): string {
  const n = ring.points.length;
  const parts = [`M${round(ring.points[0]![0])} ${round(ring.points[0]![1])}`];
  for (let i = 0; i < n; i++) {
    const a = ring.points[i]!;
    const b = ring.points[(i + 1) % n]!;
    const bulge = ring.bulges[i] ?? 0;
    if (i === n - 1 && !bulge) break;
    if (!bulge) {
      parts.push(`L${round(b[0])} ${round(b[1])}`);
      continue;
    }
    const sweep = 4 * Math.atan(bulge);
    const radius = Math.hypot(b[0] - a[0], b[1] - a[1]) / (2 * Math.abs(Math.sin(sweep / 2)));
    parts.push(`A${round(radius)} ${round(radius)} 0 ${Math.abs(sweep) > Math.PI ? 1 : 0} ${sweep > 0 ? 1 : 0} ${round(b[0])} ${round(b[1])}`);
  }
  return `${parts.join(" ")} Z`;
}

const STROKES: Record<string, string> = { pocket: "#d00", finger: "#c80" };

/**
 * SVG whose user unit is the millimetre (prints and imports 1:1), with one group per DXF layer
 * (Inkscape layers, same names), nested in one group per foam layer when there are several.
 */
export function layoutSvg(layout: CutLayout, title: string, plan: CutPlan = cutPlan(layout)): string {
  const { width_mm: width, depth_mm: depth } = layout.foam;
  const spans = layerSpans(layout.foam);
  const multi = spans.length > 1;
  const layer = (id: string, body: string[], indent: string) =>
    [`${indent}<g id="${escapeXml(id)}" inkscape:groupmode="layer" inkscape:label="${escapeXml(id.replace(/^L\d+_/, ""))}">`, ...body, `${indent}</g>`].join("\n");
  const foamLayers = spans.map((span) => {
    const prefix = multi ? `L${span.index + 1}_` : "";
    const indent = multi ? "    " : "  ";
    const groups = new Map<string, string[]>();
    for (const contour of plan.contours) {
      const local = depthInLayer(contour.depth_mm, span);
      if (local <= 0) continue;
      const name = cutLayerName(contour.kind, local);
      const list = groups.get(name) ?? [];
      for (const ring of contour.rings) {
        list.push(`${indent}  <path d="${ringPath(ring)}" fill="none" stroke="${STROKES[contour.kind]}" stroke-width="0.3"><title>${escapeXml(contour.name)}</title></path>`);
      }
      groups.set(name, list);
    }
    const body = [layer(`${prefix}${FOAM_OUTLINE_LAYER}`, [`${indent}  <rect x="0" y="0" width="${width}" height="${depth}" fill="none" stroke="#000" stroke-width="0.3"/>`], indent)];
    for (const [name, paths] of groups) body.push(layer(`${prefix}${name}`, paths, indent));
    if (span.index === 0 && plan.labels.length) {
      const texts = plan.labels.map(
        (label) =>
          `${indent}  <text x="${round(label.x_mm)}" y="${round(label.y_mm)}" font-size="${round(label.height_mm)}" font-family="sans-serif" text-anchor="middle" dominant-baseline="middle"${label.angle_deg ? ` transform="rotate(${round(label.angle_deg)} ${round(label.x_mm)} ${round(label.y_mm)})"` : ""} fill="#080">${escapeXml(label.text)}</text>`,
      );
      body.push(layer(`${prefix}${LABEL_LAYER}`, texts, indent));
    }
    if (!multi) return body.join("\n");
    return [`  <g id="FOAM_LAYER_${span.index + 1}" inkscape:groupmode="layer" inkscape:label="Foam layer ${span.index + 1} (${span.layer.thickness_mm} mm)"${span.index ? ` style="display:none"` : ""}>`, ...body, `  </g>`].join("\n");
  });
  const clearances = [...new Set(plan.clearances.map(round))];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${width}mm" height="${depth}mm" viewBox="0 0 ${width} ${depth}">`,
    `  <title>${escapeXml(title)}</title>`,
    `  <desc>Scale 1:1, millimetres. Clearance applied: ${clearances.length ? clearances.map((c) => `${c} mm`).join(", ") : "none"}. POCKET_dMM / FINGER_dMM: cut d mm deep into the foam layer; LABEL_ENGRAVE: engrave.</desc>`,
    ...foamLayers,
    `</svg>`,
    "",
  ].join("\n");
}
