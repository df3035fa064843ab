// A physically based renderer of the SAME scenes as render-3d.ts (same tool, pose, finish, light and
// cameras per seed, so the same truth), built to measure how the scanner generalises beyond the
// painted renderer it was tuned on. See bench/README.md ("Ray-traced renderer").
//
// - Geometry: every tool part is a rounded extrusion with the exact signed distance
//     w = (d + r, |z - zc| - (h/2 - r)),  sdf = min(max(w.x, w.y), 0) + |max(w, 0)| - r
//   (d: the 2D signed distance to the part's footprint), whose slices are tool-shapes-3d.ts's
//   erosionAt profile. d comes from an exact-per-node grid (0.25 mm, bilinear) and, within 0.5 mm of
//   the outline, from the exact distance to the outline's segments (bucket grid, sign from the
//   nearest feature). Rays are sphere traced against the union and bisected to < 0.5 µm.
// - Camera rays: a pinhole, image = K R (X - C) (render-3d.ts's camera), 2x2 stratified samples per
//   pixel and 4x4 where a pixel or its neighbours straddle an edge of the tool.
// - Light in linear units: a lamp disc (hard 0.5-1.5 deg, soft 4-10 deg) with `strength` of the
//   paper's irradiance, the rest from a room hemisphere (walls, a window, furniture, ceiling panels);
//   "diffuse" = a bright 22-32 deg window in the light's direction plus the room. The paper's
//   irradiance (lamp visibility + the visible, radiance-weighted part of the room) is ray traced on a
//   pad-space map (8 px/mm where it varies, adaptive), which is exact for Lambertian paper.
// - Materials: Lambert + GGX gloss for plastics and paint, satin steel (diffuse share + broad GGX
//   lobe), chrome (a mirror with slight roughness). Lamp light on the tool is self-shadowed; room and
//   paper light reach it through hemisphere rays (one bounce: the paper lights the tool's flanks);
//   glossy rays see the room, the photographer above the camera, the lit or shadowed paper, the tool.
//   Texture is 3D noise anchored to the tool's surface.
// - Photo: exposure puts lit paper at 236-248, per-view white balance jitter, lens blur, vignetting,
//   signal-dependent sensor noise, sRGB encoding, JPEG (quality and blur drawn as render-3d.ts does).
// - cause "parallax": the paper gets no cast shadow and no ambient occlusion (the tool keeps its own
//   shading); cause "shadows": the tool seen straight down, by an orthographic-in-xy trick: each
//   pixel's pad point is looked up with a vertical ray from above the tool, shaded as seen from above.
// Not modelled: light from the tool onto the paper, recursive shading of tool-to-tool rays (a rough
// constant), depth of field, demosaicing and sharpening, paper fibre and curl.
import { encodeBmp } from "./bmp-encode.ts";
import { largestPolygon, offsetPaths, polygonUnion } from "../../src/vision/clipper-ops.ts";
import { getCv, loadOpenCv, withMats } from "../../src/vision/opencv.ts";
import { FRAME_H_MM, FRAME_ORIGIN_ON_SHEET_MM, FRAME_W_MM, SHEET_H_MM, SHEET_W_MM } from "../../src/vision/pad-spec.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";
import { applyHomography } from "../../src/vision/homography.ts";
import { linearToSrgb, srgbToLinear } from "../../src/vision/srgb.ts";
import { type SheetRaster, renderSheet } from "./render-pad.ts";
import { createRng } from "./rng.ts";
import {
  buildScene,
  type Camera,
  type CameraName,
  type CameraSpec,
  castShadowMm,
  type LightSpec,
  lookFor,
  PROTOCOL_VIEWS,
  type Render3dOptions,
  type Render3dPhoto,
  type Scene,
  seenFn,
  sweep,
  viewDraws,
  viewKeyOf,
} from "./render-3d.ts";
import type { Part3d } from "./tool-shapes-3d.ts";

type P = [number, number];
type V3 = [number, number, number];
type RGB = [number, number, number];

/** Bump when this renderer's output changes (cache keys of cached-photo-3d.ts's "ray" renderer). */
export const RAYTRACE_VERSION = 1;

// ---------------------------------------------------------------- small helpers

const lin8 = (v: number) => srgbToLinear(Math.max(0, Math.min(255, v)) / 255);
const clamp = (v: number, a: number, b: number) => (v < a ? a : v > b ? b : v);
const smooth01 = (t: number) => {
  const x = clamp(t, 0, 1);
  return x * x * (3 - 2 * x);
};

function hash32(a: number): number {
  a = Math.imul(a ^ (a >>> 16), 0x7feb352d);
  a = Math.imul(a ^ (a >>> 15), 0x846ca68b);
  return (a ^ (a >>> 16)) >>> 0;
}

/** A counter-based random stream: deterministic per (seed, key) whatever order pixels are done in. */
class Stream {
  s = 0;
  reset(seed: number, key: number): void {
    this.s = hash32((seed ^ Math.imul(key, 0x9e3779b1)) + 0x5bd1e995) | 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    return hash32(this.s) / 4294967296;
  }
}

function lattice(seed: number, x: number, y: number, z: number): number {
  return hash32(seed ^ Math.imul(x, 0x8da6b343) ^ Math.imul(y, 0xd8163841) ^ Math.imul(z, 0xcb1ab31f)) / 2147483648 - 1;
}

/** Smooth value noise in 3D, about -1..1. */
function valueNoise3(seed: number, x: number, y: number, z: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const zi = Math.floor(z);
  let fx = x - xi;
  let fy = y - yi;
  let fz = z - zi;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  fz = fz * fz * (3 - 2 * fz);
  const a = lattice(seed, xi, yi, zi) + (lattice(seed, xi + 1, yi, zi) - lattice(seed, xi, yi, zi)) * fx;
  const b = lattice(seed, xi, yi + 1, zi) + (lattice(seed, xi + 1, yi + 1, zi) - lattice(seed, xi, yi + 1, zi)) * fx;
  const c = lattice(seed, xi, yi, zi + 1) + (lattice(seed, xi + 1, yi, zi + 1) - lattice(seed, xi, yi, zi + 1)) * fx;
  const d = lattice(seed, xi, yi + 1, zi + 1) + (lattice(seed, xi + 1, yi + 1, zi + 1) - lattice(seed, xi, yi + 1, zi + 1)) * fx;
  const ab = a + (b - a) * fy;
  const cd = c + (d - c) * fy;
  return ab + (cd - ab) * fz;
}

// ---------------------------------------------------------------- geometry: one part

/**
 * The 2D distance is exact where the part's surface can be (-r - 0.5 < d < 0.5 mm): the distance to
 * the nearest of the outline segments nearest to the four surrounding grid nodes (and their
 * neighbours along the outline); elsewhere the bilinear 0.25 mm grid of exact node distances.
 */
const GRID_MM = 0.25;
const GRID_MARGIN = 1.5;
const NEAR = 0.5;

/** A part's geometry for ray casting: segments of its outline and a grid of exact distances. */
export class PartGeom {
  readonly index: number;
  readonly part: Part3d;
  // 3D bounding box (the solid lies inside its footprint's box).
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly z0: number;
  readonly z1: number;
  readonly r: number;
  readonly zc: number;
  readonly hh: number;
  readonly seg: Float64Array;
  readonly prv: Int32Array;
  readonly nxt: Int32Array;
  readonly sgn: Float64Array;
  readonly gx0: number;
  readonly gy0: number;
  readonly gnx: number;
  readonly gny: number;
  readonly grid: Float32Array;
  /** Nearest outline segment of every grid node. */
  readonly near: Int32Array;
  /** Exact distances between dLo and NEAR. */
  readonly dLo: number;
  /** Principal axis of the footprint (for brushed metal). */
  readonly ax: number;
  readonly ay: number;

  constructor(part: Part3d, index: number) {
    this.index = index;
    this.part = part;
    this.r = Math.min(part.edge, part.h / 2);
    this.zc = part.z0 + part.h / 2;
    this.hh = part.h / 2 - this.r;
    this.z0 = part.z0;
    this.z1 = part.z0 + part.h;
    // Rings without repeated points.
    const rings: P[][] = [];
    for (const q of part.polys) {
      const ring: P[] = [];
      for (const p of q) {
        const last = ring[ring.length - 1];
        if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) > 1e-9) ring.push(p);
      }
      while (ring.length > 2 && Math.hypot(ring[0][0] - ring[ring.length - 1][0], ring[0][1] - ring[ring.length - 1][1]) <= 1e-9) ring.pop();
      if (ring.length >= 3) rings.push(ring);
    }
    const n = rings.reduce((s, q) => s + q.length, 0);
    this.seg = new Float64Array(n * 4);
    this.prv = new Int32Array(n);
    this.nxt = new Int32Array(n);
    this.sgn = new Float64Array(n);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let k = 0;
    let sx = 0;
    let sy = 0;
    for (const q of rings) {
      // Inside the solid is the ring's interior for outer rings, its exterior for holes.
      const area = signedPolygonArea(q);
      const hole = rings.filter((o) => o !== q && pointInRing(o, q[0][0], q[0][1])).length % 2 === 1;
      const s = Math.sign(area) * (hole ? -1 : 1);
      const base = k;
      for (let i = 0; i < q.length; i++, k++) {
        const a = q[i];
        const b = q[(i + 1) % q.length];
        this.seg.set([a[0], a[1], b[0], b[1]], k * 4);
        this.prv[k] = base + ((i + q.length - 1) % q.length);
        this.nxt[k] = base + ((i + 1) % q.length);
        this.sgn[k] = s;
        x0 = Math.min(x0, a[0]);
        x1 = Math.max(x1, a[0]);
        y0 = Math.min(y0, a[1]);
        y1 = Math.max(y1, a[1]);
        sx += a[0];
        sy += a[1];
      }
    }
    this.x0 = x0;
    this.y0 = y0;
    this.x1 = x1;
    this.y1 = y1;
    // Principal axis of the outline's vertices.
    const mx = sx / n;
    const my = sy / n;
    let cxx = 0;
    let cyy = 0;
    let cxy = 0;
    for (let i = 0; i < n; i++) {
      const dx = this.seg[i * 4] - mx;
      const dy = this.seg[i * 4 + 1] - my;
      cxx += dx * dx;
      cyy += dy * dy;
      cxy += dx * dy;
    }
    const th = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    this.ax = Math.cos(th);
    this.ay = Math.sin(th);

    // Signed distance grid: exact at every node (nearest segment among the candidates of its block).
    this.gx0 = x0 - GRID_MARGIN;
    this.gy0 = y0 - GRID_MARGIN;
    this.gnx = Math.ceil((x1 - x0 + 2 * GRID_MARGIN) / GRID_MM) + 1;
    this.gny = Math.ceil((y1 - y0 + 2 * GRID_MARGIN) / GRID_MM) + 1;
    this.near = new Int32Array(this.gnx * this.gny);
    this.grid = buildDistanceGrid(this.seg, n, this.gx0, this.gy0, this.gnx, this.gny, GRID_MM, this.near);
    this.dLo = -this.r - NEAR;
  }
}

