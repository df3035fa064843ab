import { CALIBRATION_MESSAGE } from "./camera-errors";
import type { ScanParameters } from "./scan-parameters";
import type { ScanResult } from "./scan-result";

/** The scanner flow of SPEC 4 as a pure reducer: the page only performs the side effects. */
export type ScannerPhase = "idle" | "live" | "captured" | "processing" | "review";

export const REQUIRED_MARKERS = 4;
export const PROCESSING_MESSAGES = {
  sendFailed: "Failed to send for processing",
  resultFailed: "Failed to get result",
  connection: "Connection error",
  jobFailed: "Processing error",
  uploading: "Uploading photo…",
  signIn: "Sign in to send photos for processing.",
} as const;

export type CapturedPhoto = { blob: Blob; url: string; width: number; height: number };

export type ScannerState = {
  phase: ScannerPhase;
  error: string | null;
  errorDetail: string | null;
  cameraReady: boolean;
  markers: number;
  photo: CapturedPhoto | null;
  progress: number;
  progressMessage: string;
  jobId: string | null;
  result: ScanResult | null;
  params: ScanParameters;
  /** The parameters the shown (or pending) outline was traced with; a difference triggers a re-trace. */
  tracedParams: ScanParameters | null;
  /** Bumped on every re-trace request so a late answer for older values is ignored. */
  retraceSeq: number;
  retracing: boolean;
  retraceError: string | null;
  signInRequired: boolean;
  name: string;
  showContour: boolean;
};

export type ScannerAction =
  | { type: "start" }
  | { type: "cameraReady" }
  | { type: "cameraFailed"; message: string }
  | { type: "markers"; count: number }
  | { type: "cancelLive" }
  | { type: "capture"; photo: CapturedPhoto }
  | { type: "retake" }
  | { type: "signInRequired" }
  | { type: "send" }
  | { type: "jobStarted"; jobId: string }
  | { type: "progress"; progress: number; message: string }
  | { type: "processFailed"; message: string; detail?: string | null }
  | { type: "result"; result: ScanResult; defaultName: string }
  | { type: "setParam"; key: string; value: number }
  | { type: "resetParams"; params: ScanParameters }
  | { type: "retraceStart"; seq: number; params: ScanParameters }
  | { type: "retraceDone"; seq: number; result: ScanResult }
  | { type: "retraceFailed"; seq: number; message: string }
  | { type: "rename"; name: string }
  | { type: "toggleContour"; show: boolean }
  | { type: "saved" }
  | { type: "discard" }
  | { type: "dismissError" };

export function initialScannerState(params: ScanParameters): ScannerState {
  return {
    phase: "idle",
    error: null,
    errorDetail: null,
    cameraReady: false,
    markers: 0,
    photo: null,
    progress: 0,
    progressMessage: "",
    jobId: null,
    result: null,
    params,
    tracedParams: null,
    retraceSeq: 0,
    retracing: false,
    retraceError: null,
    signInRequired: false,
    name: "",
    showContour: true,
  };
}

/** Back to idle after a finished review: the photo and result go, the chosen parameters stay. */
function toIdle(state: ScannerState): ScannerState {
  return { ...initialScannerState(state.params), retraceSeq: state.retraceSeq, showContour: state.showContour };
}

export function scannerReducer(state: ScannerState, action: ScannerAction): ScannerState {
  switch (action.type) {
    case "start":
      if (state.phase !== "idle") return state;
      return { ...state, phase: "live", cameraReady: false, markers: 0, error: null, errorDetail: null, signInRequired: false };
    case "cameraReady":
      return state.phase === "live" ? { ...state, cameraReady: true } : state;
    case "cameraFailed":
      // SPEC 4: a camera that fails to start leaves the scanner idle with the error.
      if (state.phase !== "live") return state;
      return { ...state, phase: "idle", cameraReady: false, markers: 0, error: action.message, errorDetail: null };
    case "markers":
      return state.phase === "live" ? { ...state, markers: Math.max(0, Math.min(REQUIRED_MARKERS, action.count)) } : state;
    case "cancelLive":
      return state.phase === "live" ? { ...state, phase: "idle", cameraReady: false, markers: 0 } : state;
    case "capture":
      if (state.phase !== "live") return state;
      if (state.markers < REQUIRED_MARKERS) return { ...state, error: CALIBRATION_MESSAGE, errorDetail: null };
      return { ...state, phase: "captured", photo: action.photo, cameraReady: false, error: null, errorDetail: null };
    case "retake":
      if (state.phase !== "captured") return state;
      return { ...state, phase: "live", photo: null, cameraReady: false, markers: 0, error: null, errorDetail: null, signInRequired: false };
    case "signInRequired":
      return state.phase === "captured" ? { ...state, signInRequired: true } : state;
    case "send":
      if (state.phase !== "captured" || !state.photo) return state;
      return {
        ...state,
        phase: "processing",
        progress: 0,
        progressMessage: PROCESSING_MESSAGES.uploading,
        jobId: null,
        tracedParams: state.params,
        error: null,
        errorDetail: null,
        signInRequired: false,
      };
    case "jobStarted":
      return state.phase === "processing" ? { ...state, jobId: action.jobId } : state;
    case "progress":
      if (state.phase !== "processing") return state;
      return { ...state, progress: Math.max(0, Math.min(100, action.progress)), progressMessage: action.message || state.progressMessage };
    case "processFailed":
      if (state.phase !== "processing") return state;
      return { ...state, phase: "captured", jobId: null, progress: 0, error: action.message, errorDetail: action.detail ?? null };
    case "result":
      if (state.phase !== "processing") return state;
      return {
        ...state,
        phase: "review",
        progress: 100,
        result: action.result,
        name: action.defaultName,
        retracing: false,
        retraceError: null,
        error: null,
        errorDetail: null,
      };
    case "setParam":
      return { ...state, params: { ...state.params, [action.key]: action.value } };
    case "resetParams":
      return { ...state, params: action.params };
    case "retraceStart":
      if (state.phase !== "review") return state;
      return { ...state, retraceSeq: action.seq, tracedParams: action.params, retracing: true, retraceError: null };
    case "retraceDone":
      if (state.phase !== "review" || action.seq !== state.retraceSeq) return state;
      return { ...state, result: action.result, retracing: false, retraceError: null };
    case "retraceFailed":
      // The last good outline stays on screen; only the new trace failed.
      if (state.phase !== "review" || action.seq !== state.retraceSeq) return state;
      return { ...state, retracing: false, retraceError: action.message };
    case "rename":
      return state.phase === "review" ? { ...state, name: action.name } : state;
    case "toggleContour":
      return { ...state, showContour: action.show };
    case "saved":
    case "discard":
      return state.phase === "review" ? toIdle(state) : state;
    case "dismissError":
      return { ...state, error: null, errorDetail: null };
  }
}

export function canCapture(state: ScannerState): boolean {
  return state.phase === "live" && state.cameraReady && state.markers >= REQUIRED_MARKERS;
}

export function sameParameters(a: ScanParameters | null, b: ScanParameters | null): boolean {
  if (!a || !b) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** In review, a parameter that differs from the traced ones asks for a new trace of the same photo. */
export function needsRetrace(state: ScannerState): boolean {
  return state.phase === "review" && state.photo !== null && state.tracedParams !== null && !sameParameters(state.params, state.tracedParams);
}
