// Exact geometry for tests and benches: 3-D solids on the pad, the capture protocol's cameras, and each
// view's silhouette mapped to the pad plane (what a perfect segmentation of a rectified photo gives).

import { createRng } from "../../../bench/synth/rng.ts";
import { applyHomography, fitHomography, type Pt } from "../../../src/vision/homography.ts";
import { FRAME_H_MM, FRAME_W_MM, MARKER_IDS, markerCornersMm } from "../../../src/vision/pad-spec.ts";
import { homographyOfCamera, lookAtCamera, type CameraPose } from "../../../src/vision/multiview/camera.ts";

type Vec3 = [number, number, number];

/** A solid resting on the pad, tested against the segment from a pad point up to a camera centre. */
export type Solid = {
  /** Does the segment from (qx, qy, 0) to the camera centre C (pad x, y, height) meet the solid? */
  hits(q: Pt, C: Vec3): boolean;
  /** Is the pad point inside the solid's vertical projection? */
  inFootprint(p: Pt): boolean;
  /** Axis-aligned bounding box in pad mm, z up. */
  box: { x0: number; y0: number; x1: number; y1: number; z1: number };
  heightMm: number;
};

/** Interval of s in [0, 1] where lo <= a + b·s <= hi (null if empty). */
function slab(a: number, b: number, lo: number, hi: number, s0: number, s1: number): [number, number] | null {
  if (Math.abs(b) < 1e-15) return a >= lo && a <= hi ? [s0, s1] : null;
  let t0 = (lo - a) / b;
  let t1 = (hi - a) / b;
  if (t0 > t1) [t0, t1] = [t1, t0];
  const u0 = Math.max(s0, t0);
  const u1 = Math.min(s1, t1);
  return u0 <= u1 ? [u0, u1] : null;
}

