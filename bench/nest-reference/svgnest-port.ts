/**
 * Bench-only reference nester: a port of SVGnest (github.com/Jack000/SVGnest, HEAD 1248dc2, MIT),
 * used to judge the editor's auto-arrange. Never shipped.
 *
 * Follows, function by function:
 *   svgnest.js   GeneticAlgorithm (constructor, randomAngle, mutate, mate, generation,
 *                randomWeightedIndividual) and launchWorkers (adam = parts by decreasing area, the
 *                population is evaluated one individual at a time, then a new generation),
 *                default config: populationSize 10, mutationRate 10 %, rotations 4, curveTolerance 0.3.
 *   placementworker.js  placePaths: parts in GA order; the first part goes to the inner-fit
 *                polygon's extreme vertex; every later part: union of the outer NFPs with the
 *                placed parts, subtracted from the inner-fit polygon, every vertex of what is left
 *                is a candidate and the one with the smallest `2 × gravity extent + other extent`
 *                of the bounding box of everything placed wins (ties: nearer to the gravity side);
 *                fitness = bins + extent/binArea + 2 × unplaced parts.
 *   svgnest.js   minkowskiDifference (outer NFP = the largest polygon of the Clipper Minkowski sum
 *                of A and −B; holes of the NFP are dropped, as SVGnest does without exploreConcave).
 *   geometryutil.js  noFitPolygonRectangle (inner-fit polygon of a rectangular bin).
 *
 * Where it differs, and why:
 *   - Gravity is towards y = 0 (the foam's top edge), not x = 0: our strip grows in depth, so
 *     SVGnest's `width * 2 + height` becomes `height * 2 + width` and its `minwidth` becomes the
 *     used depth (its own "todo: generalize gravity direction").
 *   - One bin (the foam): parts that do not fit are left unplaced instead of opening a second
 *     sheet; the fitness keeps SVGnest's form (1 bin + extent/area + 2 per unplaced part).
 *   - Seeded random numbers (mulberry32) instead of Math.random, so runs repeat.
 *   - Runs a fixed number of generations and/or a time budget (SVGnest runs until stopped), in
 *     one thread (SVGnest spreads the NFPs over Parallel.js workers); times are single-core.
 *     `generations: g` = the first population (10 fills) plus g generations of 9 new fills each;
 *     bench/arrange.ts runs g = 10 and g = 30.
 *   - No "NFP Area Error" sanity check (an NFP smaller than A): these sums come out whole.
 *   - NFPs are cached for the whole run (SVGnest keeps one cycle), computed once per unordered
 *     pair and relative rotation and turned/negated from there: NFP(A@ra, B@rb) =
 *     R(ra)·NFP(A@0, B@(rb−ra)) and NFP(B, A) = −NFP(A, B). Same polygons, less work.
 *   - The candidate's bounding box uses precomputed bounds of the placed parts instead of
 *     re-collecting every placed point per candidate vertex: the same box, less work.
 *   - Minkowski sums come from convex pieces (minkowski.ts): the same outer NFP as Clipper's
 *     MinkowskiSum, about ten times faster; Clipper's is the fallback.
 *   - Clipper scale 1e4 (0.1 µm) instead of 1e7 so clipper-lib stays in its fast integer range.
 *   - Positions are plain translations of the rotated part, not offsets from its first vertex.
 * Part outlines (simplification, spacing offset) are built by the caller: see nest-parts.ts.
 */
import ClipperLib, { type Path, type Paths } from "clipper-lib";
import { pointBounds } from "../../common/geometry/bounds";
import { createRng } from "../synth/rng";
import { minkowskiSum } from "./minkowski";

type Pt = [number, number];

// clipper-lib ships these; the project's ambient declaration only lists what the app uses.
const Clipper = ClipperLib.Clipper as unknown as typeof ClipperLib.Clipper & {
  MinkowskiSum(pattern: Path, path: Path, pathIsClosed: boolean): Paths;
  CleanPolygons(paths: Paths, distance: number): Paths;
  CleanPolygon(path: Path, distance: number): Path;
};

export type NestPart = {
  id: string;
  /** Outline already grown by half the spacing, in the part's own frame (rotation about the origin). */
  polygon: Pt[];
  /** Area credited to the part when it is placed (utilisation). */
  area: number;
};

export type NestInput = {
  width: number;
  depth: number;
  /** Edge inset of the bin, SVGnest's `-0.5 * spacing` offset of the bin polygon. */
  margin: number;
  parts: NestPart[];
};

export type NestConfig = {
  populationSize: number;
  mutationRate: number;
  rotations: number;
  /** GA generations after the first population has been evaluated. */
  generations: number;
  /** Stop starting new evaluations after this long (the current one finishes). */
  timeBudgetMs: number;
  seed: number;
  clipperScale: number;
};

