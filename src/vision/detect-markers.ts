import { identifyCode } from "./aruco-dictionary.ts";
import { applyHomography, homographyFrom4, type Pt } from "./homography.ts";
import { getCv, withMats } from "./opencv.ts";
import { sampleBilinear, type GreyImage } from "./raster.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";

export type MarkerCandidate = {
  id: number;
  /** TL, TR, BR, BL in the marker's own frame; image pixel coordinates (pixel centres at integers). */
  corners: Pt[];
  /** Bit errors corrected when identifying (0 or 1). */
  hamming: number;
  perimeter: number;
};



/** Split 36 cell means into dark/bright with Otsu's criterion; returns the threshold. */
function otsu(values: number[]): { threshold: number; separation: number } {
  const v = values.slice().sort((a, b) => a - b);
  const n = v.length;
  const total = v.reduce((a, b) => a + b, 0);
  let best = -1;
  let thr = (v[0] + v[n - 1]) / 2;
  let sumLo = 0;
  for (let k = 1; k < n; k++) {
    sumLo += v[k - 1];
    const mLo = sumLo / k;
    const mHi = (total - sumLo) / (n - k);
    const between = k * (n - k) * (mHi - mLo) ** 2;
    if (between > best) {
      best = between;
      thr = (v[k - 1] + v[k]) / 2;
    }
  }
  return { threshold: thr, separation: v[n - 1] - v[0] };
}

const UNIT_SQUARE: Pt[] = [
  [0, 0],
  [6, 0],
  [6, 6],
  [0, 6],
];

/** Read the 6x6 cell grid of a quad (corners clockwise on screen) and identify it. */
export function readMarker(grey: GreyImage, quad: Pt[]): { id: number; rotation: number; distance: number } | null {
  const H = homographyFrom4(UNIT_SQUARE, quad);
  if (!H) return null;
  // Cheap rejection first (one sample per cell): grid squares and blank paper have no contrast.
  let lo = 255;
  let hi = 0;
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 6; c++) {
      const [x, y] = applyHomography(H, [c + 0.5, r + 0.5]);
      const v = sampleBilinear(grey, x, y);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (hi - lo < 30) return null;
  const means: number[] = [];
  const offs = [-0.22, 0, 0.22];
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 6; c++) {
      let s = 0;
      for (const dv of offs)
        for (const du of offs) {
          const [x, y] = applyHomography(H, [c + 0.5 + du, r + 0.5 + dv]);
          s += sampleBilinear(grey, x, y);
        }
      means.push(s / 9);
    }
  const { threshold, separation } = otsu(means);
  if (separation < 30) return null;
  let borderWhite = 0;
  let code = 0;
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 6; c++) {
      const white = means[r * 6 + c] > threshold ? 1 : 0;
      if (r === 0 || r === 5 || c === 0 || c === 5) borderWhite += white;
      else code = (code << 1) | white;
    }
  if (borderWhite > 2) return null;
  return identifyCode(code);
}

export type DetectOptions = {
  /** Adaptive-threshold window sizes (odd, px). Default derived from the image size. */
  windows?: number[];
  /** Only report these ids (default 0..3). */
  ids?: number[];
};

/**
 * Find DICT_4X4_50 markers. opencv.js 4.12 ships without the aruco/objdetect marker detector, so this
 * follows the same recipe: adaptive threshold -> contours -> convex quads -> read the 6x6 bit grid ->
 * match the dictionary with up to 1 corrected bit. Corners are coarse (contour-level); refine them
 * with refineMarkerCorners.
 */
export function detectMarkers(grey: GreyImage, opts: DetectOptions = {}): MarkerCandidate[] {
  const cv = getCv();
  const { width: w, height: h } = grey;
  const longSide = Math.max(w, h);
  const odd = (v: number) => Math.max(3, Math.round(v) | 1);
  const windows = opts.windows ?? [odd(longSide / 90), odd(longSide / 35)];
  const wanted = new Set(opts.ids ?? [0, 1, 2, 3]);
  const minPerimeter = Math.max(40, longSide * 0.025);
  const maxPerimeter = longSide * 1.2;
  const best = new Map<number, MarkerCandidate>();

  withMats((track) => {
    const src = track(new cv.Mat(h, w, cv.CV_8UC1));
    src.data.set(grey.data);
    const bin = track(new cv.Mat());
    const approx = track(new cv.Mat());
    for (const win of windows) {
      cv.adaptiveThreshold(src, bin, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, win, 7);
      const contours = track(new cv.MatVector());
      const hierarchy = track(new cv.Mat());
      cv.findContours(bin, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
      const n = contours.size();
      for (let i = 0; i < n; i++) {
        const c = contours.get(i);
        try {
          if (c.rows < 4) continue;
          const per = cv.arcLength(c, true);
          if (per < minPerimeter || per > maxPerimeter) continue;
          cv.approxPolyDP(c, approx, per * 0.05, true);
          if (approx.rows !== 4 || !cv.isContourConvex(approx)) continue;
          const d = approx.data32S;
          let quad: Pt[] = [
            [d[0], d[1]],
            [d[2], d[3]],
            [d[4], d[5]],
            [d[6], d[7]],
          ];
          // Reject slivers and quads touching the image border.
          let minSide = Infinity;
          for (let k = 0; k < 4; k++) minSide = Math.min(minSide, Math.hypot(quad[k][0] - quad[(k + 1) % 4][0], quad[k][1] - quad[(k + 1) % 4][1]));
          if (minSide < per * 0.12) continue;
          if (quad.some(([x, y]) => x < 2 || y < 2 || x > w - 3 || y > h - 3)) continue;
          if (signedPolygonArea(quad) < 0) quad = [quad[0], quad[3], quad[2], quad[1]];
          const m = readMarker(grey, quad);
          if (!m || !wanted.has(m.id)) continue;
          // read grid = marker rotated `rotation` times anticlockwise, so read corner k is marker corner k + r.
          const corners: Pt[] = [0, 1, 2, 3].map((k) => quad[(k - m.rotation + 4) % 4]);
          const prev = best.get(m.id);
          if (!prev || m.distance < prev.hamming || (m.distance === prev.hamming && per > prev.perimeter))
            best.set(m.id, { id: m.id, corners, hamming: m.distance, perimeter: per });
        } finally {
          c.delete();
        }
      }
    }
  });
  return [...best.values()].sort((a, b) => a.id - b.id);
}
