import type { RgbaImage } from "../../src/vision/raster.ts";

/**
 * Wrap RGBA pixels in an uncompressed 32-bit BMP (BITMAPV4HEADER with bit masks, top-down). Bun.Image
 * reads BMP natively, so this is how raw pixels enter Bun's native JPEG/PNG encoders.
 */
export function encodeBmp(img: RgbaImage): Uint8Array {
  const { width: w, height: h } = img;
  const headerSize = 14 + 108;
  const dataSize = w * h * 4;
  const buf = new Uint8Array(headerSize + dataSize);
  const dv = new DataView(buf.buffer);
  buf[0] = 0x42;
  buf[1] = 0x4d;
  dv.setUint32(2, buf.length, true);
  dv.setUint32(10, headerSize, true);
  dv.setUint32(14, 108, true);
  dv.setInt32(18, w, true);
  dv.setInt32(22, -h, true); // negative height = top-down rows
  dv.setUint16(26, 1, true);
  dv.setUint16(28, 32, true);
  dv.setUint32(30, 3, true); // BI_BITFIELDS
  dv.setUint32(34, dataSize, true);
  dv.setUint32(54, 0x000000ff, true); // R mask: byte 0
  dv.setUint32(58, 0x0000ff00, true);
  dv.setUint32(62, 0x00ff0000, true);
  dv.setUint32(66, 0xff000000, true);
  dv.setUint32(70, 0x73524742, true); // 'sRGB'
  buf.set(img.data.subarray(0, dataSize), headerSize);
  return buf;
}

/** Encode RGBA as JPEG with Bun's native encoder (libjpeg-turbo). */
export async function encodeJpeg(img: RgbaImage, quality = 90): Promise<Uint8Array> {
  return await new Bun.Image(encodeBmp(img)).jpeg({ quality }).bytes();
}

/** Encode RGBA as PNG with Bun's native encoder. */
export async function encodePng(img: RgbaImage, compressionLevel = 3): Promise<Uint8Array> {
  return await new Bun.Image(encodeBmp(img)).png({ compressionLevel }).bytes();
}
