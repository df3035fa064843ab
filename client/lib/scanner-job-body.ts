import type { ScannedTool, ToolPosition } from "./scanner-queue";

type Pt = [number, number];

/** POST /api/scanner/jobs body (SPEC 3 scanner job payload), one per placed tool; the layout page and the editor both send it. */
export type ScannerJobBody = {
  contour_svg: string;
  calibration_payload: {
    detection_method: string;
    diagnostics: Record<string, unknown>;
    parameters: Record<string, unknown>;
    preview_data_url: string;
    position: ToolPosition;
    contour_points_mm: Pt[];
    /** How the outline was measured, kept with the job, the order and the operator's card. */
    accuracy_mm: number | null;
    height_mm: number | null;
    views: number;
  };
  processing_notes: string;
  status: "pending";
  processed_at: null;
  layout_id: string;
  name: string;
  foam: { label: string; width_mm: number; depth_mm: number; thickness_mm: number };
};

/** A random id for a scan, a layout submission, anything the browser names before the server sees it. */
export function createClientId(prefix: string): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function pathData(points: Pt[]): string {
  return `${points.map(([x, y], index) => `${index ? "L" : "M"}${round(x)} ${round(y)}`).join(" ")} Z`;
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The pocket drawn on its foam sheet, millimetre user units (the server regenerates its own copy anyway). */
export function pocketSvg(points: Pt[], widthMm: number, depthMm: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${widthMm} ${depthMm}" width="${widthMm}mm" height="${depthMm}mm">` +
    `<path d="${pathData(points)}" fill="none" stroke="#000" stroke-width="0.3"/></svg>`
  );
}

/**
 * One job body: `pocket` is the outline as cut (rotated, scaled and placed) in foam millimetres;
 * all jobs of one submission share `layoutId`.
 */
export function scannerJobBody(args: {
  tool: Pick<ScannedTool, "detectionMethod" | "diagnostics" | "parameters" | "previewUrl" | "createdAt"> &
    Partial<Pick<ScannedTool, "views" | "height_mm" | "accuracy_mm">> & { name: string };
  position: ToolPosition;
  pocket: Pt[];
  layoutId: string;
  foam: ScannerJobBody["foam"];
  defaultDetectionMethod: string;
  submittedAt: string;
}): ScannerJobBody {
  const { tool, position, pocket, foam } = args;
  const detection_method = tool.detectionMethod ?? args.defaultDetectionMethod;
  return {
    contour_svg: pocketSvg(pocket, foam.width_mm, foam.depth_mm),
    calibration_payload: {
      detection_method,
      diagnostics: tool.diagnostics ?? {},
      parameters: tool.parameters ?? {},
      preview_data_url: tool.previewUrl ?? "",
      position,
      contour_points_mm: pocket,
      accuracy_mm: finiteOrNull(tool.accuracy_mm),
      height_mm: finiteOrNull(tool.height_mm),
      // Entries saved before multi-photo scans came from one photo.
      views: typeof tool.views === "number" && tool.views >= 1 ? Math.round(tool.views) : 1,
    },
    processing_notes: JSON.stringify({ layout_position: position, detection_method, created_at: tool.createdAt || args.submittedAt }),
    status: "pending",
    processed_at: null,
    layout_id: args.layoutId,
    name: tool.name,
    foam: { ...foam },
  };
}
