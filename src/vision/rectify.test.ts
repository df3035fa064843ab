import { beforeAll, describe, expect, test } from "bun:test";
import { decodeImage } from "./decode-image.ts";
import { detectMarkers } from "./detect-markers.ts";
import { loadOpenCv } from "./opencv.ts";
import { FRAME_H_MM, FRAME_W_MM, MARKER_ORIGINS_MM } from "./pad-spec.ts";
import { rectifyRegion } from "./rectify.ts";
import { rgbaToGrey } from "./raster.ts";
import { smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

describe("rectifyRegion", () => {
  test("the rectified frame puts the markers at their pad coordinates", async () => {
    const photo = await smallPadPhoto({ seed: 41, tiltDeg: 10, exifOrientation: 6 });
    const dec = await decodeImage(photo.jpeg);
    const k = 4;
    const frame = rectifyRegion(dec.image, 4, photo.meta.padToImage, dec.scaleX, dec.scaleY, k, { x: 0, y: 0, w: FRAME_W_MM, h: FRAME_H_MM });
    expect(frame.width).toBe(Math.round(FRAME_W_MM * k));
    expect(frame.height).toBe(Math.round(FRAME_H_MM * k));
    // With a 5 mm margin so the corner markers are not cut by the raster edge.
    const m = 5;
    const r = rectifyRegion(dec.image, 4, photo.meta.padToImage, dec.scaleX, dec.scaleY, k, { x: -m, y: -m, w: FRAME_W_MM + 2 * m, h: FRAME_H_MM + 2 * m });
    const found = detectMarkers(rgbaToGrey({ width: r.width, height: r.height, data: r.data }), { windows: [15] });
    expect(found.map((m) => m.id)).toEqual([0, 1, 2, 3]);
    for (const mk of found) {
      const [ox, oy] = MARKER_ORIGINS_MM[mk.id];
      // TL corner of each marker: pixel u <-> mm (u + 0.5)/k; coarse corners are within ~1 px.
      expect(Math.abs((mk.corners[0][0] + 0.5) / k - m - ox)).toBeLessThan(0.5);
      expect(Math.abs((mk.corners[0][1] + 0.5) / k - m - oy)).toBeLessThan(0.5);
    }
  }, SLOW);
});
