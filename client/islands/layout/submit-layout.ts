import { ApiError } from "../../lib/api";
import { submitLayout, type SubmittedOrder } from "../../lib/submit-layout";
import { describeProblems, findLayoutProblems, MIN_WALL_MM, type LayoutProblem } from "../../../common/layout-check";
import { isPlaced, type ScannedTool, type ToolPosition } from "../../lib/scanner-queue";
import { createClientId, scannerJobBody, type ScannerJobBody } from "../../lib/scanner-job-body";
import { placedOutline, type LayoutFoam } from "./layout-geometry";

export type { ScannerJobBody };

export const LAYOUT_MESSAGES = {
  noneplaced: "Place at least one tool before submitting the layout.",
  auth: "Authentication required. Please log in.",
  success: "Layout submitted successfully! Redirecting to dashboard...",
  failed: "Failed to submit layout. Please try again.",
  problems: "This layout cannot be cut yet:",
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

export type SubmitOutcome =
  | { ok: true; created: number; orders: SubmittedOrder[]; submittedIds: string[] }
  | { ok: false; message: string; needsLogin: boolean; problemToolId?: string };

export type PlacedProblem = LayoutProblem & { toolId: string; otherToolId?: string };

/**
 * Problems of the placed tools as they would be cut (SPEC 9 default foam): a pocket past the foam
 * edge, two pockets overlapping or a wall thinner than the minimum. The server checks the same
 * (POST /scanner/process answers 422); checking here first names the pocket and posts nothing.
 */
export function layoutProblems(tools: ScannedTool[], foam: LayoutFoam, minWallMm = MIN_WALL_MM): PlacedProblem[] {
  const placed = placedTools(tools);
  const pockets = placed.map((tool) => ({ name: tool.name, points: pocketOnFoam(tool, tool.position as ToolPosition, foam) }));
  return findLayoutProblems(foam, pockets, minWallMm).map((problem) => ({
    ...problem,
    toolId: placed[problem.pocket]!.id,
    ...("other" in problem ? { otherToolId: placed[problem.other]!.id } : {}),
  }));
}

export function problemMessage(problems: LayoutProblem[]): string {
  return `${LAYOUT_MESSAGES.problems} ${describeProblems(problems)}`;
}

/**
 * Validates (SPEC 5, then the cutting checks) and submits through the shared client/lib path: one
 * scanner job per placed tool, then POST /scanner/process prices it. The caller removes only the
 * submitted (placed) tools from the queue; unplaced scans stay.
 */
export async function submitToolLayout(tools: ScannedTool[], token: string | null, foam: LayoutFoam): Promise<SubmitOutcome> {
  const placed = placedTools(tools);
  const jobs = buildLayoutJobs(tools, createLayoutId(), foam);
  if (jobs.length === 0) return { ok: false, message: LAYOUT_MESSAGES.noneplaced, needsLogin: false };
  if (!token) return { ok: false, message: LAYOUT_MESSAGES.auth, needsLogin: true };
  const problems = layoutProblems(tools, foam);
  if (problems.length) return { ok: false, message: problemMessage(problems), needsLogin: false, problemToolId: problems[0]!.toolId };
  try {
    const answer = await submitLayout(jobs);
    return { ok: true, created: jobs.length, orders: answer.orders, submittedIds: placed.map((tool) => tool.id) };
  } catch (error) {
    console.error("Layout submit failed", error);
    if (error instanceof ApiError && error.status === 401) return { ok: false, message: LAYOUT_MESSAGES.auth, needsLogin: true };
    const detail = error instanceof ApiError && error.message !== "Request failed" ? error.message : null;
    return { ok: false, message: detail ?? LAYOUT_MESSAGES.failed, needsLogin: false };
  }
}
