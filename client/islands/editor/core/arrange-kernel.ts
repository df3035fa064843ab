/**
 * The nesting kernel, self-contained on purpose: it imports nothing and calls only functions
 * defined inside it, so its source can be started as a Web Worker from a Blob (any bundler, no
 * worker entry) and also run directly in tests and the bench.
 *
 * Raster nesting: each part's outline, already grown by half the minimum wall plus half a cell's
 * diagonal, is sampled at cell centres; a cell it covers therefore holds nothing of the part
 * outside it, so parts on disjoint cells are at least the wall apart. Parts go largest first to
 * the top-most, then left-most free spot over a set of rotations (bottom-left fill, turned for a
 * top-down strip), and several part orders are tried; the densest result wins.
 */
export type KernelPart = { id: string; rings: [number, number][][]; area: number };
export type KernelInput = {
  width: number;
  depth: number;
  /** Space kept free along the foam edges, mm. */
  margin: number;
  resolution: number;
  parts: KernelPart[];
  rotations: number[];
  /** How many part orders to try (the first is largest-first). */
  orders: number;
  timeBudgetMs: number;
};
export type KernelResult = {
  placements: Record<string, { x_mm: number; y_mm: number; rotation: number }>;
  placed: number;
  unplaced: string[];
  /** Bottom of the lowest placed part, mm from the foam's top edge. */
  usedDepth: number;
  /** Part area / (foam width × used depth). */
  utilisation: number;
  elapsedMs: number;
  ordersTried: number;
};

