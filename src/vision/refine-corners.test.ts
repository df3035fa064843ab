import { describe, expect, test } from "bun:test";
import { rasterizeCoverage } from "../../bench/synth/rasterize.ts";
import { markerBits } from "./aruco-dictionary.ts";
import { applyHomography, homographyFrom4, type Pt } from "./homography.ts";
import { refineMarkerCorners } from "./refine-corners.ts";

/** Render a marker (perspective-warped, anti-aliased by exact coverage) on white; return true corners. */
function renderMarker(corners: Pt[], w = 160, h = 160) {
  const H = homographyFrom4([[0, 0], [6, 0], [6, 6], [0, 6]], corners)!;
  const bits = markerBits(1);
  const blacks: Pt[][] = [];
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 6; c++) {
      const white = r > 0 && r < 5 && c > 0 && c < 5 && bits[r - 1][c - 1] === 1;
      if (white) continue;
      blacks.push(([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]] as Pt[]).map((p) => applyHomography(H, p)));
    }
  // Union of cells as separate polygons; even-odd would cancel shared edges, so rasterise one by one.
  const cov = new Float32Array(w * h);
  for (const b of blacks) {
    const one = rasterizeCoverage([b], w, h);
    for (let i = 0; i < cov.length; i++) cov[i] = Math.min(1, cov[i] + one[i]);
  }
  const data = new Uint8Array(w * h);
  for (let i = 0; i < cov.length; i++) data[i] = Math.round(240 - 210 * cov[i]);
  return { width: w, height: h, data };
}

describe("refineMarkerCorners", () => {
  test("recovers sub-pixel corners of a perspective marker from rough guesses", () => {
    // Continuous coordinates of the true corners; refine works with pixel centres at integers.
    const truth: Pt[] = [[40.3, 35.7], [118.6, 42.1], [112.2, 121.4], [33.9, 113.8]];
    const img = renderMarker(truth);
    const rough = truth.map(([x, y], k) => [x - 0.5 + (k % 2 ? 1.4 : -1.2), y - 0.5 + (k < 2 ? 1.1 : -0.9)] as Pt);
    const r = refineMarkerCorners(img, rough);
    expect(r).not.toBeNull();
    r!.corners.forEach(([x, y], k) => {
      expect(Math.abs(x + 0.5 - truth[k][0])).toBeLessThan(0.08);
      expect(Math.abs(y + 0.5 - truth[k][1])).toBeLessThan(0.08);
    });
    expect(r!.rms).toBeLessThan(0.1);
  });

  test("gives up on a blank patch", () => {
    const blank = { width: 100, height: 100, data: new Uint8Array(10000).fill(200) };
    expect(refineMarkerCorners(blank, [[20, 20], [80, 20], [80, 80], [20, 80]])).toBeNull();
  });
});
