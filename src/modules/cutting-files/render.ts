import Drawing from "dxf-writer";
import { jsPDF } from "jspdf";
import { area, bounds, cutLengthMm, perimeter, type Layout } from "./layout";

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * DXF in millimetres ($INSUNITS 4): the foam outline on layer FOAM and one closed LWPOLYLINE per
 * pocket on layer POCKETS. CAD's y axis points up, so y is flipped (depth − y): the drawing looks
 * the same as the editor and the SVG instead of mirrored.
 */
export function layoutDxf(layout: Layout): string {
  const drawing = new Drawing();
  drawing.setUnits("Millimeters");
  drawing.addLayer("FOAM", Drawing.ACI.WHITE, "CONTINUOUS");
  drawing.addLayer("POCKETS", Drawing.ACI.RED, "CONTINUOUS");
  const { width_mm: width, depth_mm: depth } = layout.foam;
  drawing.setActiveLayer("FOAM");
  drawing.drawPolyline([[0, 0], [width, 0], [width, depth], [0, depth]], true);
  drawing.setActiveLayer("POCKETS");
  for (const pocket of layout.pockets) {
    drawing.drawPolyline(pocket.points.map(([x, y]) => [round(x), round(depth - y)] as [number, number]), true);
  }
  return drawing.toDxfString();
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);

export const svgPath = (points: [number, number][]) =>
  `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(" L")} Z`;

/** SVG whose user unit is the millimetre: viewBox = foam size, width/height in mm for 1:1 printing. */
export function layoutSvg(layout: Layout, title: string): string {
  const { width_mm: width, depth_mm: depth } = layout.foam;
  const pockets = layout.pockets
    .map((pocket) => `  <path d="${svgPath(pocket.points)}" fill="none" stroke="#d00" stroke-width="0.3"><title>${escapeXml(pocket.name)}</title></path>`)
    .join("\n");
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${depth}mm" viewBox="0 0 ${width} ${depth}">`,
    `  <title>${escapeXml(title)}</title>`,
    `  <rect x="0" y="0" width="${width}" height="${depth}" fill="none" stroke="#000" stroke-width="0.3"/>`,
    pockets,
    `</svg>`,
    "",
  ].join("\n");
}

// The PDF's standard fonts are Latin-1: map the few symbols we print and drop the rest.
const pdfText = (text: string) =>
  text.replace(/³/g, "3").replace(/²/g, "2").replace(/×/g, "x").replace(/[–—]/g, "-").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export type JobSheet = {
  orderNumber: string;
  customerEmail: string;
  material: string | null;
  priority: string;
  estimatedMinutes: number | null;
  generatedAt: string;
};

/** A4 job sheet: order facts, a to-scale-fitted drawing and the pocket list (base64 PDF). */
export function layoutPdf(layout: Layout, sheet: JobSheet): Uint8Array {
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true });
  const { width_mm: width, depth_mm: depth, thickness_mm: thickness } = layout.foam;
  doc.setProperties({ title: `Job sheet ${sheet.orderNumber}`, creator: "Foam Intelligence Platform" });
  doc.setFont("helvetica", "bold").setFontSize(16).text(pdfText(`Job sheet - ${sheet.orderNumber}`), 15, 18);
  doc.setFont("helvetica", "normal").setFontSize(10);
  const facts = [
    `Customer: ${sheet.customerEmail}`,
    `Material: ${sheet.material ?? "not specified"}`,
    `Foam: ${width} x ${depth} mm, ${thickness} mm thick${layout.foam.label ? ` (${layout.foam.label})` : ""}`,
    `Pockets: ${layout.pockets.length}    Cut length: ${Math.round(cutLengthMm(layout))} mm    Estimated time: ${sheet.estimatedMinutes ?? "-"} min`,
    `Priority: ${sheet.priority}    Generated: ${sheet.generatedAt}`,
  ];
  facts.forEach((line, index) => doc.text(pdfText(line), 15, 27 + index * 5.5));

  // Drawing: fit the foam into a 180 x 140 mm box, keep the aspect ratio, y down as on screen.
  const boxX = 15;
  const boxY = 58;
  const scale = Math.min(180 / width, 140 / depth);
  doc.setDrawColor(0).setLineWidth(0.3).rect(boxX, boxY, width * scale, depth * scale);
  doc.setDrawColor(200, 0, 0);
  layout.pockets.forEach((pocket, index) => {
    const [first, ...rest] = pocket.points;
    const segments = [...rest, first!].map((point, i, list) => {
      const previous = i === 0 ? first! : list[i - 1]!;
      return [(point[0] - previous[0]) * scale, (point[1] - previous[1]) * scale];
    });
    doc.lines(segments, boxX + first![0] * scale, boxY + first![1] * scale, [1, 1], "S", true);
    const box = bounds(pocket.points);
    doc.setFontSize(7).setTextColor(120, 0, 0).text(String(index + 1), boxX + ((box.minX + box.maxX) / 2) * scale, boxY + ((box.minY + box.maxY) / 2) * scale, { align: "center" });
  });
  doc.setTextColor(0);

  let y = boxY + depth * scale + 10;
  doc.setFont("helvetica", "bold").setFontSize(10);
  for (const [label, x] of [["#", 15], ["Pocket", 22], ["Size (mm)", 95], ["Perimeter (mm)", 130], ["Area (mm2)", 165]] as const) doc.text(label, x, y);
  doc.setFont("helvetica", "normal").setFontSize(9);
  layout.pockets.forEach((pocket, index) => {
    y += 5;
    if (y > 285) {
      doc.addPage();
      y = 20;
    }
    const box = bounds(pocket.points);
    doc.text(String(index + 1), 15, y);
    doc.text(pdfText(pocket.name).slice(0, 40), 22, y);
    doc.text(`${Math.round(box.maxX - box.minX)} x ${Math.round(box.maxY - box.minY)}`, 95, y);
    doc.text(String(Math.round(perimeter(pocket.points))), 130, y);
    doc.text(String(Math.round(area(pocket.points))), 165, y);
  });
  return new Uint8Array(doc.output("arraybuffer"));
}
