// Resampling shared by training-data export (ml/export-dataset.ts) and inference, so the network sees
// the same pixels in both: a rectified frame shrunk with exact area weights (box filter), and
// probabilities brought back with bilinear interpolation for sub-pixel boundaries.

type Taps = { start: Int32Array; count: Int32Array; weight: Float32Array; stride: number };

/**
 * Per-output-pixel source taps and area weights along one axis (pixel i spans [i, i+1)). The source
 * span [0, extent) (extent may be fractional or differ from the pixel count) maps onto [0, dstLen).
 */
function areaTaps(srcLen: number, dstLen: number, extent = srcLen): Taps {
  const scale = extent / dstLen;
  const stride = Math.ceil(scale) + 2;
  const start = new Int32Array(dstLen);
  const count = new Int32Array(dstLen);
  const weight = new Float32Array(dstLen * stride);
  for (let o = 0; o < dstLen; o++) {
    let a = o * scale;
    let b = (o + 1) * scale;
    if (scale < 1) {
      // Upsampling: a unit-wide box centred on the output pixel keeps weights sensible.
      const c = (o + 0.5) * scale;
      a = Math.max(0, c - 0.5);
      b = Math.min(extent, c + 0.5);
    }
    const i0 = Math.max(0, Math.floor(a));
    const i1 = Math.min(srcLen - 1, Math.ceil(b) - 1);
    let sum = 0;
    let n = 0;
    for (let i = i0; i <= i1; i++) {
      const w = Math.min(b, i + 1) - Math.max(a, i);
      if (w <= 0) continue;
      if (n === 0) start[o] = i;
      weight[o * stride + n] = w;
      sum += w;
      n++;
    }
    if (n === 0) {
      start[o] = Math.min(srcLen - 1, Math.max(0, Math.floor(a)));
      weight[o * stride] = 1;
      n = 1;
      sum = 1;
    }
    for (let k = 0; k < n; k++) weight[o * stride + k] /= sum;
    count[o] = n;
  }
  return { start, count, weight, stride };
}

/**
 * Area-resample the region [0, extentX) x [0, extentY) (source pixels; default the whole raster) of an
 * RGBA (or RGB) raster to `dw` x `dh`, returning planar float channels R, G, B (CHW, values 0-255).
 * Alpha is ignored.
 */
export function resampleToPlanarRgb(
  src: Uint8Array | Uint8ClampedArray,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
  channels: 3 | 4 = 4,
  extentX = sw,
  extentY = sh,
): Float32Array {
  const tx = areaTaps(sw, dw, extentX);
  const ty = areaTaps(sh, dh, extentY);
  // Horizontal pass into a planar buffer of sh rows x dw columns per channel.
  const tmp = new Float32Array(3 * sh * dw);
  const plane = sh * dw;
  for (let y = 0; y < sh; y++) {
    const row = y * sw * channels;
    for (let o = 0; o < dw; o++) {
      const s0 = tx.start[o];
      const n = tx.count[o];
      const wb = o * tx.stride;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < n; k++) {
        const w = tx.weight[wb + k];
        const p = row + (s0 + k) * channels;
        r += src[p] * w;
        g += src[p + 1] * w;
        b += src[p + 2] * w;
      }
      const q = y * dw + o;
      tmp[q] = r;
      tmp[plane + q] = g;
      tmp[2 * plane + q] = b;
    }
  }
  const out = new Float32Array(3 * dw * dh);
  const oplane = dw * dh;
  for (let o = 0; o < dh; o++) {
    const s0 = ty.start[o];
    const n = ty.count[o];
    const wb = o * ty.stride;
    for (let c = 0; c < 3; c++) {
      const tp = c * plane;
      const op = c * oplane + o * dw;
      for (let x = 0; x < dw; x++) {
        let v = 0;
        for (let k = 0; k < n; k++) v += tmp[tp + (s0 + k) * dw + x] * ty.weight[wb + k];
        out[op + x] = v;
      }
    }
  }
  return out;
}

/**
 * Bilinear resize of a single-channel float map, edges clamped. Output pixel centre x + 0.5 maps to
 * source coordinate (x + 0.5) * scaleX (default sw / dw: pixel centres aligned).
 */
export function resizeBilinear(src: Float32Array, sw: number, sh: number, dw: number, dh: number, scaleX = sw / dw, scaleY = sh / dh): Float32Array {
  const out = new Float32Array(dw * dh);
  const sx = scaleX;
  const sy = scaleY;
  const x0s = new Int32Array(dw);
  const fxs = new Float32Array(dw);
  for (let x = 0; x < dw; x++) {
    const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    x0s[x] = Math.min(sw - 2, Math.floor(fx));
    fxs[x] = fx - x0s[x];
    if (sw === 1) {
      x0s[x] = 0;
      fxs[x] = 0;
    }
  }
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    let y0 = Math.min(sh - 2, Math.floor(fy));
    if (sh === 1) y0 = 0;
    const ty = sh === 1 ? 0 : fy - y0;
    const r0 = y0 * sw;
    const r1 = sh === 1 ? r0 : r0 + sw;
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const x0 = x0s[x];
      const tx = fxs[x];
      const x1 = sw === 1 ? x0 : x0 + 1;
      const top = src[r0 + x0] + (src[r0 + x1] - src[r0 + x0]) * tx;
      const bot = src[r1 + x0] + (src[r1 + x1] - src[r1 + x0]) * tx;
      out[o + x] = top + (bot - top) * ty;
    }
  }
  return out;
}

/**
 * Where the pad frame lies in a rectified raster, in source pixels: the whole raster when it was
 * stretched over the frame (no scale given), else [0, 195.9 k) x [0, 259.4 k) for a raster at k px/mm
 * whose pixel u covers pad mm [u/k, (u+1)/k) (the trace pipeline's rectifyRegion convention).
 */
export function frameExtent(width: number, height: number, frameWmm: number, frameHmm: number, pxPerMm?: number): [number, number] {
  return pxPerMm ? [frameWmm * pxPerMm, frameHmm * pxPerMm] : [width, height];
}