export function arrangeKernel(input: KernelInput): KernelResult {
  const started = Date.now();
  const res = input.resolution;
  const gw = Math.max(0, Math.floor((input.width - 2 * input.margin) / res));
  const gh = Math.max(0, Math.floor((input.depth - 2 * input.margin) / res));

  type Mask = { rows: Int32Array[]; w: number; h: number; bx: number; by: number; rotation: number; cells: number };

  function rasterise(rings: [number, number][][], rotation: number): Mask | null {
    const a = (rotation * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const turned = rings.map((ring) => ring.map(([x, y]) => [x * cos - y * sin, x * sin + y * cos] as [number, number]));
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const ring of turned) for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    if (!Number.isFinite(minX)) return null;
    const bx = Math.floor(minX / res) * res;
    const by = Math.floor(minY / res) * res;
    const w = Math.ceil((maxX - bx) / res) + 1;
    const h = Math.ceil((maxY - by) / res) + 1;
    const rows: Int32Array[] = [];
    let cells = 0;
    for (let j = 0; j < h; j++) {
      const cy = by + (j + 0.5) * res;
      const xs: number[] = [];
      for (const ring of turned) {
        for (let i = 0, k = ring.length - 1; i < ring.length; k = i++) {
          const [x1, y1] = ring[i]!;
          const [x2, y2] = ring[k]!;
          if (y1 > cy !== y2 > cy) xs.push(x1 + ((cy - y1) * (x2 - x1)) / (y2 - y1));
        }
      }
      xs.sort((p, q) => p - q);
      const spans: number[] = [];
      for (let i = 0; i + 1 < xs.length; i += 2) {
        // cells whose centre lies inside [xs[i], xs[i+1]]
        const first = Math.ceil((xs[i]! - bx) / res - 0.5);
        const last = Math.floor((xs[i + 1]! - bx) / res - 0.5);
        if (last < first) continue;
        if (spans.length && first <= spans[spans.length - 1]! + 1) spans[spans.length - 1] = Math.max(spans[spans.length - 1]!, last);
        else spans.push(first, last);
      }
      for (let i = 0; i < spans.length; i += 2) cells += spans[i + 1]! - spans[i]! + 1;
      rows.push(Int32Array.from(spans));
    }
    return { rows, w, h, bx, by, rotation, cells };
  }

  const masks = input.parts.map((part) => input.rotations.map((rotation) => rasterise(part.rings, rotation)).filter((mask): mask is Mask => mask !== null && mask.w <= gw && mask.h <= gh));

  function run(order: number[]) {
    // free[y * gw + x]: free cells from x rightwards in row y.
    const free = new Int32Array(gw * gh);
    for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) free[y * gw + x] = gw - x;
    const occupied = new Uint8Array(gw * gh);
    const placements: KernelResult["placements"] = {};
    const unplaced: string[] = [];
    let bottom = 0;
    let area = 0;
    for (const index of order) {
      const part = input.parts[index]!;
      let best: { ox: number; oy: number; mask: Mask; score: number } | null = null;
      for (const mask of masks[index]!) {
        // First fit in raster order is the top-most, left-most spot for this rotation.
        let found: { ox: number; oy: number } | null = null;
        const firstRow = mask.rows.findIndex((row) => row.length > 0);
        for (let oy = 0; oy + mask.h <= gh && !found; oy++) {
          if (best && oy + mask.h >= best.score / (gw + 1)) break;
          let ox = 0;
          while (ox + mask.w <= gw) {
            let skip = 0;
            for (let r = firstRow; r < mask.h && !skip; r++) {
              const row = mask.rows[r]!;
              const base = (oy + r) * gw + ox;
              for (let s = 0; s < row.length; s += 2) {
                const need = row[s + 1]! - row[s]! + 1;
                const have = free[base + row[s]!]!;
                if (have < need) {
                  skip = have + 1;
                  break;
                }
              }
            }
            if (!skip) {
              found = { ox, oy };
              break;
            }
            ox += skip;
          }
        }
        if (!found) continue;
        const score = (found.oy + mask.h) * (gw + 1) + found.ox;
        if (!best || score < best.score) best = { ...found, mask, score };
      }
      if (!best) {
        unplaced.push(part.id);
        continue;
      }
      const { ox, oy, mask } = best;
      for (let r = 0; r < mask.h; r++) {
        const row = mask.rows[r]!;
        if (!row.length) continue;
        const y = oy + r;
        for (let s = 0; s < row.length; s += 2) occupied.fill(1, y * gw + ox + row[s]!, y * gw + ox + row[s + 1]! + 1);
        let run = 0;
        for (let x = gw - 1; x >= 0; x--) {
          run = occupied[y * gw + x] ? 0 : run + 1;
          free[y * gw + x] = run;
        }
      }
      placements[part.id] = { x_mm: input.margin + ox * res - mask.bx, y_mm: input.margin + oy * res - mask.by, rotation: mask.rotation };
      bottom = Math.max(bottom, oy + mask.h);
      area += part.area;
    }
    const usedDepth = Math.min(input.depth, 2 * input.margin + bottom * res);
    return { placements, unplaced, usedDepth, area };
  }

  // Orders: largest first, then longest side first, then seeded shuffles of the largest-first order.
  const n = input.parts.length;
  const byArea = [...Array(n).keys()].sort((p, q) => input.parts[q]!.area - input.parts[p]!.area);
  const longest = (i: number) => Math.max(...masks[i]!.map((m) => Math.max(m.w, m.h)), 0);
  const orders: number[][] = [byArea, [...byArea].sort((p, q) => longest(q) - longest(p))];
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  while (orders.length < input.orders) {
    const order = [...byArea];
    // Small swaps keep big parts early but let neighbours trade places.
    for (let k = 0; k < Math.max(1, Math.floor(n / 4)); k++) {
      const i = Math.floor(random() * n);
      const j = Math.min(n - 1, i + 1 + Math.floor(random() * 3));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    orders.push(order);
  }
  let best: ReturnType<typeof run> | null = null;
  let tried = 0;
  for (const order of orders) {
    if (tried > 0 && Date.now() - started > input.timeBudgetMs) break;
    const result = run(order);
    tried++;
    if (!best || result.unplaced.length < best.unplaced.length || (result.unplaced.length === best.unplaced.length && result.usedDepth < best.usedDepth)) best = result;
  }
  const result = best ?? { placements: {}, unplaced: input.parts.map((p) => p.id), usedDepth: 0, area: 0 };
  return {
    placements: result.placements,
    placed: Object.keys(result.placements).length,
    unplaced: result.unplaced,
    usedDepth: result.usedDepth,
    utilisation: result.usedDepth > 0 ? result.area / (input.width * result.usedDepth) : 0,
    elapsedMs: Date.now() - started,
    ordersTried: tried,
  };
}
