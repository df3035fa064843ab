// Mask-vs-truth metrics for ml/eval-ai.ts, in pad millimetres on the rectified frame.
import { rasterizeCoverage } from "../bench/synth/rasterize.ts";

type P = [number, number];

/** The region the contour step would trace: the largest 8-connected component, holes filled. */
export function largestFilledComponent(mask: Uint8Array, w: number, h: number): Uint8Array {
  const n = w * h;
  const label = new Int32Array(n);
  const stack = new Int32Array(n);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (!mask[s] || label[s]) continue;
    next++;
    let top = 0;
    stack[top++] = s;
    label[s] = next;
    let size = 0;
    while (top) {
      const p = stack[--top];
      size++;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (mask[q] && !label[q]) {
            label[q] = next;
            stack[top++] = q;
          }
        }
    }
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  const out = new Uint8Array(n);
  if (!best) return out;
  // Flood the outside (4-connected) from the border; whatever it cannot reach is inside.
  const outside = new Uint8Array(n);
  let top = 0;
  const push = (q: number) => {
    if (!outside[q] && label[q] !== best) {
      outside[q] = 1;
      stack[top++] = q;
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (top) {
    const p = stack[--top];
    const x = p % w;
    if (x > 0) push(p - 1);
    if (x < w - 1) push(p + 1);
    if (p >= w) push(p - w);
    if (p < n - w) push(p + w);
  }
  for (let i = 0; i < n; i++) out[i] = outside[i] ? 0 : 255;
  return out;
}

/** Points (pad mm) on the pixel edges between inside and outside. */
export function boundaryPointsMm(mask: Uint8Array, w: number, h: number, sx: number, sy: number): P[] {
  const pts: P[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const a = mask[y * w + x] > 0;
      if (x + 1 < w && a !== mask[y * w + x + 1] > 0) pts.push([(x + 1) / sx, (y + 0.5) / sy]);
      if (y + 1 < h && a !== mask[(y + 1) * w + x] > 0) pts.push([(x + 0.5) / sx, (y + 1) / sy]);
    }
  return pts;
}

/** Distance from each point to the closed polyline `poly`, via a bucket grid of segments. */
export function distancesToPolygon(points: P[], poly: P[], cell = 2): Float64Array {
  const out = new Float64Array(points.length);
  if (!poly.length) return out.fill(Number.POSITIVE_INFINITY);
  const buckets = new Map<number, number[]>();
  const key = (i: number, j: number) => i * 100003 + j;
  for (let k = 0; k < poly.length; k++) {
    const a = poly[k];
    const b = poly[(k + 1) % poly.length];
    for (let i = Math.floor(Math.min(a[0], b[0]) / cell); i <= Math.floor(Math.max(a[0], b[0]) / cell); i++)
      for (let j = Math.floor(Math.min(a[1], b[1]) / cell); j <= Math.floor(Math.max(a[1], b[1]) / cell); j++) {
        const kk = key(i, j);
        let l = buckets.get(kk);
        if (!l) buckets.set(kk, (l = []));
        l.push(k);
      }
  }
  const segDist = (p: P, k: number) => {
    const a = poly[k];
    const b = poly[(k + 1) % poly.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2)) : 0;
    return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
  };
  for (let q = 0; q < points.length; q++) {
    const p = points[q];
    const ci = Math.floor(p[0] / cell);
    const cj = Math.floor(p[1] / cell);
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 400; r++) {
      // Ring r; once something is found, one more ring settles the nearest segment.
      for (let i = ci - r; i <= ci + r; i++)
        for (let j = cj - r; j <= cj + r; j++) {
          if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r) continue;
          const l = buckets.get(key(i, j));
          if (l) for (const k of l) best = Math.min(best, segDist(p, k));
        }
      if (best <= r * cell) break;
    }
    out[q] = best;
  }
  return out;
}

