type P = [number, number];

function perpDist(p: P, a: P, b: P): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (!len) return Math.hypot(p[0] - a[0], p[1] - a[1]);
  return Math.abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / len;
}

/** Ramer-Douglas-Peucker on an open polyline (keeps both ends). */
export function simplifyPolyline(points: P[], tolerance: number): P[] {
  const n = points.length;
  if (n <= 2) return points.slice();
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let worst = -1;
    let worstD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const d = perpDist(points[i], points[a], points[b]);
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * RDP on a closed polygon: split at the vertex farthest from vertex 0 so both halves are open
 * polylines with well-defined ends, simplify each, and rejoin. Result is closed (no repeated end).
 */
export function simplifyClosed(points: P[], tolerance: number): P[] {
  const n = points.length;
  if (n <= 3 || tolerance <= 0) return points.slice();
  let far = 0;
  let farD = -1;
  for (let i = 1; i < n; i++) {
    const d = Math.hypot(points[i][0] - points[0][0], points[i][1] - points[0][1]);
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  const a = simplifyPolyline(points.slice(0, far + 1), tolerance);
  const b = simplifyPolyline([...points.slice(far), points[0]], tolerance);
  const out = [...a.slice(0, -1), ...b.slice(0, -1)];
  return out.length >= 3 ? out : points.slice(0, 3);
}

/**
 * Move each edge of a simplified closed polygon outward by the chord's cut into a convex arc, and put
 * each vertex where its two moved edges meet. RDP keeps its vertices on the curve, so its chords cut
 * into every convex arc by up to the tolerance: a pocket drawn from them squeezes a round hex-key end
 * or a handle (3D bench: the hex keys' only cut, 0.5-0.6 % of their area at 0.3 mm). The cut of a
 * chord under an arc is a parabola whose peak (the sag) is 1.5 times its mean, so each edge moves out
 * by 1.5 times the mean outward deviation of the points it replaced: onto the arc's tangent. The mean,
 * not the largest deviation: the traced contour's pixel noise would push every straight edge out
 * (flat bench 0.051 -> 0.152 mm with the largest, 0.067 mm with the mean). Edges over concave runs
 * (the chord outside the tool) stay where they are: moving them in would cut the tool at their ends.
 */
export function encloseSimplified(simplified: P[], original: P[]): P[] {
  const m = simplified.length;
  if (m < 3 || original.length < m) return simplified;
  const idx = originalIndices(simplified, original);
  if (!idx) return simplified;
  const n = original.length;
  // Interior side: left of travel when the signed (shoelace) area is positive.
  let area2 = 0;
  for (let i = 0; i < n; i++) {
    const a = original[i];
    const b = original[(i + 1) % n];
    area2 += a[0] * b[1] - b[0] * a[1];
  }
  const out = area2 > 0 ? -1 : 1; // sign that turns the left normal of travel outward
  const dir: P[] = [];
  const nrm: P[] = [];
  const shift: number[] = [];
  const len: number[] = [];
  for (let s = 0; s < m; s++) {
    const a = simplified[s];
    const b = simplified[(s + 1) % m];
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    len.push(l);
    const ux = (b[0] - a[0]) / l;
    const uy = (b[1] - a[1]) / l;
    const nx = -uy * out;
    const ny = ux * out;
    let sum = 0;
    let count = 0;
    for (let i = (idx[s] + 1) % n; i !== idx[(s + 1) % m]; i = (i + 1) % n) {
      sum += (original[i][0] - a[0]) * nx + (original[i][1] - a[1]) * ny;
      count++;
    }
    dir.push([ux, uy]);
    nrm.push([nx, ny]);
    shift.push(count ? Math.max(0, (1.5 * sum) / count) : 0);
  }
  const res: P[] = [];
  for (let s = 0; s < m; s++) {
    const pe = (s - 1 + m) % m;
    const v = simplified[s];
    const d0 = shift[pe];
    const d1 = shift[s];
    if (!d0 && !d1) {
      res.push([v[0], v[1]]);
      continue;
    }
    // Where the two moved edge lines meet: v + d0·n0 + t·u0 = v + d1·n1 + r·u1.
    const [u0x, u0y] = dir[pe];
    const [u1x, u1y] = dir[s];
    const [n0x, n0y] = nrm[pe];
    const [n1x, n1y] = nrm[s];
    const cross = u0x * u1y - u0y * u1x;
    const reach = Math.max(d0, d1);
    let p: P | null = null;
    if (Math.abs(cross) > 0.02) {
      const rx = d1 * n1x - d0 * n0x;
      const ry = d1 * n1y - d0 * n0y;
      const t = (rx * u1y - ry * u1x) / cross;
      const q: P = [v[0] + d0 * n0x + t * u0x, v[1] + d0 * n0y + t * u0y];
      const moved = Math.hypot(q[0] - v[0], q[1] - v[1]);
      // On a gentle turn the vertex slides along the edges (where an arc meets a straight side it
      // slides along the side, which does not move): keep it short of the neighbouring vertices. A
      // sharp corner would throw the meeting point out past the tip: keep that within twice the shift.
      const gentle = u0x * u1x + u0y * u1y > 0;
      if (gentle ? moved <= 0.5 * Math.min(len[pe], len[s]) : moved <= 2 * reach) p = q;
    }
    if (!p) {
      // Nearly straight on, or a spike: along the mean of the two normals by the larger shift.
      const mx = n0x + n1x;
      const my = n0y + n1y;
      const ml = Math.hypot(mx, my);
      p = ml < 1e-6 ? [v[0] + reach * n1x, v[1] + reach * n1y] : [v[0] + (reach * mx) / ml, v[1] + (reach * my) / ml];
    }
    res.push(p);
  }
  return res;
}

/** Where each simplified vertex sits in the original (RDP keeps original points), or null. */
function originalIndices(simplified: P[], original: P[]): number[] | null {
  const idx: number[] = [];
  let j = 0;
  for (const v of simplified) {
    let found = -1;
    for (let t = 0; t < original.length; t++) {
      const q = original[(j + t) % original.length];
      if (q[0] === v[0] && q[1] === v[1]) {
        found = (j + t) % original.length;
        break;
      }
    }
    if (found < 0) return null;
    idx.push(found);
    j = found;
  }
  return idx;
}
