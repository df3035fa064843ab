/**
 * The nesting kernel, self-contained on purpose: it imports nothing and calls only functions
 * defined inside it, so its source can be started as a Web Worker from a Blob (any bundler, no
 * worker entry) and also run directly in tests and the bench.
 *
 * Raster nesting: each part's outline, already grown by half the minimum wall plus half a cell's
 * diagonal of the final grid, is sampled at cell centres; a cell it covers therefore holds nothing
 * of the part outside it, so parts on disjoint cells are at least the wall apart. One fill puts
 * the parts in a given order, each at the top-most, then left-most free spot (bottom-left fill
 * turned for a top-down strip), either at a given rotation or at whichever rotation ends highest.
 * A genetic search over order and rotation in the manner of SVGnest (bench/nest-reference)
 * ranks fills on a coarser grid, where a fill is several times cheaper; the best few are then
 * filled again on the final grid, and only those results are returned.
 */
export type KernelPart = { id: string; rings: [number, number][][]; area: number };
export type KernelInput = {
  width: number;
  depth: number;
  /** Space kept free along the foam edges, mm. */
  margin: number;
  /** Cell size of the grid the result is placed on, mm (the parts are grown for it). */
  resolution: number;
  /** Cell size for ranking orders, mm; the search grid is the final one when left out. */
  searchResolution?: number;
  parts: KernelPart[];
  rotations: number[];
  /** How many part orders to try at most (the first is largest-first). */
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
  const POPULATION = 10;
  const MUTATION = 0.1;
  const n = input.parts.length;
  const totalArea = input.parts.reduce((sum, part) => sum + part.area, 0) || 1;

  type Mask = { rows: Int32Array[]; w: number; h: number; bx: number; by: number; rotation: number; cells: number };
  type Fill = {
    placements: KernelResult["placements"];
    unplaced: string[];
    usedDepth: number;
    area: number;
    /** Lower is better: area left out, then depth used, then how high the area sits. */
    fitness: number;
  };

  function rasterise(rings: [number, number][][], rotation: number, res: number): Mask | null {
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

  /** A grid of cell size `res` and a greedy fill on it. */
  function makeGrid(res: number) {
    const gw = Math.max(0, Math.floor((input.width - 2 * input.margin) / res));
    const gh = Math.max(0, Math.floor((input.depth - 2 * input.margin) / res));
    // masks[part][rotation index], null where that rotation does not fit the sheet.
    const masks = input.parts.map((part) => input.rotations.map((rotation) => {
      const mask = rasterise(part.rings, rotation, res);
      return mask && mask.w <= gw && mask.h <= gh ? mask : null;
    }));
    // Widest span per mask row: a sheet row whose longest free run is shorter rules out every
    // position that puts that mask row on it, before any span is looked up.
    const widest = masks.map((list) => list.map((mask) => mask && mask.rows.map((row) => {
      let most = 0;
      for (let s = 0; s < row.length; s += 2) most = Math.max(most, row[s + 1]! - row[s]! + 1);
      return most;
    })));
    // Mask rows in the order they are checked: spread out (middle, quarters, eighths, …) so a
    // blocked position is usually found within a few rows instead of after the whole top half.
    const probes = masks.map((list) => list.map((mask) => {
      if (!mask) return null;
      const seen = new Uint8Array(mask.h);
      const order: number[] = [];
      const queue: [number, number][] = [[0, mask.h - 1]];
      for (let q = 0; q < queue.length; q++) {
        const [lo, hi] = queue[q]!;
        if (lo > hi) continue;
        const mid = (lo + hi) >> 1;
        if (!seen[mid] && mask.rows[mid]!.length) order.push(mid);
        seen[mid] = 1;
        queue.push([lo, mid - 1], [mid + 1, hi]);
      }
      return Int32Array.from(order);
    }));
    const emptyFree = new Int32Array(gw * gh);
    for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) emptyFree[y * gw + x] = gw - x;
    // Reused fill after fill: allocating a grid per fill costs about as much as the fill.
    const free = new Int32Array(gw * gh);
    const rowMax = new Int32Array(gh);
    const occupied = new Uint8Array(gw * gh);
    const longest = (i: number) => Math.max(0, ...masks[i]!.map((m) => (m ? Math.max(m.w, m.h) : 0)));

    /**
     * Parts in `order`, each at the top-most, then left-most free spot. `turns[k]` is the k-th
     * part's rotation gene: -1 tries every rotation and keeps the one whose bottom ends highest,
     * r ≥ 0 uses rotation r (all of them when r does not fit).
     */
    function fill(order: number[], turns: number[]): Fill {
      // free[y * gw + x]: free cells from x rightwards in row y; rowMax[y]: longest free run in row y.
      free.set(emptyFree);
      rowMax.fill(gw);
      occupied.fill(0);
      const placements: KernelResult["placements"] = {};
      const unplaced: string[] = [];
      let bottom = 0;
      let area = 0;
      let weightedBottom = 0;
      for (let k = 0; k < order.length; k++) {
        const index = order[k]!;
        const part = input.parts[index]!;
        const gene = turns[k] ?? -1;
        const choices = gene >= 0 && masks[index]![gene] ? [gene] : masks[index]!.map((_, r) => r);
        let best: { ox: number; oy: number; mask: Mask; score: number } | null = null;
        for (const choice of choices) {
          const mask = masks[index]![choice];
          if (!mask) continue;
          const need = widest[index]![choice]!;
          const probe = probes[index]![choice]!;
          // First fit in raster order is the top-most, left-most spot for this rotation.
          let found: { ox: number; oy: number } | null = null;
          for (let oy = 0; oy + mask.h <= gh && !found; oy++) {
            if (best && oy + mask.h >= best.score / (gw + 1)) break;
            let blocked = false;
            for (let t = 0; t < probe.length; t++) {
              const r = probe[t]!;
              if (rowMax[oy + r]! < need[r]!) {
                blocked = true;
                break;
              }
            }
            if (blocked) continue;
            let ox = 0;
            while (ox + mask.w <= gw) {
              let skip = 0;
              for (let t = 0; t < probe.length && !skip; t++) {
                const r = probe[t]!;
                const row = mask.rows[r]!;
                const base = (oy + r) * gw + ox;
                for (let s = 0; s < row.length; s += 2) {
                  const span = row[s + 1]! - row[s]! + 1;
                  const have = free[base + row[s]!]!;
                  if (have < span) {
                    // The blocked cell stays under this span for the next `have` shifts.
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
          let most = 0;
          for (let x = gw - 1; x >= 0; x--) {
            run = occupied[y * gw + x] ? 0 : run + 1;
            free[y * gw + x] = run;
            if (run > most) most = run;
          }
          rowMax[y] = most;
        }
        placements[part.id] = { x_mm: input.margin + ox * res - mask.bx, y_mm: input.margin + oy * res - mask.by, rotation: mask.rotation };
        bottom = Math.max(bottom, oy + mask.h);
        area += part.area;
        weightedBottom += part.area * (oy + mask.h);
      }
      const usedDepth = Math.min(input.depth, 2 * input.margin + bottom * res);
      // Area left out dominates (a hundredth of it outweighs the whole depth), then the depth
      // used, then a small pull upwards that gives the search a slope when depths tie.
      const fitness = (100 * (totalArea - area)) / totalArea + usedDepth / input.depth + (0.01 * weightedBottom) / (totalArea * Math.max(gh, 1));
      return { placements, unplaced, usedDepth, area, fitness };
    }
    return { fill, longest };
  }

  const finalGrid = makeGrid(input.resolution);
  const searchResolution = input.searchResolution ?? input.resolution;
  const searchGrid = searchResolution === input.resolution ? finalGrid : makeGrid(searchResolution);
  const refine = searchGrid !== finalGrid;

  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  type Individual = { order: number[]; turns: number[]; fitness?: number };
  let best: Fill | null = null;
  let tried = 0;
  // With a final pass, the search leaves it a quarter of the budget.
  const searchBudget = refine ? input.timeBudgetMs * 0.75 : input.timeBudgetMs;
  // Small jobs settle long before the budget: stop once this many fills bring nothing better.
  const patience = Math.max(200, 20 * n);
  let lastGain = 0;
  const outOfTime = () => tried >= input.orders || tried - lastGain > patience || (tried > 0 && Date.now() - started > searchBudget);
  const evaluate = (individual: Individual) => {
    const result = searchGrid.fill(individual.order, individual.turns);
    tried++;
    individual.fitness = result.fitness;
    if (!best || result.fitness < best.fitness) {
      best = result;
      lastGain = tried;
    }
  };

  // Swaps with a near neighbour keep big parts early; a rotation gene flips between "best of
  // all" and one fixed rotation. Unlike SVGnest's, the gene travels with its part.
  const rotationCount = Math.max(1, input.rotations.length);
  const mutate = (individual: Individual): Individual => {
    const order = [...individual.order];
    const turns = [...individual.turns];
    for (let i = 0; i < n; i++) {
      if (random() < MUTATION && i + 1 < n) {
        const j = Math.min(n - 1, i + 1 + Math.floor(random() * 3));
        [order[i], order[j]] = [order[j]!, order[i]!];
        [turns[i], turns[j]] = [turns[j]!, turns[i]!];
      }
      if (random() < MUTATION / 2) turns[i] = random() < 0.5 ? -1 : Math.floor(random() * rotationCount);
    }
    return { order, turns };
  };
  // Order crossover at one cut, as SVGnest's mate().
  const mate = (male: Individual, female: Individual): Individual => {
    const cut = Math.round(Math.min(Math.max(random(), 0.1), 0.9) * (n - 1));
    const order = male.order.slice(0, cut);
    const turns = male.turns.slice(0, cut);
    const taken = new Uint8Array(n);
    for (const index of order) taken[index] = 1;
    for (let i = 0; i < n; i++) {
      const index = female.order[i]!;
      if (taken[index]) continue;
      order.push(index);
      turns.push(female.turns[i]!);
    }
    return { order, turns };
  };
  // Rank-weighted choice of a parent from a population sorted best first.
  const pick = (population: Individual[]) => {
    const r = random();
    return population[Math.min(population.length - 1, Math.floor(r * r * population.length))]!;
  };

  // Seeds: largest first, then longest side first, every part free to turn, then mutants.
  const byArea = [...Array(n).keys()].sort((p, q) => input.parts[q]!.area - input.parts[p]!.area);
  const auto = () => new Array<number>(n).fill(-1);
  let population: Individual[] = [{ order: byArea, turns: auto() }];
  if (n > 1 && input.orders > 1) population.push({ order: [...byArea].sort((p, q) => searchGrid.longest(q) - searchGrid.longest(p)), turns: auto() });
  while (population.length < Math.min(POPULATION, input.orders)) population.push(mutate(population[0]!));
  for (const individual of population) {
    if (outOfTime()) break;
    evaluate(individual);
  }
  population = population.filter((individual) => individual.fitness !== undefined);
  while (!outOfTime() && n > 1) {
    population.sort((a, b) => a.fitness! - b.fitness!);
    const next: Individual[] = [];
    while (next.length < POPULATION - 1 && !outOfTime()) {
      const male = pick(population);
      const female = pick(population.filter((individual) => individual !== male)) ?? male;
      const child = mutate(mate(male, female));
      evaluate(child);
      next.push(child);
    }
    // Elitist: the best so far always survive.
    population = [...population, ...next].sort((a, b) => a.fitness! - b.fitness!).slice(0, POPULATION);
  }

  let result = best as Fill | null;
  if (refine) {
    // Fill the best individuals again on the final grid until the budget is spent (at least one).
    result = null;
    population.sort((a, b) => a.fitness! - b.fitness!);
    for (const individual of population) {
      if (result && Date.now() - started > input.timeBudgetMs) break;
      const final = finalGrid.fill(individual.order, individual.turns);
      if (!result || final.fitness < result.fitness) result = final;
    }
  }
  const chosen = result ?? { placements: {}, unplaced: input.parts.map((p) => p.id), usedDepth: 0, area: 0 };
  return {
    placements: chosen.placements,
    placed: Object.keys(chosen.placements).length,
    unplaced: chosen.unplaced,
    usedDepth: chosen.usedDepth,
    utilisation: chosen.usedDepth > 0 ? chosen.area / (input.width * chosen.usedDepth) : 0,
    elapsedMs: Date.now() - started,
    ordersTried: tried,
  };
}