/** Distance from each point to the nearest of `targets` (grid-bucketed). */
export function distancesToPoints(points: P[], targets: P[], cell = 2): Float64Array {
  const out = new Float64Array(points.length);
  if (!targets.length) return out.fill(Number.POSITIVE_INFINITY);
  const buckets = new Map<number, P[]>();
  const key = (i: number, j: number) => i * 100003 + j;
  for (const t of targets) {
    const k = key(Math.floor(t[0] / cell), Math.floor(t[1] / cell));
    let l = buckets.get(k);
    if (!l) buckets.set(k, (l = []));
    l.push(t);
  }
  for (let q = 0; q < points.length; q++) {
    const p = points[q];
    const ci = Math.floor(p[0] / cell);
    const cj = Math.floor(p[1] / cell);
    let best = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 400; r++) {
      for (let i = ci - r; i <= ci + r; i++)
        for (let j = cj - r; j <= cj + r; j++) {
          if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r) continue;
          const l = buckets.get(key(i, j));
          if (l) for (const t of l) best = Math.min(best, Math.hypot(p[0] - t[0], p[1] - t[1]));
        }
      if (best <= r * cell) break;
    }
    out[q] = best;
  }
  return out;
}

export function polygonAreaMm2(poly: P[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i];
    const [x1, y1] = poly[(i + 1) % poly.length];
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a) / 2;
}

export function truthMask(truthMm: P[], w: number, h: number, sx: number, sy: number): Uint8Array {
  const out = new Uint8Array(w * h);
  if (!truthMm.length) return out;
  const cov = rasterizeCoverage([truthMm.map(([x, y]) => [x * sx, y * sy] as P)], w, h);
  for (let i = 0; i < out.length; i++) out[i] = cov[i] >= 0.5 ? 255 : 0;
  return out;
}

export type SampleScore = {
  iou: number;
  /** Mean distance (mm) from the traced boundary to the truth outline. */
  meanDevMm: number;
  p95DevMm: number;
  /** Worst distance from the truth outline to the traced boundary (missed parts show here). */
  maxMissMm: number;
  bf05: number;
  bf10: number;
  areaErrPct: number;
  traced: boolean;
};

/** Score a predicted mask (any 0/255 mask at w x h over the frame) against the truth polygon. */
export function scoreMask(pred: Uint8Array, truthMm: P[], w: number, h: number, sx: number, sy: number): SampleScore {
  const region = largestFilledComponent(pred, w, h);
  const truth = truthMask(truthMm, w, h, sx, sy);
  let inter = 0;
  let union = 0;
  let count = 0;
  for (let i = 0; i < region.length; i++) {
    const a = region[i] > 0;
    const b = truth[i] > 0;
    if (a && b) inter++;
    if (a || b) union++;
    if (a) count++;
  }
  const traced = count > 0;
  const areaMm2 = count / (sx * sy);
  const truthArea = polygonAreaMm2(truthMm);
  const bp = boundaryPointsMm(region, w, h, sx, sy);
  const d = distancesToPolygon(bp, truthMm);
  const sorted = Array.from(d).sort((a, b) => a - b);
  const tb = truthMm;
  const back = distancesToPoints(tb, bp);
  const within = (arr: Float64Array, t: number) => (arr.length ? arr.filter((x) => x <= t).length / arr.length : 0);
  const bf = (t: number) => {
    const p = within(d, t);
    const r = within(back, t);
    return p + r ? (2 * p * r) / (p + r) : 0;
  };
  return {
    iou: union ? inter / union : 1,
    meanDevMm: traced ? sorted.reduce((s, x) => s + x, 0) / sorted.length : Number.POSITIVE_INFINITY,
    p95DevMm: traced ? sorted[Math.floor(0.95 * (sorted.length - 1))] : Number.POSITIVE_INFINITY,
    maxMissMm: traced ? Math.max(...back) : Number.POSITIVE_INFINITY,
    bf05: bf(0.5),
    bf10: bf(1.0),
    areaErrPct: truthArea ? (100 * (areaMm2 - truthArea)) / truthArea : 0,
    traced,
  };
}
