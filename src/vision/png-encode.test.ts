import { expect, test } from "bun:test";
import { encodePngRgb } from "./png-encode.ts";
import { decodePngToRgba } from "./png-raw.ts";

test("PNG round trip (own encoder, own decoder, and Bun's decoder)", async () => {
  const w = 37;
  const h = 23;
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    data[i * 4] = (i * 13) & 255;
    data[i * 4 + 1] = (i * 7) & 255;
    data[i * 4 + 2] = (i * 3) & 255;
    data[i * 4 + 3] = 255;
  }
  const png = encodePngRgb({ width: w, height: h, data });
  expect(Array.from(png.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(decodePngToRgba(png).data).toEqual(data);
  const meta = await new Bun.Image(png).metadata();
  expect([meta.width, meta.height, meta.format]).toEqual([w, h, "png"]);
  // Bun re-encodes at level 0 (stored blocks): exercise that decoder fast path too.
  const stored = await new Bun.Image(png).png({ compressionLevel: 0 }).bytes();
  expect(decodePngToRgba(stored).data).toEqual(data);
});