function pointInRing(q: P[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = q.length - 1; i < q.length; j = i++) {
    const [xi, yi] = q[i];
    const [xj, yj] = q[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

let segT = 0;
function segDist2(ax: number, ay: number, bx: number, by: number, x: number, y: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const l2 = ex * ex + ey * ey;
  let t = l2 > 0 ? ((x - ax) * ex + (y - ay) * ey) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  segT = t;
  const dx = ax + ex * t - x;
  const dy = ay + ey * t - y;
  return dx * dx + dy * dy;
}

function buildDistanceGrid(seg: Float64Array, n: number, gx0: number, gy0: number, gnx: number, gny: number, h: number, near: Int32Array): Float32Array {
  const grid = new Float32Array(gnx * gny);
  const B = 8;
  const cand = new Int32Array(n);
  for (let bj = 0; bj < gny; bj += B)
    for (let bi = 0; bi < gnx; bi += B) {
      const ni = Math.min(B, gnx - bi);
      const nj = Math.min(B, gny - bj);
      const cx = gx0 + (bi + (ni - 1) / 2) * h;
      const cy = gy0 + (bj + (nj - 1) / 2) * h;
      const half = (Math.hypot(ni - 1, nj - 1) / 2) * h;
      let dmin = Infinity;
      for (let s = 0; s < n; s++) {
        const d = segDist2(seg[s * 4], seg[s * 4 + 1], seg[s * 4 + 2], seg[s * 4 + 3], cx, cy);
        if (d < dmin) dmin = d;
      }
      const lim = (Math.sqrt(dmin) + 2 * half + 1e-6) ** 2;
      let nc = 0;
      for (let s = 0; s < n; s++) if (segDist2(seg[s * 4], seg[s * 4 + 1], seg[s * 4 + 2], seg[s * 4 + 3], cx, cy) <= lim) cand[nc++] = s;
      for (let j = bj; j < bj + nj; j++)
        for (let i = bi; i < bi + ni; i++) {
          const x = gx0 + i * h;
          const y = gy0 + j * h;
          let best = Infinity;
          let bs = 0;
          for (let c = 0; c < nc; c++) {
            const s = cand[c] * 4;
            const d = segDist2(seg[s], seg[s + 1], seg[s + 2], seg[s + 3], x, y);
            if (d < best) {
              best = d;
              bs = cand[c];
            }
          }
          grid[j * gnx + i] = Math.sqrt(best);
          near[j * gnx + i] = bs;
        }
    }
  // Sign: even-odd along every row of nodes.
  const xs: number[] = [];
  for (let j = 0; j < gny; j++) {
    const y = gy0 + j * h;
    xs.length = 0;
    for (let s = 0; s < n; s++) {
      const ay = seg[s * 4 + 1];
      const by = seg[s * 4 + 3];
      if (ay > y !== by > y) {
        const ax = seg[s * 4];
        const bx = seg[s * 4 + 2];
        xs.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
      }
    }
    xs.sort((a, b) => a - b);
    for (let c = 0; c + 1 < xs.length; c += 2) {
      const i0 = Math.max(0, Math.ceil((xs[c] - gx0) / h));
      const i1 = Math.min(gnx - 1, Math.floor((xs[c + 1] - gx0) / h));
      for (let i = i0; i <= i1; i++) {
        const x = gx0 + i * h;
        if (x > xs[c] && x < xs[c + 1]) grid[j * gnx + i] = -grid[j * gnx + i];
      }
    }
  }
  return grid;
}

let bestK = -1;
let bestD2 = Infinity;
let bestT = 0;
function trySeg(g: PartGeom, s: number, x: number, y: number): void {
  const o = s * 4;
  const d = segDist2(g.seg[o], g.seg[o + 1], g.seg[o + 2], g.seg[o + 3], x, y);
  if (d < bestD2) {
    bestD2 = d;
    bestK = s;
    bestT = segT;
  }
}
function tryNear(g: PartGeom, k: number, x: number, y: number): void {
  trySeg(g, k, x, y);
  trySeg(g, g.prv[k], x, y);
  trySeg(g, g.nxt[k], x, y);
}

/** Exact signed distance to the part's outline (negative inside), from the segments near grid node k. */
function exactDist(g: PartGeom, x: number, y: number, k: number): number {
  bestD2 = Infinity;
  bestK = -1;
  const N = g.near;
  tryNear(g, N[k], x, y);
  if (N[k + 1] !== N[k]) tryNear(g, N[k + 1], x, y);
  const c = N[k + g.gnx];
  if (c !== N[k] && c !== N[k + 1]) tryNear(g, c, x, y);
  const d4 = N[k + g.gnx + 1];
  if (d4 !== N[k] && d4 !== N[k + 1] && d4 !== c) tryNear(g, d4, x, y);
  const seg = g.seg;
  const bk = bestK;
  const bt = bestT;
  const o = bk * 4;
  const s = g.sgn[bk];
  let inside: boolean;
  if (bt > 0 && bt < 1) {
    inside = ((seg[o + 2] - seg[o]) * (y - seg[o + 1]) - (seg[o + 3] - seg[o + 1]) * (x - seg[o])) * s > 0;
  } else {
    // Nearest feature is a vertex: the two edges meeting there decide (convex: both, reflex: either).
    const e1 = bt <= 0 ? g.prv[bk] : bk;
    const e2 = bt <= 0 ? bk : g.nxt[bk];
    const a1x = seg[e1 * 4];
    const a1y = seg[e1 * 4 + 1];
    const vx = seg[e1 * 4 + 2];
    const vy = seg[e1 * 4 + 3];
    const b2x = seg[e2 * 4 + 2];
    const b2y = seg[e2 * 4 + 3];
    const c1 = ((vx - a1x) * (y - a1y) - (vy - a1y) * (x - a1x)) * s;
    const c2 = ((b2x - vx) * (y - vy) - (b2y - vy) * (x - vx)) * s;
    const convex = ((vx - a1x) * (b2y - vy) - (vy - a1y) * (b2x - vx)) * s > 0;
    inside = convex ? c1 > 0 && c2 > 0 : c1 > 0 || c2 > 0;
  }
  const d = Math.sqrt(bestD2);
  return inside ? -d : d;
}

/** Signed 2D distance to the footprint (exact near the outline); a lower bound outside the grid. */
export function dist2d(g: PartGeom, x: number, y: number): number {
  const u = (x - g.gx0) / GRID_MM;
  const v = (y - g.gy0) / GRID_MM;
  if (!(u >= 0 && v >= 0 && u < g.gnx - 1 && v < g.gny - 1)) {
    const ex = x < g.x0 ? g.x0 - x : x > g.x1 ? x - g.x1 : 0;
    const ey = y < g.y0 ? g.y0 - y : y > g.y1 ? y - g.y1 : 0;
    return Math.sqrt(ex * ex + ey * ey);
  }
  const i = u | 0;
  const j = v | 0;
  const fx = u - i;
  const fy = v - j;
  const k = j * g.gnx + i;
  const G = g.grid;
  const a = G[k] + (G[k + 1] - G[k]) * fx;
  const b = G[k + g.gnx] + (G[k + g.gnx + 1] - G[k + g.gnx]) * fx;
  const d = a + (b - a) * fy;
  if (d > NEAR || d < g.dLo) return d;
  return exactDist(g, x, y, k);
}

/** The part's exact signed distance (see the header); `d` is the 2D distance of (x, y). */
function profileSdf(g: PartGeom, d: number, z: number): number {
  const wx = d + g.r;
  const wy = Math.abs(z - g.zc) - g.hh;
  if (wx > 0 && wy > 0) return Math.sqrt(wx * wx + wy * wy) - g.r;
  return (wx > wy ? wx : wy) - g.r;
}

/** Signed distance of a point to one part (exported for tests). */
export function partSdf(g: PartGeom, x: number, y: number, z: number): number {
  let d = dist2d(g, x, y);
  // Bilinear interpolation may overestimate the distance far from the outline by a hair.
  if (d > NEAR) d -= 0.01;
  return profileSdf(g, d, z);
}

// ---------------------------------------------------------------- geometry: the tool

let lastPart = -1;

function sceneSdf(parts: PartGeom[], x: number, y: number, z: number): number {
  let best = 1e9;
  let bp = -1;
  for (let k = 0; k < parts.length; k++) {
    const g = parts[k];
    const ex = x < g.x0 ? g.x0 - x : x > g.x1 ? x - g.x1 : 0;
    const ey = y < g.y0 ? g.y0 - y : y > g.y1 ? y - g.y1 : 0;
    const ez = z < g.z0 ? g.z0 - z : z > g.z1 ? z - g.z1 : 0;
    if (ex * ex + ey * ey + ez * ez >= best * best) continue;
    const s = partSdf(g, x, y, z);
    if (s < best) {
      best = s;
      bp = k;
    }
  }
  lastPart = bp;
  return best;
}

const MINSTEP = 0.002;
const MAX_STEPS = 800;
/** Part hit by the last successful trace(). */
let tracePart = -1;

/**
 * First intersection of the ray o + t d (d unit) with the tool, t in [tmin, tmax], or -1.
 * Sphere tracing on the union's distance; the crossing is bisected to 0.5 µm.
 */
/** Scratch for trace's slab test (a ray's origin and direction), reused: trace runs once per ray. */
const SLAB_O = new Float64Array(3);
const SLAB_D = new Float64Array(3);

function trace(T: ToolGeom, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, tmin: number, tmax: number): number {
  let t0 = tmin;
  let t1 = tmax;
  const bb = T.bb;
  // Slab test against the tool's box, axis by axis.
  SLAB_O[0] = ox;
  SLAB_O[1] = oy;
  SLAB_O[2] = oz;
  SLAB_D[0] = dx;
  SLAB_D[1] = dy;
  SLAB_D[2] = dz;
  for (let a = 0; a < 3; a++) {
    const o = SLAB_O[a];
    const d = SLAB_D[a];
    if (Math.abs(d) < 1e-12) {
      if (o < bb[a] || o > bb[a + 3]) return -1;
      continue;
    }
    let p = (bb[a] - o) / d;
    let q = (bb[a + 3] - o) / d;
    if (p > q) [p, q] = [q, p];
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
  }
  if (t0 > t1) return -1;
  const parts = T.parts;
  let t = t0;
  let tPrev = t0;
  for (let it = 0; it < MAX_STEPS; it++) {
    const s = sceneSdf(parts, ox + dx * t, oy + dy * t, oz + dz * t);
    if (s <= 0) {
      if (it === 0) {
        tracePart = lastPart;
        return t;
      }
      let a = tPrev;
      let b = t;
      let pb = lastPart;
      while (b - a > 0.0005) {
        const m = 0.5 * (a + b);
        if (sceneSdf(parts, ox + dx * m, oy + dy * m, oz + dz * m) <= 0) {
          b = m;
          pb = lastPart;
        } else a = m;
      }
      tracePart = pb;
      return b;
    }
    tPrev = t;
    t += s > MINSTEP ? s : MINSTEP;
    if (t > t1) return -1;
  }
  return -1;
}

type ToolGeom = { parts: PartGeom[]; bb: number[] };

function toolGeom(parts: Part3d[]): ToolGeom {
  const geoms = parts.map((p, i) => new PartGeom(p, i));
  const bb = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const g of geoms) {
    bb[0] = Math.min(bb[0], g.x0 - 0.01);
    bb[1] = Math.min(bb[1], g.y0 - 0.01);
    bb[2] = Math.min(bb[2], g.z0 - 0.01);
    bb[3] = Math.max(bb[3], g.x1 + 0.01);
    bb[4] = Math.max(bb[4], g.y1 + 0.01);
    bb[5] = Math.max(bb[5], g.z1 + 0.01);
  }
  return { parts: geoms, bb };
}

let nX = 0;
let nY = 0;
let nZ = 0;
/** Outward unit normal of part g at a surface point: the SDF's gradient, from the 2D distance's. */
function normalAt(g: PartGeom, x: number, y: number, z: number): void {
  const e = 0.003;
  const d = dist2d(g, x, y);
  let gx = (dist2d(g, x + e, y) - dist2d(g, x - e, y)) / (2 * e);
  let gy = (dist2d(g, x, y + e) - dist2d(g, x, y - e)) / (2 * e);
  const gl = Math.hypot(gx, gy);
  if (gl > 1e-6) {
    gx /= gl;
    gy /= gl;
  } else {
    gx = 0;
    gy = 0;
  }
  const wx = d + g.r;
  const wy = Math.abs(z - g.zc) - g.hh;
  const sz = z >= g.zc ? 1 : -1;
  if (wx > 0 && wy > 0) {
    const l = Math.hypot(wx, wy);
    nX = (gx * wx) / l;
    nY = (gy * wx) / l;
    nZ = (sz * wy) / l;
  } else if (wx > wy) {
    nX = gx;
    nY = gy;
    nZ = 0;
  } else {
    nX = 0;
    nY = 0;
    nZ = sz;
  }
  const l = Math.hypot(nX, nY, nZ);
  if (l < 1e-9) {
    nX = 0;
    nY = 0;
    nZ = 1;
  } else {
    nX /= l;
    nY /= l;
    nZ /= l;
  }
}

// ---------------------------------------------------------------- light

type Emitter = {
  d: V3;
  t1: V3;
  t2: V3;
  radius: number;
  cosR: number;
  /** Share of the unoccluded paper's irradiance. */
  share: number;
  /** Irradiance on a surface = ke * mean over the disc of (N . w) * visibility. */
  ke: number;
  /** Radiance (pi L units: what a mirror shows). */
  lpi: number;
  col: RGB;
  samples: number;
};

type Lighting = {
  kind: LightSpec["kind"];
  emitter: Emitter | null;
  roomShare: number;
  cRoom: RGB;
  /** Room radiance (pi L units, normalised so its irradiance on the open pad is roomShare); dz > 0. */
  room: (dx: number, dy: number, dz: number) => number;
};

function onb(d: V3): [V3, V3] {
  onbInto(d[0], d[1], d[2]);
  return [
    [o1x, o1y, o1z],
    [o2x, o2y, o2z],
  ];
}

let o1x = 0;
let o1y = 0;
let o1z = 0;
let o2x = 0;
let o2y = 0;
let o2z = 0;
/** Two unit vectors completing (x, y, z) to an orthonormal basis (Duff et al.), in o1*, o2*. */
function onbInto(x: number, y: number, z: number): void {
  const s = z >= 0 ? 1 : -1;
  const a = -1 / (s + z);
  const b = x * y * a;
  o1x = 1 + s * x * x * a;
  o1y = s * b;
  o1z = -s * x;
  o2x = b;
  o2y = s + y * y * a;
  o2z = -y;
}

/** Smith GGX masking term for alpha^2 = a2. */
function smithG1(a2: number, c: number): number {
  return (2 * c) / (c + Math.sqrt(a2 + (1 - a2) * c * c));
}

function makeLighting(light: LightSpec, rng: ReturnType<typeof createRng>): Lighting {
  const jitter = (): RGB => [1 + rng.range(-0.03, 0.03), 1 + rng.range(-0.03, 0.03), 1 + rng.range(-0.03, 0.03)];
  const cLamp = jitter();
  const cRoom = jitter();
  const az = (light.azimuthDeg * Math.PI) / 180;
  let emitter: Emitter | null = null;
  let emitterDraw: { radius: number; el: number; share: number; col: RGB; samples: number } | null = null;
  if (light.kind === "hard") emitterDraw = { radius: rng.range(0.5, 1.5), el: light.elevationDeg, share: light.strength, col: cLamp, samples: 3 };
  else if (light.kind === "soft") emitterDraw = { radius: rng.range(4, 10), el: light.elevationDeg, share: light.strength, col: cLamp, samples: 6 };
  else if (light.kind === "diffuse") {
    const radius = rng.range(22, 32);
    emitterDraw = { radius, el: Math.max(light.elevationDeg, radius + 8), share: clamp(light.strength * 1.6, 0.25, 0.6), col: cRoom.map((c) => c * (1 + rng.range(-0.01, 0.01))) as RGB, samples: 6 };
  }
  if (emitterDraw) {
    const el = (emitterDraw.el * Math.PI) / 180;
    const d: V3 = [Math.cos(az) * Math.cos(el), Math.sin(az) * Math.cos(el), Math.sin(el)];
    const [t1, t2] = onb(d);
    const radius = (emitterDraw.radius * Math.PI) / 180;
    const cosR = Math.cos(radius);
    // Mean of w_z over the disc (uniform in solid angle), numerically.
    let mz = 0;
    const n = 64;
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++) {
        const ca = 1 - ((a + 0.5) / n) * (1 - cosR);
        const sa = Math.sqrt(1 - ca * ca);
        const be = (2 * Math.PI * (b + 0.5)) / n;
        mz += Math.max(0, ca * d[2] + sa * (Math.cos(be) * t1[2] + Math.sin(be) * t2[2]));
      }
    mz /= n * n;
    const ke = emitterDraw.share / mz;
    const omega = 2 * Math.PI * (1 - cosR);
    emitter = { d, t1, t2, radius, cosR, share: emitterDraw.share, ke, lpi: (Math.PI * ke) / omega, col: emitterDraw.col, samples: emitterDraw.samples };
  }
  const roomShare = 1 - (emitter?.share ?? 0);
  // The room: brighter ceiling, a window, dark furniture near the horizon, a ceiling panel or two.
  const uniform = light.kind === "none";
  const win = { az: rng.range(0, 2 * Math.PI), hw: rng.range(0.25, 0.5), e0: rng.range(0.05, 0.15), e1: rng.range(0.5, 0.85), b: light.kind === "diffuse" ? rng.range(0, 0.6) : rng.range(0.4, 1.6) };
  const furniture = Array.from({ length: rng.int(3, 5) }, () => ({ az: rng.range(0, 2 * Math.PI), hw: rng.range(0.1, 0.35), top: rng.range(0.1, 0.45), dark: rng.range(0.4, 0.8) }));
  // Ceiling lights and bright patches within ~45 deg of the zenith: what flat chrome faces show.
  const panels = Array.from({ length: rng.int(2, 4) }, () => {
    const a = rng.range(0, 2 * Math.PI);
    const e = rng.range(0.75, 1.5);
    return { d: [Math.cos(a) * Math.cos(e), Math.sin(a) * Math.cos(e), Math.sin(e)] as V3, cos: Math.cos(rng.range(0.1, 0.22)), b: rng.range(0.4, 1.0) };
  });
  const angDiff = (a: number, b: number) => {
    let d = Math.abs(a - b) % (2 * Math.PI);
    if (d > Math.PI) d = 2 * Math.PI - d;
    return d;
  };
  const raw = (dx: number, dy: number, dz: number): number => {
    if (uniform) return 1;
    let v = 0.5 + 0.5 * dz;
    const az = Math.atan2(dy, dx);
    const el = Math.asin(clamp(dz, -1, 1));
    const wa = 1 - smooth01((angDiff(az, win.az) - win.hw) / 0.06 + 1);
    const we = smooth01((el - win.e0) / 0.05) * (1 - smooth01((el - win.e1) / 0.05));
    v *= 1 + win.b * wa * we;
    for (const f of furniture) if (el < f.top + 0.05) v *= 1 - f.dark * (1 - smooth01((angDiff(az, f.az) - f.hw) / 0.05 + 1)) * (1 - smooth01((el - f.top) / 0.05 + 1));
    for (const p of panels) {
      const c = dx * p.d[0] + dy * p.d[1] + dz * p.d[2];
      if (c > p.cos - 0.03) v += p.b * smooth01((c - (p.cos - 0.03)) / 0.03);
    }
    return v;
  };
  // Normalise: (1/pi) * integral of raw * cos over the hemisphere = roomShare (midpoint rule, cos-weighted).
  let acc = 0;
  const m = 96;
  for (let a = 0; a < m; a++)
    for (let b = 0; b < 2 * m; b++) {
      const u1 = (a + 0.5) / m;
      const r = Math.sqrt(u1);
      const ph = (2 * Math.PI * (b + 0.5)) / (2 * m);
      acc += raw(r * Math.cos(ph), r * Math.sin(ph), Math.sqrt(1 - u1));
    }
  const scale = roomShare / (acc / (2 * m * m));
  return { kind: light.kind, emitter, roomShare, cRoom, room: (dx, dy, dz) => raw(dx, dy, dz) * scale };
}

// ---------------------------------------------------------------- scene for ray tracing

type Material = {
  kind: "matte" | "satin" | "chrome";
  kd: RGB;
  f0: RGB;
  alpha: number;
  tex: number;
  /** Tilt of the normal by a smooth field (radians, about), 0 = optically flat. */
  wavy: number;
  /** Amplitude of brushed streaks along the part's axis (satin steel), 0 = none. */
  brushed: number;
  /** Rough radiance of this surface when another ray hits it (pi L units, before colour). */
  approx: RGB;
  roomRays: number;
  glossRays: number;
};

export type PadMap = {
  x0: number;
  y0: number;
  res: number;
  nx: number;
  ny: number;
  /** Emitter visibility 0..1 and room visibility (radiance-weighted) 0..1 on the pad plane. */
  lamp: Float32Array;
  room: Float32Array;
  fadeMm: number;
};

export type RayScene = {
  scene: Scene;
  tool: ToolGeom;
  mats: Material[];
  light: Lighting;
  seed: number;
  cause: "both" | "shadows" | "parallax";
  plainPaper: boolean;
  exposureT: number;
  grad: [number, number];
  tableBase: RGB;
  texSeed: number;
  padMap: PadMap | null;
  sheets: Map<number, SheetRaster>;
  /** Seconds spent on the pad map. */
  padMapS: number;
};

function materialFor(scene: Scene, part: Part3d): Material {
  const look = lookFor(scene, part.mat);
  const A: RGB = [lin8(look.rgb[0]), lin8(look.rgb[1]), lin8(look.rgb[2])];
  let m: Material;
  if (look.kind === "chrome") {
    m = { kind: "chrome", kd: [0.015, 0.015, 0.016], f0: [0.6, 0.61, 0.64], alpha: 0.045, tex: 0.01, wavy: 0.06, brushed: 0, approx: [0.2, 0.2, 0.21], roomRays: 4, glossRays: 9 };
  } else if (look.kind === "satin") {
    const f = clamp(0.8 * ((A[0] + A[1] + A[2]) / 3), 0.4, 0.7);
    m = {
      kind: "satin",
      kd: [0.32 * A[0], 0.32 * A[1], 0.32 * A[2]],
      f0: [f, f * 1.005, f * 1.02],
      alpha: 0.28,
      tex: look.texture / 100,
      wavy: 0.03,
      brushed: 0.05,
      approx: [0.3 * A[0], 0.3 * A[1], 0.3 * A[2]],
      roomRays: 9,
      glossRays: 25,
    };
  } else {
    const alpha = clamp(0.45 - look.spec / 200, 0.15, 0.4);
    m = { kind: "matte", kd: A, f0: [0.04, 0.04, 0.04], alpha, tex: look.texture / 100, wavy: 0, brushed: 0, approx: [0.35 * A[0], 0.35 * A[1], 0.35 * A[2]], roomRays: 16, glossRays: 9 };
  }
  if (process.env.RT_ROOM) m.roomRays = Number(process.env.RT_ROOM);
  if (process.env.RT_GLOSS) m.glossRays = Number(process.env.RT_GLOSS);
  return m;
}

/** The ray tracer's view-independent state of a scene: geometry, light, paper irradiance (lazily). */
export function buildRayScene(scene: Scene, opts: { seed: number; cause?: "both" | "shadows" | "parallax"; plainPaper?: boolean }): RayScene {
  const rng = createRng(opts.seed * 104729 + 7);
  const light = makeLighting(scene.light, rng);
  const tool = toolGeom(scene.tool.parts);
  return {
    scene,
    tool,
    mats: scene.tool.parts.map((p) => materialFor(scene, p)),
    light,
    seed: opts.seed,
    cause: opts.cause ?? "both",
    plainPaper: opts.plainPaper === true,
    exposureT: rng.range(236, 247),
    grad: [rng.range(-0.04, 0.04), rng.range(-0.04, 0.04)],
    tableBase: [lin8(rng.range(60, 150)), lin8(rng.range(50, 130)), lin8(rng.range(40, 110))],
    texSeed: hash32(opts.seed * 7 + 12345),
    padMap: null,
    sheets: new Map(),
    padMapS: 0,
  };
}

// ---------------------------------------------------------------- the paper's irradiance

const MAP_RES = 8;
const COARSE = 8;

/**
 * Lamp and room visibility of the pad plane where the tool can occlude, on an 8 px/mm grid: 1 mm
 * nodes everywhere in the region, refined (0.5, 0.25, 0.125 mm) where the values change or near the
 * tool; the rest bilinear. Nodes inside the solid take their nearest outside neighbours' values.
 */
export function padIrradianceMap(rs: RayScene): PadMap | null {
  if (rs.cause === "parallax") return null;
  if (rs.padMap) return rs.padMap;
  const t0 = performance.now();
  const T = rs.tool;
  const L = rs.light;
  const em = L.emitter;
  const [bx0, by0, , bx1, by1, bz1] = T.bb;
  const Ht = bz1;
  const ma = Math.min(2.5 * Ht + 6, 70);
  let rx0 = bx0 - ma;
  let ry0 = by0 - ma;
  let rx1 = bx1 + ma;
  let ry1 = by1 + ma;
  if (em) {
    const lowEl = Math.max(Math.asin(em.d[2]) - em.radius, (8 * Math.PI) / 180);
    const len = Math.min(Ht / Math.tan(lowEl), 250);
    const h = Math.hypot(em.d[0], em.d[1]) || 1;
    const sx = (-em.d[0] / h) * len;
    const sy = (-em.d[1] / h) * len;
    const g = ma / 2 + 5;
    rx0 = Math.min(rx0, bx0 + sx - g);
    rx1 = Math.max(rx1, bx1 + sx + g);
    ry0 = Math.min(ry0, by0 + sy - g);
    ry1 = Math.max(ry1, by1 + sy + g);
  }
  const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
  rx0 = Math.max(rx0, -ox - 30);
  ry0 = Math.max(ry0, -oy - 30);
  rx1 = Math.min(rx1, SHEET_W_MM - ox + 30);
  ry1 = Math.min(ry1, SHEET_H_MM - oy + 30);
  const nx = Math.ceil(((rx1 - rx0) * MAP_RES) / COARSE) * COARSE + 1;
  const ny = Math.ceil(((ry1 - ry0) * MAP_RES) / COARSE) * COARSE + 1;
  const N = nx * ny;
  const lamp = new Float32Array(N);
  const room = new Float32Array(N);
  // 0: not set, 1: computed, 2: inside the solid, 3: interpolated.
  const state = new Uint8Array(N);
  const st = new Stream();
  const K = em ? (L.kind === "hard" ? 8 : 24) : 0;
  const M = 32;
  const Kr = em ? (L.kind === "hard" ? 2 : 4) : 1;
  const Mr = 4;
  const h = 1 / MAP_RES;
  const parts = T.parts;
  const evalNode = (i: number, j: number) => {
    const k = j * nx + i;
    if (state[k] === 1 || state[k] === 2) return;
    const x = rx0 + i * h;
    const y = ry0 + j * h;
    const z = 1e-4;
    if (sceneSdf(parts, x, y, z) < 0) {
      state[k] = 2;
      return;
    }
    state[k] = 1;
    st.reset(rs.seed * 31 + 5, k);
    if (em) {
      let sv = 0;
      let sw = 0;
      const ca = em.cosR;
      for (let a = 0; a < K; a++) {
        const u1 = ((a % Kr) + st.next()) / Kr;
        const u2 = (Math.floor(a / Kr) + st.next()) / (K / Kr);
        const c = 1 - u1 * (1 - ca);
        const s = Math.sqrt(Math.max(0, 1 - c * c));
        const cb = Math.cos(2 * Math.PI * u2) * s;
        const sb = Math.sin(2 * Math.PI * u2) * s;
        const dx = c * em.d[0] + cb * em.t1[0] + sb * em.t2[0];
        const dy = c * em.d[1] + cb * em.t1[1] + sb * em.t2[1];
        const dz = c * em.d[2] + cb * em.t1[2] + sb * em.t2[2];
        if (dz <= 0) continue;
        sw += dz;
        if (trace(T, x, y, z, dx, dy, dz, 0, 1e4) < 0) sv += dz;
      }
      lamp[k] = sw > 0 ? sv / sw : 1;
    } else lamp[k] = 1;
    let rv = 0;
    let rw = 0;
    for (let a = 0; a < M; a++) {
      const u1 = ((a % Mr) + st.next()) / Mr;
      const u2 = (Math.floor(a / Mr) + st.next()) / (M / Mr);
      const r = Math.sqrt(u1);
      const dx = r * Math.cos(2 * Math.PI * u2);
      const dy = r * Math.sin(2 * Math.PI * u2);
      const dz = Math.sqrt(Math.max(1e-6, 1 - u1));
      const w = L.room(dx, dy, dz);
      rw += w;
      if (trace(T, x, y, z, dx, dy, dz, 0, 1e4) < 0) rv += w;
    }
    room[k] = rw > 0 ? rv / rw : 1;
  };
  const footDist = (x: number, y: number) => {
    let d = Infinity;
    for (const g of parts) d = Math.min(d, Math.abs(dist2d(g, x, y)));
    return d;
  };
  const setInterp = (i: number, j: number, s: number) => {
    const k00 = j * nx + i;
    const k10 = k00 + s;
    const k01 = k00 + s * nx;
    const k11 = k01 + s;
    for (let b = 0; b <= s; b++)
      for (let a = 0; a <= s; a++) {
        const k = (j + b) * nx + i + a;
        if (state[k] === 1 || state[k] === 2) continue;
        const fx = a / s;
        const fy = b / s;
        lamp[k] = (lamp[k00] * (1 - fx) + lamp[k10] * fx) * (1 - fy) + (lamp[k01] * (1 - fx) + lamp[k11] * fx) * fy;
        room[k] = (room[k00] * (1 - fx) + room[k10] * fx) * (1 - fy) + (room[k01] * (1 - fx) + room[k11] * fx) * fy;
        state[k] = 3;
      }
  };
  const tauL = L.kind === "hard" ? 0.06 : 0.2;
  const tauA = 0.12;
  const refine = (i: number, j: number, s: number) => {
    const ks = [j * nx + i, j * nx + i + s, (j + s) * nx + i, (j + s) * nx + i + s];
    let inv = 0;
    let lmin = Infinity;
    let lmax = -Infinity;
    let amin = Infinity;
    let amax = -Infinity;
    for (const k of ks) {
      if (state[k] === 2) {
        inv++;
        continue;
      }
      lmin = Math.min(lmin, lamp[k]);
      lmax = Math.max(lmax, lamp[k]);
      amin = Math.min(amin, room[k]);
      amax = Math.max(amax, room[k]);
    }
    const half = (s * h) / 2;
    const near = footDist(rx0 + i * h + half, ry0 + j * h + half) < half * 1.5 + 1.0;
    if (inv === 4 && !near) {
      for (let b = 0; b <= s; b++) for (let a = 0; a <= s; a++) if (state[(j + b) * nx + i + a] !== 1) state[(j + b) * nx + i + a] = 2;
      return;
    }
    const split = s > 1 && (inv > 0 || (near && s > 2) || lmax - lmin > tauL || amax - amin > tauA);
    if (!split) {
      if (inv > 0) {
        for (let b = 0; b <= s; b++) for (let a = 0; a <= s; a++) if (state[(j + b) * nx + i + a] !== 1) state[(j + b) * nx + i + a] = 2;
        return;
      }
      setInterp(i, j, s);
      return;
    }
    const q = s / 2;
    evalNode(i + q, j);
    evalNode(i, j + q);
    evalNode(i + q, j + q);
    evalNode(i + s, j + q);
    evalNode(i + q, j + s);
    refine(i, j, q);
    refine(i + q, j, q);
    refine(i, j + q, q);
    refine(i + q, j + q, q);
  };
  for (let j = 0; j < ny; j += COARSE) for (let i = 0; i < nx; i += COARSE) evalNode(i, j);
  for (let j = 0; j + COARSE < ny; j += COARSE) for (let i = 0; i + COARSE < nx; i += COARSE) refine(i, j, COARSE);
  // Nodes inside the solid: the mean of their already known 4-neighbours, breadth first.
  let frontier: number[] = [];
  for (let k = 0; k < N; k++) if (state[k] === 2) frontier.push(k);
  const known = (k: number) => state[k] === 1 || state[k] === 3 || state[k] === 4;
  for (let pass = 0; frontier.length && pass < 100000; pass++) {
    const next: number[] = [];
    const upd: [number, number, number][] = [];
    for (const k of frontier) {
      const i = k % nx;
      let sl = 0;
      let sa = 0;
      let c = 0;
      for (let e = 0; e < 4; e++) {
        const nb = e === 0 ? (i > 0 ? k - 1 : -1) : e === 1 ? (i < nx - 1 ? k + 1 : -1) : e === 2 ? k - nx : k + nx;
        if (nb < 0 || nb >= N || !known(nb)) continue;
        sl += lamp[nb];
        sa += room[nb];
        c++;
      }
      if (c) upd.push([k, sl / c, sa / c]);
      else next.push(k);
    }
    if (!upd.length) break;
    for (const [k, a, b] of upd) {
      lamp[k] = a;
      room[k] = b;
      state[k] = 4;
    }
    frontier = next;
  }
  for (const k of frontier) {
    lamp[k] = 0;
    room[k] = 0;
  }
  // Monte Carlo noise vs the true variation: the irradiance changes on a scale that grows with the
  // distance to the occluder (penumbra ~ distance x the light's angular size), so smooth each map with
  // a Gaussian whose sigma grows with the distance to the tool (0 at the tool, 4 mm at most).
  const lampK = em ? (L.kind === "hard" ? 0 : 0.3 * em.radius) : 0;
  smoothByDistance(lamp, nx, ny, rx0, ry0, parts, lampK);
  smoothByDistance(room, nx, ny, rx0, ry0, parts, 0.1);
  rs.padMap = { x0: rx0, y0: ry0, res: MAP_RES, nx, ny, lamp, room, fadeMm: 6 };
  rs.padMapS = (performance.now() - t0) / 1000;
  return rs.padMap;
}

/** Area-average the 8 px/mm map down by `f` (node I covers fine nodes I f - f/2 .. I f + f/2). */
function downsample(a: Float32Array, nx: number, ny: number, f: number): { a: Float32Array; w: number; h: number } {
  const w = Math.floor((nx - 1) / f) + 1;
  const h = Math.floor((ny - 1) / f) + 1;
  const out = new Float32Array(w * h);
  const r = f >> 1;
  for (let J = 0; J < h; J++)
    for (let I = 0; I < w; I++) {
      let s = 0;
      let c = 0;
      for (let j = Math.max(0, J * f - r); j <= Math.min(ny - 1, J * f + r); j++)
        for (let i = Math.max(0, I * f - r); i <= Math.min(nx - 1, I * f + r); i++) {
          s += a[j * nx + i];
          c++;
        }
      out[J * w + I] = s / c;
    }
  return { a: out, w, h };
}

function gaussBlur(a: Float32Array, w: number, h: number, sigma: number): void {
  const r = Math.ceil(3 * sigma);
  const k = new Float32Array(2 * r + 1);
  let ks = 0;
  for (let i = -r; i <= r; i++) ks += k[i + r] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] /= ks;
  const tmp = new Float32Array(a.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += k[i + r] * a[y * w + clamp(x + i, 0, w - 1)];
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += k[i + r] * tmp[clamp(y + i, 0, h - 1) * w + x];
      a[y * w + x] = s;
    }
}

