import { describe, expect, test } from "bun:test";
import { balanceSimplified, simplifyClosed, simplifyPolyline } from "./simplify-rdp.ts";

describe("RDP", () => {
  test("collinear points collapse", () => {
    expect(simplifyPolyline([[0, 0], [1, 0.01], [2, 0], [3, 0]], 0.1)).toEqual([[0, 0], [3, 0]]);
  });

  test("closed circle keeps every point within tolerance", () => {
    const pts: [number, number][] = [];
    for (let i = 0; i < 720; i++) pts.push([50 * Math.cos((i * Math.PI) / 360), 50 * Math.sin((i * Math.PI) / 360)]);
    const tol = 0.3;
    const s = simplifyClosed(pts, tol);
    expect(s.length).toBeLessThan(60);
    expect(s.length).toBeGreaterThan(10);
    // every original point lies within tol of the simplified polygon
    for (const p of pts) {
      let best = Infinity;
      for (let i = 0; i < s.length; i++) {
        const a = s[i];
        const b = s[(i + 1) % s.length];
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
        best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
      }
      expect(best).toBeLessThanOrEqual(tol + 1e-9);
    }
  });

  test("square stays a square", () => {
    const sq: [number, number][] = [];
    for (let i = 0; i < 10; i++) sq.push([i, 0]);
    for (let i = 0; i < 10; i++) sq.push([10, i]);
    for (let i = 10; i > 0; i--) sq.push([i, 10]);
    for (let i = 10; i > 0; i--) sq.push([0, i]);
    expect(simplifyClosed(sq, 0.05).length).toBe(4);
  });
});

describe("balanceSimplified", () => {
  test("removes RDP's area loss on a circle and keeps deviation within tolerance", () => {
    const pts: [number, number][] = [];
    const R = 20;
    for (let i = 0; i < 2000; i++) pts.push([R * Math.cos((i * Math.PI) / 1000), R * Math.sin((i * Math.PI) / 1000)]);
    const tol = 0.3;
    const s = simplifyClosed(pts, tol);
    const b = balanceSimplified(s, pts);
    const area = (p: [number, number][]) => Math.abs(p.reduce((acc, q, i) => acc + q[0] * p[(i + 1) % p.length][1] - p[(i + 1) % p.length][0] * q[1], 0) / 2);
    const truth = Math.PI * R * R;
    expect(Math.abs(area(s) / truth - 1)).toBeGreaterThan(0.005);
    expect(Math.abs(area(b) / truth - 1)).toBeLessThan(0.001);
    for (const p of b) expect(Math.abs(Math.hypot(p[0], p[1]) - R)).toBeLessThanOrEqual(tol);
  });
});
