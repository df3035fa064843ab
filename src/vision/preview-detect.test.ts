import { beforeAll, describe, expect, test } from "bun:test";
import { applyHomography } from "./homography.ts";
import { loadOpenCv } from "./opencv.ts";
import { FRAME_CORNERS_MM } from "./pad-spec.ts";
import { detectPreview } from "./preview-detect.ts";
import { smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";
import { VisionError } from "./vision-error.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

beforeAll(() => loadOpenCv());

describe("detectPreview", () => {
  test("4 markers: frame corners projected and normalised", async () => {
    const photo = await smallPadPhoto({ seed: 61, width: 1280, height: 960, tiltDeg: 10, jpegQuality: 80 });
    const d = await detectPreview(photo.jpeg);
    expect(d.markers_detected).toBe(4);
    expect(d.markers.map((m) => m.id)).toEqual([0, 1, 2, 3]);
    expect(d.frame_corners_norm).toHaveLength(4);
    FRAME_CORNERS_MM.forEach((p, k) => {
      const [x, y] = applyHomography(photo.meta.padToImage, p);
      expect(Math.abs(d.frame_corners_norm![k][0] - x / 1280)).toBeLessThan(0.002);
      expect(Math.abs(d.frame_corners_norm![k][1] - y / 960)).toBeLessThan(0.002);
    });
  }, SLOW);

  test("fewer than 4 markers: count only, no frame", async () => {
    const photo = await smallPadPhoto({ seed: 62, width: 1280, height: 960, hideMarkers: [0] });
    const d = await detectPreview(photo.jpeg);
    expect(d.markers_detected).toBe(3);
    expect(d.frame_corners_norm).toBeNull();
  }, SLOW);

  test("a non-image is refused", async () => {
    await expect(detectPreview(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(VisionError);
  }, SLOW);
});
