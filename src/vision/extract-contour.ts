import { largestPolygon, polygonUnion } from "./clipper-ops.ts";
import type { Pt } from "./homography.ts";
import { getCv, withMats } from "./opencv.ts";
import { FRAME_H_MM, FRAME_W_MM } from "./pad-spec.ts";
import { polygonArea, signedPolygonArea } from "../../common/geometry/polygon.ts";
import type { RgbaImage } from "./raster.ts";
import { LINEAR_8BIT } from "./srgb.ts";
import { VisionError } from "./vision-error.ts";

export const NO_TOOL_MESSAGE = "No tool found on the pad.";

export function fmtMm(v: number): string {
  return Number.isInteger(v) ? String(v) : String(+v.toFixed(1));
}

export function touchesEdgeMessage(insetMm: number): string {
  return `The tool touches the edge of the scanning area (inset ${fmtMm(insetMm)} mm); move it 10–20 mm inside the frame.`;
}

function fmtArea(v: number): string {
  return String(Math.round(v));
}

export type ContourOptions = {
  pxPerMm: number;
  insetMm: number;
  minAreaMm2: number;
  maxAreaMm2: number;
  /** The edge image's edges were blurred in linear light (a camera's photo): snapToEdges, linearLight. */
  edgesInLinearLight?: boolean;
};

export type ToolContour = { pointsMm: Pt[]; areaMm2: number; diagnostics: Record<string, unknown> };

/** Bilinear sample of the pixels' values through `lut` (each pixel mapped before they are mixed). */
function sampleRgb(img: RgbaImage, x: number, y: number, lut: Float64Array, out: Float64Array): void {
  const { width: w, height: h, data } = img;
  x = Math.max(0, Math.min(w - 1, x));
  y = Math.max(0, Math.min(h - 1, y));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const a = (y0 * w + x0) * 4;
  const b = (y0 * w + x1) * 4;
  const c = (y1 * w + x0) * 4;
  const d = (y1 * w + x1) * 4;
  for (let ch = 0; ch < 3; ch++)
    out[ch] = (lut[data[a + ch]] * (1 - fx) + lut[data[b + ch]] * fx) * (1 - fy) + (lut[data[c + ch]] * (1 - fx) + lut[data[d + ch]] * fx) * fy;
}

const ENCODED_8BIT = Float64Array.from({ length: 256 }, (_, v) => v);

/**
 * Move each boundary pixel of the mask onto the colour edge along its normal, with sub-pixel
 * precision (centroid of the colour-derivative peak nearest to the pixel boundary). Offsets are
 * median-filtered along the contour so isolated texture edges cannot pull single points away.
 *
 * `linearLight`: the image's edges were blurred in linear light and then encoded sRGB, as a camera
 * makes them (its optics and sensor integrate light; the curve comes after). Read on the encoded
 * values, such an edge's derivative is skewed toward the dark side, and a black part came out up to
 * half a pixel small (0.1 mm at the working 5 px/mm); read in linear light it is symmetric again.
 * An image blurred as 8-bit values (drawn, or the carve's own mask image) is read as it is: in linear
 * light its black part would come out that much large. Which one a photo is, its printed markers say
 * (locate-pad.ts, the markers' shrink; trace-pipeline.ts, edgesInLinearLight).
 */
export function snapToEdges(pts: Pt[], img: RgbaImage, rangePx = 3, linearLight = false): Pt[] {
  const n = pts.length;
  if (n < 8) return pts.map(([x, y]) => [x, y] as Pt);
  const orient = Math.sign(signedPolygonArea(pts)) || 1;
  const step = 0.25;
  const count = Math.floor((2 * rangePx) / step) + 1;
  const prof = Array.from({ length: count }, () => new Float64Array(3));
  const diff = new Float64Array(count - 1);
  const offsets = new Float64Array(n);
  const normals: Pt[] = [];
  const lut = linearLight ? LINEAR_8BIT : ENCODED_8BIT;
  const K = 3;
  for (let i = 0; i < n; i++) {
    const a = pts[(i - K + n) % n];
    const b = pts[(i + K) % n];
    let tx = b[0] - a[0];
    let ty = b[1] - a[1];
    const tl = Math.hypot(tx, ty) || 1;
    tx /= tl;
    ty /= tl;
    // Clockwise on screen: interior on the right of travel, so outward is on the left.
    const nx = orient * ty;
    const ny = -orient * tx;
    normals.push([nx, ny]);
    const p = pts[i];
    for (let s = 0; s < count; s++) {
      const t = -rangePx + s * step;
      sampleRgb(img, p[0] + nx * t, p[1] + ny * t, lut, prof[s]);
    }
    let gmax = 0;
    for (let s = 0; s < count - 1; s++) {
      const dr = prof[s + 1][0] - prof[s][0];
      const dg = prof[s + 1][1] - prof[s][1];
      const db = prof[s + 1][2] - prof[s][2];
      diff[s] = Math.sqrt(dr * dr + dg * dg + db * db);
      if (diff[s] > gmax) gmax = diff[s];
    }
    // The mask boundary pixel centre sits ~half a pixel inside the edge.
    let off = 0.5;
    if (gmax > 1.5) {
      // Local maxima above 50 % of the strongest; take the one closest to the expected edge.
      let best = -1;
      let bestDist = Infinity;
      for (let s = 1; s < count - 2; s++) {
        if (diff[s] < gmax * 0.5 || diff[s] < diff[s - 1] || diff[s] < diff[s + 1]) continue;
        const pos = -rangePx + (s + 0.5) * step;
        const dist = Math.abs(pos - 0.5);
        if (dist < bestDist) {
          bestDist = dist;
          best = s;
        }
      }
      if (best >= 0) {
        const floor = diff[best] * 0.3;
        let lo = best;
        let hi = best;
        while (lo > 0 && diff[lo - 1] > floor && diff[lo - 1] <= diff[lo]) lo--;
        while (hi < count - 2 && diff[hi + 1] > floor && diff[hi + 1] <= diff[hi]) hi++;
        let sw = 0;
        let sx = 0;
        for (let s = lo; s <= hi; s++) {
          const wgt = diff[s] - floor;
          if (wgt <= 0) continue;
          sw += wgt;
          sx += wgt * (-rangePx + (s + 0.5) * step);
        }
        if (sw > 0) off = sx / sw;
      }
    }
    offsets[i] = off;
  }
  // Median filter (window 9) along the closed contour.
  const W = 4;
  const win: number[] = [];
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) {
    win.length = 0;
    for (let j = -W; j <= W; j++) win.push(offsets[(i + j + n) % n]);
    win.sort((x, y) => x - y);
    const o = win[W];
    out.push([pts[i][0] + normals[i][0] * o, pts[i][1] + normals[i][1] * o]);
  }
  return out;
}

