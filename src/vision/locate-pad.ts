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

/** The most a marker's sides may be measured inside (or outside) the printed ones (px) in the fit below. */
const MAX_MARKER_SHRINK_PX = 1.5;
/**
 * A fitted shrink smaller than this (px) is not told apart from the corners' own noise (0.02-0.06 px
 * RMS on sharp photos, 16 corners), so the plain fit stands: the painted bench's photos (no tone
 * curve) fit under 0.02 px and keep their exact homographies.
 */
const MIN_MARKER_SHRINK_PX = 0.05;

/**
 * Fit the pad -> image homography to the markers' corners (`src` in pad mm, `dst` in px, four per
 * marker in order) together with one shrink common to every marker's sides: how far inside the
 * printed ones (px; negative: outside) the sides were measured. Why: a camera's JPEG is gamma-encoded
 * (sRGB), and on a blurred black-on-white step the sub-pixel edge (refine-corners.ts) lands on the
 * dark side by a few tenths of a pixel, all round every marker (a printer's ink spread works the
 * other way). No homography absorbs four markers each shrinking about its own centre, so left
 * unfitted the shrink is most of the marker-fit residual: 0.33-0.56 px on the ray-traced bench's
 * photos, 0.07 px with it fitted (session 26). That residual is what the five-photo carve grows every
 * silhouette by and what `accuracy_mm` reads; inflated, it grew every outline by 0.2-0.3 mm more than
 * calibration warrants. The shrink leaves the markers' centres, and so the homography, where they
 * were (within 0.04 px of the true one either way). Returns the homography, the shrink and each
 * corner's distance from where the fit puts it.
 */
export function fitPadHomography(src: Pt[], dst: Pt[]): { padToImage: Mat3; shrinkPx: number; errors: number[] } {
  // Where a corner moves when both sides through it move 1 px inward along their normals: the
  // solution d of n_a . d = 1, n_b . d = 1 with n_a, n_b the two sides' inward unit normals.
  const unit: Pt[] = dst.map((c, i) => {
    const base = i - (i % 4);
    const quad = dst.slice(base, base + 4);
    const mx = (quad[0][0] + quad[1][0] + quad[2][0] + quad[3][0]) / 4;
    const my = (quad[0][1] + quad[1][1] + quad[2][1] + quad[3][1]) / 4;
    const inward = (p: Pt, q: Pt): Pt => {
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      const n: Pt = [-(q[1] - p[1]) / len, (q[0] - p[0]) / len];
      return n[0] * (mx - p[0]) + n[1] * (my - p[1]) >= 0 ? n : [-n[0], -n[1]];
    };
    const k = i - base;
    const na = inward(quad[(k + 3) % 4], c);
    const nb = inward(c, quad[(k + 1) % 4]);
    const det = na[0] * nb[1] - na[1] * nb[0];
    if (Math.abs(det) < 1e-6) return [0, 0];
    return [(nb[1] - na[1]) / det, (na[0] - nb[0]) / det];
  });
  const corrected = (d: number) => dst.map((p, j) => [p[0] - unit[j][0] * d, p[1] - unit[j][1] * d] as Pt);
  const plain = fitHomography(src, dst);
  let shrink = 0;
  let h = plain;
  for (let iter = 0; iter < 6; iter++) {
    // With h fixed, the shrink that best explains what h leaves: min over d of sum |h(src) - dst + d u|^2.
    let num = 0;
    let den = 0;
    for (let i = 0; i < src.length; i++) {
      const q = applyHomography(h, src[i]);
      num -= (q[0] - dst[i][0]) * unit[i][0] + (q[1] - dst[i][1]) * unit[i][1];
      den += unit[i][0] ** 2 + unit[i][1] ** 2;
    }
    const next = den > 0 ? Math.max(-MAX_MARKER_SHRINK_PX, Math.min(MAX_MARKER_SHRINK_PX, num / den)) : 0;
    const done = Math.abs(next - shrink) < 1e-4;
    shrink = next;
    h = fitHomography(src, corrected(shrink));
    if (done) break;
  }
  if (Math.abs(shrink) < MIN_MARKER_SHRINK_PX) {
    shrink = 0;
    h = plain;
  }
  const target = corrected(shrink);
  const errors = src.map((p, i) => {
    const q = applyHomography(h, p);
    return Math.hypot(q[0] - target[i][0], q[1] - target[i][1]);
  });
  return { padToImage: h, shrinkPx: shrink, errors };
}

export type PadLocation = {
  markers: FoundMarker[];
  /** pad mm -> full-image continuous coordinates (pixel i spans [i, i+1)). */
  padToImage: Mat3;
  /** RMS reprojection error of the 16 corners, full-image px, after the markers' common shrink is fitted. */
  reprojectionPx: number;
  /** How far inside the printed ones the markers' sides were measured, full-image px (fitPadHomography; 0 under 0.05 px). */
  markerShrinkPx: number;
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
  const { padToImage, shrinkPx, errors } = fitPadHomography(src, dst);
  let se = 0;
  let worst = 0;
  for (const e of errors) {
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
  return { markers: markers.sort((a, b) => a.id - b.id), padToImage, reprojectionPx: rms, markerShrinkPx: shrinkPx, hamming: coarse.map((m) => m.hamming) };
}
