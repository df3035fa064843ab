import { getCv, withMats } from "./opencv.ts";

/** A straight segment, x0, y0, x1, y1 in pixels. */
export type Segment = [number, number, number, number];

/**
 * Straight segments through the set pixels of `mask` (OpenCV's probabilistic Hough transform, 1 px
 * and 0.5° steps): at least `minLengthPx` long, joined across gaps up to `maxGapPx`, with `votes`
 * pixels on the line at least.
 */
export function houghSegments(mask: Uint8Array, w: number, h: number, votes: number, minLengthPx: number, maxGapPx: number): Segment[] {
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(h, w, cv.CV_8UC1));
    const d = m.data as Uint8Array;
    for (let i = 0; i < w * h; i++) d[i] = mask[i] ? 255 : 0;
    const lines = track(new cv.Mat());
    cv.HoughLinesP(m, lines, 1, Math.PI / 360, votes, minLengthPx, maxGapPx);
    const L = lines.data32S as Int32Array;
    const out: Segment[] = [];
    for (let s = 0; s < L.length; s += 4) out.push([L[s], L[s + 1], L[s + 2], L[s + 3]]);
    return out;
  });
}

/** Calls `visit` with each pixel along the segment (one per step of its longer axis), in order. */
export function forEachSegmentPixel([x0, y0, x1, y1]: Segment, visit: (x: number, y: number) => void): void {
  const n = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
  for (let t = 0; t <= n; t++) visit(Math.round(x0 + ((x1 - x0) * t) / n), Math.round(y0 + ((y1 - y0) * t) / n));
}
