// Public API of the scanner engine (src/modules/photo-tracing serves it over HTTP).
export type { Detection, TraceParams, TraceResult } from "./types.ts";
export { VisionError } from "./vision-error.ts";
export { createVisionPool, type VisionPool, type VisionPoolOptions } from "./vision-pool.ts";
export { renderPadTemplatePdf } from "./pad-template-pdf.ts";
export { contourToDxf } from "./contour-dxf.ts";
export { offsetPolygon } from "./offset-polygon.ts";
export { polygonArea } from "../../common/geometry/polygon.ts";
export { areaLimitsForSensitivity } from "../../common/sensitivity.ts";
// A learned segmenter is registered inside the worker (see segmenter.ts / worker.ts), not from here.
export type { Segmenter, SegmentInput, SegmentOutput } from "./segmenter.ts";
