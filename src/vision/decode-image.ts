import { MAX_IMAGE_PIXELS, NOT_AN_IMAGE_MESSAGE, readImageHeader, type ImageHeader } from "./image-header.ts";
import { decodePngToRgba } from "./png-raw.ts";
import type { RgbaImage } from "./raster.ts";
import { VisionError } from "./vision-error.ts";

export const TRUNCATED_MESSAGE = "The image is truncated or damaged. Please send the photo again.";

/**
 * Whether a JPEG runs to its end-of-image marker. libjpeg fills a cut-off photo with grey and only
 * warns, so without this check an interrupted upload came back as "markers missing". Data after
 * the EOI (a second MPF image, maker trailers) is allowed; zero padding at the end too.
 */
export function jpegIsComplete(b: Uint8Array): boolean {
  let end = b.length;
  while (end > 2 && b[end - 1] === 0x00) end--;
  if (b[end - 2] === 0xff && b[end - 1] === 0xd9) return true;
  let off = 2;
  while (off + 2 <= b.length) {
    if (b[off] !== 0xff) return false;
    const marker = b[off + 1]!;
    if (marker === 0xff) {
      off++;
      continue;
    }
    if (marker === 0xd9) return true;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      off += 2;
      continue;
    }
    if (off + 4 > b.length) return false;
    const length = (b[off + 2]! << 8) | b[off + 3]!;
    if (length < 2) return false;
    off += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data runs to the next marker that is neither a stuffed 0x00, a restart nor fill.
    for (;;) {
      const next = b.indexOf(0xff, off);
      if (next === -1 || next + 1 >= b.length) return false;
      const following = b[next + 1]!;
      if (following === 0x00 || following === 0xff || (following >= 0xd0 && following <= 0xd7)) {
        off = next + 1;
        continue;
      }
      off = next;
      break;
    }
  }
  return false;
}

export type DecodedImage = {
  image: RgbaImage;
  header: ImageHeader;
  /** decoded size / full (oriented) size, per axis. */
  scaleX: number;
  scaleY: number;
};

/**
 * Decode JPEG/PNG bytes to RGBA with EXIF orientation applied. `scale` < 1 decodes smaller: for JPEG at
 * <= 1/2 libjpeg-turbo scales inside the IDCT, which is much faster than a full decode.
 * Bun.Image is used because it is native, runs off the JS thread and is part of the runtime, so it also
 * works inside a `bun build --compile` binary (measured: 12 MP full ~115-300 ms, at 1/2 ~20-90 ms).
 */
export async function decodeImage(bytes: Uint8Array, opts: { scale?: number; header?: ImageHeader } = {}): Promise<DecodedImage> {
  const header = opts.header ?? readImageHeader(bytes);
  const scale = Math.min(1, opts.scale ?? 1);
  const tw = Math.max(1, Math.round(header.width * scale));
  const th = Math.max(1, Math.round(header.height * scale));
  if (header.format === "jpeg" && !jpegIsComplete(bytes)) throw new VisionError(TRUNCATED_MESSAGE);
  let png: Uint8Array;
  try {
    let img = new Bun.Image(bytes, { maxPixels: MAX_IMAGE_PIXELS, autoOrient: true });
    if (tw !== header.width || th !== header.height) img = img.resize(tw, th, { filter: "box" });
    png = await img.png({ compressionLevel: 0 }).bytes();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ERR_IMAGE_TOO_MANY_PIXELS") throw new VisionError("The image has too many pixels; the limit is 50 megapixels.");
    throw new VisionError(NOT_AN_IMAGE_MESSAGE);
  }
  const image = decodePngToRgba(png);
  return { image, header, scaleX: image.width / header.width, scaleY: image.height / header.height };
}
