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
 * Nudge each vertex of a simplified closed polygon along its normal so that, on average, the original
 * points lie on the simplified edges rather than all on one side. RDP keeps vertices on the curve, so
 * its chords sit inside every convex arc and lose area (~0.5-1 % on round tools at 0.3 mm); after
 * balancing the outline straddles the curve and the maximum deviation does not grow.
 */
export function balanceSimplified(simplified: P[], original: P[], iterations = 3): P[] {
  const m = simplified.length;
  if (m < 3 || original.length < m) return simplified;
  // Map every simplified vertex to its index in the original (RDP keeps original points).
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
    if (found < 0) return simplified;
    idx.push(found);
    j = found;
  }
  let cur = simplified.map((p) => [p[0], p[1]] as P);
  const n = original.length;
  for (let it = 0; it < iterations; it++) {
    // Mean signed offset of the original points from each simplified edge (positive = left of travel).
    const e = new Array(m).fill(0);
    for (let s = 0; s < m; s++) {
      const a = cur[s];
      const b = cur[(s + 1) % m];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len = Math.hypot(dx, dy);
      if (!len) continue;
      let sum = 0;
      let cnt = 0;
      const i0 = idx[s];
      const i1 = idx[(s + 1) % m];
      for (let i = (i0 + 1) % n; i !== i1; i = (i + 1) % n) {
        const q = original[i];
        sum += ((q[1] - a[1]) * dx - (q[0] - a[0]) * dy) / len;
        cnt++;
      }
      e[s] = cnt ? sum / cnt : 0;
    }
    const next: P[] = [];
    for (let s = 0; s < m; s++) {
      const prev = cur[(s - 1 + m) % m];
      const nxt = cur[(s + 1) % m];
      let tx = nxt[0] - prev[0];
      let ty = nxt[1] - prev[1];
      const tl = Math.hypot(tx, ty) || 1;
      tx /= tl;
      ty /= tl;
      // Move along the left normal of travel: an edge's mean error changes by about the mean of its
      // two end shifts, so each vertex takes the mean error of its two edges.
      const shift = (e[(s - 1 + m) % m] + e[s]) / 2;
      next.push([cur[s][0] - ty * shift, cur[s][1] + tx * shift]);
    }
    cur = next;
  }
  return cur;
}