export const SVGNEST_DEFAULTS: NestConfig = {
  populationSize: 10,
  mutationRate: 10,
  rotations: 4,
  generations: 10,
  timeBudgetMs: Infinity,
  seed: 1,
  clipperScale: 10_000,
};

export type NestPlacement = { x_mm: number; y_mm: number; rotation: number };
export type NestResult = {
  placements: Record<string, NestPlacement>;
  placed: number;
  unplaced: string[];
  fitness: number;
  /** Bottom of the lowest placed (grown) part plus the edge margin, mm. */
  usedDepth: number;
  utilisation: number;
  generations: number;
  evaluations: number;
  nfps: number;
  elapsedMs: number;
};

const toPath = (points: Pt[], scale: number): Path => points.map(([x, y]) => ({ X: Math.round(x * scale), Y: Math.round(y * scale) }));

type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

function boundsOf(points: Pt[]): Bounds {
  const { x0, y0, x1, y1 } = pointBounds(points);
  return { minX: x0, minY: y0, maxX: x1, maxY: y1 };
}

/** placementworker.js rotatePolygon; quarter turns are snapped so cached NFPs turn exactly. */
export function rotatePolygon(polygon: Pt[], degrees: number): Pt[] {
  const quarter = ((Math.round(degrees / 90) % 4) + 4) % 4;
  if (Math.abs(degrees - Math.round(degrees / 90) * 90) < 1e-9) {
    if (quarter === 0) return polygon.map(([x, y]) => [x, y]);
    if (quarter === 1) return polygon.map(([x, y]) => [-y, x]);
    if (quarter === 2) return polygon.map(([x, y]) => [-x, -y]);
    return polygon.map(([x, y]) => [y, -x]);
  }
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return polygon.map(([x, y]) => [x * cos - y * sin, x * sin + y * cos]);
}

/**
 * svgnest.js minkowskiDifference: where B's origin may not go with A fixed at the origin. The sum
 * comes from minkowski.ts (same outer boundary as Clipper.MinkowskiSum, faster); `viaClipper` uses
 * Clipper's, as SVGnest does, for comparison in tests.
 */
export function outerNfp(a: Pt[], b: Pt[], scale: number, viaClipper = false): Pt[] | null {
  const negated = b.map(([x, y]) => [-x, -y] as Pt);
  const solution = viaClipper
    ? Clipper.MinkowskiSum(toPath(a, scale), toPath(negated, scale), true)
    : minkowskiSum(a, negated, scale);
  let best: Path | null = null;
  let bestArea = -Infinity;
  for (const path of solution) {
    const area = ClipperLib.Clipper.Area(path);
    if (area > bestArea) {
      best = path;
      bestArea = area;
    }
  }
  return best ? best.map((p) => [p.X / scale, p.Y / scale]) : null;
}

/** geometryutil.js noFitPolygonRectangle: the translations that keep B inside the bin rectangle. */
export function innerFitRectangle(bin: Bounds, b: Bounds): Pt[] | null {
  if (b.maxX - b.minX > bin.maxX - bin.minX || b.maxY - b.minY > bin.maxY - bin.minY) return null;
  const x0 = bin.minX - b.minX, x1 = bin.maxX - b.maxX, y0 = bin.minY - b.minY, y1 = bin.maxY - b.maxY;
  return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
}


type Individual = { placement: number[]; rotation: number[]; fitness?: number };
type Evaluation = { placements: Map<number, NestPlacement>; fitness: number; unplaced: number[]; maxY: number };

