import { describe, expect, test } from "bun:test";
import { arrangeTools, loadDocument } from "../../client/islands/editor/core/actions";
import { arrangeInput, placementsFrom } from "../../client/islands/editor/core/arrange";
import { arrangeKernel, type KernelResult } from "../../client/islands/editor/core/arrange-kernel";
import { customFoam } from "../../client/islands/editor/core/foam";
import { cutOutline } from "../../client/islands/editor/core/layout-geometry";
import { findProblems } from "../../client/islands/editor/core/problems";
import { createEditorStore } from "../../client/islands/editor/core/store";
import type { EditorDoc } from "../../client/islands/editor/core/types";
import { queuedTools } from "../synth/queued-tools";
import { nestInput } from "./nest-parts";
import { svgnestPort } from "./svgnest-port";

const WALL = 8;


/** As bench/arrange.ts measures it: problems, and pocket area over foam width × (lowest edge + wall). */
function measure(doc: EditorDoc, result: Pick<KernelResult, "placements">, areas: Map<string, number>) {
  const store = createEditorStore();
  store.dispatch(loadDocument, { queue: queuedTools(doc.tools.length, 7012), foam: doc.foam });
  store.dispatch(arrangeTools, { placements: placementsFrom(store.getState().doc, result as KernelResult) });
  const placed = store.getState().doc;
  const only = { ...placed, tools: placed.tools.map((tool) => (result.placements[tool.id] ? tool : { ...tool, placement: null })) };
  let bottom = 0;
  let area = 0;
  for (const tool of only.tools) {
    if (!tool.placement) continue;
    for (const ring of cutOutline(tool, only.foam)) for (const [, y] of ring) bottom = Math.max(bottom, y);
    area += areas.get(tool.id)!;
  }
  return { problems: findProblems(only, WALL), placed: Object.keys(result.placements).length, utilisation: area / (doc.foam.width_mm * Math.min(doc.foam.depth_mm, bottom + WALL)) };
}

describe("auto-arrange against the SVGnest port", () => {
  test("on 12 scanned tools it places as many and packs at least as densely as 5 SVGnest generations", () => {
    const store = createEditorStore();
    store.dispatch(loadDocument, { queue: queuedTools(12, 7012), foam: customFoam(400, 300, 50) });
    const doc = store.getState().doc;
    const input = arrangeInput(doc, "all", WALL);
    const areas = new Map(input.parts.map((part) => [part.id, part.area]));
    // A capped number of orders, not the time budget, so the result does not depend on the machine.
    const ours = measure(doc, arrangeKernel({ ...input, orders: 150, timeBudgetMs: 600_000 }), areas);
    const reference = measure(doc, svgnestPort(nestInput(doc, "all", WALL), { generations: 5 }), areas);
    expect(ours.problems).toEqual([]);
    expect(reference.problems).toEqual([]);
    expect(ours.placed).toBeGreaterThanOrEqual(reference.placed);
    expect(ours.utilisation).toBeGreaterThanOrEqual(reference.utilisation);
  }, 60_000);
});
