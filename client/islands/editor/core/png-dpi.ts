import { MM_PER_INCH } from "./constants";

const SIGNATURE_BYTES = 8;
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Pixel size of a true-scale raster of a sheet at the given dpi. */
export function rasterSize(width_mm: number, depth_mm: number, dpi: number) {
  const pxPerMm = dpi / MM_PER_INCH;
  return { pxPerMm, width: Math.round(width_mm * pxPerMm), height: Math.round(depth_mm * pxPerMm) };
}

/**
 * Writes the dpi into a PNG (pHYs chunk, pixels per metre) so printing or importing it keeps the
 * true scale; canvas encoders leave it out. An existing pHYs chunk is replaced.
 */
export function withPngDpi(png: Uint8Array, dpi: number): Uint8Array<ArrayBuffer> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Uint8Array[] = [png.subarray(0, SIGNATURE_BYTES)];
  let offset = SIGNATURE_BYTES;
  while (offset + 8 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (type !== "pHYs") chunks.push(png.subarray(offset, end));
    if (type === "IHDR") chunks.push(physChunk(dpi));
    offset = end;
  }
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function physChunk(dpi: number): Uint8Array {
  const chunk = new Uint8Array(21);
  const view = new DataView(chunk.buffer);
  const perMetre = Math.round(dpi / 0.0254);
  view.setUint32(0, 9);
  chunk.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  view.setUint32(8, perMetre);
  view.setUint32(12, perMetre);
  chunk[16] = 1; // unit: metre
  view.setUint32(17, crc32(chunk.subarray(4, 17)));
  return chunk;
}
