import type { ScannedTool } from "../../../lib/scanner-queue";
import { loadDocument, resizeCanvas } from "./actions";
import { DEFAULT_FOAM } from "./foam";
import { createEditorStore } from "./store";
import type { Foam, Pt } from "./types";

/** An axis-aligned rectangle contour in pad millimetres with its top-left corner at (x, y). */
export function rect(x: number, y: number, w: number, h: number): Pt[] {
  return [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ];
}

export function scannedTool(id: string, overrides: Partial<ScannedTool> = {}): ScannedTool {
  return {
    id,
    createdAt: "2025-01-02T03:04:05.000Z",
    previewUrl: "data:image/png;base64,AAAA",
    svg: "<svg/>",
    detectionMethod: "aruco",
    diagnostics: { markers: 4 },
    parameters: { contour_area_mm: 2000 },
    contourPointsMm: rect(50, 60, 100, 20),
    position: null,
    name: `Tool ${id}`,
    ...overrides,
  };
}

/** A loaded store on a canvas of the given size (default 800 x 600 px). */
export function loadedStore(queue: ScannedTool[], foam: Foam = DEFAULT_FOAM, size = { width: 800, height: 600 }) {
  const store = createEditorStore();
  store.dispatch(loadDocument, { queue, foam });
  store.dispatch(resizeCanvas, size);
  return store;
}
