import { describe, expect, test } from "bun:test";
import { simplifyClosed, simplifyPolyline } from "./simplify-rdp.ts";

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
