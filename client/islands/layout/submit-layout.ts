import { apiRequest, ApiError } from "../../lib/api";
import { isPlaced, type ScannedTool, type ToolPosition } from "../../lib/scanner-queue";
import { createClientId, scannerJobBody, type ScannerJobBody } from "../../lib/scanner-job-body";
import { placedOutline, type LayoutFoam } from "./layout-geometry";

export type { ScannerJobBody };

export const LAYOUT_MESSAGES = {
  noneplaced: "Place at least one tool before submitting the layout.",
  auth: "Authentication required. Please log in.",
  success: "Layout submitted successfully! Redirecting to dashboard...",
  failed: "Failed to submit layout. Please try again.",
} as const;
export const REDIRECT_DELAY_MS = 2000;

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The pocket as it sits on the foam: the scanned outline (pad mm) re-centred on its centroid, turned
 * and scaled by the position, moved to x/y percent of the sheet. Same convention as the foam editor.
 */
export function pocketOnFoam(tool: ScannedTool, position: ToolPosition, foam: LayoutFoam): [number, number][] {
  const cx = (position.x / 100) * foam.width_mm;
  const cy = (position.y / 100) * foam.depth_mm;
  return placedOutline(tool, position).map(([x, y]) => [round3(x + cx), round3(y + cy)]);
}

export const createLayoutId = () => createClientId("layout");

export function placedTools(tools: ScannedTool[]): ScannedTool[] {
  return tools.filter(isPlaced);
}

export function buildLayoutJobs(tools: ScannedTool[], layoutId: string, foam: LayoutFoam, now = new Date()): ScannerJobBody[] {
  return placedTools(tools).map((tool) => {
    const position = tool.position as ToolPosition;
    return scannerJobBody({
      tool,
      position,
      pocket: pocketOnFoam(tool, position, foam),
      layoutId,
      foam,
      defaultDetectionMethod: "aruco",
      submittedAt: now.toISOString(),
    });
  });
}

export type SubmitOutcome = { ok: true; created: number } | { ok: false; message: string; needsLogin: boolean };

/** Validates (SPEC 5) and posts one scanner job per placed tool; the caller clears the queue and redirects. */
export async function submitLayout(tools: ScannedTool[], token: string | null, foam: LayoutFoam): Promise<SubmitOutcome> {
  const jobs = buildLayoutJobs(tools, createLayoutId(), foam);
  if (jobs.length === 0) return { ok: false, message: LAYOUT_MESSAGES.noneplaced, needsLogin: false };
  if (!token) return { ok: false, message: LAYOUT_MESSAGES.auth, needsLogin: true };
  try {
    for (const job of jobs) await apiRequest("/scanner/jobs", { method: "POST", body: job });
    return { ok: true, created: jobs.length };
  } catch (error) {
    console.error("Layout submit failed", error);
    if (error instanceof ApiError && error.status === 401) return { ok: false, message: LAYOUT_MESSAGES.auth, needsLogin: true };
    const detail = error instanceof ApiError && error.message !== "Request failed" ? error.message : null;
    return { ok: false, message: detail ?? LAYOUT_MESSAGES.failed, needsLogin: false };
  }
}