/** Blend each node of the map with blurred copies (sigma 0.5, 2, 4 mm) by sigma = k * distance to the tool. */
function smoothByDistance(a: Float32Array, nx: number, ny: number, x0: number, y0: number, parts: PartGeom[], k: number): void {
  if (k <= 0) return;
  const levels = [
    { f: 2, sigmaMm: 0.5 },
    { f: 4, sigmaMm: 2 },
    { f: 8, sigmaMm: 4 },
  ].map(({ f, sigmaMm }) => {
    const d = downsample(a, nx, ny, f);
    gaussBlur(d.a, d.w, d.h, (sigmaMm * MAP_RES) / f);
    return { ...d, f, sigmaMm };
  });
  // Distance to the tool's outline on the 1 mm grid.
  const f = 8;
  const dw = Math.floor((nx - 1) / f) + 1;
  const dh = Math.floor((ny - 1) / f) + 1;
  const dist = new Float32Array(dw * dh);
  for (let J = 0; J < dh; J++)
    for (let I = 0; I < dw; I++) {
      let d = Infinity;
      for (const g of parts) d = Math.min(d, Math.abs(dist2d(g, x0 + I, y0 + J)));
      dist[J * dw + I] = d;
    }
  const sample = (b: Float32Array, w: number, h: number, u: number, v: number) => {
    const i = Math.min(w - 2, Math.max(0, Math.floor(u)));
    const j = Math.min(h - 2, Math.max(0, Math.floor(v)));
    const fx = clamp(u - i, 0, 1);
    const fy = clamp(v - j, 0, 1);
    const q = j * w + i;
    return (b[q] * (1 - fx) + b[q + 1] * fx) * (1 - fy) + (b[q + w] * (1 - fx) + b[q + w + 1] * fx) * fy;
  };
  const sig = [0, ...levels.map((l) => l.sigmaMm)];
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const s = Math.min(4, k * sample(dist, dw, dh, i / f, j / f));
      if (s <= 0) continue;
      let L = 0;
      while (L < sig.length - 2 && s > sig[L + 1]) L++;
      const t = clamp((s - sig[L]) / (sig[L + 1] - sig[L]), 0, 1);
      const val = (lv: number) => (lv === 0 ? a[j * nx + i] : sample(levels[lv - 1].a, levels[lv - 1].w, levels[lv - 1].h, i / levels[lv - 1].f, j / levels[lv - 1].f));
      a[j * nx + i] = val(L) * (1 - t) + val(L + 1) * t;
    }
}

