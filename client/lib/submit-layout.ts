import { apiRequest } from "./api";
import type { ScannerJobBody } from "./scanner-job-body";

export type SubmittedOrder = {
  order_id: number;
  order_number: string;
  project_id: number | null;
  reference_code?: string;
  status: string;
  total?: string;
};

export type SubmitLayoutResult = { orders: SubmittedOrder[] };

/**
 * The one submit path for the Tool Layout page and the foam editor: posts one scanner job per placed
 * pocket (POST /api/scanner/jobs), then hands the layout over (POST /api/scanner/process), which checks
 * the layout (pocket inside the foam, minimum wall), prices it and moves the order to `quoted`.
 * Errors are thrown as ApiError with the server's `detail` (e.g. 422 naming the pocket at fault);
 * the caller decides what to clear from the scanner queue.
 */
export async function submitLayout(jobs: ScannerJobBody[]): Promise<SubmitLayoutResult> {
  if (!jobs.length) throw new Error("Place at least one tool before submitting the layout.");
  const jobIds: number[] = [];
  for (const job of jobs) {
    const created = await apiRequest<{ id: number }>("/scanner/jobs", { method: "POST", body: job });
    jobIds.push(created.id);
  }
  const layoutIds = new Set(jobs.map((job) => job.layout_id));
  // One layout id (the normal case) prices the whole layout; mixed ids fall back to exactly these jobs.
  const body = layoutIds.size === 1 && jobs[0]!.layout_id ? { layout_id: jobs[0]!.layout_id } : { job_ids: jobIds };
  const answer = await apiRequest<{ orders?: SubmittedOrder[] }>("/scanner/process", { method: "POST", body });
  return { orders: answer?.orders ?? [] };
}