/**
 * Pick the tool (the mask component with the most area inside the inset rectangle), take its outer
 * contour (holes ignored), snap it to sub-pixel edges, convert to pad mm and enforce the inset and
 * area rules.
 */
export function extractToolContour(mask: Uint8Array, width: number, height: number, edgeImage: RgbaImage, opts: ContourOptions): ToolContour {
  const cv = getCv();
  const k = opts.pxPerMm;
  const ix0 = opts.insetMm * k;
  const iy0 = opts.insetMm * k;
  const ix1 = width - opts.insetMm * k;
  const iy1 = height - opts.insetMm * k;
  const picked = withMats((track) => {
    const m = track(new cv.Mat(height, width, cv.CV_8UC1));
    m.data.set(mask);
    const labels = track(new cv.Mat());
    const stats = track(new cv.Mat());
    const cents = track(new cv.Mat());
    const nLabels = cv.connectedComponentsWithStats(m, labels, stats, cents, 8, cv.CV_32S);
    if (nLabels <= 1) return null;
    const ld = labels.data32S as Int32Array;
    const inner = new Float64Array(nLabels);
    const x0 = Math.max(0, Math.ceil(ix0 - 0.5));
    const x1 = Math.min(width, Math.floor(ix1 - 0.5) + 1);
    const y0 = Math.max(0, Math.ceil(iy0 - 0.5));
    const y1 = Math.min(height, Math.floor(iy1 - 0.5) + 1);
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) inner[ld[y * width + x]]++;
    let best = 0;
    for (let l = 1; l < nLabels; l++) if (inner[l] > inner[best] || best === 0) best = inner[l] > 0 ? l : best;
    if (!best || inner[best] / (k * k) < 2) return null;
    const comp = track(new cv.Mat());
    cv.compare(labels, track(new cv.Mat(height, width, cv.CV_32S, new cv.Scalar(best))), comp, cv.CMP_EQ);
    const contours = track(new cv.MatVector());
    const hier = track(new cv.Mat());
    cv.findContours(comp, contours, hier, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE);
    let bi = -1;
    let bn = 0;
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      if (c.rows > bn) {
        bn = c.rows;
        bi = i;
      }
      c.delete();
    }
    if (bi < 0) return null;
    const c = contours.get(bi);
    const d = c.data32S as Int32Array;
    const pts: Pt[] = [];
    for (let i = 0; i < d.length; i += 2) pts.push([d[i], d[i + 1]]);
    c.delete();
    return { pts, componentPx: (stats.data32S as Int32Array)[best * 5 + 4], components: nLabels - 1 };
  });
  if (!picked || picked.pts.length < 3) throw new VisionError(NO_TOOL_MESSAGE);

  const snapped = snapToEdges(picked.pts, edgeImage, 3, opts.edgesInLinearLight);
  // Pixel centre u <-> pad mm (u + 0.5)/k. Union removes any self-overlap the snapping created.
  const mm = snapped.map(([x, y]) => [(x + 0.5) / k, (y + 0.5) / k] as Pt);
  let poly = largestPolygon(polygonUnion([mm])) ?? mm;
  if (signedPolygonArea(poly) < 0) poly = poly.reverse();
  const area = polygonArea(poly);

  const tol = 0.25;
  const inset = opts.insetMm;
  const edgeGap = Math.max(inset, 0.5);
  const touches = poly.some(([x, y]) => x < edgeGap - tol || y < edgeGap - tol || x > FRAME_W_MM - edgeGap + tol || y > FRAME_H_MM - edgeGap + tol);
  if (touches) throw new VisionError(touchesEdgeMessage(inset));
  if (area < opts.minAreaMm2) {
    throw new VisionError(
      `The detected outline is too small (${fmtArea(area)} mm²); the minimum contour area is ${fmtArea(opts.minAreaMm2)} mm². Use a larger tool or raise the sensitivity.`,
    );
  }
  if (area > opts.maxAreaMm2) {
    throw new VisionError(
      `The detected outline is too large (${fmtArea(area)} mm²); the maximum contour area is ${fmtArea(opts.maxAreaMm2)} mm². Make sure only one tool lies on the pad, or raise the maximum area.`,
    );
  }
  return {
    pointsMm: poly,
    areaMm2: area,
    diagnostics: { components: picked.components, component_px: picked.componentPx, contour_px_points: picked.pts.length, edges_read_in: opts.edgesInLinearLight ? "linear light" : "encoded values" },
  };
}