let irrL = 1;
let irrR = 1;
/** Lamp and room visibility at a pad point (bilinear; 1 outside the map, faded in at its border). */
function padVisibility(m: PadMap | null, x: number, y: number): void {
  irrL = 1;
  irrR = 1;
  if (!m) return;
  const u = (x - m.x0) * m.res;
  const v = (y - m.y0) * m.res;
  if (!(u >= 0 && v >= 0 && u < m.nx - 1 && v < m.ny - 1)) return;
  const i = u | 0;
  const j = v | 0;
  const fx = u - i;
  const fy = v - j;
  const k = j * m.nx + i;
  const A = m.lamp;
  const B = m.room;
  const l = (A[k] * (1 - fx) + A[k + 1] * fx) * (1 - fy) + (A[k + m.nx] * (1 - fx) + A[k + m.nx + 1] * fx) * fy;
  const r = (B[k] * (1 - fx) + B[k + 1] * fx) * (1 - fy) + (B[k + m.nx] * (1 - fx) + B[k + m.nx + 1] * fx) * fy;
  const edge = Math.min(u, v, m.nx - 1 - u, m.ny - 1 - v) / (m.fadeMm * m.res);
  const f = edge >= 1 ? 1 : smooth01(edge);
  irrL = 1 + (l - 1) * f;
  irrR = 1 + (r - 1) * f;
}

