import { inflateSync } from "node:zlib";
import type { RgbaImage } from "./raster.ts";

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Concatenate the data of zlib "stored" deflate blocks (what a level-0 PNG contains) without running
 * inflate; returns null when any block is compressed.
 */
function unstoreZlib(z: Uint8Array, expected: number): Uint8Array | null {
  if (z.length < 2 || (z[0] & 0x0f) !== 8) return null;
  const out = new Uint8Array(expected);
  let pos = 0;
  let off = 2;
  for (;;) {
    if (off + 5 > z.length) return null;
    const hdr = z[off];
    if ((hdr & 0x06) !== 0) return null; // not a stored block
    const len = z[off + 1] | (z[off + 2] << 8);
    const nlen = z[off + 3] | (z[off + 4] << 8);
    if ((len ^ 0xffff) !== nlen) return null;
    off += 5;
    if (off + len > z.length || pos + len > expected) return null;
    out.set(z.subarray(off, off + len), pos);
    pos += len;
    off += len;
    if (hdr & 1) break;
  }
  return pos === expected ? out : null;
}

/** Decode an 8-bit PNG (colour type 0, 2, 4 or 6, not interlaced) into RGBA. */
export function decodePngToRgba(png: Uint8Array): RgbaImage {
  const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let off = 8;
  let w = 0;
  let h = 0;
  let ct = -1;
  let interlace = 0;
  const idats: Uint8Array[] = [];
  let idatLen = 0;
  while (off + 8 <= png.length) {
    const len = dv.getUint32(off);
    const t = String.fromCharCode(png[off + 4], png[off + 5], png[off + 6], png[off + 7]);
    if (t === "IHDR") {
      w = dv.getUint32(off + 8);
      h = dv.getUint32(off + 12);
      if (png[off + 16] !== 8) throw new Error(`unsupported PNG bit depth ${png[off + 16]}`);
      ct = png[off + 17];
      interlace = png[off + 20];
    } else if (t === "IDAT") {
      idats.push(png.subarray(off + 8, off + 8 + len));
      idatLen += len;
    } else if (t === "IEND") break;
    off += 12 + len;
  }
  const channels = ct === 6 ? 4 : ct === 2 ? 3 : ct === 4 ? 2 : ct === 0 ? 1 : 0;
  if (!channels || interlace) throw new Error(`unsupported PNG layout (colour type ${ct}, interlace ${interlace})`);
  const stride = w * channels;
  const expected = (stride + 1) * h;
  const z = idats.length === 1 ? idats[0] : Buffer.concat(idats, idatLen);
  const raw = unstoreZlib(z, expected) ?? new Uint8Array(inflateSync(z));
  if (raw.length < expected) throw new Error("truncated PNG data");

  const out = new Uint8Array(w * h * 4);
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  for (let y = 0; y < h; y++) {
    const rowStart = y * (stride + 1);
    const f = raw[rowStart];
    const src = raw.subarray(rowStart + 1, rowStart + 1 + stride);
    if (f === 0) cur.set(src);
    else if (f === 1) for (let i = 0; i < stride; i++) cur[i] = (src[i] + (i >= channels ? cur[i - channels] : 0)) & 255;
    else if (f === 2) for (let i = 0; i < stride; i++) cur[i] = (src[i] + prev[i]) & 255;
    else if (f === 3) for (let i = 0; i < stride; i++) cur[i] = (src[i] + (((i >= channels ? cur[i - channels] : 0) + prev[i]) >> 1)) & 255;
    else if (f === 4)
      for (let i = 0; i < stride; i++)
        cur[i] = (src[i] + paeth(i >= channels ? cur[i - channels] : 0, prev[i], i >= channels ? prev[i - channels] : 0)) & 255;
    else throw new Error(`bad PNG filter ${f}`);
    const o = y * w * 4;
    if (channels === 4) out.set(cur, o);
    else if (channels === 3) for (let x = 0, i = 0, j = o; x < w; x++, i += 3, j += 4) { out[j] = cur[i]; out[j + 1] = cur[i + 1]; out[j + 2] = cur[i + 2]; out[j + 3] = 255; }
    else if (channels === 2) for (let x = 0, i = 0, j = o; x < w; x++, i += 2, j += 4) { out[j] = out[j + 1] = out[j + 2] = cur[i]; out[j + 3] = cur[i + 1]; }
    else for (let x = 0, j = o; x < w; x++, j += 4) { out[j] = out[j + 1] = out[j + 2] = cur[x]; out[j + 3] = 255; }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return { width: w, height: h, data: out };
}
