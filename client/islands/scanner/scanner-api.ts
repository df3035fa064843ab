import { API_BASE, apiRequest } from "../../lib/api";
import type { CameraPosition } from "./guided-capture";
import { scanFormFields, type ScannerVariant, type ScanParameters } from "./scan-parameters";
import { parseProgress, parseScanResult, type JobProgress, type ScanResult } from "./scan-result";

/** Marker detection of one live frame (POST /scanner/preview). */
export type Detection = {
  markers_detected: number;
  frame_corners_norm: [number, number][] | null;
  markers: { id: number; corners: [number, number][] }[];
  /** Where the camera is over the pad (pad mm); null when the server cannot tell. */
  camera: CameraPosition | null;
  /** Whether the frame is sharp enough for a photo; null when not measured. */
  sharp: boolean | null;
};

function isPair(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]);
}

function parseCamera(value: unknown): CameraPosition | null {
  const camera = value as { nadir_mm?: unknown; height_mm?: unknown } | null | undefined;
  if (!camera || !isPair(camera.nadir_mm)) return null;
  return { nadir_mm: [camera.nadir_mm[0], camera.nadir_mm[1]], height_mm: Number.isFinite(camera.height_mm) ? Number(camera.height_mm) : 0 };
}

const BASES: Record<ScannerVariant, string> = { classic: "/scanner", ai: "/scanner-ai" };

export function scannerBase(variant: ScannerVariant): string {
  return BASES[variant];
}

export async function requestPreview(frame: Blob, signal?: AbortSignal): Promise<Detection> {
  const form = new FormData();
  form.append("image", frame, "frame.jpg");
  const answer = await apiRequest<{ detection?: Record<string, unknown> }>("/scanner/preview", { formData: form, signal });
  const detection = answer?.detection ?? {};
  const corners = detection.frame_corners_norm;
  return {
    markers_detected: Number(detection.markers_detected) || 0,
    frame_corners_norm: Array.isArray(corners) && corners.length === 4 ? (corners as [number, number][]) : null,
    markers: Array.isArray(detection.markers) ? (detection.markers as Detection["markers"]) : [],
    camera: parseCamera(detection.camera),
    sharp: typeof detection.sharp === "boolean" ? detection.sharp : null,
  };
}

/** One multipart body for a job: the `image` field once per photo, in the order taken, then the parameters. */
export function scanForm(variant: ScannerVariant, photos: readonly Blob[], params: ScanParameters): FormData {
  const form = new FormData();
  photos.forEach((photo, index) => form.append("image", photo, photos.length === 1 ? "capture.jpg" : `capture-${index + 1}.jpg`));
  for (const [key, value] of Object.entries(scanFormFields(variant, params))) form.append(key, value);
  return form;
}

export async function submitScan(variant: ScannerVariant, photos: readonly Blob[], params: ScanParameters): Promise<{ jobId: string; progressToken: string | null }> {
  if (photos.length === 0) throw new Error("No photo to send");
  const form = scanForm(variant, photos, params);
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
