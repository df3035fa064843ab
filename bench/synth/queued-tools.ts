import { createRng } from "./rng";
import { makeToolShape, TOOL_KINDS } from "./tool-shapes";

/**
 * `count` synthetic tool outlines (the scanner benches' wrenches, screwdrivers, pliers and blobs) as
 * the editor's queue holds scanned tools: the input of the arrange bench and its comparison test.
 */
export function queuedTools(count: number, seed: number) {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    name: `${TOOL_KINDS[i % TOOL_KINDS.length]} ${i + 1}`,
    createdAt: "2025-01-01T00:00:00.000Z",
    previewUrl: "",
    svg: "",
    detectionMethod: "aruco" as const,
    diagnostics: {},
    parameters: { contour_area_mm: 0 },
    contourPointsMm: makeToolShape(TOOL_KINDS[i % TOOL_KINDS.length]!, rng).outer,
    position: null,
  }));
}
