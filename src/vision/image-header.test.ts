import { describe, expect, test } from "bun:test";
import { withExifOrientation } from "../../bench/synth/jpeg-exif.ts";
import { encodeJpeg } from "./bmp-encode.ts";
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
