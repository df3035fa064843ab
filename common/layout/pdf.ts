import { jsPDF } from "jspdf";
import { depthInLayer, layerSpans } from "./depth";
import { cutLayerName } from "./dxf";
import { cutPlan, flattenRing, planCutLength, ringArea, ringBounds, type CutPlan } from "./geometry";
import type { CutLayout, Pt } from "./types";

// The PDF's standard fonts are Latin-1: map the few symbols we print and drop the rest.
export const pdfText = (text: string) =>
  text.replace(/³/g, "3").replace(/²/g, "2").replace(/×/g, "x").replace(/[–—]/g, "-").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export type JobSheet = {
  orderNumber: string;
  customerEmail: string;
  material: string | null;
  priority: string;
  estimatedMinutes: number | null;
  generatedAt: string;
};

const MARGIN_MM = 15;
const HEADER_MM = 28;
export const CHECK_BAR_MM = 100;

function drawRing(doc: jsPDF, points: Pt[], x0: number, y0: number, scale: number): void {
  const [first, ...rest] = points;
  if (!first) return;
  const segments = [...rest, first].map((point, i, list) => {
    const previous = i === 0 ? first : list[i - 1]!;
    return [(point[0] - previous[0]) * scale, (point[1] - previous[1]) * scale];
  });
  doc.lines(segments, x0 + first[0] * scale, y0 + first[1] * scale, [1, 1], "S", true);
}

/** A 100 mm bar with centimetre ticks: measure it on the print to check the scale. */
function checkBar(doc: jsPDF, x: number, y: number): void {
  doc.setDrawColor(0).setLineWidth(0.4).line(x, y, x + CHECK_BAR_MM, y);
  for (let mm = 0; mm <= CHECK_BAR_MM; mm += 10) doc.line(x + mm, y - (mm % 50 === 0 ? 3 : 1.5), x + mm, y);
  doc.setFontSize(8).setTextColor(0).text(`${CHECK_BAR_MM} mm check bar - must measure exactly ${CHECK_BAR_MM} mm`, x, y + 4);
}

/** One 1:1 page per foam layer: the page is the foam plus margins, printed at 100 % it is the template. */
function templatePages(doc: jsPDF, plan: CutPlan, first: boolean): void {
  const { width_mm: width, depth_mm: depth } = plan.foam;
  const spans = layerSpans(plan.foam);
  const pageW = width + 2 * MARGIN_MM;
  const pageH = depth + 2 * MARGIN_MM + HEADER_MM;
  const orientation = pageW > pageH ? "landscape" : "portrait";
  spans.forEach((span, index) => {
    if (!(first && index === 0)) doc.addPage([pageW, pageH], orientation);
    doc.setFont("helvetica", "bold").setFontSize(11).setTextColor(0);
    const layerText = spans.length > 1 ? ` - foam layer ${span.index + 1} of ${spans.length} (${span.layer.thickness_mm} mm)` : "";
    doc.text(pdfText(`Cutting template, scale 1:1 (print at 100 %, no fit to page)${layerText}`), MARGIN_MM, MARGIN_MM);
    doc.setFont("helvetica", "normal").setFontSize(8);
    const clearances = [...new Set(plan.clearances.map((c) => Math.round(c * 100) / 100))];
    doc.text(pdfText(`Foam ${width} x ${depth} mm, ${plan.foam.thickness_mm} mm thick. Clearance applied: ${clearances.map((c) => `${c} mm`).join(", ") || "none"}. Labels give the cut depth in this layer.`), MARGIN_MM, MARGIN_MM + 5);
    checkBar(doc, MARGIN_MM, MARGIN_MM + 14);
    const x0 = MARGIN_MM;
    const y0 = MARGIN_MM + HEADER_MM;
    doc.setDrawColor(0).setLineWidth(0.3).rect(x0, y0, width, depth);
    for (const contour of plan.contours) {
      const local = depthInLayer(contour.depth_mm, span);
      if (local <= 0) continue;
      doc.setDrawColor(contour.kind === "finger" ? 200 : 210, contour.kind === "finger" ? 120 : 0, 0).setLineWidth(0.25);
      let biggest: Pt[] | null = null;
      for (const ring of contour.rings) {
        const points = flattenRing(ring);
        drawRing(doc, points, x0, y0, 1);
        if (!biggest || Math.abs(ringArea(points)) > Math.abs(ringArea(biggest))) biggest = points;
      }
      if (biggest && contour.kind === "pocket") {
        const box = ringBounds(biggest);
        doc.setFontSize(6).setTextColor(150, 0, 0).text(cutLayerName(contour.kind, local), x0 + (box.minX + box.maxX) / 2, y0 + box.minY + 3, { align: "center" });
      }
    }
    if (span.index === 0) {
      doc.setTextColor(0, 120, 0);
      for (const label of plan.labels) {
        doc.setFontSize(label.height_mm * 2.83465 * 1.4).text(pdfText(label.text), x0 + label.x_mm, y0 + label.y_mm, { align: "center", baseline: "middle", angle: -label.angle_deg });
      }
    }
    doc.setTextColor(0);
  });
}

