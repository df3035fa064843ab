import { detectMarkers, type MarkerCandidate } from "./detect-markers.ts";
import { applyHomography, fitHomography, type Mat3, type Pt } from "./homography.ts";
import { getCv, withMats } from "./opencv.ts";
import { FRAME_CORNERS_MM, MARKER_IDS, markerCornersMm } from "./pad-spec.ts";
import type { GreyImage } from "./raster.ts";
import { refineMarkerCorners } from "./refine-corners.ts";
import { VisionError } from "./vision-error.ts";

export type FoundMarker = { id: number; /** Full-image pixel coordinates (pixel centres at integers), TL, TR, BR, BL. */ corners: Pt[] };

/** Downscale a grey image by an integer-free factor with area averaging. */
export function resizeGrey(grey: GreyImage, width: number, height: number): GreyImage {
  if (width === grey.width && height === grey.height) return grey;
  const cv = getCv();
  return withMats((track) => {
    const s = track(new cv.Mat(grey.height, grey.width, cv.CV_8UC1));
    s.data.set(grey.data);
    const d = track(new cv.Mat());
    cv.resize(s, d, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    return { width, height, data: new Uint8Array(d.data) };
  });
}

/**
 * Detect markers on a reduced copy (long side ~`detectLongSide`), falling back to the given resolution
 * when some are missing (and at least `retryIfAtLeast` were found). Returns markers in the given
 * image's pixel coordinates (coarse corners).
 */
export function findMarkersCoarse(grey: GreyImage, detectLongSide = 1100, retryIfAtLeast = 0): MarkerCandidate[] {
  const long = Math.max(grey.width, grey.height);
  const f = Math.min(1, detectLongSide / long);
  let found: MarkerCandidate[] = [];
  if (f < 0.95) {
    const small = resizeGrey(grey, Math.round(grey.width * f), Math.round(grey.height * f));
    const sx = grey.width / small.width;
    const sy = grey.height / small.height;
    found = detectMarkers(small).map((m) => ({ ...m, corners: m.corners.map(([x, y]) => [(x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5] as Pt) }));
  }
  if (found.length < 4 && found.length >= retryIfAtLeast) {
    const full = detectMarkers(grey);
    if (full.length > found.length) found = full;
  }
  return found;
}

export function missingMarkersMessage(found: number[]): string {
  const missing = MARKER_IDS.filter((id) => !found.includes(id));
  // SPEC's capture message word for word, then which ids are missing (issue 6).
  return `Calibration markers not found. Please ensure all 4 corners are visible in the frame. Missing marker ids: ${missing.join(", ")}.`;
}

export type PadLocation = {
  markers: FoundMarker[];
  /** pad mm -> full-image continuous coordinates (pixel i spans [i, i+1)). */
  padToImage: Mat3;
  /** RMS reprojection error of the 16 corners, full-image px. */
  reprojectionPx: number;
  hamming: number[];
};

/**
 * Refine the coarse markers on `grey` (a decoded image at scale sx, sy of the full image), fit the
 * pad->image homography to all 16 corners and sanity-check it.
 */
export function locatePad(grey: GreyImage, coarse: MarkerCandidate[], sx: number, sy: number): PadLocation {
  const ids = coarse.map((m) => m.id);
  if (MARKER_IDS.some((id) => !ids.includes(id))) throw new VisionError(missingMarkersMessage(ids));
  const src: Pt[] = [];
  const dst: Pt[] = [];
  const markers: FoundMarker[] = [];
  for (const m of coarse) {
    const refined = refineMarkerCorners(grey, m.corners);
    const cs = refined?.corners ?? m.corners;
    // Decoded pixel -> full continuous coordinates.
    const full = cs.map(([x, y]) => [(x + 0.5) / sx, (y + 0.5) / sy] as Pt);
    markers.push({ id: m.id, corners: full.map(([x, y]) => [x - 0.5, y - 0.5] as Pt) });
    markerCornersMm(m.id).forEach((p, k) => {
      src.push(p);
      dst.push(full[k]);
    });
  }
  const padToImage = fitHomography(src, dst);
  let se = 0;
  let worst = 0;
  for (let i = 0; i < src.length; i++) {
    const p = applyHomography(padToImage, src[i]);
    const e = Math.hypot(p[0] - dst[i][0], p[1] - dst[i][1]);
    se += e * e;
    worst = Math.max(worst, e);
  }
  const rms = Math.sqrt(se / src.length);
  // Corners that do not fit one plane mean a misread marker or a badly bent sheet.
  const side = Math.hypot(dst[1][0] - dst[0][0], dst[1][1] - dst[0][1]);
  if (worst > Math.max(3, side * 0.08)) {
    throw new VisionError("The calibration markers could not be measured reliably. Lay the pad flat, make sure all 4 markers are fully visible and try again.");
  }
  // The frame corners must come out in the printed order (not mirrored).
  const fc = FRAME_CORNERS_MM.map((p) => applyHomography(padToImage, p));
  let area = 0;
  for (let i = 0, j = 3; i < 4; j = i++) area += fc[j][0] * fc[i][1] - fc[i][0] * fc[j][1];
  if (area <= 0) throw new VisionError("The calibration pad appears mirrored. Take the photo from the printed side of the pad.");
  return { markers: markers.sort((a, b) => a.id - b.id), padToImage, reprojectionPx: rms, hamming: coarse.map((m) => m.hamming) };
}
