import { jsPDF } from "jspdf";
import type { loadProject } from "./service";

type Project = Awaited<ReturnType<typeof loadProject>>;

// The PDF's standard fonts are Latin-1: map the few symbols we print and drop the rest.
const pdfText = (text: string) =>
  text.replace(/³/g, "3").replace(/²/g, "2").replace(/×/g, "x").replace(/±/g, "+/-").replace(/[–—→]/g, "-").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

/** Scales a drawing may be printed at (1:n); the largest that fits the box is used and stated. */
const SCALES = [1, 2, 2.5, 4, 5, 10, 20, 25, 50];

export function drawingScale(widthMm: number, depthMm: number, boxW: number, boxH: number): number {
  return SCALES.find((n) => widthMm / n <= boxW && depthMm / n <= boxH) ?? Math.ceil(Math.max(widthMm / boxW, depthMm / boxH));
}

/** A4 quote: project facts, the layout drawn at a stated scale (1:n), the price lines and the total. */
export function quotePdf(project: Project): Uint8Array {
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true });
  const order = project.order;
  doc.setProperties({ title: `Quote ${project.reference_code}`, creator: "Foam Intelligence Platform" });
  doc.setFont("helvetica", "bold").setFontSize(16).text(pdfText(`Quote - ${project.reference_code}`), 15, 18);
  doc.setFont("helvetica", "normal").setFontSize(10);
  const facts = [
    `Order: ${order?.order_number ?? "-"}    Status: ${order?.status_label ?? project.status_label}`,
    `Date: ${new Date().toISOString().slice(0, 10)}    Currency: ${order?.currency ?? "USD"}`,
  ];
  if (project.layout) {
    const foam = project.layout.foam;
    facts.push(`Foam: ${foam.width_mm} x ${foam.depth_mm} mm, ${foam.thickness_mm} mm thick; ${project.layout.pockets.length} ${project.layout.pockets.length === 1 ? "pocket" : "pockets"}`);
  }
  if (project.scan_accuracy_mm) facts.push(`Scan accuracy +/-${project.scan_accuracy_mm.toFixed(1)} mm`);
  facts.forEach((line, index) => doc.text(pdfText(line), 15, 27 + index * 5.5));
  let y = 27 + facts.length * 5.5 + 4;

  if (project.layout) {
    const { width_mm: width, depth_mm: depth } = project.layout.foam;
    const n = drawingScale(width, depth, 180, 120);
    const s = 1 / n;
    doc.setFont("helvetica", "bold").text(pdfText(`Layout drawing, scale 1:${n} (printed on A4 at 100 %)`), 15, y);
    y += 4;
    doc.setDrawColor(0).setLineWidth(0.3).rect(15, y, width * s, depth * s);
    doc.setDrawColor(200, 0, 0);
    project.layout.pockets.forEach((pocket, index) => {
      const [first, ...rest] = pocket.points as [number, number][];
      const segments = [...rest, first!].map((point, i, list) => {
        const previous = i === 0 ? first! : list[i - 1]!;
        return [(point[0] - previous[0]) * s, (point[1] - previous[1]) * s];
      });
      doc.lines(segments, 15 + first![0] * s, y + first![1] * s, [1, 1], "S", true);
      const xs = pocket.points.map((p) => p[0]);
      const ys = pocket.points.map((p) => p[1]);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
      const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
      doc.setFontSize(7).setTextColor(120, 0, 0).text(String(index + 1), 15 + cx * s, y + cy * s, { align: "center" });
    });
    doc.setTextColor(0).setFontSize(10).setFont("helvetica", "normal");
    // A 50 mm bar so the stated scale can be checked on paper.
    const barY = y + depth * s + 6;
    doc.setDrawColor(0).line(15, barY, 15 + 50 * s, barY);
    doc.text(pdfText(`50 mm at 1:${n}`), 17 + 50 * s, barY + 1);
    y = barY + 8;
    project.layout.pockets.forEach((pocket, index) => {
      if (index >= 20) return;
      doc.setFontSize(8).text(pdfText(`${index + 1}. ${pocket.name} - ${pocket.area_mm2} mm2`), 15 + (index % 2) * 95, y + Math.floor(index / 2) * 4);
    });
    y += Math.ceil(Math.min(project.layout.pockets.length, 20) / 2) * 4 + 4;
  }

  if (y > 240) {
    doc.addPage();
    y = 20;
  }
  doc.setFont("helvetica", "bold").setFontSize(10);
  doc.text("Price breakdown", 15, y);
  y += 6;
  for (const [label, x] of [["Item", 15], ["Qty", 140], ["Unit", 155], ["Total", 180]] as const) doc.text(label, x, y);
  doc.setFont("helvetica", "normal").setFontSize(9);
  for (const line of project.lines) {
    y += 5;
    if (y > 285) {
      doc.addPage();
      y = 20;
    }
    doc.text(pdfText(line.description).slice(0, 80), 15, y);
    doc.text(String(line.quantity), 140, y);
    doc.text(`$${line.unit_price}`, 155, y);
    doc.text(`$${line.total_price}`, 180, y);
  }
  y += 8;
  doc.setFont("helvetica", "bold").setFontSize(11).text(`Total: $${order?.total_amount ?? "0.00"}`, 155, y);
  return new Uint8Array(doc.output("arraybuffer"));
}
