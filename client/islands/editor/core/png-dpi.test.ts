import { describe, expect, test } from "bun:test";
import { rasterSize, readPngDpi, withPngDpi } from "./png-dpi";

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
