import { createClientId } from "../../lib/scanner-job-body";
import type { ScannedTool } from "../../lib/scanner-queue";
import type { ScannerVariant, ScanParameters } from "./scan-parameters";
import type { ScanResult } from "./scan-result";

export const createScanId = () => createClientId("scan");

export function defaultToolName(queueLength: number): string {
  return `Tool ${queueLength + 1}`;
}

/** The scanner-queue entry of SPEC 3 for a reviewed scan; it enters unplaced (position null). */
export function queueEntryFromResult({
  result,
  name,
  variant,
  requestParams,
  photosSent = 1,
  previewUrl,
  id = createScanId(),
  now = new Date(),
}: {
  result: ScanResult;
  name: string;
  variant: ScannerVariant;
  requestParams: ScanParameters;
  /** Photos in the job; the count when the server does not report `views`. */
  photosSent?: number;
  previewUrl?: string;
  id?: string;
  now?: Date;
}): ScannedTool {
  const diagnostics: Record<string, unknown> = { ...(result.diagnostics ?? {}), scanner: variant };
  if (result.model_info) diagnostics.model_info = result.model_info;
  return {
    id,
    createdAt: now.toISOString(),
    previewUrl: previewUrl ?? result.preview_png,
    svg: result.svg,
    // Both scanners measure against the ArUco pad, so both outlines are calibrated 'aruco' ones.
    detectionMethod: "aruco",
    diagnostics,
    parameters: { ...requestParams, ...result.parameters, contour_area_mm: result.parameters.contour_area_mm },
    contourPointsMm: result.contour_points_mm,
    position: null,
    name: name.trim() || "Tool",
    views: result.views ?? photosSent,
    height_mm: result.height_mm ?? null,
    accuracy_mm: result.accuracy_mm ?? null,
  };
}