/** Lamp and room visibility (0..1) of the pad at (x, y), from the scene's irradiance map. */
export function padLightAt(rs: RayScene, x: number, y: number): { lamp: number; room: number } {
  padVisibility(padIrradianceMap(rs), x, y);
  return { lamp: irrL, room: irrR };
}

// ---------------------------------------------------------------- per-view context

type View = {
  rs: RayScene;
  map: PadMap | null;
  sheet: SheetRaster;
  S: number;
  /** Photographer above the camera, seen in reflections: direction and angular radius (cos). */
  phDir: V3;
  phCos0: number;
  phCos1: number;
  tableSeed: number;
  padCx: number;
  padCy: number;
};

function sheetFor(rs: RayScene, S: number): SheetRaster {
  const hit = rs.sheets.get(S);
  if (hit) return hit;
  const sc = rs.scene;
  const paper: RGB = [lin8(sc.paper[0]), lin8(sc.paper[1]), lin8(sc.paper[2])];
  const g = lin8(sc.gridV);
  const sheet = renderSheet(S, {
    paper,
    grid: rs.plainPaper ? paper : [g, g, g],
    frame: rs.plainPaper ? paper : [lin8(128), lin8(128), lin8(128)],
    ink: [lin8(25), lin8(25), lin8(28)],
  });
  rs.sheets.clear();
  rs.sheets.set(S, sheet);
  return sheet;
}

let sR = 0;
let sG = 0;
let sB = 0;

/** Lighting gradient over the pad (a lamp at a finite distance), multiplies all light. */
function gradAt(rs: RayScene, x: number, y: number): number {
  const dx = clamp(x - FRAME_W_MM / 2, -250, 250);
  const dy = clamp(y - FRAME_H_MM / 2, -250, 250);
  return 1 + (rs.grad[0] * dx) / 100 + (rs.grad[1] * dy) / 100;
}

