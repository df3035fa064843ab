// Geodesic distance through a passable mask: the floods of the shadow evidence and the dotted sides.

/** The cost of a pixel no flood reached. */
export const UNREACHED = 0xffff;

/**
 * Geodesic distance (chamfer 2-3: 2 per straight step, 3 per diagonal one, so half-pixels) from the
 * seed pixels through `passable` pixels, stopping at `maxCost`. Unreached pixels get 0xffff. A seed
 * must itself be passable to spread.
 */
export function geodesicCost(seeds: Uint8Array, passable: Uint8Array, w: number, h: number, maxCost: number): Uint16Array {
  const n = w * h;
  const cost = new Uint16Array(n).fill(UNREACHED);
  const max = Math.min(maxCost, UNREACHED - 4);
  // Bucket queue: costs are small integers.
  const buckets: number[][] = Array.from({ length: max + 4 }, () => []);
  for (let i = 0; i < n; i++)
    if (seeds[i] && passable[i]) {
      cost[i] = 0;
      buckets[0].push(i);
    }
  for (let c = 0; c <= max; c++) {
    const b = buckets[c];
    for (let q = 0; q < b.length; q++) {
      const p = b[q];
      if (cost[p] !== c) continue;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const r = yy * w + xx;
          if (!passable[r]) continue;
          const nc = c + (dx && dy ? 3 : 2);
          if (nc > max || nc >= cost[r]) continue;
          cost[r] = nc;
          buckets[nc].push(r);
        }
      }
    }
    buckets[c] = [];
  }
  return cost;
}
