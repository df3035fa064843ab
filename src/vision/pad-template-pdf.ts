import { jsPDF } from "jspdf";
import { markerBits } from "./aruco-dictionary.ts";
import {
  FRAME_H_MM,
  FRAME_ORIGIN_ON_SHEET_MM,
  FRAME_W_MM,
  GRID_STEP_MM,
  MARKER_IDS,
  MARKER_ORIGINS_MM,
  MARKER_QUIET_ZONE_MM,
  MARKER_SIZE_MM,
  PAD_VERSION,
  SHEET_H_MM,
  SHEET_W_MM,
} from "./pad-spec.ts";

export const PAD_TITLE = "Foam Intelligence Platform — Calibration Pad";

/** Sub-intervals of [0, len] not covered by `blocked` (each [a, b]). */
function freeIntervals(len: number, blocked: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (const [a, b] of blocked.slice().sort((p, q) => p[0] - q[0])) {
    if (a > start) out.push([start, Math.min(a, len)]);
    start = Math.max(start, b);
  }
  if (start < len) out.push([start, len]);
  return out.filter(([a, b]) => b - a > 0.01);
}

/** Keep-out rectangles (marker + quiet zone) in pad mm. */
function keepouts(): { x0: number; y0: number; x1: number; y1: number }[] {
  const q = MARKER_QUIET_ZONE_MM;
  return MARKER_IDS.map((id) => {
    const [x, y] = MARKER_ORIGINS_MM[id];
    return { x0: x - q, y0: y - q, x1: x + MARKER_SIZE_MM + q, y1: y + MARKER_SIZE_MM + q };
  });
}

/**
 * The printable calibration pad (pad v1) as a one-page A4 vector PDF: markers are filled rectangles
 * with the real DICT_4X4_50 bit patterns, the grid and the frame line stop at the markers' quiet zones.
 */
export function renderPadTemplatePdf(): Uint8Array {
  const doc = new jsPDF({ orientation: "portrait", unit: "mm", format: "a4", compress: true });
  doc.setProperties({ title: PAD_TITLE, subject: `Calibration pad ${PAD_VERSION}`, creator: "Foam Intelligence Platform" });
  const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
  const ko = keepouts();

  // Grid: light grey, 0.2 mm, every 10 mm from the pad origin, inside the frame.
  doc.setDrawColor(200, 200, 200);
  doc.setLineWidth(0.2);
  doc.setLineCap("butt");
  for (let x = GRID_STEP_MM; x < FRAME_W_MM; x += GRID_STEP_MM) {
    const blocked = ko.filter((k) => x >= k.x0 && x <= k.x1).map((k) => [k.y0, k.y1] as [number, number]);
    for (const [a, b] of freeIntervals(FRAME_H_MM, blocked)) doc.line(ox + x, oy + a, ox + x, oy + b);
  }
  for (let y = GRID_STEP_MM; y < FRAME_H_MM; y += GRID_STEP_MM) {
    const blocked = ko.filter((k) => y >= k.y0 && y <= k.y1).map((k) => [k.x0, k.x1] as [number, number]);
    for (const [a, b] of freeIntervals(FRAME_W_MM, blocked)) doc.line(ox + a, oy + y, ox + b, oy + y);
  }

  // Frame: thin mid-grey line on the frame edge, not drawn across the quiet zones.
  doc.setDrawColor(128, 128, 128);
  doc.setLineWidth(0.3);
  const gap = MARKER_SIZE_MM + MARKER_QUIET_ZONE_MM;
  doc.line(ox + gap, oy, ox + FRAME_W_MM - gap, oy);
  doc.line(ox + gap, oy + FRAME_H_MM, ox + FRAME_W_MM - gap, oy + FRAME_H_MM);
  doc.line(ox, oy + gap, ox, oy + FRAME_H_MM - gap);
  doc.line(ox + FRAME_W_MM, oy + gap, ox + FRAME_W_MM, oy + FRAME_H_MM - gap);

  // Markers: a black 12 mm square, then the white inner cells merged into horizontal runs.
  const cell = MARKER_SIZE_MM / 6;
  for (const id of MARKER_IDS) {
    const [mx, my] = MARKER_ORIGINS_MM[id];
    const x0 = ox + mx;
    const y0 = oy + my;
    doc.setFillColor(0, 0, 0);
    doc.rect(x0, y0, MARKER_SIZE_MM, MARKER_SIZE_MM, "F");
    doc.setFillColor(255, 255, 255);
    const bits = markerBits(id);
    for (let r = 0; r < 4; r++) {
      let c = 0;
      while (c < 4) {
        if (!bits[r][c]) {
          c++;
          continue;
        }
        let e = c;
        while (e + 1 < 4 && bits[r][e + 1]) e++;
        doc.rect(x0 + (c + 1) * cell, y0 + (r + 1) * cell, (e - c + 1) * cell, cell, "F");
        c = e + 1;
      }
    }
  }

  // Top margin: title, print instruction, version.
  doc.setTextColor(0, 0, 0);
  doc.setFont("helvetica", "bold");
  doc.setFontSize(13);
  doc.text(PAD_TITLE, SHEET_W_MM / 2, 8.5, { align: "center" });
  doc.setFont("helvetica", "normal");
  doc.setFontSize(9);
  doc.text("Print at 100 % scale", SHEET_W_MM / 2, 13.5, { align: "center" });
  doc.text(PAD_VERSION, SHEET_W_MM - 10, 13.5, { align: "right" });

  // Bottom margin: 100 mm check bar with end ticks.
  const barY = 287.5;
  const bx0 = (SHEET_W_MM - 100) / 2;
  doc.setDrawColor(0, 0, 0);
  doc.setLineWidth(0.3);
  doc.line(bx0, barY, bx0 + 100, barY);
  doc.line(bx0, barY - 2, bx0, barY + 2);
  doc.line(bx0 + 100, barY - 2, bx0 + 100, barY + 2);
  doc.setFontSize(8);
  doc.text("100 mm — check with a ruler", SHEET_W_MM / 2, barY + 5, { align: "center" });
  if (SHEET_H_MM !== 297) throw new Error("unexpected sheet size");
  return new Uint8Array(doc.output("arraybuffer"));
}
