// How far the returned outline may be from the true footprint, from the capture's geometry alone
// (/work/shared/scanner-physics.md): one photo is off by the parallax its tool height makes; the carved
// hull of several is off by the bulge its cones leave beside each wall, which the views on either side
// of that wall pinch.

import { DEFAULT_TOLERANCE_MM, DEFAULT_TOLERANCE_PER_MM_HEIGHT } from "./carve.ts";

/** Tool height assumed when none is known or typed: a spanner or a pair of pliers. */
export const DEFAULT_TOOL_HEIGHT_MM = 20;
/**
 * The wall model above holds beside straight walls (on exact synthetic boxes and lying cylinders, 5-photo
 * protocol, it gave 1.0–1.9x the measured largest distance); inside concave corners (an L, a spanner's
 * jaw) the hull fills in more, since views see the corner past two walls, and the wall model alone gave
 * 0.46–0.91x on L shapes. This factor splits the difference: boxes ~1.3–2.4x, L shapes ~0.6–1.2x.
 */
const HULL_SHAPE_FACTOR = 1.3;
/** Raster step of the rectified pad (0.2 mm): the outline cannot be placed closer than one pixel. */
const RASTER_MM = 0.2;

export type AccuracyInput = {
  views: { nadirMm: [number, number]; heightMm: number; reprojectionPx: number; pxPerMm: number; sharpness?: number }[];
  toolHeightMm: number | null;
  toolBoxMm: { x0: number; y0: number; x1: number; y1: number };
  multiView: boolean;
  /** Growth the carving used (mm, and per mm of height); defaults to carveFootprint's. */
  toleranceMm?: number;
  tolerancePerMmHeight?: number;
};

/** Where the outline can be placed at best: marker-fit residual as pad mm (worst corner ~2x RMS), edge blur, raster. */
function measurementMm(v: AccuracyInput["views"][number]): number {
  const calib = v.pxPerMm > 0 && Number.isFinite(v.reprojectionPx) ? (2 * v.reprojectionPx) / v.pxPerMm : 0.3;
  // Variance of the Laplacian falls with the square of the blur width; MIN_SHARPNESS (100) is about a
  // 0.3 mm soft edge at the pad's 6 px/mm measuring scale, 400 about 0.15 mm.
  const blur = v.sharpness && v.sharpness > 0 ? Math.min(1, 0.15 * Math.sqrt(400 / v.sharpness)) : 0.2;
  return Math.hypot(calib, blur, RASTER_MM);
}

/** Points around the tool's box with the outward normal there. */
function boxSamples(b: AccuracyInput["toolBoxMm"]): { p: [number, number]; n: [number, number] }[] {
  const out: { p: [number, number]; n: [number, number] }[] = [];
  const edges: [[number, number], [number, number], [number, number]][] = [
    [[b.x0, b.y0], [b.x1, b.y0], [0, -1]],
    [[b.x1, b.y0], [b.x1, b.y1], [1, 0]],
    [[b.x1, b.y1], [b.x0, b.y1], [0, 1]],
    [[b.x0, b.y1], [b.x0, b.y0], [-1, 0]],
  ];
  for (const [a, c, n] of edges)
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      out.push({ p: [a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t], n });
    }
  return out;
}

/** The estimated largest distance between the returned outline and the true footprint (mm), from the number and spread of views (nadirs around the tool or not), camera heights, tool height (estimated or typed), marker-fit residual (px) and its scale (px/mm), edge sharpness. Single photo: driven by the parallax a tool of that height makes at that distance from the nadir. */
export function estimateAccuracyMm(input: AccuracyInput): number {
  const views = (input.views ?? []).filter((v) => v && v.heightMm > 0 && v.nadirMm?.every(Number.isFinite));
  const h = input.toolHeightMm && input.toolHeightMm > 0 ? input.toolHeightMm : DEFAULT_TOOL_HEIGHT_MM;
  const b = input.toolBoxMm;
  if (!views.length || ![b.x0, b.y0, b.x1, b.y1].every(Number.isFinite)) return NaN;
  const samples = boxSamples(b);
  const measurement = Math.max(...views.map(measurementMm));

  if (!input.multiView || views.length < 2) {
    // One photo: the top of a wall moves outward from the nadir by d·h/(Hc − h); the worst is the
    // box corner farthest from the nadir (a camera too low for the tool gives no bound at all).
    const v = views[0];
    if (v.heightMm <= h) return Infinity;
    let worst = 0;
    for (const { p } of samples) worst = Math.max(worst, Math.hypot(p[0] - v.nadirMm[0], p[1] - v.nadirMm[1]));
    return round2((worst * h) / (v.heightMm - h) + measurement);
  }

  // Several photos: beside a wall of height h the hull's slice at height z reaches out by a·z from the
  // nearest view on the wall's side (it sees the wall's foot; a = d/Hc) and by b·(h − z) from the
  // nearest view across the tool (it sees the top edge; b = d/(Hc − h)); the footprint takes the
  // largest of the smaller of the two: h·a·b/(a + b). A side with views on one side only gets the
  // whole parallax of the nearest one.
  let worst = 0;
  for (const { p, n } of samples) {
    let a = Infinity;
    let bb = Infinity;
    for (const v of views) {
      const d = (p[0] - v.nadirMm[0]) * n[0] + (p[1] - v.nadirMm[1]) * n[1];
      if (d <= 0) a = Math.min(a, -d / v.heightMm);
      else bb = Math.min(bb, d / Math.max(1, v.heightMm - h));
    }
    let ext: number;
    if (Number.isFinite(a) && Number.isFinite(bb)) ext = a + bb > 0 ? (h * a * bb) / (a + bb) : 0;
    else if (Number.isFinite(bb)) ext = bb * h;
    else ext = a * h;
    worst = Math.max(worst, ext);
  }
  const tol = (input.toleranceMm ?? DEFAULT_TOLERANCE_MM) + (input.tolerancePerMmHeight ?? DEFAULT_TOLERANCE_PER_MM_HEIGHT) * h;
  return round2(HULL_SHAPE_FACTOR * worst + tol + measurement);
}

const round2 = (v: number) => Math.round(v * 100) / 100;