/** Radiance (pi L) of the pad plane at (x, y): printed sheet or table, times its irradiance. */
function padRadiance(vw: View, x: number, y: number): void {
  const rs = vw.rs;
  const sh = vw.sheet;
  const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
  const sx = x + ox;
  const sy = y + oy;
  let ar: number;
  let ag: number;
  let ab: number;
  if (sx >= 0 && sy >= 0 && sx < SHEET_W_MM && sy < SHEET_H_MM) {
    const u = clamp(sx * vw.S - 0.5, 0, sh.width - 1.001);
    const v = clamp(sy * vw.S - 0.5, 0, sh.height - 1.001);
    const i = u | 0;
    const j = v | 0;
    const fx = u - i;
    const fy = v - j;
    const k = j * sh.width + i;
    const w = sh.width;
    const w00 = (1 - fx) * (1 - fy);
    const w10 = fx * (1 - fy);
    const w01 = (1 - fx) * fy;
    const w11 = fx * fy;
    ar = sh.r[k] * w00 + sh.r[k + 1] * w10 + sh.r[k + w] * w01 + sh.r[k + w + 1] * w11;
    ag = sh.g[k] * w00 + sh.g[k + 1] * w10 + sh.g[k + w] * w01 + sh.g[k + w + 1] * w11;
    ab = sh.b[k] * w00 + sh.b[k + 1] * w10 + sh.b[k + w] * w01 + sh.b[k + w + 1] * w11;
  } else {
    const t = 1 + 0.12 * valueNoise3(vw.tableSeed, x / 9, y / 9, 0) + 0.05 * valueNoise3(vw.tableSeed + 1, x / 0.9, y / 40, 0);
    ar = rs.tableBase[0] * t;
    ag = rs.tableBase[1] * t;
    ab = rs.tableBase[2] * t;
  }
  padVisibility(vw.map, x, y);
  const L = rs.light;
  const gr = gradAt(rs, x, y);
  const em = L.emitter;
  const el = em ? em.share * irrL : 0;
  const er = L.roomShare * irrR;
  const c = L.cRoom;
  if (em) {
    sR = ar * gr * (em.col[0] * el + c[0] * er);
    sG = ag * gr * (em.col[1] * el + c[1] * er);
    sB = ab * gr * (em.col[2] * el + c[2] * er);
  } else {
    sR = ar * gr * c[0] * er;
    sG = ag * gr * c[1] * er;
    sB = ab * gr * c[2] * er;
  }
}

// ---------------------------------------------------------------- shading the tool

const OFF = Number(process.env.RT_OFF ?? 0.004);
let eR = 0;
let eG = 0;
let eB = 0;

/**
 * Radiance (pi L) arriving along a secondary ray from (ox, oy, oz) in direction d. `emitterWeight`
 * < 0: a diffuse ray (no emitter, no photographer); else a glossy ray that sees the photographer and
 * the emitter's disc with that MIS weight.
 */
function incoming(vw: View, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, emitterWeight: number): void {
  const glossy = emitterWeight >= 0;
  const rs = vw.rs;
  const tPad = dz < -1e-9 ? -oz / dz : 1e9;
  const t = trace(rs.tool, ox, oy, oz, dx, dy, dz, 0, tPad);
  if (t >= 0) {
    const a = rs.mats[tracePart].approx;
    const c = rs.light.cRoom;
    eR = a[0] * c[0];
    eG = a[1] * c[1];
    eB = a[2] * c[2];
    return;
  }
  if (dz < -1e-9) {
    padRadiance(vw, ox + dx * tPad, oy + dy * tPad);
    eR = sR;
    eG = sG;
    eB = sB;
    return;
  }
  const L = rs.light;
  let v = L.room(dx, dy, Math.max(dz, 1e-6));
  if (glossy) {
    const c = dx * vw.phDir[0] + dy * vw.phDir[1] + dz * vw.phDir[2];
    if (c > vw.phCos0) v *= 1 - 0.85 * smooth01((c - vw.phCos0) / (vw.phCos1 - vw.phCos0));
  }
  const g = gradAt(rs, ox, oy);
  eR = v * L.cRoom[0] * g;
  eG = v * L.cRoom[1] * g;
  eB = v * L.cRoom[2] * g;
  const em = L.emitter;
  if (emitterWeight > 0 && em && dx * em.d[0] + dy * em.d[1] + dz * em.d[2] >= em.cosR) {
    const e = em.lpi * emitterWeight * g;
    eR += e * em.col[0];
    eG += e * em.col[1];
    eB += e * em.col[2];
  }
}

function textureAt(rs: RayScene, g: PartGeom, m: Material, x: number, y: number, z: number): number {
  if (m.tex <= 0) return 0;
  const s = rs.texSeed + g.index * 101;
  let n = m.tex * 1.6 * (0.9 * valueNoise3(s, x / 0.8, y / 0.8, z / 0.8) + 0.2 * valueNoise3(s + 1, x / 0.3, y / 0.3, z / 0.3));
  if (m.brushed > 0) {
    // Streaks along the part's axis: long along it, a few hundredths of a mm across.
    const u = x * g.ax + y * g.ay;
    const w = -x * g.ay + y * g.ax;
    n += m.brushed * (valueNoise3(s + 2, u / 6, w / 0.04, z / 0.04) + 0.5 * valueNoise3(s + 3, u / 1.5, w / 0.012, z / 0.012));
  }
  return n;
}

const fres = (f0: number, c: number) => f0 + (1 - f0) * (1 - c) ** 5;

/**
 * Radiance (pi L units) the camera sees at a tool surface point of part k, towards the unit vector
 * (vx, vy, vz) pointing to the camera. Result in sR, sG, sB.
 */
function shadeTool(vw: View, k: number, px: number, py: number, pz: number, vx: number, vy: number, vz: number, st: Stream): void {
  const rs = vw.rs;
  const g = rs.tool.parts[k];
  const m = rs.mats[k];
  normalAt(g, px, py, pz);
  let nx = nX;
  let ny = nY;
  let nz = nZ;
  if (m.wavy > 0) {
    // Forged and ground metal faces are not optically flat: tilt the normal by a smooth 3D field.
    const ws = rs.texSeed + 57 + g.index * 13;
    const sc = 1 / 7;
    const n0 = valueNoise3(ws, px * sc, py * sc, pz * sc);
    let gx = (valueNoise3(ws, (px + 0.5) * sc, py * sc, pz * sc) - n0) * 2;
    let gy = (valueNoise3(ws, px * sc, (py + 0.5) * sc, pz * sc) - n0) * 2;
    let gz = (valueNoise3(ws, px * sc, py * sc, (pz + 0.5) * sc) - n0) * 2;
    const dn = gx * nx + gy * ny + gz * nz;
    gx -= dn * nx;
    gy -= dn * ny;
    gz -= dn * nz;
    nx += m.wavy * 7 * gx;
    ny += m.wavy * 7 * gy;
    nz += m.wavy * 7 * gz;
    const l = Math.hypot(nx, ny, nz);
    nx /= l;
    ny /= l;
    nz /= l;
  }
  const NV = Math.max(1e-3, nx * vx + ny * vy + nz * vz);
  const tex = textureAt(rs, g, m, px, py, pz);
  const kdR = m.kd[0] * (1 + tex);
  const kdG = m.kd[1] * (1 + tex);
  const kdB = m.kd[2] * (1 + tex);
  const ox = px + nx * OFF;
  const oy = py + ny * OFF;
  const oz = pz + nz * OFF;
  const a2 = m.alpha * m.alpha;
  onbInto(nx, ny, nz);
  const t1x = o1x;
  const t1y = o1y;
  const t1z = o1z;
  const t2x = o2x;
  const t2y = o2y;
  const t2z = o2z;
  const g1v = smithG1(a2, NV);
  const L = rs.light;
  const gr = gradAt(rs, px, py);
  let dR = 0;
  let dG = 0;
  let dB = 0;
  let spR = 0;
  let spG = 0;
  let spB = 0;
  // Grazing views reflect strongly (Fresnel) and vary most: more glossy rays there.
  const Gn = NV < 0.35 ? Math.min(36, m.glossRays * 2) : m.glossRays;
  // The emitter: direct, with shadow rays to its disc (self-shadowing), Lambert + GGX; its glossy
  // reflection is shared with the GGX rays below by multiple importance sampling (balance heuristic).
  const em = L.emitter;
  const pdfL = em ? 1 / (2 * Math.PI * (1 - em.cosR)) : 0;
  if (em) {
    const K = em.samples;
    let diff = 0;
    let spec0 = 0;
    let spec1 = 0;
    let spec2 = 0;
    for (let a = 0; a < K; a++) {
      const u1 = (a + st.next()) / K;
      const u2 = st.next();
      const c = 1 - u1 * (1 - em.cosR);
      const s = Math.sqrt(Math.max(0, 1 - c * c));
      const cb = Math.cos(2 * Math.PI * u2) * s;
      const sb = Math.sin(2 * Math.PI * u2) * s;
      const lx = c * em.d[0] + cb * em.t1[0] + sb * em.t2[0];
      const ly = c * em.d[1] + cb * em.t1[1] + sb * em.t2[1];
      const lz = c * em.d[2] + cb * em.t1[2] + sb * em.t2[2];
      const NL = nx * lx + ny * ly + nz * lz;
      if (NL <= 0 || lz <= 0) continue;
      if (trace(rs.tool, ox, oy, oz, lx, ly, lz, 0, 1e4) >= 0) continue;
      diff += NL;
      {
        let hx = lx + vx;
        let hy = ly + vy;
        let hz = lz + vz;
        const hl = Math.hypot(hx, hy, hz) || 1;
        hx /= hl;
        hy /= hl;
        hz /= hl;
        const NH = Math.max(0, nx * hx + ny * hy + nz * hz);
        const VH = Math.max(0, vx * hx + vy * hy + vz * hz);
        const dd = NH * NH * (a2 - 1) + 1;
        const D = a2 / (Math.PI * dd * dd);
        const base = (D * g1v * smithG1(a2, NL)) / (4 * NV * NL);
        const pdfB = VH > 0 ? (D * NH) / (4 * VH) : 0;
        // pi * f * NL (pi L units), MIS weight of a light sample.
        const w = ((Math.PI * base * NL) * K * pdfL) / (K * pdfL + Gn * pdfB);
        spec0 += w * fres(m.f0[0], VH);
        spec1 += w * fres(m.f0[1], VH);
        spec2 += w * fres(m.f0[2], VH);
      }
    }
    const e = (em.ke * gr) / K;
    dR += e * diff * em.col[0];
    dG += e * diff * em.col[1];
    dB += e * diff * em.col[2];
    spR += e * spec0 * em.col[0];
    spG += e * spec1 * em.col[1];
    spB += e * spec2 * em.col[2];
  }
  // Room and paper (one bounce): cosine-weighted hemisphere rays.
  const M = m.roomRays;
  const side = Math.max(1, Math.round(Math.sqrt(M)));
  for (let a = 0; a < M; a++) {
    const u1 = ((a % side) + st.next()) / side;
    const u2 = (Math.floor(a / side) + st.next()) / Math.ceil(M / side);
    const r = Math.sqrt(u1);
    const lx0 = r * Math.cos(2 * Math.PI * u2);
    const ly0 = r * Math.sin(2 * Math.PI * u2);
    const lz0 = Math.sqrt(Math.max(0, 1 - u1));
    const dx = lx0 * t1x + ly0 * t2x + lz0 * nx;
    const dy = lx0 * t1y + ly0 * t2y + lz0 * ny;
    const dz = lx0 * t1z + ly0 * t2z + lz0 * nz;
    incoming(vw, ox, oy, oz, dx, dy, dz, -1);
    dR += eR / M;
    dG += eG / M;
    dB += eB / M;
  }
  // Glossy reflection of the room, the paper and the tool: GGX importance sampling.
  const gs = Math.max(1, Math.round(Math.sqrt(Gn)));
  const gt = Math.ceil(Gn / gs);
  for (let a = 0; a < Gn; a++) {
    const u1 = ((a % gs) + st.next()) / gs;
    const u2 = (Math.floor(a / gs) + st.next()) / gt;
    const cth = Math.sqrt((1 - u1) / (1 + (a2 - 1) * u1));
    const sth = Math.sqrt(Math.max(0, 1 - cth * cth));
    const ph = 2 * Math.PI * u2;
    const hx0 = sth * Math.cos(ph);
    const hy0 = sth * Math.sin(ph);
    const hx = hx0 * t1x + hy0 * t2x + cth * nx;
    const hy = hx0 * t1y + hy0 * t2y + cth * ny;
    const hz = hx0 * t1z + hy0 * t2z + cth * nz;
    const VH = vx * hx + vy * hy + vz * hz;
    if (VH <= 0) continue;
    const lx = 2 * VH * hx - vx;
    const ly = 2 * VH * hy - vy;
    const lz = 2 * VH * hz - vz;
    const NL = nx * lx + ny * ly + nz * lz;
    if (NL <= 0) continue;
    const w = (g1v * smithG1(a2, NL) * VH) / (NV * cth) / Gn;
    let misB = 0;
    if (em) {
      const dd = cth * cth * (a2 - 1) + 1;
      const pdfB = ((a2 / (Math.PI * dd * dd)) * cth) / (4 * VH);
      misB = (Gn * pdfB) / (em.samples * pdfL + Gn * pdfB);
    }
    incoming(vw, ox, oy, oz, lx, ly, lz, misB);
    spR += w * fres(m.f0[0], VH) * eR;
    spG += w * fres(m.f0[1], VH) * eG;
    spB += w * fres(m.f0[2], VH) * eB;
  }
  // Brushed metal: the streaks are in the reflection.
  const sm = m.kind === "satin" ? 1 + tex : 1;
  sR = kdR * dR + spR * sm;
  sG = kdG * dG + spG * sm;
  sB = kdB * dB + spB * sm;
}

