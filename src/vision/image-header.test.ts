import { describe, expect, test } from "bun:test";
import { withExifOrientation } from "../../bench/synth/jpeg-exif.ts";
import { encodeJpeg } from "../../bench/synth/bmp-encode.ts";
import { encodePngRgb } from "./png-encode.ts";
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE, readImageHeader, sniffImageFormat } from "./image-header.ts";
import { VisionError } from "./vision-error.ts";

const img = (w: number, h: number) => ({ width: w, height: h, data: new Uint8Array(w * h * 4).fill(200) });

/** A structurally valid JPEG header claiming any size (no pixel data needed to test the limits). */
function fakeJpegHeader(w: number, h: number): Uint8Array {
  return new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 255, w >> 8, w & 255, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
}

describe("readImageHeader", () => {
  test("sniffs content, not names", async () => {
    const jpg = await encodeJpeg(img(40, 30));
    const png = encodePngRgb(img(40, 30));
    expect(sniffImageFormat(jpg)).toBe("jpeg");
    expect(sniffImageFormat(png)).toBe("png");
    expect(sniffImageFormat(new TextEncoder().encode("GIF89a...."))).toBeNull();
    expect(readImageHeader(jpg)).toMatchObject({ format: "jpeg", width: 40, height: 30, orientation: 1 });
    expect(readImageHeader(png)).toMatchObject({ format: "png", width: 40, height: 30 });
  });

  test("refuses non-images with the catalogue message", () => {
    for (const bytes of [new TextEncoder().encode("hello world"), new Uint8Array(0), new Uint8Array([0xff, 0xd8, 0xff, 0xd9])]) {
      expect(() => readImageHeader(bytes)).toThrow(new VisionError(NOT_AN_IMAGE_MESSAGE));
    }
  });

  test("reads EXIF orientation and swaps dimensions for 5..8", async () => {
    const jpg = await encodeJpeg(img(40, 30));
    expect(readImageHeader(withExifOrientation(jpg, 6))).toMatchObject({ orientation: 6, width: 30, height: 40, storedWidth: 40 });
    expect(readImageHeader(withExifOrientation(jpg, 3))).toMatchObject({ orientation: 3, width: 40, height: 30 });
  });

  test("limits are checked from the header, before decoding, and state the limit", () => {
    expect(() => readImageHeader(fakeJpegHeader(10000, 6000))).toThrow(/60\.0 megapixels\); the limit is 50 megapixels/);
    expect(readImageHeader(fakeJpegHeader(8000, 6000)).width).toBe(8000);
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(fakeJpegHeader(100, 100));
    expect(() => readImageHeader(big)).toThrow(/the limit is 25 MB/);
  });
});

/** APP1 Exif with orientation in IFD0 and FocalLengthIn35mmFilm (SHORT) + FocalLength (RATIONAL) in the Exif sub-IFD. */
function withExifFocal(jpeg: Uint8Array, opts: { bigEndian?: boolean; orientation?: number; focal35?: number; focalNum?: number; focalDen?: number }): Uint8Array {
  const be = !!opts.bigEndian;
  const bytes: number[] = [];
  const u16 = (v: number) => (be ? bytes.push((v >> 8) & 255, v & 255) : bytes.push(v & 255, (v >> 8) & 255));
  const u32 = (v: number) => (be ? bytes.push((v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255) : bytes.push(v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255));
  const entry = (tag: number, type: number, count: number, value: number, short = false) => {
    u16(tag);
    u16(type);
    u32(count);
    if (short) {
      u16(value);
      u16(0);
    } else u32(value);
  };
  bytes.push(...(be ? [0x4d, 0x4d, 0x00, 0x2a] : [0x49, 0x49, 0x2a, 0x00]));
  u32(8);
  // IFD0 at 8: 2 entries (12 bytes each) + next-IFD 0 -> Exif IFD at 8 + 2 + 24 + 4 = 38.
  u16(2);
  entry(0x0112, 3, 1, opts.orientation ?? 1, true);
  entry(0x8769, 4, 1, 38);
  u32(0);
  // Exif IFD at 38: 2 entries -> rational data at 38 + 2 + 24 + 4 = 68.
  const tags: [number, number, number, boolean][] = [];
  if (opts.focal35 !== undefined) tags.push([0xa405, 3, opts.focal35, true]);
  if (opts.focalNum !== undefined) tags.push([0x920a, 5, 38 + 2 + 12 * 2 + 4, false]);
  u16(2);
  for (let i = 0; i < 2; i++) {
    const t = tags[i];
    if (t) entry(t[0], t[1], 1, t[2], t[3]);
    else entry(0x9000, 7, 4, 0x30323230); // ExifVersion, ignored
  }
  u32(0);
  u32(opts.focalNum ?? 0);
  u32(opts.focalDen ?? 1);
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...bytes];
  const len = payload.length + 2;
  const seg = new Uint8Array([0xff, 0xe1, len >> 8, len & 255, ...payload]);
  const out = new Uint8Array(jpeg.length + seg.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(seg, 2);
  out.set(jpeg.subarray(2), 2 + seg.length);
  return out;
}

describe("EXIF focal length", () => {
  test("reads FocalLengthIn35mmFilm and FocalLength from the Exif sub-IFD, both byte orders", async () => {
    const jpg = await encodeJpeg(img(40, 30));
    for (const bigEndian of [false, true]) {
      const h = readImageHeader(withExifFocal(jpg, { bigEndian, orientation: 6, focal35: 26, focalNum: 5960, focalDen: 1000 }));
      expect(h).toMatchObject({ orientation: 6, width: 30, height: 40, focal35mm: 26, focalLengthMm: 5.96 });
    }
  });

  test("absent or zero (unknown) values leave the fields out", async () => {
    const jpg = await encodeJpeg(img(40, 30));
    const none = readImageHeader(jpg);
    expect("focal35mm" in none).toBe(false);
    expect("focalLengthMm" in none).toBe(false);
    const zero = readImageHeader(withExifFocal(jpg, { focal35: 0, focalNum: 0, focalDen: 0 }));
    expect(zero.focal35mm).toBeUndefined();
    expect(zero.focalLengthMm).toBeUndefined();
    const only35 = readImageHeader(withExifFocal(jpg, { focal35: 28 }));
    expect(only35).toMatchObject({ focal35mm: 28, orientation: 1 });
    expect(only35.focalLengthMm).toBeUndefined();
  });

  test("an XMP APP1 after the Exif one does not reset orientation or focal length", async () => {
    const jpg = withExifFocal(await encodeJpeg(img(40, 30)), { orientation: 8, focal35: 24 });
    const xmp = new TextEncoder().encode("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>");
    const seg = new Uint8Array([0xff, 0xe1, (xmp.length + 2) >> 8, (xmp.length + 2) & 255, ...xmp]);
    // Insert the XMP segment after SOI + the Exif segment.
    const exifLen = (jpg[4] << 8) | jpg[5];
    const at = 4 + exifLen;
    const out = new Uint8Array(jpg.length + seg.length);
    out.set(jpg.subarray(0, at), 0);
    out.set(seg, at);
    out.set(jpg.subarray(at), at + seg.length);
    expect(readImageHeader(out)).toMatchObject({ orientation: 8, focal35mm: 24, width: 30, height: 40 });
  });
});
