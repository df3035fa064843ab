import { beforeAll, describe, expect, test } from "bun:test";
import { decodeImage } from "./decode-image.ts";
import { detectMarkers } from "./detect-markers.ts";
import { applyHomography } from "./homography.ts";
import { loadOpenCv } from "./opencv.ts";
import { markerCornersMm } from "./pad-spec.ts";
import { rgbaToGrey } from "./raster.ts";
import { smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

describe("detectMarkers", () => {
  test("finds ids 0-3 with corners in the marker's own TL, TR, BR, BL order, at any rotation", async () => {
    for (const rotationDeg of [3, 95, 181, 268]) {
      const photo = await smallPadPhoto({ seed: 11, rotationDeg, tiltDeg: 12 });
      const dec = await decodeImage(photo.jpeg);
      const found = detectMarkers(rgbaToGrey(dec.image));
      expect(found.map((m) => m.id)).toEqual([0, 1, 2, 3]);
      for (const m of found) {
        const truth = markerCornersMm(m.id).map((p) => applyHomography(photo.meta.padToImage, p));
        m.corners.forEach(([x, y], k) => {
          // coarse corners: within ~2 px of the truth (continuous = pixel + 0.5)
          expect(Math.hypot(x + 0.5 - truth[k][0], y + 0.5 - truth[k][1])).toBeLessThan(2.5);
        });
      }
    }
  }, SLOW);

  test("a covered marker is reported missing, the others still found", async () => {
    const photo = await smallPadPhoto({ seed: 12, hideMarkers: [2] });
    const found = detectMarkers(rgbaToGrey((await decodeImage(photo.jpeg)).image));
    expect(found.map((m) => m.id)).toEqual([0, 1, 3]);
  }, SLOW);

  test("no false positives on an empty grey image", () => {
    const g = { width: 400, height: 300, data: new Uint8Array(400 * 300).fill(128) };
    expect(detectMarkers(g)).toEqual([]);
  }, SLOW);
});
