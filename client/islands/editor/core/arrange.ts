import ClipperLib, { type Paths } from "clipper-lib";
import { unionPaths } from "../../../../common/layout";
import { arrangeKernel, type KernelInput, type KernelPart, type KernelResult } from "./arrange-kernel";
import { cutOutline, effectiveClearance } from "./layout-geometry";
import { polygonArea } from "./polygon";
import type { EditorDoc, EditorTool, Placement, Pt } from "./types";

export const DEFAULT_ARRANGE_WALL_MM = 8;
const UNITS = 1000;

export type ArrangeScope = "placed" | "all";
export type ArrangeOutcome = { placements: Record<string, Placement>; result: KernelResult; total: number };

/** Douglas–Peucker: drops vertices closer than `tolerance` mm to the simplified line. */
export function simplify(points: Pt[], tolerance: number): Pt[] {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy) || 1e-9;
    let worst = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i]!;
      const distance = Math.abs((px - ax) * dy - (py - ay) * dx) / length;
      if (distance > worst) {
        worst = distance;
        index = i;
      }
    }
    if (index >= 0 && worst > tolerance) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const SIMPLIFY_MM = 0.05;
const COARSE_ARC_MM = 0.1;

/**
 * The tool's cut shape at rotation 0 around its centre, grown by `grow` mm. Built coarsely for
 * speed (0.05 mm simplification, 0.1 mm arc chords) and grown by both tolerances on top, so the
 * part is never smaller than the real cut outline plus `grow`.
 */
function partOf(tool: EditorTool, doc: EditorDoc, grow: number): KernelPart {
  const scale = tool.placement?.scale ?? 1;
  const centred: EditorTool = { ...tool, placement: { x_mm: 0, y_mm: 0, rotation: 0, scale } };
  const shaped = Boolean(tool.pocket.fingers?.length || tool.pocket.ledge);
  // Notches and ledges need the full cut outline; a plain pocket is its outline plus clearance.
  const base = shaped ? cutOutline(centred, doc.foam) : [tool.outline.map(([x, y]) => [x * scale, y * scale] as Pt)];
  const extra = (shaped ? 0 : effectiveClearance(tool)) + grow + SIMPLIFY_MM + COARSE_ARC_MM;
  const paths = unionPaths(base.map((ring) => simplify(ring, SIMPLIFY_MM).map(([x, y]) => ({ X: Math.round(x * UNITS), Y: Math.round(y * UNITS) }))));
  const clipper = new ClipperLib.ClipperOffset(2, COARSE_ARC_MM * UNITS);
  for (const path of paths) clipper.AddPath(path, ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const solution: Paths = [];
  clipper.Execute(solution, extra * UNITS);
  const rings = solution.map((path) => path.map((p) => [p.X / UNITS, p.Y / UNITS] as [number, number]));
  const area = base.reduce((sum, ring) => sum + polygonArea(ring), 0) + (shaped ? 0 : perimeterOf(base[0]!) * effectiveClearance(tool));
  return { id: tool.id, rings, area };
}

function perimeterOf(points: Pt[]): number {
  let length = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    length += Math.hypot(x2 - x1, y2 - y1);
  }
  return length;
}

// The search ranks orders on a quarter-million-cell grid (~1 mm on a 560 × 400 sheet, a fill
// takes a few ms) and places the best few on a million cells (~0.5 mm): finer cells waste less
// of the wall to rounding, and searching on them would cost three quarters of the tries.
const SEARCH_CELLS = 250_000;
const FINAL_CELLS = 1_000_000;
// Worker time; with preparation and the worker start the whole arrange stays under 2 s.
const ARRANGE_BUDGET_MS = 1500;

/** The nesting job for the placed tools (or every tool in the queue), walls of `wallMm`. */
export function arrangeInput(doc: EditorDoc, scope: ArrangeScope, wallMm = DEFAULT_ARRANGE_WALL_MM): KernelInput {
  const area = doc.foam.width_mm * doc.foam.depth_mm;
  const resolution = Math.sqrt(area / FINAL_CELLS);
  const tools = doc.tools.filter((tool) => scope === "all" || tool.placement);
  // Half the wall on every part keeps a whole wall between two; half a cell's diagonal makes the raster conservative.
  const grow = wallMm / 2 + (resolution * Math.SQRT2) / 2;
  return {
    width: doc.foam.width_mm,
    depth: doc.foam.depth_mm,
    margin: wallMm / 2,
    resolution,
    searchResolution: Math.sqrt(area / SEARCH_CELLS),
    parts: tools.map((tool) => partOf(tool, doc, grow)),
    rotations: [0, 90, 180, 270],
    orders: 10_000,
    timeBudgetMs: ARRANGE_BUDGET_MS,
  };
}

export function placementsFrom(doc: EditorDoc, result: KernelResult): Record<string, Placement> {
  const placements: Record<string, Placement> = {};
  for (const tool of doc.tools) {
    const spot = result.placements[tool.id];
    if (spot) placements[tool.id] = { ...spot, scale: tool.placement?.scale ?? 1 };
  }
  return placements;
}

/** Runs the kernel off the main thread; where workers are missing (tests), inline. */
export async function arrangeInWorker(input: KernelInput): Promise<KernelResult> {
  if (typeof Worker === "undefined" || typeof Blob === "undefined" || typeof URL.createObjectURL !== "function") return arrangeKernel(input);
  const source = `const arrangeKernel = ${arrangeKernel.toString()};\nself.onmessage = (event) => self.postMessage(arrangeKernel(event.data));`;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    const worker = new Worker(url);
    return await new Promise<KernelResult>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<KernelResult>) => {
        worker.terminate();
        resolve(event.data);
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || "Auto-arrange failed."));
      };
      worker.postMessage(input);
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function autoArrange(doc: EditorDoc, scope: ArrangeScope, wallMm = DEFAULT_ARRANGE_WALL_MM): Promise<ArrangeOutcome> {
  const input = arrangeInput(doc, scope, wallMm);
  const result = await arrangeInWorker(input);
  return { placements: placementsFrom(doc, result), result, total: input.parts.length };
}
