import { describe, expect, test } from "bun:test";
import { rasterSize, withPngDpi } from "./png-dpi";

const SIGNATURE_BYTES = 8;

/** Reads the dpi back from a PNG's pHYs chunk (null when absent). */
function readPngDpi(png: Uint8Array): number | null {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let offset = SIGNATURE_BYTES;
  while (offset + 8 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    if (type === "pHYs" && png[offset + 16] === 1) return Math.round(view.getUint32(offset + 8) * 0.0254);
    offset += 12 + length;
  }
  return null;
}

// The smallest valid PNG: 1 x 1 px, grey.
const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe("png dpi", () => {
  test("raster size at 150 dpi", () => {
    expect(rasterSize(304.8, 457.2, 150)).toEqual({ pxPerMm: 150 / 25.4, width: 1800, height: 2700 });
  });

  test("writes a pHYs chunk after IHDR and can replace it", () => {
    expect(readPngDpi(TINY_PNG)).toBeNull();
    const tagged = withPngDpi(TINY_PNG, 150);
    expect(tagged.length).toBe(TINY_PNG.length + 21);
    expect(readPngDpi(tagged)).toBe(150);
    expect(String.fromCharCode(...tagged.subarray(37, 41))).toBe("pHYs");
    const retagged = withPngDpi(tagged, 300);
    expect(retagged.length).toBe(tagged.length);
    expect(readPngDpi(retagged)).toBe(300);
  });

  test("the chunk CRC is valid (Bun can decode the result)", async () => {
    const tagged = withPngDpi(TINY_PNG, 150);
    // zlib's crc32 over type + data must match the stored CRC.
    const { crc32 } = await import("node:zlib");
    const stored = new DataView(tagged.buffer).getUint32(33 + 17);
    expect(crc32(tagged.subarray(37, 50))).toBe(stored);
  });
});
