import type { Pt } from "./homography.ts";
import { sampleBilinear, type GreyImage } from "./raster.ts";

type Line = { px: number; py: number; dx: number; dy: number };

function fitLine(pts: Pt[]): Line | null {
  const n = pts.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (const [x, y] of pts) {
    mx += x;
    my += y;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  // Direction = principal eigenvector of the scatter matrix (total least squares).
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { px: mx, py: my, dx: Math.cos(theta), dy: Math.sin(theta) };
}

function intersect(a: Line, b: Line): Pt | null {
  const det = a.dx * -b.dy - a.dy * -b.dx;
  if (Math.abs(det) < 1e-9) return null;
  const t = ((b.px - a.px) * -b.dy - (b.py - a.py) * -b.dx) / det;
  return [a.px + t * a.dx, a.py + t * a.dy];
}

/**
 * Locate the dark->bright step along the outward normal near `p` with sub-pixel precision. The edge is
 * the centroid of the positive intensity derivative around its peak: unlike the peak of the
 * derivative, the centroid is unbiased for pixel-integrated (box-sampled) steps, which matters when an
 * edge is only 1-2 px wide.
 */
export function edgeOffset(grey: GreyImage, p: Pt, nx: number, ny: number, half: number, step: number): { offset: number; strength: number } | null {
  const count = Math.floor((2 * half) / step) + 1;
  const prof = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t = -half + i * step;
    prof[i] = sampleBilinear(grey, p[0] + nx * t, p[1] + ny * t);
  }
  let best = -1;
  let bestV = 0;
  for (let i = 0; i < count - 1; i++) {
    const d = prof[i + 1] - prof[i];
    if (d > bestV) {
      bestV = d;
      best = i;
    }
  }
  if (best < 1 || best > count - 3) return null;
  const floor = bestV * 0.15;
  let lo = best;
  let hi = best;
  while (lo > 0 && prof[lo] - prof[lo - 1] > floor) lo--;
  while (hi < count - 2 && prof[hi + 2] - prof[hi + 1] > floor) hi++;
  let sw = 0;
  let sx = 0;
  for (let i = lo; i <= hi; i++) {
    const wgt = prof[i + 1] - prof[i] - floor;
    if (wgt <= 0) continue;
    sw += wgt;
    sx += wgt * (-half + (i + 0.5) * step);
  }
  if (!sw) return null;
  const range = prof[count - 1] - prof[0];
  return { offset: sx / sw, strength: bestV / step / Math.max(1, range) };
}

export type RefinedMarker = { corners: Pt[]; /** RMS distance (px) of edge samples from the fitted sides. */ rms: number; edgePoints: number };

/**
 * Refine a marker's 4 corners (TL, TR, BR, BL; pixel centres at integers; clockwise on screen) to
 * sub-pixel precision: sample the black-border/white-quiet-zone step along each side, fit a straight
 * line to each side (perspective keeps lines straight), and intersect adjacent lines. This replaces
 * cornerSubPix, which this opencv.js build lacks, and is more robust to blur on a 4-corner quad.
 */
export function refineMarkerCorners(grey: GreyImage, corners: Pt[], passes = 2): RefinedMarker | null {
  let cur = corners.map((p) => [p[0], p[1]] as Pt);
  let rms = 0;
  let used = 0;
  for (let pass = 0; pass < passes; pass++) {
    const lines: Line[] = [];
    rms = 0;
    used = 0;
    for (let k = 0; k < 4; k++) {
      const a = cur[k];
      const b = cur[(k + 1) % 4];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len < 6) return null;
      const tx = (b[0] - a[0]) / len;
      const ty = (b[1] - a[1]) / len;
      // Clockwise on screen (y down): the marker interior is to the right of travel, so outward is left.
      const nx = ty;
      const ny = -tx;
      const cell = len / 6;
      // Stay within the black border cell on the inside and the quiet zone on the outside.
      const half = Math.max(1.5, Math.min(cell * (pass === 0 ? 0.45 : 0.3), 12));
      const samples = Math.min(80, Math.max(8, Math.round(len * 0.8)));
      const pts: Pt[] = [];
      const strengths: number[] = [];
      for (let s = 0; s < samples; s++) {
        const f = 0.12 + (0.76 * s) / (samples - 1);
        const p: Pt = [a[0] + tx * len * f, a[1] + ty * len * f];
        const e = edgeOffset(grey, p, nx, ny, half, 0.25);
        if (!e) continue;
        pts.push([p[0] + nx * e.offset, p[1] + ny * e.offset]);
        strengths.push(e.strength);
      }
      let line = fitLine(pts);
      if (!line) return null;
      // One round of outlier rejection.
      const res = pts.map(([x, y]) => Math.abs((x - line!.px) * -line!.dy + (y - line!.py) * line!.dx));
      const sorted = res.slice().sort((x, y) => x - y);
      const med = sorted[Math.floor(sorted.length / 2)];
      const keep = pts.filter((_, i) => res[i] <= Math.max(0.35, 3 * med));
      line = fitLine(keep) ?? line;
      for (const [x, y] of keep) rms += ((x - line.px) * -line.dy + (y - line.py) * line.dx) ** 2;
      used += keep.length;
      lines.push(line);
    }
    const next: Pt[] = [];
    for (let k = 0; k < 4; k++) {
      const p = intersect(lines[(k + 3) % 4], lines[k]);
      if (!p) return null;
      next.push(p);
    }
    // A refinement that moves a corner far is a failure, not an improvement.
    const moved = Math.max(...next.map((p, k) => Math.hypot(p[0] - cur[k][0], p[1] - cur[k][1])));
    const side = Math.hypot(cur[1][0] - cur[0][0], cur[1][1] - cur[0][1]);
    if (moved > Math.max(3, side * 0.15)) return null;
    cur = next;
  }
  return { corners: cur, rms: used ? Math.sqrt(rms / used) : 0, edgePoints: used };
}
