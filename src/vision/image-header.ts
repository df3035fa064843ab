import { VisionError } from "./vision-error.ts";

export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;

export const NOT_AN_IMAGE_MESSAGE = "The file is not a readable JPEG or PNG image.";

export type ImageFormat = "jpeg" | "png";

export type ImageHeader = {
  format: ImageFormat;
  /** Stored (sensor) dimensions, before EXIF orientation. */
  storedWidth: number;
  storedHeight: number;
  /** EXIF orientation 1..8 (1 when absent). */
  orientation: number;
  /** Dimensions as displayed, after EXIF orientation. */
  width: number;
  height: number;
  /** EXIF FocalLengthIn35mmFilm (0xA405), mm, when the camera wrote it: gives the field of view for calibration. */
  focal35mm?: number;
  /** EXIF FocalLength (0x920A), mm of the real lens; without the sensor size it does not give the field of view alone. */
  focalLengthMm?: number;
};

type ExifFields = { orientation: number; focal35mm?: number; focalLengthMm?: number };

export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && sig.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

/** Orientation (IFD0) and focal lengths (Exif sub-IFD) from an APP1 payload; null when it is not Exif (e.g. XMP). */
function readExif(b: Uint8Array, start: number, end: number): ExifFields | null {
  // APP1 payload: "Exif\0\0" then a TIFF header.
  if (end - start < 14) return null;
  if (!(b[start] === 0x45 && b[start + 1] === 0x78 && b[start + 2] === 0x69 && b[start + 3] === 0x66)) return null;
  const out: ExifFields = { orientation: 1 };
  const tiff = start + 6;
  const le = b[tiff] === 0x49 && b[tiff + 1] === 0x49;
  const be = b[tiff] === 0x4d && b[tiff + 1] === 0x4d;
  if (!le && !be) return out;
  const u16 = (o: number) => (le ? b[o] | (b[o + 1] << 8) : (b[o] << 8) | b[o + 1]);
  const u32 = (o: number) => (le ? (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) + b[o + 3] * 0x1000000 : b[o] * 0x1000000 + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]));
  /** Entries of the IFD at a TIFF offset, bounds-checked against the segment. */
  const entries = (ifdOffset: number): number[] => {
    const ifd = tiff + ifdOffset;
    if (ifd + 2 > end) return [];
    const n = u16(ifd);
    const list: number[] = [];
    for (let i = 0; i < n; i++) {
      const e = ifd + 2 + i * 12;
      if (e + 12 > end) break;
      list.push(e);
    }
    return list;
  };
  /** A SHORT/LONG/RATIONAL count-1 value; null for other types or out-of-segment data. */
  const numeric = (e: number): number | null => {
    const type = u16(e + 2);
    if (type === 3) return u16(e + 8);
    if (type === 4) return u32(e + 8);
    if (type === 5) {
      const at = tiff + u32(e + 8);
      if (at + 8 > end) return null;
      const den = u32(at + 4);
      return den ? u32(at) / den : null;
    }
    return null;
  };
  let exifIfd = 0;
  for (const e of entries(u32(tiff + 4))) {
    const tag = u16(e);
    if (tag === 0x0112) {
      const v = u16(e + 8);
      out.orientation = v >= 1 && v <= 8 ? v : 1;
    } else if (tag === 0x8769) exifIfd = u32(e + 8);
  }
  if (exifIfd)
    for (const e of entries(exifIfd)) {
      const tag = u16(e);
      // 0 means "unknown" for both tags in the Exif standard.
      if (tag === 0xa405) {
        const v = numeric(e);
        if (v && v > 0) out.focal35mm = v;
      } else if (tag === 0x920a) {
        const v = numeric(e);
        if (v && v > 0) out.focalLengthMm = +v.toFixed(3);
      }
    }
  return out;
}

function readJpegHeader(b: Uint8Array): Omit<ImageHeader, "format" | "width" | "height"> | null {
  let off = 2;
  let exif: ExifFields = { orientation: 1 };
  while (off + 4 <= b.length) {
    if (b[off] !== 0xff) return null;
    let marker = b[off + 1];
    // Fill bytes.
    while (marker === 0xff && off + 2 < b.length) {
      off++;
      marker = b[off + 1];
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      off += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // reached image data without a frame header
    const len = (b[off + 2] << 8) | b[off + 3];
    if (len < 2) return null;
    const segStart = off + 4;
    const segEnd = Math.min(b.length, off + 2 + len);
    // Only an Exif APP1 counts: an XMP APP1 after it must not reset the orientation.
    if (marker === 0xe1) exif = readExif(b, segStart, segEnd) ?? exif;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (segStart + 5 > b.length) return null;
      const h = (b[segStart + 1] << 8) | b[segStart + 2];
      const w = (b[segStart + 3] << 8) | b[segStart + 4];
      if (!w || !h) return null;
      return { storedWidth: w, storedHeight: h, ...exif };
    }
    off += 2 + len;
  }
  return null;
}

function readPngHeader(b: Uint8Array): Omit<ImageHeader, "format" | "width" | "height"> | null {
  if (b.length < 24) return null;
  if (!(b[12] === 0x49 && b[13] === 0x48 && b[14] === 0x44 && b[15] === 0x52)) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const w = dv.getUint32(16);
  const h = dv.getUint32(20);
  if (!w || !h) return null;
  return { storedWidth: w, storedHeight: h, orientation: 1 };
}

function fmtMb(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * Check the bytes are a JPEG or PNG (by content, not name) and within the size limits, reading the
 * dimensions from the header only, so oversized images are refused before any pixel is decoded.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new VisionError(`The image file is too large (${fmtMb(bytes.length)} MB); the limit is 25 MB.`);
  }
  const format = sniffImageFormat(bytes);
  if (!format) throw new VisionError(NOT_AN_IMAGE_MESSAGE);
  const h = format === "jpeg" ? readJpegHeader(bytes) : readPngHeader(bytes);
  if (!h) throw new VisionError(NOT_AN_IMAGE_MESSAGE);
  const pixels = h.storedWidth * h.storedHeight;
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new VisionError(
      `The image is too large (${h.storedWidth} x ${h.storedHeight}, ${(pixels / 1e6).toFixed(1)} megapixels); the limit is 50 megapixels.`,
    );
  }
  const swap = h.orientation >= 5;
  return { format, ...h, width: swap ? h.storedHeight : h.storedWidth, height: swap ? h.storedWidth : h.storedHeight };
}