function jobSheetPage(doc: jsPDF, layout: CutLayout, plan: CutPlan, sheet: JobSheet): void {
  const { width_mm: width, depth_mm: depth, thickness_mm: thickness } = layout.foam;
  doc.setProperties({ title: `Job sheet ${sheet.orderNumber}`, creator: "Foam Intelligence Platform" });
  doc.setFont("helvetica", "bold").setFontSize(16).text(pdfText(`Job sheet - ${sheet.orderNumber}`), 15, 18);
  doc.setFont("helvetica", "normal").setFontSize(10);
  const layers = layerSpans(layout.foam);
  const facts = [
    `Customer: ${sheet.customerEmail}`,
    `Material: ${sheet.material ?? "not specified"}`,
    `Foam: ${width} x ${depth} mm, ${thickness} mm thick${layout.foam.label ? ` (${layout.foam.label})` : ""}${layers.length > 1 ? `, ${layers.length} layers: ${layers.map((s) => `${s.layer.thickness_mm} mm`).join(" + ")}` : ""}`,
    `Pockets: ${layout.pockets.length}    Cut length: ${Math.round(planCutLength(plan))} mm    Estimated time: ${sheet.estimatedMinutes ?? "-"} min`,
    `Priority: ${sheet.priority}    Generated: ${sheet.generatedAt}    1:1 templates follow on the next page(s).`,
  ];
  facts.forEach((line, index) => doc.text(pdfText(line), 15, 27 + index * 5.5));
  const boxX = 15;
  const boxY = 58;
  const scale = Math.min(180 / width, 140 / depth);
  doc.setDrawColor(0).setLineWidth(0.3).rect(boxX, boxY, width * scale, depth * scale);
  doc.setDrawColor(200, 0, 0);
  for (const contour of plan.contours) for (const ring of contour.rings) drawRing(doc, flattenRing(ring, 0.2), boxX, boxY, scale);
  layout.pockets.forEach((pocket, index) => {
    const box = ringBounds(pocket.points);
    doc.setFontSize(7).setTextColor(120, 0, 0).text(String(index + 1), boxX + ((box.minX + box.maxX) / 2) * scale, boxY + ((box.minY + box.maxY) / 2) * scale, { align: "center" });
  });
  doc.setTextColor(0);
  let y = boxY + depth * scale + 10;
  doc.setFont("helvetica", "bold").setFontSize(10);
  for (const [label, x] of [["#", 15], ["Pocket", 22], ["Size (mm)", 85], ["Depth", 115], ["Clearance", 135], ["Fingers", 160], ["Label", 178]] as const) doc.text(label, x, y);
  doc.setFont("helvetica", "normal").setFontSize(9);
  layout.pockets.forEach((pocket, index) => {
    y += 5;
    if (y > 285) {
      doc.addPage("a4", "portrait");
      y = 20;
    }
    const box = ringBounds(pocket.points);
    const depthMm = plan.contours.filter((c) => c.pocketIndex === index && c.kind === "pocket").reduce((max, c) => Math.max(max, c.depth_mm), 0);
    doc.text(String(index + 1), 15, y);
    doc.text(pdfText(pocket.name).slice(0, 34), 22, y);
    doc.text(`${Math.round(box.maxX - box.minX)} x ${Math.round(box.maxY - box.minY)}`, 85, y);
    doc.text(`${depthMm} mm`, 115, y);
    doc.text(`${plan.clearances[index]} mm`, 135, y);
    doc.text(String(pocket.finger_pulls?.length ?? 0), 160, y);
    doc.text(pdfText(pocket.label?.text ?? "").slice(0, 16), 178, y);
  });
}

/**
 * The PDF: with a job sheet, an A4 summary page first; then one 1:1 template page per foam
 * layer (page = foam + margins, scale stated, 100 mm check bar).
 */
export function layoutPdf(layout: CutLayout, options: { sheet?: JobSheet; title?: string } = {}, plan: CutPlan = cutPlan(layout)): Uint8Array {
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true });
  if (options.sheet) {
    jobSheetPage(doc, layout, plan, options.sheet);
    templatePages(doc, plan, false);
  } else {
    doc.setProperties({ title: options.title ?? "Foam insert cutting template", creator: "Foam Intelligence Platform" });
    // jsPDF starts with an A4 page: replace it with the template's own size.
    templatePages(doc, plan, false);
    doc.deletePage(1);
  }
  return new Uint8Array(doc.output("arraybuffer"));
}
