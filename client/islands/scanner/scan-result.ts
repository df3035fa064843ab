/** GET /scanner/scan/{id}/result (and /scanner-ai/...): the parts the UI reads (SPEC 3 and 7). */
export type ScanResult = {
  preview_png: string;
  contour_points_px: [number, number][];
  contour_points_mm: [number, number][];
  parameters: { contour_area_mm: number; mm_per_px?: number; [key: string]: unknown };
  svg: string;
  diagnostics?: Record<string, unknown>;
  model_info?: { model?: string; [key: string]: unknown };
  /** Photos the outline was computed from (multi-view jobs); absent from an older server means one. */
  views?: number;
  /** Estimated tool height; null from one photo. */
  height_mm?: number | null;
  /** Estimated largest distance between the outline and the true footprint. */
  accuracy_mm?: number | null;
};

/** diagnostics.views of a multi-photo job: which photo was used, and why not; `index` is the 1-based photo number the errors use. */
export type ViewDiagnostic = { index: number; used: boolean; reason?: string };

/** One event of the progress stream. */
export type JobProgress = { progress: number; message: string; status: string };

function isPointList(value: unknown): value is [number, number][] {
  return Array.isArray(value) && value.every((p) => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === "number"));
}

/** Guards against a malformed answer so the review never renders half a result. */
export function parseScanResult(value: unknown): ScanResult {
  const data = (value ?? {}) as Record<string, unknown>;
  const parameters = (data.parameters ?? {}) as ScanResult["parameters"];
  if (typeof data.preview_png !== "string" || !isPointList(data.contour_points_px) || typeof parameters.contour_area_mm !== "number") {
    throw new Error("Malformed scan result");
  }
  return {
    preview_png: data.preview_png,
    contour_points_px: data.contour_points_px,
    contour_points_mm: isPointList(data.contour_points_mm) ? data.contour_points_mm : [],
    parameters,
    svg: typeof data.svg === "string" ? data.svg : "",
    diagnostics: (data.diagnostics as Record<string, unknown>) ?? {},
    model_info: data.model_info as ScanResult["model_info"],
    views: typeof data.views === "number" && data.views >= 1 ? data.views : undefined,
    height_mm: finiteOrNull(data.height_mm),
    accuracy_mm: finiteOrNull(data.accuracy_mm),
  };
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The photos a job left out, from diagnostics.views; an older server's answer has none. */
export function unusedViews(result: Pick<ScanResult, "diagnostics">): ViewDiagnostic[] {
  const views = result.diagnostics?.views;
  if (!Array.isArray(views)) return [];
  return views.filter(
    (view): view is ViewDiagnostic => Boolean(view) && typeof view.index === "number" && view.used === false,
  );
}

/**
 * True when the server found no printed grid on the pad in any photo (diagnostics.grid_found false):
 * shadows are then told from the tool by the paper alone, and the review asks for the grid. An older
 * server's answer has no such field.
 */
export function padGridMissing(result: Pick<ScanResult, "diagnostics">): boolean {
  return result.diagnostics?.grid_found === false;
}

/** Progress events: completed and failed end the job, anything else is in progress (SPEC 4). */
export function parseProgress(raw: string): JobProgress | null {
  try {
    const data = JSON.parse(raw) as Record<string, unknown>;
    const progress = Number(data.progress);
    return {
      progress: Number.isFinite(progress) ? Math.min(100, Math.max(0, progress)) : 0,
      message: typeof data.message === "string" ? data.message : "",
      status: typeof data.status === "string" ? data.status : "processing",
    };
  } catch {
    return null;
  }
}
