// Test helper (not part of the public API): synthetic rectified pad frames with known tools.
import { rasterizeCoverage } from "../../../bench/synth/rasterize.ts";
import { FRAME_H_MM, FRAME_W_MM, GRID_STEP_MM } from "../../../src/vision/pad-spec.ts";
import type { RgbaImage } from "../../../src/vision/raster.ts";

type P = [number, number];

export type FrameTool = { polygonMm: P[]; rgb: [number, number, number]; shadow?: number };

/**
 * A rectified frame at k px/mm: paper with a lighting gradient, the grid, and tools with soft shadows.
 * `gridDepth`: how much a printed line darkens the paper (grey levels of 245; photos of the real pad
 * show ~12-18, a 5-7 % dip).
 */
/** The synthetic frame's lighting at a pad point (mm): a gentle gradient across the sheet. */
function frameLight(xm: number, ym: number): number {
  return 0.92 + 0.08 * (xm / FRAME_W_MM) - 0.05 * (ym / FRAME_H_MM);
}

/**
 * Paper-relative brightness of a syntheticFrame at k px/mm, as the segmenter sees it (here the
 * frame's own lighting is known), scaled by `gain`.
 */
export function frameLevel(img: RgbaImage, k: number, gain = 1): Float32Array {
  const W = img.width;
  const out = new Float32Array(W * img.height);
  for (let i = 0; i < out.length; i++) {
    const light = frameLight(((i % W) + 0.5) / k, (Math.floor(i / W) + 0.5) / k);
    out[i] = img.data[i * 4 + 1] / (245 * light * gain);
  }
  return out;
}

export function syntheticFrame(k: number, tools: FrameTool[], gridDepth = 40): RgbaImage {
  const W = Math.round(FRAME_W_MM * k);
  const H = Math.round(FRAME_H_MM * k);
  const data = new Uint8Array(W * H * 4);
  const covs = tools.map((t) => rasterizeCoverage([t.polygonMm.map(([x, y]) => [x * k, y * k] as P)], W, H));
  const shadows = tools.map((t) => {
    if (!t.shadow) return null;
    // Offset by 1.5 mm and blurred with a cheap box filter: soft and weak, like diffuse light.
    const c = rasterizeCoverage([t.polygonMm.map(([x, y]) => [(x + 1.5) * k, (y + 1.5) * k] as P)], W, H);
    const r = Math.round(2 * k);
    const tmp = new Float32Array(W * H);
    for (let y = 0; y < H; y++) {
      let s = 0;
      for (let x = -r; x < W + r; x++) {
        if (x + r < W) s += c[y * W + x + r];
        if (x - r - 1 >= 0) s -= c[y * W + x - r - 1];
        if (x >= 0 && x < W) tmp[y * W + x] = s / (2 * r + 1);
      }
    }
    const out = new Float32Array(W * H);
    for (let x = 0; x < W; x++) {
      let s = 0;
      for (let y = -r; y < H + r; y++) {
        if (y + r < H) s += tmp[(y + r) * W + x];
        if (y - r - 1 >= 0) s -= tmp[(y - r - 1) * W + x];
        if (y >= 0 && y < H) out[y * W + x] = (s / (2 * r + 1)) * t.shadow;
      }
    }
    return out;
  });
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const xm = (x + 0.5) / k;
      const ym = (y + 0.5) / k;
      const light = frameLight(xm, ym);
      const dx = Math.abs(xm - Math.round(xm / GRID_STEP_MM) * GRID_STEP_MM);
      const dy = Math.abs(ym - Math.round(ym / GRID_STEP_MM) * GRID_STEP_MM);
      const grid = Math.max(0, 1 - Math.max(0, Math.min(dx, dy) - 0.1) * k);
      let v = 245 - gridDepth * grid;
      for (const s of shadows) if (s) v *= 1 - s[i];
      let rgb: [number, number, number] = [v * light, v * light, v * light * 0.98];
      tools.forEach((t, j) => {
        const a = Math.min(1, covs[j][i]);
        if (a > 0) rgb = [rgb[0] * (1 - a) + t.rgb[0] * light * a, rgb[1] * (1 - a) + t.rgb[1] * light * a, rgb[2] * (1 - a) + t.rgb[2] * light * a];
      });
      const o = i * 4;
      data[o] = rgb[0];
      data[o + 1] = rgb[1];
      data[o + 2] = rgb[2];
      data[o + 3] = 255;
    }
  return { width: W, height: H, data };
}

/** A rounded-rectangle-ish polygon (a "tool") centred at (cx, cy) mm, rotated by `deg`. */
export function toolPolygon(cx: number, cy: number, w: number, h: number, deg: number): P[] {
  const r = Math.min(w, h) / 4;
  const pts: P[] = [];
  const corners: P[] = [
    [w / 2 - r, h / 2 - r],
    [-w / 2 + r, h / 2 - r],
    [-w / 2 + r, -h / 2 + r],
    [w / 2 - r, -h / 2 + r],
  ];
  corners.forEach(([ccx, ccy], q) => {
    for (let i = 0; i <= 16; i++) {
      const a = (q * Math.PI) / 2 + (i / 16) * (Math.PI / 2);
      pts.push([ccx + r * Math.cos(a), ccy + r * Math.sin(a)]);
    }
  });
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  return pts.map(([x, y]) => [cx + c * x - s * y, cy + s * x + c * y]);
}

/**
 * Grain on a part: every pixel of `poly` (mm) fully covered by it gets a smooth random brightness
 * swing of about ±`amplitude` (grey levels), blobs ~`blobMm` across, as satin or brushed steel shows.
 * Deterministic per `seed`. In place.
 */
export function addGrain(img: RgbaImage, k: number, poly: P[], amplitude: number, seed = 1, blobMm = 0.8): void {
  const { width: W, height: H, data } = img;
  const cov = rasterizeCoverage([poly.map(([x, y]) => [x * k, y * k] as P)], W, H);
  let s = seed >>> 0 || 1;
  const rand = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 4294967296) * 2 - 1;
  };
  // White noise on a coarse lattice, interpolated bilinearly: blobs of about blobMm.
  const cell = Math.max(1, blobMm * k);
  const gw = Math.ceil(W / cell) + 2;
  const gh = Math.ceil(H / cell) + 2;
  const lattice = Float32Array.from({ length: gw * gh }, rand);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (cov[i] < 0.99) continue;
      const gx = x / cell;
      const gy = y / cell;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      const fx = gx - x0;
      const fy = gy - y0;
      const at = (a: number, b: number) => lattice[b * gw + a];
      const n = at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy;
      for (let c = 0; c < 3; c++) data[i * 4 + c] = Math.max(0, Math.min(255, Math.round(data[i * 4 + c] + amplitude * n)));
    }
}

/**
 * Share of the pixels fully inside any of `polys` (mm, at k px/mm), or with `inside` false of those
 * outside all of them, that `mask` holds.
 */
export function polygonShare(mask: Uint8Array, polys: P[][], k: number, W: number, H: number, inside = true): number {
  const covs = polys.map((poly) => rasterizeCoverage([poly.map(([x, y]) => [x * k, y * k] as P)], W, H));
  let all = 0;
  let got = 0;
  for (let i = 0; i < W * H; i++)
    if (inside ? covs.some((c) => c[i] >= 0.99) : covs.every((c) => c[i] === 0)) {
      all++;
      if (mask[i]) got++;
    }
  return got / all;
}
