import { FRAME_H_MM, FRAME_W_MM, MARKER_IDS, MARKER_ORIGINS_MM, MARKER_SIZE_MM } from "./pad-spec.ts";
import { homographyJacobian, singularValues2, type Mat3 } from "./homography.ts";
import { getCv, withMats } from "./opencv.ts";
import type { GreyImage } from "./raster.ts";
import { rectifyRegion } from "./rectify.ts";
import { VisionError } from "./vision-error.ts";

export const MAX_TILT_DEG = 20;
export const MIN_SHARPNESS = 100;
/** Scale at which sharpness is measured, so the figure does not depend on the photo's resolution. */
export const SHARPNESS_PX_PER_MM = 6;

/**
 * Effective camera tilt: the foreshortening of the pad at its centre. For a pinhole camera a plane
 * tilted by t is compressed by cos(t) along the tilt direction relative to across it, so
 * tilt = acos(s2/s1) of the local pad->image Jacobian. Independent of the (unknown) focal length.
 */
export function estimateTiltDeg(padToImage: Mat3): number {
  const [s1, s2] = singularValues2(homographyJacobian(padToImage, [FRAME_W_MM / 2, FRAME_H_MM / 2]));
  return (Math.acos(Math.min(1, s2 / s1)) * 180) / Math.PI;
}

/** Image px per pad mm at the pad centre (geometric mean of the two axes). */
export function padScaleAtCentre(padToImage: Mat3): number {
  const [s1, s2] = singularValues2(homographyJacobian(padToImage, [FRAME_W_MM / 2, FRAME_H_MM / 2]));
  return Math.sqrt(s1 * s2);
}

/**
 * Sharpness = variance of the Laplacian over the four markers, each rectified to 6 px/mm. Markers are
 * the one high-contrast pattern every photo contains, so the figure compares across photos and tools.
 */
export function measureSharpness(grey: GreyImage, padToImage: Mat3, sx: number, sy: number): number {
  const cv = getCv();
  let sum = 0;
  for (const id of MARKER_IDS) {
    const [ox, oy] = MARKER_ORIGINS_MM[id];
    const m = 1.5;
    const patch = rectifyRegion(grey, 1, padToImage, sx, sy, SHARPNESS_PX_PER_MM, { x: ox - m, y: oy - m, w: MARKER_SIZE_MM + 2 * m, h: MARKER_SIZE_MM + 2 * m });
    sum += withMats((track) => {
      const p = track(new cv.Mat(patch.height, patch.width, cv.CV_8UC1));
      p.data.set(patch.data);
      const lap = track(new cv.Mat());
      cv.Laplacian(p, lap, cv.CV_32F, 1, 1, 0, cv.BORDER_REPLICATE);
      const mean = track(new cv.Mat());
      const sd = track(new cv.Mat());
      cv.meanStdDev(lap, mean, sd);
      return sd.data64F[0] ** 2;
    });
  }
  return sum / MARKER_IDS.length;
}

/** The corner views of the multi-photo protocol look at the pad from ~25-35°; the markers still read there. */
export const MAX_VIEW_TILT_DEG = 45;

export function checkPhotoQuality(tiltDeg: number, sharpness: number, maxTiltDeg = MAX_TILT_DEG): void {
  if (tiltDeg > maxTiltDeg) {
    throw new VisionError(
      `The photo was taken at too steep an angle (about ${Math.round(tiltDeg)}°). Hold the camera straight above the pad (tilt at most 15°) and try again.`,
    );
  }
  if (sharpness < MIN_SHARPNESS) {
    throw new VisionError(
      `The photo is too blurry (sharpness ${Math.round(sharpness)}, needs at least ${MIN_SHARPNESS}). Hold the camera steady, let it focus on the pad and try again.`,
    );
  }
}
