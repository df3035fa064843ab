import { CALIBRATION_MESSAGE } from "./camera-errors";
import {
  cornerLabel,
  guideAfterPreview,
  MAX_PHOTOS,
  nextCorner,
  photoNumberInError,
  type CameraPosition,
  type Corner,
  type GuideState,
} from "./guided-capture";
import type { ScanParameters } from "./scan-parameters";
import type { ScanResult } from "./scan-result";

/**
 * The scanner flow of SPEC 4 as a pure reducer: the page only performs the side effects.
 * "views" is the guided capture of extra photos (captured → views → captured); with no extra
 * views the flow is exactly SPEC's one-photo flow.
 */
export type ScannerPhase = "idle" | "live" | "captured" | "views" | "processing" | "review";

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
/** A photo from above one corner of the pad; `auto` when it was taken by itself. */
export type CapturedView = { photo: CapturedPhoto; corner: Corner; auto: boolean };

export type ScannerState = {
  phase: ScannerPhase;
  error: string | null;
  errorDetail: string | null;
  cameraReady: boolean;
  markers: number;
  /** Photo 1: the usual photo from above the middle of the pad. */
  photo: CapturedPhoto | null;
  /** Photos 2…: one per corner, in the order taken; a retake replaces its photo in place. */
  views: CapturedView[];
  /** Guided capture, present in the "views" phase only. */
  guide: GuideState | null;
  /** The photo (1-based) the last processing error named, offered for a retake. */
  errorPhoto: number | null;
  /** A polite announcement of the last view taken. */
  viewNotice: string;
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
  | { type: "markers"; count: number; camera?: CameraPosition | null; sharp?: boolean | null }
  | { type: "cancelLive" }
  | { type: "capture"; photo: CapturedPhoto }
  | { type: "retake" }
  | { type: "addViews" }
  | { type: "viewCaptured"; photo: CapturedPhoto; corner: Corner; auto: boolean }
  | { type: "selectCorner"; corner: Corner }
  | { type: "skipCorner" }
  | { type: "finishViews" }
  | { type: "removeView"; index: number }
  | { type: "retakeView"; index: number }
  | { type: "signInRequired" }
  | { type: "send" }
  | { type: "jobStarted"; jobId: string }
  | { type: "progress"; progress: number; message: string }
  | { type: "processFailed"; message: string; detail?: string | null }
  | { type: "result"; result: ScanResult; defaultName: string }
  /** null leaves an optional parameter out (the typed tool height, cleared). */
  | { type: "setParam"; key: string; value: number | null }
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
    views: [],
    guide: null,
    errorPhoto: null,
    viewNotice: "",
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

function doneCorners(views: CapturedView[]): Corner[] {
  return views.map((view) => view.corner);
}

function guideFor(target: Corner | null, skipped: Corner[] = []): GuideState {
  return { target, hits: 0, status: "no-camera", skipped };
}

/** Back from the guided capture to the captured photos; the camera goes with the phase. */
function toCaptured(state: ScannerState, extra: Partial<ScannerState> = {}): ScannerState {
  return { ...state, phase: "captured", guide: null, cameraReady: false, markers: 0, ...extra };
}

export function scannerReducer(state: ScannerState, action: ScannerAction): ScannerState {
  switch (action.type) {
    case "start":
      if (state.phase !== "idle") return state;
      return { ...state, phase: "live", cameraReady: false, markers: 0, error: null, errorDetail: null, signInRequired: false };
    case "cameraReady":
      return state.phase === "live" || state.phase === "views" ? { ...state, cameraReady: true } : state;
    case "cameraFailed":
      // The photos already taken survive a camera that fails during the guided capture.
      if (state.phase === "views") return toCaptured(state, { error: action.message, errorDetail: null });
      // SPEC 4: a camera that fails to start leaves the scanner idle with the error.
      if (state.phase !== "live") return state;
      return { ...state, phase: "idle", cameraReady: false, markers: 0, error: action.message, errorDetail: null };
    case "markers": {
      if (state.phase !== "live" && state.phase !== "views") return state;
      const markers = Math.max(0, Math.min(REQUIRED_MARKERS, action.count));
      const guide =
        state.phase === "views" && state.guide
          ? guideAfterPreview(state.guide, { markers, camera: action.camera ?? null, sharp: action.sharp ?? null })
          : state.guide;
      // An unchanged answer keeps the same state object, so a steady preview does not re-render the page.
      if (markers === state.markers && guide === state.guide) return state;
      return { ...state, markers, guide };
    }
    case "cancelLive":
      if (state.phase === "views") return toCaptured(state);
      return state.phase === "live" ? { ...state, phase: "idle", cameraReady: false, markers: 0 } : state;
    case "capture":
      if (state.phase !== "live") return state;
      if (state.markers < REQUIRED_MARKERS) return { ...state, error: CALIBRATION_MESSAGE, errorDetail: null };
      return { ...state, phase: "captured", photo: action.photo, cameraReady: false, error: null, errorDetail: null };
    case "retake":
      if (state.phase !== "captured") return state;
      return { ...state, phase: "live", photo: null, cameraReady: false, markers: 0, error: null, errorDetail: null, errorPhoto: null, signInRequired: false };
    case "addViews": {
      if ((state.phase !== "captured" && state.phase !== "review") || !state.photo) return state;
      return {
        ...state,
        phase: "views",
        guide: guideFor(nextCorner(doneCorners(state.views), [])),
        cameraReady: false,
        markers: 0,
        result: null,
        retracing: false,
        retraceError: null,
        error: null,
        errorDetail: null,
        errorPhoto: null,
        signInRequired: false,
        viewNotice: "",
      };
    }
    case "viewCaptured": {
      if (state.phase !== "views" || !state.guide || state.markers < REQUIRED_MARKERS) return state;
      const existing = state.views.findIndex((view) => view.corner === action.corner);
      if (existing < 0 && state.views.length + 1 >= MAX_PHOTOS) return state;
      const view: CapturedView = { photo: action.photo, corner: action.corner, auto: action.auto };
      const views = existing >= 0 ? state.views.map((old, index) => (index === existing ? view : old)) : [...state.views, view];
      const number = (existing >= 0 ? existing : views.length - 1) + 2;
      const viewNotice = `Photo ${number} taken above ${cornerLabel(action.corner)}.`;
      const skipped = state.guide.skipped.filter((corner) => corner !== action.corner);
      const target = nextCorner(doneCorners(views), skipped, action.corner);
      if (target === null) return toCaptured(state, { views, viewNotice });
      return { ...state, views, viewNotice, guide: guideFor(target, skipped) };
    }
    case "selectCorner":
      if (state.phase !== "views" || !state.guide) return state;
      return { ...state, guide: guideFor(action.corner, state.guide.skipped.filter((corner) => corner !== action.corner)) };
    case "skipCorner": {
      if (state.phase !== "views" || !state.guide || state.guide.target === null) return state;
      const skipped = [...state.guide.skipped, state.guide.target];
      const target = nextCorner(doneCorners(state.views), skipped, state.guide.target);
      return target === null ? toCaptured(state) : { ...state, guide: guideFor(target, skipped) };
    }
    case "finishViews":
      return state.phase === "views" ? toCaptured(state) : state;
    case "removeView": {
      if ((state.phase !== "captured" && state.phase !== "views") || !state.views[action.index]) return state;
      const removed = state.views[action.index]!;
      const views = state.views.filter((_, index) => index !== action.index);
      const guide = state.guide && state.guide.target === null ? guideFor(removed.corner, state.guide.skipped) : state.guide;
      return { ...state, views, guide, errorPhoto: null, viewNotice: `Photo ${action.index + 2} removed.` };
    }
    case "retakeView": {
      const view = state.views[action.index];
      if (state.phase !== "captured" || !view) return state;
      // The new photo of this corner replaces the old one in place, so photo numbers stay put.
      return {
        ...state,
        phase: "views",
        guide: guideFor(view.corner),
        cameraReady: false,
        markers: 0,
        error: null,
        errorDetail: null,
        errorPhoto: null,
        signInRequired: false,
        viewNotice: "",
      };
    }
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
        errorPhoto: null,
        viewNotice: "",
        signInRequired: false,
      };
    case "jobStarted":
      return state.phase === "processing" ? { ...state, jobId: action.jobId } : state;
    case "progress":
      if (state.phase !== "processing") return state;
      return { ...state, progress: Math.max(0, Math.min(100, action.progress)), progressMessage: action.message || state.progressMessage };
    case "processFailed":
      if (state.phase !== "processing") return state;
      return {
        ...state,
        phase: "captured",
        jobId: null,
        progress: 0,
        error: action.message,
        errorDetail: action.detail ?? null,
        errorPhoto: photoNumberInError(action.message, action.detail),
      };
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
    case "setParam": {
      const { [action.key]: _previous, ...rest } = state.params;
      return { ...state, params: action.value === null ? rest : { ...rest, [action.key]: action.value } };
    }
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
      return { ...state, error: null, errorDetail: null, errorPhoto: null };
  }
}

/** Every photo for the job in the order taken: the middle one, then the corner views. */
export function scanPhotos(state: Pick<ScannerState, "photo" | "views">): CapturedPhoto[] {
  return state.photo ? [state.photo, ...state.views.map((view) => view.photo)] : [];
}

export function canCaptureView(state: ScannerState): boolean {
  return state.phase === "views" && state.cameraReady && state.markers >= REQUIRED_MARKERS && state.guide?.target != null;
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
