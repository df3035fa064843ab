import { markerBits } from "../../src/vision/aruco-dictionary.ts";
import {
  FRAME_H_MM,
  FRAME_ORIGIN_ON_SHEET_MM,
  FRAME_W_MM,
  GRID_STEP_MM,
  inMarkerKeepout,
  MARKER_IDS,
  MARKER_ORIGINS_MM,
  MARKER_SIZE_MM,
  SHEET_H_MM,
  SHEET_W_MM,
} from "../../src/vision/pad-spec.ts";

/** A float RGB raster of the whole A4 sheet at `s` px/mm; pixel i covers sheet mm [i/s, (i+1)/s). */
export type SheetRaster = { width: number; height: number; s: number; r: Float32Array; g: Float32Array; b: Float32Array };

function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

function paintRect(
  ras: SheetRaster,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  rgb: [number, number, number],
  alpha = 1,
): void {
  // Exact box-filter coverage of an axis-aligned rectangle given in sheet mm.
  const { s, width, height } = ras;
  const i0 = Math.max(0, Math.floor(x0 * s));
  const i1 = Math.min(width - 1, Math.floor(x1 * s));
  const j0 = Math.max(0, Math.floor(y0 * s));
  const j1 = Math.min(height - 1, Math.floor(y1 * s));
  for (let j = j0; j <= j1; j++) {
    const cy = overlap(j, j + 1, y0 * s, y1 * s);
    if (cy <= 0) continue;
    for (let i = i0; i <= i1; i++) {
      const c = cy * overlap(i, i + 1, x0 * s, x1 * s) * alpha;
      if (c <= 0) continue;
      const k = j * width + i;
      ras.r[k] += (rgb[0] - ras.r[k]) * c;
      ras.g[k] += (rgb[1] - ras.g[k]) * c;
      ras.b[k] += (rgb[2] - ras.b[k]) * c;
    }
  }
}

export type PadLook = {
  paper: [number, number, number];
  grid: [number, number, number];
  frame: [number, number, number];
  ink: [number, number, number];
};

/** Render the printed pad (pad v1) on the sheet: paper, grid, frame line, markers, margin print. */
export function renderSheet(s: number, look: PadLook): SheetRaster {
  const width = Math.ceil(SHEET_W_MM * s);
  const height = Math.ceil(SHEET_H_MM * s);
  const n = width * height;
  const ras: SheetRaster = { width, height, s, r: new Float32Array(n).fill(look.paper[0]), g: new Float32Array(n).fill(look.paper[1]), b: new Float32Array(n).fill(look.paper[2]) };
  const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
  const lineW = 0.2;

  // Grid: split every line into runs that avoid the markers' keep-out zones.
  const runs = (fixed: number, vertical: boolean, len: number) => {
    const step = 0.1;
    let start: number | null = null;
    const out: [number, number][] = [];
    for (let t = 0; t <= len + 1e-9; t += step) {
      const inside = vertical ? !inMarkerKeepout(fixed, t) : !inMarkerKeepout(t, fixed);
      if (inside && start === null) start = t;
      if ((!inside || t + step > len + 1e-9) && start !== null) {
        out.push([start, inside ? len : t - step]);
        start = null;
      }
    }
    return out;
  };
  for (let x = GRID_STEP_MM; x < FRAME_W_MM; x += GRID_STEP_MM)
    for (const [a, b] of runs(x, true, FRAME_H_MM)) paintRect(ras, ox + x - lineW / 2, oy + a, ox + x + lineW / 2, oy + b, look.grid);
  for (let y = GRID_STEP_MM; y < FRAME_H_MM; y += GRID_STEP_MM)
    for (const [a, b] of runs(y, false, FRAME_W_MM)) paintRect(ras, ox + a, oy + y - lineW / 2, ox + b, oy + y + lineW / 2, look.grid);

  // Frame line, ~0.3 mm, centred on the frame edge, interrupted at the quiet zones.
  const fw = 0.3;
  const gap = MARKER_SIZE_MM + 3;
  paintRect(ras, ox + gap, oy - fw / 2, ox + FRAME_W_MM - gap, oy + fw / 2, look.frame);
  paintRect(ras, ox + gap, oy + FRAME_H_MM - fw / 2, ox + FRAME_W_MM - gap, oy + FRAME_H_MM + fw / 2, look.frame);
  paintRect(ras, ox - fw / 2, oy + gap, ox + fw / 2, oy + FRAME_H_MM - gap, look.frame);
  paintRect(ras, ox + FRAME_W_MM - fw / 2, oy + gap, ox + FRAME_W_MM + fw / 2, oy + FRAME_H_MM - gap, look.frame);

  // Markers: 6x6 cells of 2 mm, black border.
  const cell = MARKER_SIZE_MM / 6;
  for (const id of MARKER_IDS) {
    const bits = markerBits(id);
    const [mx, my] = MARKER_ORIGINS_MM[id];
    for (let r = 0; r < 6; r++)
      for (let c = 0; c < 6; c++) {
        const white = r > 0 && r < 5 && c > 0 && c < 5 && bits[r - 1][c - 1] === 1;
        if (white) continue;
        paintRect(ras, ox + mx + c * cell, oy + my + r * cell, ox + mx + (c + 1) * cell, oy + my + (r + 1) * cell, look.ink);
      }
  }

  // Margin print: a title-like block, a version stamp and the 100 mm check bar.
  paintRect(ras, 40, 7, 150, 11, look.ink, 0.8);
  paintRect(ras, 160, 8, 175, 10.5, look.ink, 0.7);
  paintRect(ras, 55, 289.5, 155, 289.9, look.ink);
  paintRect(ras, 55, 288, 55.3, 291.5, look.ink);
  paintRect(ras, 154.7, 288, 155, 291.5, look.ink);
  return ras;
}
