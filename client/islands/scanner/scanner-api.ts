import { API_BASE, apiRequest } from "../../lib/api";
import { scanFormFields, type ScannerVariant, type ScanParameters } from "./scan-parameters";
import { parseProgress, parseScanResult, type JobProgress, type ScanResult } from "./scan-result";

/** Marker detection of one live frame (POST /scanner/preview). */
export type Detection = {
  markers_detected: number;
  frame_corners_norm: [number, number][] | null;
  markers: { id: number; corners: [number, number][] }[];
};

const BASES: Record<ScannerVariant, string> = { classic: "/scanner", ai: "/scanner-ai" };

export function scannerBase(variant: ScannerVariant): string {
  return BASES[variant];
}

export async function requestPreview(frame: Blob, signal?: AbortSignal): Promise<Detection> {
  const form = new FormData();
  form.append("image", frame, "frame.jpg");
  const answer = await apiRequest<{ detection?: Partial<Detection> }>("/scanner/preview", { formData: form, signal });
  const detection = answer?.detection ?? {};
  return {
    markers_detected: Number(detection.markers_detected) || 0,
    frame_corners_norm: Array.isArray(detection.frame_corners_norm) && detection.frame_corners_norm.length === 4 ? detection.frame_corners_norm : null,
    markers: Array.isArray(detection.markers) ? detection.markers : [],
  };
}

export async function submitScan(variant: ScannerVariant, photo: Blob, params: ScanParameters): Promise<{ jobId: string; progressToken: string | null }> {
  const form = new FormData();
  form.append("image", photo, "capture.jpg");
  for (const [key, value] of Object.entries(scanFormFields(variant, params))) form.append(key, value);
  const answer = await apiRequest<{ job_id?: string | number; progress_token?: string }>(`${BASES[variant]}/scan`, { formData: form });
  if (answer?.job_id === undefined || answer.job_id === null || answer.job_id === "") throw new Error("No job id in the answer");
  return { jobId: String(answer.job_id), progressToken: typeof answer.progress_token === "string" ? answer.progress_token : null };
}

export async function fetchScanResult(variant: ScannerVariant, jobId: string): Promise<ScanResult> {
  return parseScanResult(await apiRequest(`${BASES[variant]}/scan/${encodeURIComponent(jobId)}/result`));
}

export type JobWatchHandlers = {
  onProgress(event: JobProgress): void;
  onCompleted(event: JobProgress): void;
  onFailed(message: string): void;
  onConnectionError(): void;
};

/** Follows a job's server-sent events; EventSource cannot send headers, so the token rides in the query (SPEC 7). */
export function watchJob(variant: ScannerVariant, jobId: string, token: string, handlers: JobWatchHandlers): () => void {
  const url = `${API_BASE}${BASES[variant]}/scan/${encodeURIComponent(jobId)}/progress?token=${encodeURIComponent(token)}`;
  const source = new EventSource(url);
  let done = false;
  const finish = () => {
    done = true;
    source.close();
  };
  source.onmessage = (event: MessageEvent) => {
    if (done) return;
    const progress = parseProgress(String(event.data));
    if (!progress) return;
    if (progress.status === "completed") {
      finish();
      handlers.onCompleted(progress);
    } else if (progress.status === "failed") {
      finish();
      handlers.onFailed(progress.message);
    } else {
      handlers.onProgress(progress);
    }
  };
  source.onerror = () => {
    // The stream ends after the last event; only an error before completion counts.
    if (done) return;
    finish();
    handlers.onConnectionError();
  };
  return finish;
}
