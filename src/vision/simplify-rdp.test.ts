import { describe, expect, test } from "bun:test";
import { encloseSimplified, simplifyClosed, simplifyPolyline } from "./simplify-rdp.ts";

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

describe("encloseSimplified", () => {
  type P = [number, number];
  const area = (p: P[]) => Math.abs(p.reduce((acc, q, i) => acc + q[0] * p[(i + 1) % p.length][1] - p[(i + 1) % p.length][0] * q[1], 0) / 2);
  // Distance by which q lies outside polygon poly (0 when inside or on it).
  const outsideBy = (q: P, poly: P[]) => {
    let inside = false;
    let best = Infinity;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i];
      const [xj, yj] = poly[j];
      if (yi > q[1] !== yj > q[1] && q[0] < ((xj - xi) * (q[1] - yi)) / (yj - yi) + xi) inside = !inside;
      const dx = xi - xj;
      const dy = yi - yj;
      const l2 = dx * dx + dy * dy;
      const t = l2 ? Math.max(0, Math.min(1, ((q[0] - xj) * dx + (q[1] - yj) * dy) / l2)) : 0;
      best = Math.min(best, Math.hypot(q[0] - xj - t * dx, q[1] - yj - t * dy));
    }
    return inside ? 0 : best;
  };
  const circle = (R: number, n: number, ccw: boolean): P[] =>
    Array.from({ length: n }, (_, i) => {
      const a = ((ccw ? 1 : -1) * 2 * Math.PI * i) / n;
      return [R * Math.cos(a), R * Math.sin(a)] as P;
    });

  test("RDP's chords cut a circle; the enclosed outline does not, in either winding, and stays within the tolerance", () => {
    for (const ccw of [true, false]) {
      const pts = circle(20, 2000, ccw);
      const tol = 0.3;
      const s = simplifyClosed(pts, tol);
      const e = encloseSimplified(s, pts);
      expect(e.length).toBe(s.length);
      expect(Math.max(...pts.map((q) => outsideBy(q, s)))).toBeGreaterThan(0.05);
      expect(Math.max(...pts.map((q) => outsideBy(q, e)))).toBeLessThan(0.02);
      for (const p of e) expect(Math.abs(Math.hypot(p[0], p[1]) - 20)).toBeLessThanOrEqual(tol);
      expect(area(e) / (Math.PI * 400)).toBeGreaterThan(1);
      expect(area(e) / (Math.PI * 400)).toBeLessThan(1.01);
    }
  });

  test("a thin round-ended bar (a hex key) keeps its ends", () => {
    // A 5 mm bar, 60 mm long, with half-circle ends: the ends are where RDP cut.
    const pts: P[] = [];
    for (let i = 0; i <= 600; i++) pts.push([-30 + i * 0.1, -2.5]);
    for (let i = 1; i < 100; i++) pts.push([30 + 2.5 * Math.sin((Math.PI * i) / 100), -2.5 * Math.cos((Math.PI * i) / 100)]);
    for (let i = 0; i <= 600; i++) pts.push([30 - i * 0.1, 2.5]);
    for (let i = 1; i < 100; i++) pts.push([-30 - 2.5 * Math.sin((Math.PI * i) / 100), 2.5 * Math.cos((Math.PI * i) / 100)]);
    const s = simplifyClosed(pts, 0.3);
    const e = encloseSimplified(s, pts);
    expect(Math.max(...pts.map((q) => outsideBy(q, s)))).toBeGreaterThan(0.1);
    expect(Math.max(...pts.map((q) => outsideBy(q, e)))).toBeLessThan(0.02);
    // No vertex strays more than the tolerance from the bar, and the bar's area grows by under 1 %.
    const fromBar = (p: P) => (Math.abs(p[0]) <= 30 ? Math.abs(Math.abs(p[1]) - 2.5) : Math.abs(Math.hypot(Math.abs(p[0]) - 30, p[1]) - 2.5));
    for (const p of e) expect(fromBar(p)).toBeLessThanOrEqual(0.3);
    const bar = 60 * 5 + Math.PI * 2.5 * 2.5;
    expect(area(e) / bar).toBeGreaterThan(1);
    expect(area(e) / bar).toBeLessThan(1.01);
  });

  test("edges over concave runs stay where RDP put them (moving them in would cut the tool at their ends)", () => {
    // A square with a round notch bitten out of its top side.
    const pts: P[] = [];
    for (let i = 0; i <= 100; i++) pts.push([i * 0.4, 0]);
    for (let i = 1; i <= 100; i++) pts.push([40, i * 0.4]);
    for (let i = 1; i < 25; i++) pts.push([40 - i * 0.4, 40]);
    for (let i = 0; i <= 100; i++) pts.push([30 - 10 + 10 * Math.cos((Math.PI * i) / 100), 40 - 10 * Math.sin((Math.PI * i) / 100)]);
    for (let i = 1; i < 25; i++) pts.push([10 - i * 0.4, 40]);
    for (let i = 0; i < 100; i++) pts.push([0, 40 - i * 0.4]);
    const s = simplifyClosed(pts, 0.3);
    const e = encloseSimplified(s, pts);
    expect(Math.max(...pts.map((q) => outsideBy(q, e)))).toBeLessThan(0.02);
    const moved = e.filter((p, i) => Math.hypot(p[0] - s[i][0], p[1] - s[i][1]) > 1e-9);
    expect(moved.length).toBe(0);
  });

  test("noise on a straight edge hardly moves it", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.1;
    const pts: P[] = [];
    for (let i = 0; i < 400; i++) pts.push([i * 0.1, rnd()]);
    for (let i = 0; i < 400; i++) pts.push([40 + rnd(), i * 0.1]);
    for (let i = 0; i < 400; i++) pts.push([40 - i * 0.1, 40 + rnd()]);
    for (let i = 0; i < 400; i++) pts.push([rnd(), 40 - i * 0.1]);
    const e = encloseSimplified(simplifyClosed(pts, 0.3), pts);
    expect(Math.abs(area(e) / 1600 - 1)).toBeLessThan(0.005);
  });
});