/** A box of footprint w x d centred at (cx, cy), rotated by angleDeg, from z0 to z0 + h. */
export function boxSolid(cx: number, cy: number, w: number, d: number, h: number, angleDeg = 0, z0 = 0): Solid {
  const a = (angleDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const local = (x: number, y: number): Pt => [(x - cx) * c + (y - cy) * s, -(x - cx) * s + (y - cy) * c];
  const ex = (Math.abs(c) * w + Math.abs(s) * d) / 2;
  const ey = (Math.abs(s) * w + Math.abs(c) * d) / 2;
  return {
    heightMm: z0 + h,
    box: { x0: cx - ex, y0: cy - ey, x1: cx + ex, y1: cy + ey, z1: z0 + h },
    inFootprint: (p) => {
      const [u, v] = local(p[0], p[1]);
      return Math.abs(u) <= w / 2 && Math.abs(v) <= d / 2;
    },
    hits: (q, C) => {
      const [u0, v0] = local(q[0], q[1]);
      const [uc, vc] = local(C[0], C[1]);
      let iv = slab(u0, uc - u0, -w / 2, w / 2, 0, 1);
      if (iv) iv = slab(v0, vc - v0, -d / 2, d / 2, iv[0], iv[1]);
      if (iv) iv = slab(0, C[2], z0, z0 + h, iv[0], iv[1]);
      return !!iv;
    },
  };
}

/** A cylinder of radius r lying on the pad (axis at height r), axis from (ax, ay) along angleDeg for length L. */
export function lyingCylinder(ax: number, ay: number, L: number, r: number, angleDeg = 0): Solid {
  const a = (angleDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const local = (x: number, y: number): Pt => [(x - ax) * c + (y - ay) * s, -(x - ax) * s + (y - ay) * c];
  const ends = [
    [ax, ay],
    [ax + L * c, ay + L * s],
  ];
  const ex = Math.abs(s) * r;
  const ey = Math.abs(c) * r;
  return {
    heightMm: 2 * r,
    box: {
      x0: Math.min(ends[0][0], ends[1][0]) - ex,
      x1: Math.max(ends[0][0], ends[1][0]) + ex,
      y0: Math.min(ends[0][1], ends[1][1]) - ey,
      y1: Math.max(ends[0][1], ends[1][1]) + ey,
      z1: 2 * r,
    },
    inFootprint: (p) => {
      const [u, v] = local(p[0], p[1]);
      return u >= 0 && u <= L && Math.abs(v) <= r;
    },
    hits: (q, C) => {
      const [u0, v0] = local(q[0], q[1]);
      const [uc, vc] = local(C[0], C[1]);
      const iv = slab(u0, uc - u0, 0, L, 0, 1);
      if (!iv) return false;
      // (v0 + s·dv)² + (s·dz − r)² <= r²
      const dv = vc - v0;
      const dz = C[2];
      const A = dv * dv + dz * dz;
      const B = 2 * (v0 * dv - r * dz);
      const Cq = v0 * v0;
      const disc = B * B - 4 * A * Cq;
      if (disc < 0) return false;
      const sq = Math.sqrt(disc);
      const s0 = (-B - sq) / (2 * A);
      const s1 = (-B + sq) / (2 * A);
      return Math.max(s0, iv[0]) <= Math.min(s1, iv[1]);
    },
  };
}

export function unionSolid(parts: Solid[]): Solid {
  return {
    heightMm: Math.max(...parts.map((p) => p.heightMm)),
    box: {
      x0: Math.min(...parts.map((p) => p.box.x0)),
      y0: Math.min(...parts.map((p) => p.box.y0)),
      x1: Math.max(...parts.map((p) => p.box.x1)),
      y1: Math.max(...parts.map((p) => p.box.y1)),
      z1: Math.max(...parts.map((p) => p.box.z1)),
    },
    inFootprint: (p) => parts.some((s) => s.inFootprint(p)),
    hits: (q, C) => parts.some((s) => s.hits(q, C)),
  };
}

export const RASTER_PX_PER_MM = 5;
/** The rectified frame raster as rectifyRegion makes it (980 x 1297 at 5 px/mm). */
export const rasterSize = (k = RASTER_PX_PER_MM) => ({ width: Math.max(1, Math.round(FRAME_W_MM * k)), height: Math.max(1, Math.round(FRAME_H_MM * k)) });

/** The solid's silhouette from a camera centre, on the pad raster (pixel centres), 1 = tool. */
export function renderSilhouette(solid: Solid, centre: Vec3, k = RASTER_PX_PER_MM): Uint8Array {
  const { width, height } = rasterSize(k);
  const mask = new Uint8Array(width * height);
  // Only the box's shadow from the camera can be hit.
  const [cx, cy, hc] = centre;
  const sc = hc / (hc - solid.box.z1);
  const xs = [solid.box.x0, solid.box.x1].flatMap((x) => [x, cx + (x - cx) * sc]);
  const ys = [solid.box.y0, solid.box.y1].flatMap((y) => [y, cy + (y - cy) * sc]);
  const u0 = Math.max(0, Math.floor(Math.min(...xs) * k) - 1);
  const u1 = Math.min(width - 1, Math.ceil(Math.max(...xs) * k) + 1);
  const v0 = Math.max(0, Math.floor(Math.min(...ys) * k) - 1);
  const v1 = Math.min(height - 1, Math.ceil(Math.max(...ys) * k) + 1);
  for (let v = v0; v <= v1; v++)
    for (let u = u0; u <= u1; u++) if (solid.hits([(u + 0.5) / k, (v + 0.5) / k], centre)) mask[v * width + u] = 1;
  return mask;
}

export function renderFootprint(solid: Solid, k = RASTER_PX_PER_MM): Uint8Array {
  const { width, height } = rasterSize(k);
  const mask = new Uint8Array(width * height);
  for (let v = 0; v < height; v++) for (let u = 0; u < width; u++) if (solid.inFootprint([(u + 0.5) / k, (v + 0.5) / k])) mask[v * width + u] = 1;
  return mask;
}

/** Camera centres of the 5-photo protocol: above the middle (slightly off), then above each frame corner. */
export function protocolCentres(heights: number[] = [320, 300, 340, 280, 360]): Vec3[] {
  return [
    [FRAME_W_MM / 2 + 6, FRAME_H_MM / 2 - 8, heights[0]],
    [8, 10, heights[1]],
    [FRAME_W_MM - 12, 6, heights[2]],
    [FRAME_W_MM - 5, FRAME_H_MM - 15, heights[3]],
    [14, FRAME_H_MM - 7, heights[4]],
  ];
}

/** Deterministic PRNG (mulberry32, bench/synth/rng.ts) so noisy tests are reproducible; seeds are non-zero. */
export const mulberry32 = (seed: number): (() => number) => createRng(seed).next;

export type SyntheticView = { camera: CameraPose; padToImage: number[]; width: number; height: number };

/**
 * The protocol's views as a photo would give them: cameras aimed at the pad's middle (the middle one a
 * little tilted), homographies refitted from the 16 marker corners with uniform noise of ±noisePx.
 */
export function protocolViews(opts: {
  focalPx: number;
  width: number;
  height: number;
  noisePx?: number;
  seed?: number;
  centres?: Vec3[];
  /** Optical centre offset from the image centre (px), as real lenses have. */
  principalOffsetPx?: [number, number];
}): SyntheticView[] {
  const rnd = mulberry32(opts.seed ?? 1);
  const centres = opts.centres ?? protocolCentres();
  const pts = MARKER_IDS.flatMap((id) => markerCornersMm(id));
  const noise = opts.noisePx ?? 0;
  return centres.map((c, i) => {
    // The middle photo is aimed a little off the middle (a tilt of a few degrees), corners at the middle.
    const target: Pt = i === 0 ? [FRAME_W_MM / 2 - 30, FRAME_H_MM / 2 + 25] : [FRAME_W_MM / 2, FRAME_H_MM / 2];
    const camera = lookAtCamera(c, target, opts.focalPx, (rnd() - 0.5) * 16);
    const [ox, oy] = opts.principalOffsetPx ?? [0, 0];
    const exact = homographyOfCamera(camera.R, camera.t, opts.focalPx, opts.width + 2 * ox, opts.height + 2 * oy);
    const dst = pts.map((p) => {
      const q = applyHomography(exact, p);
      return [q[0] + (rnd() * 2 - 1) * noise, q[1] + (rnd() * 2 - 1) * noise] as Pt;
    });
    return { camera, padToImage: noise ? fitHomography(pts, dst) : exact, width: opts.width, height: opts.height };
  });
}

/** Boundary pixels (x, y pairs) of a 0/1 mask: set pixels with an unset 4-neighbour. */
function maskBoundary(m: Uint8Array, width: number, height: number): number[] {
  const b: number[] = [];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (m[i] && (!m[i - 1] || !m[i + 1] || !m[i - width] || !m[i + width])) b.push(x, y);
    }
  return b;
}

/**
 * An estimated footprint mask against the true one (same raster, k px/mm): the share and mm² of the
 * truth cut off, the area error, the mean and largest distance from the estimate's edge to the
 * truth's (`meanMm`, `worstMm`) and the two-way Hausdorff distance.
 */
export function compareFootprints(est: Uint8Array, truth: Uint8Array, width: number, height: number, k = RASTER_PX_PER_MM) {
  let area = 0;
  let estArea = 0;
  let cut = 0;
  for (let i = 0; i < truth.length; i++) {
    area += truth[i];
    estArea += est[i];
    if (truth[i] && !est[i]) cut++;
  }
  const A = maskBoundary(est, width, height);
  const B = maskBoundary(truth, width, height);
  const nearest = (P: number[], Q: number[], i: number) => {
    let d = Infinity;
    for (let j = 0; j < Q.length; j += 2) d = Math.min(d, (Q[j] - P[i]) ** 2 + (Q[j + 1] - P[i + 1]) ** 2);
    return Math.sqrt(d) / k;
  };
  let sum = 0;
  let worst = 0;
  for (let i = 0; i < A.length; i += 2) {
    const d = nearest(A, B, i);
    sum += d;
    worst = Math.max(worst, d);
  }
  let back = 0;
  for (let i = 0; i < B.length; i += 2) back = Math.max(back, nearest(B, A, i));
  return {
    cutShare: cut / area,
    cutMm2: cut / k / k,
    areaPct: (100 * (estArea - area)) / area,
    meanMm: sum / (A.length / 2),
    worstMm: worst,
    hausdorffMm: Math.max(worst, back),
  };
}
