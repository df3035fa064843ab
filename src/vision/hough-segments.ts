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

/** The index of the raster pixel nearest (x, y) in a w x h raster, or -1 outside it. */
export function pixelIndexer(w: number, h: number): (x: number, y: number) => number {
  return (x, y) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < w && yi < h ? yi * w + xi : -1;
  };
}

/** A segment's unit direction and its length in whole pixel steps; null for a point. */
export function segmentDirection([x0, y0, x1, y1]: Segment): { ux: number; uy: number; steps: number } | null {
  const len = Math.hypot(x1 - x0, y1 - y0);
  if (!len) return null;
  return { ux: (x1 - x0) / len, uy: (y1 - y0) / len, steps: Math.floor(len) };
}

/**
 * Where `mask` holds beside a segment: for each step t along it (0..steps), bit d is set in `left[t]`
 * where the pixel depthsPx[d] pixels off to its left (normal (-uy, ux)) is set, and likewise in
 * `right[t]` to its right. Which side a part lies on, and how deep, for the fills and trims that
 * work behind a straight side.
 */
export function maskBesideSegment(
  mask: Uint8Array,
  at: (x: number, y: number) => number,
  [x0, y0]: Segment,
  { ux, uy, steps }: { ux: number; uy: number; steps: number },
  depthsPx: number[],
): { left: Uint8Array; right: Uint8Array } {
  const left = new Uint8Array(steps + 1);
  const right = new Uint8Array(steps + 1);
  for (let t = 0; t <= steps; t++) {
    const px = x0 + ux * t;
    const py = y0 + uy * t;
    for (let d = 0; d < depthsPx.length; d++) {
      const q = depthsPx[d];
      const a = at(px - uy * q, py + ux * q);
      const b = at(px + uy * q, py - ux * q);
      if (a >= 0 && mask[a]) left[t] |= 1 << d;
      if (b >= 0 && mask[b]) right[t] |= 1 << d;
    }
  }
  return { left, right };
}

/**
 * Items taken at steps `t` along a segment (ascending), split into runs of consecutive steps: the
 * stretches of a side where a fill or a trim applies without a break.
 */
export function consecutiveRuns<T extends { t: number }>(items: T[]): T[][] {
  const runs: T[][] = [];
  for (let a = 0; a < items.length; ) {
    let b = a;
    while (b + 1 < items.length && items[b + 1].t === items[b].t + 1) b++;
    runs.push(items.slice(a, b + 1));
    a = b + 1;
  }
  return runs;
}
