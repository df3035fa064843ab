import { beforeAll, describe, expect, test } from "bun:test";
import { decodeImage } from "./decode-image.ts";
import { findMarkersCoarse, locatePad } from "./locate-pad.ts";
import { loadOpenCv } from "./opencv.ts";
import { checkPhotoQuality, estimateTiltDeg, MAX_TILT_DEG, measureSharpness, MIN_SHARPNESS } from "./photo-quality.ts";
import { rgbaToGrey } from "./raster.ts";
import { smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";
import { VisionError } from "./vision-error.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

async function measure(opts: Parameters<typeof smallPadPhoto>[0]) {
  const photo = await smallPadPhoto(opts);
  const dec = await decodeImage(photo.jpeg);
  const grey = rgbaToGrey(dec.image);
  const loc = locatePad(grey, findMarkersCoarse(grey), dec.scaleX, dec.scaleY);
  return { tilt: estimateTiltDeg(loc.padToImage), sharp: measureSharpness(grey, loc.padToImage, dec.scaleX, dec.scaleY), photo };
}

describe("photo quality", () => {
  test("tilt is estimated from the homography to within a degree", async () => {
    for (const tiltDeg of [0, 8, 15, 28]) {
      const { tilt } = await measure({ seed: 31, tiltDeg });
      expect(Math.abs(tilt - tiltDeg)).toBeLessThan(1.2);
    }
  }, SLOW);

  test("sharpness (variance of the Laplacian on the markers) drops with blur", async () => {
    const sharp = (await measure({ seed: 32, blurPx: 0.4 })).sharp;
    const blurry = (await measure({ seed: 32, blurPx: 1.6 })).sharp; // ~0.4 mm: accuracy suffers beyond ~0.25 mm
    expect(sharp).toBeGreaterThan(MIN_SHARPNESS * 2);
    expect(blurry).toBeLessThan(MIN_SHARPNESS);
  }, SLOW);

  test("checks give clear messages", () => {
    expect(() => checkPhotoQuality(MAX_TILT_DEG + 4, 500)).toThrow(VisionError);
    expect(() => checkPhotoQuality(MAX_TILT_DEG + 4, 500)).toThrow(/too steep an angle \(about 24°\).*at most 15°/);
    expect(() => checkPhotoQuality(5, 40)).toThrow(/too blurry \(sharpness 40, needs at least 100\)/);
    expect(() => checkPhotoQuality(5, 500)).not.toThrow();
  }, SLOW);
});
