// Binary morphology with a true Euclidean disk, via exact distance transforms (Felzenszwalb &
// Huttenlocher): cost does not grow with the radius, and a disk treats every direction alike, so
// cleaning does not square off rounded tool ends the way a k x k box would.
import { maskBounds } from "../../../common/geometry/bounds.ts";

const INF = 1e20;

/** 1-D squared distance transform of f (in place into d); v/z are scratch buffers. */
function dt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
  }
}

/**
 * Squared Euclidean distance from every pixel to the nearest pixel where `isSeed` holds. Pixels
 * outside the image are never seeds.
 */
export function squaredDistanceTo(mask: Uint8Array, width: number, height: number, seedValue: boolean): Float64Array {
  const n = width * height;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (mask[i] > 0) === seedValue ? 0 : INF;
  const len = Math.max(width, height);
  const f = new Float64Array(len);
  const d = new Float64Array(len);
  const v = new Int32Array(len);
  const z = new Float64Array(len + 1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = out[y * width + x];
    dt1d(f, height, d, v, z);
    for (let y = 0; y < height; y++) out[y * width + x] = d[y];
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = out[row + x];
    dt1d(f, width, d, v, z);
    for (let x = 0; x < width; x++) out[row + x] = d[x];
  }
  return out;
}

/** Erode with a disk of radius r: keep foreground pixels farther than r from any background pixel. */
export function erodeDisk(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const d2 = squaredDistanceTo(mask, width, height, false);
  const out = new Uint8Array(width * height);
  const r2 = r * r;
  for (let i = 0; i < out.length; i++) out[i] = mask[i] > 0 && d2[i] > r2 ? 255 : 0;
  return out;
}

/** Dilate with a disk of radius r: every pixel within r of a foreground pixel. */
export function dilateDisk(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const d2 = squaredDistanceTo(mask, width, height, true);
  const out = new Uint8Array(width * height);
  const r2 = r * r;
  for (let i = 0; i < out.length; i++) out[i] = d2[i] <= r2 ? 255 : 0;
  return out;
}

/** Opening by a disk of radius r: what survives an erosion and the dilation back (drops stretches thinner than 2r). */
export function openDisk(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  return dilateDisk(erodeDisk(mask, width, height, r), width, height, r);
}

/**
 * Opening then closing with a disk of radius `radiusPx` (post_morph_px, the same reading as the trace
 * pipeline's closing: an OpenCV ellipse of 2r+1 px): opening drops specks and hairlines thinner than
 * the disk, closing fills pits and gaps narrower than it. Below 1 it is a no-op.
 */
export function openClose(mask: Uint8Array, width: number, height: number, radiusPx: number): Uint8Array {
  if (!(radiusPx >= 1)) return mask;
  const r = radiusPx;
  // Nothing can change farther than r from the foreground: work on its padded bounding box only.
  const bounds = maskBounds(mask, width, height);
  if (!bounds) return new Uint8Array(width * height);
  const { x0, y0, x1, y1 } = bounds;
  const pad = Math.ceil(r) + 2;
  // Keep the image border where it is: outside pixels must not count as background for erosion.
  const cx0 = x0 - pad <= 0 ? 0 : x0 - pad;
  const cy0 = y0 - pad <= 0 ? 0 : y0 - pad;
  const cx1 = x1 + pad >= width - 1 ? width - 1 : x1 + pad;
  const cy1 = y1 + pad >= height - 1 ? height - 1 : y1 + pad;
  const cw = cx1 - cx0 + 1;
  const ch = cy1 - cy0 + 1;
  const crop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) crop.set(mask.subarray((cy0 + y) * width + cx0, (cy0 + y) * width + cx0 + cw), y * cw);
  const opened = openDisk(crop, cw, ch, r);
  const cleaned = erodeDisk(dilateDisk(opened, cw, ch, r), cw, ch, r);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < ch; y++) out.set(cleaned.subarray(y * cw, (y + 1) * cw), (cy0 + y) * width + cx0);
  return out;
}

/**
 * 8-connected components of a 0/nonzero mask: a label per pixel (0 = background, 1.. in scan order)
 * and each label's pixel count (`size[0]` is 0).
 */
export function labelComponents(m: Uint8Array, width: number, height: number): { label: Int32Array; size: number[] } {
  const label = new Int32Array(m.length);
  const stack = new Int32Array(m.length);
  const size: number[] = [0];
  for (let s = 0; s < m.length; s++) {
    if (!m[s] || label[s]) continue;
    const id = size.length;
    let top = 0;
    let count = 0;
    stack[top++] = s;
    label[s] = id;
    while (top) {
      const p = stack[--top];
      count++;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (m[q] && !label[q]) {
            label[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    size.push(count);
  }
  return { label, size };
}
