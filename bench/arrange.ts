/**
 * Auto-arrange on 20–30 tool outlines (the scanner benches' synthetic wrenches, screwdrivers,
 * pliers and blobs, 0.25 mm vertex spacing): time, tools placed and utilisation for
 *   plain    – largest-first bottom-left fill, no rotation, one order (the floor to beat)
 *   ours     – the editor's auto-arrange (what the worker runs, with its own time budget)
 *   svg gN   – the SVGnest port in nest-reference/ (GA over order and rotation, NFP placement,
 *              default config) run for N generations after its first population, one thread
 * then a geometric check of each result (no overlap, no wall under 8 mm, edges included).
 * Used depth and utilisation are measured the same way for all from the placed cut outlines:
 * used depth = lowest pocket edge + the wall, utilisation = pocket area / (foam width × used depth).
 *
 *   bun run bench/arrange.ts [--tools 20,25,30] [--foam 560x400] [--generations 10,30]
 */
import { customFoam } from "../client/islands/editor/core/foam";
import { arrangeTools, loadDocument } from "../client/islands/editor/core/actions";
import { arrangeInput, placementsFrom } from "../client/islands/editor/core/arrange";
import { arrangeKernel } from "../client/islands/editor/core/arrange-kernel";
import { cutOutline } from "../client/islands/editor/core/layout-geometry";
import { findProblems } from "../client/islands/editor/core/problems";
import { createEditorStore } from "../client/islands/editor/core/store";
import { queuedTools } from "./synth/queued-tools";
import { nestInput } from "./nest-reference/nest-parts";
import { svgnestPort } from "./nest-reference/svgnest-port";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const COUNTS = option("tools", "20,25,30").split(",").map(Number);
const [FOAM_W, FOAM_D] = option("foam", "560x400").split("x").map(Number) as [number, number];
const GENERATIONS = option("generations", "10,30").split(",").filter(Boolean).map(Number);
const WALL = 8;

type Outcome = { placements: Record<string, { x_mm: number; y_mm: number; rotation: number }>; placed: number };

console.log(`auto-arrange, foam ${FOAM_W} x ${FOAM_D} mm, wall ${WALL} mm, clearance 1 mm; ${navigator.hardwareConcurrency} CPUs`);
console.log("tools  method  placed  time ms  used depth mm  utilisation  check");
for (const count of COUNTS) {
  const store = createEditorStore();
  store.dispatch(loadDocument, { queue: queuedTools(count, 7000 + count), foam: customFoam(FOAM_W, FOAM_D, 50) });
  const doc = store.getState().doc;
  const started = performance.now();
  const input = arrangeInput(doc, "all", WALL);
  const prepMs = performance.now() - started;
  const areas = new Map(input.parts.map((part) => [part.id, part.area]));
  const jobs: [string, () => Outcome][] = [
    ["plain", () => arrangeKernel({ ...input, rotations: [0], orders: 1 })],
    ["ours", () => arrangeKernel(input)],
  ];
  for (const generations of GENERATIONS) {
    jobs.push([`svg g${generations}`, () => svgnestPort(nestInput(doc, "all", WALL), { generations })]);
  }
  for (const [method, job] of jobs) {
    const t0 = performance.now();
    const result = job();
    // Part preparation is shared by plain and ours; the port builds its own parts inside job().
    const ms = (method.startsWith("svg") ? 0 : prepMs) + performance.now() - t0;
    const check = createEditorStore();
    check.dispatch(loadDocument, { queue: queuedTools(count, 7000 + count), foam: doc.foam });
    check.dispatch(arrangeTools, { placements: placementsFrom(check.getState().doc, result as Parameters<typeof placementsFrom>[1]) });
    // Tools left out stay unplaced, so the check sees only what was arranged.
    const placedDoc = { ...check.getState().doc, tools: check.getState().doc.tools.map((tool) => (result.placements[tool.id] ? tool : { ...tool, placement: null })) };
    const problems = findProblems(placedDoc, WALL);
    let bottom = 0;
    let area = 0;
    for (const tool of placedDoc.tools) {
      if (!tool.placement) continue;
      for (const ring of cutOutline(tool, placedDoc.foam)) for (const [, y] of ring) bottom = Math.max(bottom, y);
      area += areas.get(tool.id)!;
    }
    const usedDepth = Math.min(FOAM_D, bottom + WALL);
    console.log(
      [
        String(count).padStart(5),
        method.padStart(7),
        `${result.placed}/${count}`.padStart(7),
        ms.toFixed(0).padStart(8),
        usedDepth.toFixed(0).padStart(14),
        `${((area / (FOAM_W * usedDepth)) * 100).toFixed(1)} %`.padStart(12),
        problems.length ? `${problems.length} problems: ${problems[0]!.message}` : "ok",
      ].join(" "),
    );
  }
}
