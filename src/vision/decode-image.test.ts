import { describe, expect, test } from "bun:test";
import { withExifOrientation } from "../../bench/synth/jpeg-exif.ts";
import { encodeJpeg } from "../../bench/synth/bmp-encode.ts";
import { decodeImage, jpegIsComplete } from "./decode-image.ts";
import { encodePngRgb } from "./png-encode.ts";
import { VisionError } from "./vision-error.ts";

/** 80 x 40 white image with a red 10 x 10 block in the top-left corner. */
function marked() {
  const w = 80;
  const h = 40;
  const data = new Uint8Array(w * h * 4).fill(255);
  for (let y = 0; y < 10; y++)
    for (let x = 0; x < 10; x++) {
      const o = (y * w + x) * 4;
      data[o + 1] = 0;
      data[o + 2] = 0;
    }
  return { width: w, height: h, data };
}

function redCentre(img: { width: number; height: number; data: Uint8Array }): [number, number] {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const o = (y * img.width + x) * 4;
      if (img.data[o] > 180 && img.data[o + 1] < 90) {
        sx += x;
        sy += y;
        n++;
      }
    }
  return [sx / n, sy / n];
}

describe("decodeImage", () => {
  test("JPEG and PNG decode to RGBA", async () => {
    const jpg = await decodeImage(await encodeJpeg(marked(), 95));
    expect([jpg.image.width, jpg.image.height]).toEqual([80, 40]);
    expect(jpg.image.data.length).toBe(80 * 40 * 4);
    const png = await decodeImage(encodePngRgb(marked()));
    expect(png.image.data[0]).toBe(255);
    expect(png.image.data[1]).toBe(0);
  });

  test("honours EXIF orientation", async () => {
    const base = await encodeJpeg(marked(), 95);
    const r6 = await decodeImage(withExifOrientation(base, 6)); // rotate 90° clockwise to display
    expect([r6.image.width, r6.image.height]).toEqual([40, 80]);
    const [x6, y6] = redCentre(r6.image);
    expect(x6).toBeGreaterThan(30);
    expect(y6).toBeLessThan(10);
    const r3 = await decodeImage(withExifOrientation(base, 3));
    const [x3, y3] = redCentre(r3.image);
    expect(x3).toBeGreaterThan(70);
    expect(y3).toBeGreaterThan(30);
  });

  test("decodes reduced when asked", async () => {
    const d = await decodeImage(await encodeJpeg(marked(), 95), { scale: 0.5 });
    expect([d.image.width, d.image.height]).toEqual([40, 20]);
    expect(d.scaleX).toBe(0.5);
  });

  test("corrupt data behind a valid signature is a user-facing error", async () => {
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0, 40, 0, 80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xda, 0, 2, 1, 2, 3]);
    await expect(decodeImage(broken)).rejects.toBeInstanceOf(VisionError);
  });
});

describe("truncated photos", () => {
  /** A busy 800 x 600 JPEG, so the cut lands in the middle of the entropy-coded data. */
  async function busyJpeg() {
    const w = 800;
    const h = 600;
    const data = new Uint8Array(w * h * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37) & 255;
    return encodeJpeg({ width: w, height: h, data }, 90);
  }

  test("a JPEG cut off anywhere after its header says it is truncated or damaged", async () => {
    const jpg = await busyJpeg();
    for (const fraction of [0.2, 0.6, 0.99]) {
      const cut = jpg.slice(0, Math.floor(jpg.length * fraction));
      expect(jpegIsComplete(cut)).toBe(false);
      const error = await decodeImage(cut).catch((caught) => caught);
      expect(error, String(fraction)).toBeInstanceOf(VisionError);
      expect((error as Error).message).toMatch(/truncated or damaged/);
    }
  });

  test("a whole JPEG, with zero padding or data after its end marker, is complete", async () => {
    const jpg = await busyJpeg();
    expect(jpegIsComplete(jpg)).toBe(true);
    expect(jpegIsComplete(new Uint8Array([...jpg, 0, 0, 0]))).toBe(true);
    expect(jpegIsComplete(new Uint8Array([...jpg, 0x4d, 0x50, 0x46, 0x00, 0x01]))).toBe(true);
    expect((await decodeImage(jpg)).image.width).toBe(800);
  });
});
