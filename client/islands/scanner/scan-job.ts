import { ApiError } from "../../lib/api";
import type { ScannerVariant, ScanParameters } from "./scan-parameters";
import type { JobProgress, ScanResult } from "./scan-result";
import { fetchScanResult, submitScan, watchJob } from "./scanner-api";
import { PROCESSING_MESSAGES } from "./scanner-machine";

/** A failed scan with the SPEC 8 message; `detail` is the server's own words when it gave any. */
export class ScanJobError extends Error {
  constructor(
    message: string,
    readonly detail: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "ScanJobError";
  }
}

function serverDetail(error: unknown): string | null {
  if (error instanceof ApiError && error.message && error.message !== "Request failed") return error.message;
  return null;
}

/** Send → follow the progress stream → fetch the result; rejects with a ScanJobError (or AbortError). */
export async function runScanJob({
  variant,
  photos,
  params,
  token,
  signal,
  onJobStarted,
  onProgress,
}: {
  variant: ScannerVariant;
  /** Every photo of the pad, in the order taken: one job, one progress stream. */
  photos: readonly Blob[];
  params: ScanParameters;
  token: string;
  signal: AbortSignal;
  onJobStarted?: (jobId: string) => void;
  onProgress?: (event: JobProgress) => void;
}): Promise<ScanResult> {
  let jobId: string;
  let streamToken: string;
  try {
    const started = await submitScan(variant, photos, params);
    jobId = started.jobId;
    // Only a token scoped to this one stream may ride in its URL (the server refuses a session token there).
    if (!started.progressToken) throw new Error("The scan answer carried no progress token");
    streamToken = started.progressToken;
  } catch (error) {
    console.error("Scan upload failed", error);
    throw new ScanJobError(PROCESSING_MESSAGES.sendFailed, serverDetail(error), error instanceof ApiError ? error.status : null);
  }
  if (signal.aborted) throw new DOMException("Scan cancelled", "AbortError");
  onJobStarted?.(jobId);
  await new Promise<void>((resolve, reject) => {
    const close = watchJob(variant, jobId, streamToken, {
      onProgress: (event) => onProgress?.(event),
      onCompleted: (event) => {
        onProgress?.(event);
        resolve();
      },
      onFailed: (message) => reject(new ScanJobError(message || PROCESSING_MESSAGES.jobFailed)),
      onConnectionError: () => reject(new ScanJobError(PROCESSING_MESSAGES.connection)),
    });
    signal.addEventListener(
      "abort",
      () => {
        close();
        reject(new DOMException("Scan cancelled", "AbortError"));
      },
      { once: true },
    );
  });
  try {
    return await fetchScanResult(variant, jobId);
  } catch (error) {
    console.error("Scan result failed", error);
    throw new ScanJobError(PROCESSING_MESSAGES.resultFailed, serverDetail(error), error instanceof ApiError ? error.status : null);
  }
}