export function svgnestPort(input: NestInput, options: Partial<NestConfig> = {}): NestResult {
  const config = { ...SVGNEST_DEFAULTS, ...options };
  const started = performance.now();
  const random = createRng(config.seed).next;
  const scale = config.clipperScale;
  const parts = input.parts;
  const bin: Bounds = { minX: input.margin, minY: input.margin, maxX: input.width - input.margin, maxY: input.depth - input.margin };
  const binArea = (bin.maxX - bin.minX) * (bin.maxY - bin.minY);
  const angles = Array.from({ length: Math.max(config.rotations, 1) }, (_, i) => i * (360 / config.rotations));

  const rotated = new Map<string, { polygon: Pt[]; bounds: Bounds }>();
  const rotatedPart = (index: number, rotation: number) => {
    const key = `${index}:${rotation}`;
    let hit = rotated.get(key);
    if (!hit) {
      const polygon = rotatePolygon(parts[index]!.polygon, rotation);
      rotated.set(key, (hit = { polygon, bounds: boundsOf(polygon) }));
    }
    return hit;
  };

  // NFP cache on (lower index, higher index, relative rotation of the second to the first).
  const nfpCache = new Map<string, Path | null>();
  let nfps = 0;
  const nfpPath = (a: number, ra: number, b: number, rb: number): Path | null => {
    const flip = a > b;
    const [i, ri, j, rj] = flip ? [b, rb, a, ra] : [a, ra, b, rb];
    const relative = (((rj - ri) % 360) + 360) % 360;
    const key = `${i}:${j}:${relative}`;
    let base = nfpCache.get(key);
    if (base === undefined) {
      const nfp = outerNfp(parts[i]!.polygon, rotatePolygon(parts[j]!.polygon, relative), scale);
      base = nfp ? nfp.map(([x, y]) => ({ X: Math.round(x * scale), Y: Math.round(y * scale) })) : null;
      nfpCache.set(key, base);
      nfps++;
    }
    if (!base) return null;
    const turned = rotatePolygon(base.map((p) => [p.X, p.Y] as Pt), ri);
    return turned.map(([x, y]) => (flip ? { X: -Math.round(x), Y: -Math.round(y) } : { X: Math.round(x), Y: Math.round(y) }));
  };

  // placementworker.js placePaths, for one bin.
  function placePaths(individual: Individual): Evaluation {
    const placements = new Map<number, NestPlacement>();
    const placed: { index: number; rotation: number; x: number; y: number }[] = [];
    const unplaced: number[] = [];
    let box: Bounds | null = null;
    let extent = 0;
    for (let n = 0; n < individual.placement.length; n++) {
      const index = individual.placement[n]!;
      const rotation = individual.rotation[n]!;
      const part = rotatedPart(index, rotation);
      const ifp = innerFitRectangle(bin, part.bounds);
      if (!ifp) {
        unplaced.push(index);
        continue;
      }
      let position: { x: number; y: number } | null = null;
      if (!placed.length) {
        // "first placement, put it on the left": the first vertex nearest the gravity side.
        for (const [x, y] of ifp) if (!position || y < position.y) position = { x, y };
      } else {
        const clipper = new ClipperLib.Clipper();
        for (const other of placed) {
          const nfp = nfpPath(other.index, other.rotation, index, rotation);
          if (!nfp) continue;
          const dx = Math.round(other.x * scale), dy = Math.round(other.y * scale);
          const moved = Clipper.CleanPolygon(nfp.map((p) => ({ X: p.X + dx, Y: p.Y + dy })), 0.0001 * scale);
          if (moved.length > 2 && Math.abs(ClipperLib.Clipper.Area(moved)) > 0.1 * scale * scale) clipper.AddPath(moved, ClipperLib.PolyType.ptSubject, true);
        }
        const combined: Paths = [];
        const fill = ClipperLib.PolyFillType.pftNonZero;
        if (!clipper.Execute(ClipperLib.ClipType.ctUnion, combined, fill, fill)) {
          unplaced.push(index);
          continue;
        }
        const difference = new ClipperLib.Clipper();
        difference.AddPaths(combined, ClipperLib.PolyType.ptClip, true);
        difference.AddPath(ifp.map(([x, y]) => ({ X: Math.round(x * scale), Y: Math.round(y * scale) })), ClipperLib.PolyType.ptSubject, true);
        let finalNfp: Paths = [];
        if (!difference.Execute(ClipperLib.ClipType.ctDifference, finalNfp, fill, fill)) {
          unplaced.push(index);
          continue;
        }
        finalNfp = Clipper.CleanPolygons(finalNfp, 0.0001 * scale).filter((path) => path.length >= 3 && Math.abs(ClipperLib.Clipper.Area(path)) >= 0.1 * scale * scale);
        let best = Infinity;
        for (const path of finalNfp) {
          // SVGnest skips regions under 2 square units.
          if (Math.abs(ClipperLib.Clipper.Area(path)) / (scale * scale) < 2) continue;
          for (const p of path) {
            const x = p.X / scale, y = p.Y / scale;
            const minX = Math.min(box!.minX, part.bounds.minX + x), maxX = Math.max(box!.maxX, part.bounds.maxX + x);
            const minY = Math.min(box!.minY, part.bounds.minY + y), maxY = Math.max(box!.maxY, part.bounds.maxY + y);
            // Weigh the gravity extent more, to compress in the direction of gravity.
            const score = (maxY - minY) * 2 + (maxX - minX);
            if (score < best || (Math.abs(score - best) < 1e-9 && position && y < position.y)) {
              best = score;
              position = { x, y };
              extent = maxY - minY;
            }
          }
        }
      }
      if (!position) {
        unplaced.push(index);
        continue;
      }
      placed.push({ index, rotation, x: position.x, y: position.y });
      placements.set(index, { x_mm: position.x, y_mm: position.y, rotation });
      const b = { minX: part.bounds.minX + position.x, minY: part.bounds.minY + position.y, maxX: part.bounds.maxX + position.x, maxY: part.bounds.maxY + position.y };
      box = box ? { minX: Math.min(box.minX, b.minX), minY: Math.min(box.minY, b.minY), maxX: Math.max(box.maxX, b.maxX), maxY: Math.max(box.maxY, b.maxY) } : b;
    }
    const fitness = 1 + (placed.length > 1 ? extent / binArea : 0) + 2 * unplaced.length;
    return { placements, fitness, unplaced, maxY: box ? box.maxY : 0 };
  }

  // svgnest.js GeneticAlgorithm.
  const randomAngle = (index: number) => {
    const list = [...angles];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    for (const angle of list) {
      const b = rotatedPart(index, angle).bounds;
      if (b.maxX - b.minX < bin.maxX - bin.minX && b.maxY - b.minY < bin.maxY - bin.minY) return angle;
    }
    return 0;
  };
  const mutate = (individual: Individual): Individual => {
    const clone = { placement: [...individual.placement], rotation: [...individual.rotation] };
    for (let i = 0; i < clone.placement.length; i++) {
      if (random() < 0.01 * config.mutationRate && i + 1 < clone.placement.length) {
        // As in SVGnest, only the order swaps: the rotation gene stays with the slot.
        [clone.placement[i], clone.placement[i + 1]] = [clone.placement[i + 1]!, clone.placement[i]!];
      }
      if (random() < 0.01 * config.mutationRate) clone.rotation[i] = randomAngle(clone.placement[i]!);
    }
    return clone;
  };
  const mate = (male: Individual, female: Individual): [Individual, Individual] => {
    const cut = Math.round(Math.min(Math.max(random(), 0.1), 0.9) * (male.placement.length - 1));
    const child = (first: Individual, second: Individual): Individual => {
      const placement = first.placement.slice(0, cut);
      const rotation = first.rotation.slice(0, cut);
      for (let i = 0; i < second.placement.length; i++) {
        if (!placement.includes(second.placement[i]!)) {
          placement.push(second.placement[i]!);
          rotation.push(second.rotation[i]!);
        }
      }
      return { placement, rotation };
    };
    return [child(male, female), child(female, male)];
  };
  const randomWeightedIndividual = (population: Individual[], exclude?: Individual) => {
    const pop = population.filter((individual) => individual !== exclude);
    const rand = random();
    let lower = 0;
    const weight = 1 / pop.length;
    let upper = weight;
    for (let i = 0; i < pop.length; i++) {
      if (rand > lower && rand < upper) return pop[i]!;
      lower = upper;
      upper += 2 * weight * ((pop.length - i) / pop.length);
    }
    return pop[0]!;
  };

  const adam = [...parts.keys()].sort((p, q) => Math.abs(polygonArea(parts[q]!.polygon)) - Math.abs(polygonArea(parts[p]!.polygon)));
  let population: Individual[] = [{ placement: adam, rotation: adam.map(randomAngle) }];
  while (population.length < config.populationSize) population.push(mutate(population[0]!));

  let best: Evaluation | null = null;
  let generations = 0;
  let evaluations = 0;
  for (;;) {
    for (const individual of population) {
      if (individual.fitness !== undefined) continue;
      if (evaluations > 0 && performance.now() - started > config.timeBudgetMs) break;
      const evaluation = placePaths(individual);
      individual.fitness = evaluation.fitness;
      evaluations++;
      if (!best || evaluation.fitness < best.fitness) best = evaluation;
    }
    if (generations >= config.generations || performance.now() - started > config.timeBudgetMs) break;
    if (population.some((individual) => individual.fitness === undefined)) break;
    population.sort((a, b) => a.fitness! - b.fitness!);
    const next: Individual[] = [population[0]!];
    while (next.length < population.length) {
      const male = randomWeightedIndividual(population);
      const female = randomWeightedIndividual(population, male);
      const [first, second] = mate(male, female);
      next.push(mutate(first));
      if (next.length < population.length) next.push(mutate(second));
    }
    population = next;
    generations++;
  }

  const result = best ?? { placements: new Map(), fitness: Infinity, unplaced: [...parts.keys()], maxY: 0 };
  const placements: Record<string, NestPlacement> = {};
  let area = 0;
  for (const [index, placement] of result.placements) {
    placements[parts[index]!.id] = placement;
    area += parts[index]!.area;
  }
  const usedDepth = result.placements.size ? Math.min(input.depth, result.maxY + input.margin) : 0;
  return {
    placements,
    placed: result.placements.size,
    unplaced: result.unplaced.map((index) => parts[index]!.id),
    fitness: result.fitness,
    usedDepth,
    utilisation: usedDepth > 0 ? area / (input.width * usedDepth) : 0,
    generations,
    evaluations,
    nfps,
    elapsedMs: performance.now() - started,
  };
}

function polygonArea(points: Pt[]): number {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) sum += (points[j]![0] + points[i]![0]) * (points[j]![1] - points[i]![1]);
  return sum / 2;
}