// ---------------------------------------------------------------- the camera

export type RayDebug = {
  /** Share of each pixel's samples that hit the tool (row-major, width x height). */
  coverage: Float32Array;
  /** Linear radiance image before exposure (pi L units, RGB interleaved; empty unless asked for). */
  radiance: Float32Array;
  width: number;
  height: number;
  timings: { padMapS: number; raysS: number; postS: number; totalS: number; toolPixels: number; edgePixels: number };
};

let cvReady: Promise<void> | null = null;

function viewTruth(scene: Scene, cam: Camera, cause: "both" | "shadows" | "parallax") {
  // As render-3d.ts's renderView computes them.
  const seen = cause === "shadows" ? (p: P) => p : seenFn(cam.C);
  const silhouette = largestPolygon(polygonUnion(scene.tool.parts.flatMap((_, i) => polygonUnion(sweep(scene.slices[i], seen)))));
  const footprintOuter = largestPolygon(scene.footprint);
  if (!silhouette || !footprintOuter) throw new Error("degenerate tool");
  const light = scene.light;
  const castShadows = cause !== "parallax" && light.kind !== "none";
  let shadowMm: P[][] = [];
  if (castShadows && (light.kind === "hard" || light.kind === "soft")) shadowMm = castShadowMm(scene.tool, light);
  else if (castShadows && light.kind === "diffuse") shadowMm = offsetPaths(scene.footprint, 2 * scene.diffuseSigmaMm, 0.05);
  return { silhouette, footprintOuter, shadowMm };
}

/**
 * One view through the ray tracer, with debug buffers (coverage; the linear radiance image only when
 * `keepRadiance`) and timings.
 */
