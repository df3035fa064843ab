import { beforeAll, describe, expect, test } from "bun:test";
import { decodeImage } from "./decode-image.ts";
import { applyHomography } from "./homography.ts";
import { findMarkersCoarse, locatePad, missingMarkersMessage } from "./locate-pad.ts";
import { loadOpenCv } from "./opencv.ts";
import { FRAME_CORNERS_MM } from "./pad-spec.ts";
import { rgbaToGrey } from "./raster.ts";
import { smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";
import { VisionError } from "./vision-error.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

describe("locatePad", () => {
  test("homography from the 16 refined corners matches the camera (< 0.05 mm at the frame corners)", async () => {
    const photo = await smallPadPhoto({ seed: 21, tiltDeg: 14 });
    const dec = await decodeImage(photo.jpeg);
    const grey = rgbaToGrey(dec.image);
    const loc = locatePad(grey, findMarkersCoarse(grey), dec.scaleX, dec.scaleY);
    expect(loc.markers.map((m) => m.id)).toEqual([0, 1, 2, 3]);
    expect(loc.reprojectionPx).toBeLessThan(0.3);
    for (const p of FRAME_CORNERS_MM) {
      const a = applyHomography(loc.padToImage, p);
      const b = applyHomography(photo.meta.padToImage, p);
      expect(Math.hypot(a[0] - b[0], a[1] - b[1]) / photo.meta.pxPerMm).toBeLessThan(0.05);
    }
  }, SLOW);

  test("missing markers are named", async () => {
    expect(missingMarkersMessage([0, 1])).toBe(
      "Calibration markers not found. Please ensure all 4 corners are visible in the frame. Missing marker ids: 2, 3.",
    );
    const photo = await smallPadPhoto({ seed: 22, hideMarkers: [1] });
    const dec = await decodeImage(photo.jpeg);
    const grey = rgbaToGrey(dec.image);
    const coarse = findMarkersCoarse(grey);
    expect(() => locatePad(grey, coarse, 1, 1)).toThrow(new VisionError(missingMarkersMessage([0, 2, 3])));
  }, SLOW);
});
