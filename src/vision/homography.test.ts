import { describe, expect, test } from "bun:test";
import { applyHomography, fitHomography, homographyJacobian, invert3, multiply3, singularValues2, type Mat3, type Pt } from "./homography.ts";

const H: Mat3 = [3.1, 0.4, 120, -0.3, 2.9, 80, 0.0004, -0.0002, 1];

describe("homography", () => {
  test("fit recovers a known homography from 16 points", () => {
    const src: Pt[] = [];
    for (const [ox, oy] of [[0, 0], [183.9, 0], [183.9, 247.4], [0, 247.4]])
      for (const [dx, dy] of [[0, 0], [12, 0], [12, 12], [0, 12]]) src.push([ox + dx, oy + dy]);
    const dst = src.map((p) => applyHomography(H, p));
    const fit = fitHomography(src, dst);
    for (const p of [[10, 10], [100, 130], [190, 250]] as Pt[]) {
      const a = applyHomography(fit, p);
      const b = applyHomography(H, p);
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(1e-6);
    }
  });

  test("invert and multiply", () => {
    const I = multiply3(H, invert3(H));
    I.forEach((v, i) => expect(v).toBeCloseTo(i % 4 === 0 ? 1 : 0, 9));
  });

  test("jacobian matches finite differences; singular values", () => {
    const p: Pt = [50, 60];
    const J = homographyJacobian(H, p);
    const e = 1e-5;
    const a = applyHomography(H, p);
    const bx = applyHomography(H, [p[0] + e, p[1]]);
    const by = applyHomography(H, [p[0], p[1] + e]);
    expect(J[0]).toBeCloseTo((bx[0] - a[0]) / e, 4);
    expect(J[1]).toBeCloseTo((by[0] - a[0]) / e, 4);
    expect(J[2]).toBeCloseTo((bx[1] - a[1]) / e, 4);
    expect(J[3]).toBeCloseTo((by[1] - a[1]) / e, 4);
    const [s1, s2] = singularValues2([2, 0, 0, 0.5]);
    expect(s1).toBeCloseTo(2, 9);
    expect(s2).toBeCloseTo(0.5, 9);
  });
});