export async function renderRayView(
  rs: RayScene,
  opts: Render3dOptions,
  camSpec: CameraSpec | CameraName,
  viewKey: number,
  keepRadiance = false,
): Promise<{ photo: Render3dPhoto; debug: RayDebug }> {
  const tStart = performance.now();
  cvReady ??= loadOpenCv();
  await cvReady;
  const scene = rs.scene;
  const cause = rs.cause;
  // The same camera and sensor as render-3d.ts's renderView draws for this view.
  const { W, H, cam, blurPx, noiseSigma, jpegQuality } = viewDraws(scene, opts, camSpec, viewKey);
  // This renderer's own draws.
  const vr = createRng(opts.seed * 104729 + 1000 + viewKey);
  const vignette = vr.range(0, 0.12);
  const wb: RGB = [1 + vr.range(-0.02, 0.02), 1 + vr.range(-0.02, 0.02), 1 + vr.range(-0.02, 0.02)];
  const expoJitter = 1 + vr.range(-0.015, 0.015);
  const phR = vr.range(0.25, 0.45);
  const viewSeed = hash32(opts.seed * 977 + viewKey * 131 + 7);

  const truth = viewTruth(scene, cam, cause);
  const t0 = performance.now();
  const map = padIrradianceMap(rs);
  const padMapS = (performance.now() - t0) / 1000;

  // Sheet raster resolution: finer than the photo at the pad's closest point.
  let pxPerMm = 0;
  for (const [x, y] of [[0, 0], [FRAME_W_MM, 0], [FRAME_W_MM, FRAME_H_MM], [0, FRAME_H_MM], [FRAME_W_MM / 2, FRAME_H_MM / 2]] as P[]) {
    const a = applyHomography(cam.padToImage, [x, y]);
    const b = applyHomography(cam.padToImage, [x + 1, y]);
    const c = applyHomography(cam.padToImage, [x, y + 1]);
    pxPerMm = Math.max(pxPerMm, Math.sqrt(Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))));
  }
  const S = Math.min(16, Math.max(4, Math.ceil(pxPerMm * 1.5)));
  const T = rs.tool;
  const tc: V3 = [(T.bb[0] + T.bb[3]) / 2, (T.bb[1] + T.bb[4]) / 2, 0];
  const toCam = [cam.C[0] - tc[0], cam.C[1] - tc[1], cam.C[2] - tc[2]];
  const tl = Math.hypot(toCam[0], toCam[1], toCam[2]);
  const vw: View = {
    rs,
    map,
    sheet: sheetFor(rs, S),
    S,
    phDir: [toCam[0] / tl, toCam[1] / tl, toCam[2] / tl],
    phCos0: Math.cos(phR + 0.08),
    phCos1: Math.cos(phR),
    tableSeed: rs.texSeed + 777,
    padCx: tc[0],
    padCy: tc[1],
  };

  const tRays = performance.now();
  const { C, R, f } = cam;
  const out = new Float32Array(W * H * 3);
  const coverage = new Float32Array(W * H);
  // Screen rectangle of the tool's box (its footprint's box at z = 0 when seen straight down).
  const bb = T.bb;
  let rx0 = Infinity;
  let ry0 = Infinity;
  let rx1 = -Infinity;
  let ry1 = -Infinity;
  const topZ = bb[5];
  for (const x of [bb[0], bb[3]])
    for (const y of [bb[1], bb[4]])
      for (const z of cause === "shadows" ? [0] : [bb[2], bb[5]]) {
        const d = [x - C[0], y - C[1], z - C[2]];
        const cz = R[2][0] * d[0] + R[2][1] * d[1] + R[2][2] * d[2];
        const u = (f * (R[0][0] * d[0] + R[0][1] * d[1] + R[0][2] * d[2])) / cz + W / 2;
        const v = (f * (R[1][0] * d[0] + R[1][1] * d[1] + R[1][2] * d[2])) / cz + H / 2;
        rx0 = Math.min(rx0, u);
        rx1 = Math.max(rx1, u);
        ry0 = Math.min(ry0, v);
        ry1 = Math.max(ry1, v);
      }
  const qx0 = Math.max(0, Math.floor(rx0) - 2);
  const qy0 = Math.max(0, Math.floor(ry0) - 2);
  const qx1 = Math.min(W - 1, Math.ceil(rx1) + 2);
  const qy1 = Math.min(H - 1, Math.ceil(ry1) + 2);
  const qw = Math.max(0, qx1 - qx0 + 1);
  const qh = Math.max(0, qy1 - qy0 + 1);
  const qn = qw * qh;
  // Per pixel of the rectangle: class (0 pad, 1 + part, 255 mixed), up to two parts with counts and
  // the sample nearest the pixel centre of each.
  const cls = new Uint8Array(qn);
  const pA = new Int16Array(qn).fill(-1);
  const pB = new Int16Array(qn).fill(-1);
  const cA = new Float32Array(qn);
  const cB = new Float32Array(qn);
  const posA = new Float32Array(qn * 3);
  const posB = new Float32Array(qn * 3);

  const st = new Stream();
  let hx = 0;
  let hy = 0;
  let hz = 0;
  let hitK = -1;
  /** Cast one camera sample; returns true on a tool hit (hx, hy, hz, hitK) else the pad point in hx, hy. */
  const castSample = (u: number, v: number, tool: boolean): boolean => {
    const a = (u - W / 2) / f;
    const b = (v - H / 2) / f;
    let dx = a * R[0][0] + b * R[1][0] + R[2][0];
    let dy = a * R[0][1] + b * R[1][1] + R[2][1];
    let dz = a * R[0][2] + b * R[1][2] + R[2][2];
    const l = Math.hypot(dx, dy, dz);
    dx /= l;
    dy /= l;
    dz /= l;
    const tPad = dz < -1e-9 ? -C[2] / dz : 1e7;
    if (tool) {
      if (cause === "shadows") {
        const qx = C[0] + dx * tPad;
        const qy = C[1] + dy * tPad;
        const t = trace(T, qx, qy, topZ + 1, 0, 0, -1, 0, topZ + 1);
        if (t >= 0) {
          hx = qx;
          hy = qy;
          hz = topZ + 1 - t;
          hitK = tracePart;
          return true;
        }
      } else {
        const t = trace(T, C[0], C[1], C[2], dx, dy, dz, 0, tPad);
        if (t >= 0) {
          hx = C[0] + dx * t;
          hy = C[1] + dy * t;
          hz = C[2] + dz * t;
          hitK = tracePart;
          return true;
        }
      }
    }
    hx = C[0] + dx * tPad;
    hy = C[1] + dy * tPad;
    return false;
  };
  /** n x n stratified samples of pixel (i, j): pad average into `out`, tool statistics into the rect arrays. */
  const samplePixel = (i: number, j: number, n: number, tool: boolean) => {
    st.reset(viewSeed + n, j * W + i);
    let pr = 0;
    let pg = 0;
    let pb = 0;
    let np = 0;
    const q = tool ? (j - qy0) * qw + (i - qx0) : -1;
    let ka = -1;
    let kb = -1;
    let na = 0;
    let nb = 0;
    let da = Infinity;
    let db = Infinity;
    for (let b = 0; b < n; b++)
      for (let a = 0; a < n; a++) {
        const su = (a + st.next()) / n;
        const sv = (b + st.next()) / n;
        if (castSample(i + su, j + sv, tool)) {
          const dc = (su - 0.5) ** 2 + (sv - 0.5) ** 2;
          if (ka < 0 || hitK === ka) {
            ka = hitK;
            na++;
            if (dc < da) {
              da = dc;
              posA[q * 3] = hx;
              posA[q * 3 + 1] = hy;
              posA[q * 3 + 2] = hz;
            }
          } else if (kb < 0 || hitK === kb) {
            kb = hitK;
            nb++;
            if (dc < db) {
              db = dc;
              posB[q * 3] = hx;
              posB[q * 3 + 1] = hy;
              posB[q * 3 + 2] = hz;
            }
          } else na++;
        } else {
          padRadiance(vw, hx, hy);
          pr += sR;
          pg += sG;
          pb += sB;
          np++;
        }
      }
    const o = (j * W + i) * 3;
    out[o] = np ? pr / np : 0;
    out[o + 1] = np ? pg / np : 0;
    out[o + 2] = np ? pb / np : 0;
    const tot = n * n;
    coverage[j * W + i] = (na + nb) / tot;
    if (q >= 0) {
      pA[q] = ka;
      pB[q] = kb;
      cA[q] = na / tot;
      cB[q] = nb / tot;
      cls[q] = na + nb === 0 ? 0 : np === 0 && kb < 0 ? 1 + ka : 255;
    }
  };
  for (let j = 0; j < H; j++)
    for (let i = 0; i < W; i++) samplePixel(i, j, 2, i >= qx0 && i <= qx1 && j >= qy0 && j <= qy1);
  // Pixels on or next to an edge (tool/pad or part/part): 4x4 samples.
  const edge = new Uint8Array(qn);
  let edgePixels = 0;
  for (let y = 0; y < qh; y++)
    for (let x = 0; x < qw; x++) {
      const q = y * qw + x;
      let e = cls[q] === 255;
      for (let b = -1; b <= 1 && !e; b++)
        for (let a = -1; a <= 1 && !e; a++) {
          const xx = x + a;
          const yy = y + b;
          if (xx < 0 || yy < 0 || xx >= qw || yy >= qh) continue;
          if (cls[yy * qw + xx] !== cls[q]) e = true;
        }
      if (e) {
        edge[q] = 1;
        edgePixels++;
      }
    }
  for (let q = 0; q < qn; q++) if (edge[q]) samplePixel(qx0 + (q % qw), qy0 + Math.floor(q / qw), 4, true);
  // Shade the tool once per pixel and part (its sample nearest the pixel centre), blend by coverage.
  let toolPixels = 0;
  for (let q = 0; q < qn; q++) {
    const cov = cA[q] + cB[q];
    if (cov <= 0) continue;
    toolPixels++;
    const i = qx0 + (q % qw);
    const j = qy0 + Math.floor(q / qw);
    st.reset(viewSeed + 99, j * W + i);
    let tr = 0;
    let tg = 0;
    let tb = 0;
    for (let part = 0; part < 2; part++) {
      const k = part === 0 ? pA[q] : pB[q];
      const w = part === 0 ? cA[q] : cB[q];
      const pos = part === 0 ? posA : posB;
      if (k < 0 || w <= 0) continue;
      const px = pos[q * 3];
      const py = pos[q * 3 + 1];
      const pz = pos[q * 3 + 2];
      let vx = 0;
      let vy = 0;
      let vz = 1;
      if (cause !== "shadows") {
        vx = C[0] - px;
        vy = C[1] - py;
        vz = C[2] - pz;
        const l = Math.hypot(vx, vy, vz);
        vx /= l;
        vy /= l;
        vz /= l;
      }
      shadeTool(vw, k, px, py, pz, vx, vy, vz, st);
      tr += w * sR;
      tg += w * sG;
      tb += w * sB;
    }
    const o = (j * W + i) * 3;
    out[o] = out[o] * (1 - cov) + tr;
    out[o + 1] = out[o + 1] * (1 - cov) + tg;
    out[o + 2] = out[o + 2] * (1 - cov) + tb;
  }
  const raysS = (performance.now() - tRays) / 1000;

  // The camera: exposure (lit paper at exposureT), white balance, vignetting, lens blur, shot and
  // read noise in linear light, sRGB encoding, JPEG.
  const tPost = performance.now();
  const sc = scene;
  const paperLin = (lin8(sc.paper[0]) + lin8(sc.paper[1]) + lin8(sc.paper[2])) / 3;
  const L = rs.light;
  const em = L.emitter;
  const mixC = [0, 1, 2].map((c) => (em ? em.share * em.col[c] : 0) + L.roomShare * L.cRoom[c]);
  const litPaper = paperLin * ((mixC[0] + mixC[1] + mixC[2]) / 3);
  const target = srgbToLinear(Math.min(250, rs.exposureT * expoJitter) / 255);
  const gain = target / litPaper;
  const radiance = keepRadiance ? out.slice() : new Float32Array(0);
  const img = out;
  const rmax2 = (W / 2) ** 2 + (H / 2) ** 2;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const vf = gain * (1 - (vignette * ((x + 0.5 - W / 2) ** 2 + (y + 0.5 - H / 2) ** 2)) / rmax2);
      const o = (y * W + x) * 3;
      img[o] *= vf * wb[0];
      img[o + 1] *= vf * wb[1];
      img[o + 2] *= vf * wb[2];
    }
  if (blurPx > 0.05) {
    const cv = getCv();
    withMats((track) => {
      const m = track(new cv.Mat(H, W, cv.CV_32FC3));
      (m.data32F as Float32Array).set(img);
      cv.GaussianBlur(m, m, new cv.Size(0, 0), blurPx, blurPx, cv.BORDER_REPLICATE);
      img.set(m.data32F as Float32Array);
    });
  }
  // Noise: sigma^2 = k v + read^2 in linear light, k set so lit paper shows noiseSigma 8-bit levels.
  const encSlope = (v: number) => (1.055 / 2.4) * v ** (1 / 2.4 - 1);
  const sigPaper = noiseSigma / (255 * encSlope(target));
  const read = 0.1 * sigPaper;
  const kShot = (sigPaper * sigPaper - read * read) / target;
  const lut = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) {
    const v = i / 65535;
    lut[i] = Math.round(clamp(linearToSrgb(v), 0, 1) * 255);
  }
  const rgba = new Uint8Array(W * H * 4);
  const ns = new Stream();
  ns.reset(opts.seed * 31 + viewKey + 1, 424242);
  let spare = 0;
  let hasSpare = false;
  const gauss = () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    let u = ns.next();
    if (u < 1e-12) u = 1e-12;
    const v = ns.next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    hasSpare = true;
    return r * Math.cos(2 * Math.PI * v);
  };
  for (let k = 0, o = 0; k < W * H; k++, o += 4) {
    // Mostly luminance noise: phones suppress chroma noise.
    const common = gauss();
    for (let c = 0; c < 3; c++) {
      let v = img[k * 3 + c];
      v += (0.8 * common + 0.6 * gauss()) * Math.sqrt(kShot * (v > 0 ? v : 0) + read * read);
      rgba[o + c] = lut[v <= 0 ? 0 : v >= 1 ? 65535 : (v * 65535 + 0.5) | 0];
    }
    rgba[o + 3] = 255;
  }
  const jpeg = await new Bun.Image(encodeBmp({ width: W, height: H, data: rgba })).jpeg({ quality: jpegQuality }).bytes();
  const postS = (performance.now() - tPost) / 1000;
  const photo: Render3dPhoto = {
    jpeg,
    footprintMm: truth.footprintOuter,
    silhouetteMm: truth.silhouette,
    shadowMm: truth.shadowMm,
    heightMm: scene.heightMm,
    camera: { centreMm: cam.C, focalPx: cam.f, width: W, height: H, padToImage: cam.padToImage },
    toolKind: scene.tool.kind,
    finish: scene.finish,
    light: scene.light,
  };
  return {
    photo,
    debug: { coverage, radiance, width: W, height: H, timings: { padMapS, raysS, postS, totalS: (performance.now() - tStart) / 1000, toolPixels, edgePixels } },
  };
}

/** One ray-traced photo of a tool with thickness on the pad: the same scene and truth as renderPadPhoto3d. */
export async function renderPadPhotoRay(opts: Render3dOptions): Promise<Render3dPhoto> {
  const scene = buildScene(opts);
  const rs = buildRayScene(scene, { seed: opts.seed, cause: opts.cause, plainPaper: opts.plainPaper });
  const cam = opts.camera ?? "middle";
  return (await renderRayView(rs, opts, cam, viewKeyOf(cam))).photo;
}

/** The 5-photo protocol ("middle", corner0..3) ray traced; the paper's irradiance is shared by the views. */
export async function renderProtocolViewsRay(opts: Omit<Render3dOptions, "camera">): Promise<Render3dPhoto[]> {
  const scene = buildScene(opts);
  const rs = buildRayScene(scene, { seed: opts.seed, cause: opts.cause, plainPaper: opts.plainPaper });
  const out: Render3dPhoto[] = [];
  for (const cam of PROTOCOL_VIEWS) out.push((await renderRayView(rs, opts, cam, viewKeyOf(cam))).photo);
  return out;
}
