import { useEffect, useReducer, useRef, useState, type ReactNode } from "react";
import { Alert, Button, ButtonLink, Checkbox, Field } from "../../components/ui";
import { goTo, rememberRedirect } from "../../lib/navigation";
import { addToQueue, readQueue } from "../../lib/scanner-queue";
import { getToken } from "../../lib/session";
import { href } from "../../routes";
import { CAPTURE_QUALITY, grabFrame, shrinkDataUrl } from "./camera";
import { CALIBRATION_MESSAGE } from "./camera-errors";
import { ContourFigure } from "./contour-figure";
import { autoCaptureDue, photoCountText, TARGET_PHOTOS } from "./guided-capture";
import { GuidedViewsPanel } from "./guided-views-panel";
import { ParameterControls, ToolHeightControl } from "./parameter-controls";
import { PhotoStrip } from "./photo-strip";
import { createScanId, defaultToolName, queueEntryFromResult } from "./queue-entry";
import { accuracyText, heightText, wantsMoreViews } from "./scan-accuracy";
import { ScanJobError, runScanJob } from "./scan-job";
import { defaultParameters, TOOL_HEIGHT, toolHeightOf, type ParameterSpec, type ScannerVariant } from "./scan-parameters";
import { formatArea, ScanQueueList } from "./scan-queue-list";
import { padGridMissing, unusedViews } from "./scan-result";
import {
  canCapture,
  canCaptureView,
  initialScannerState,
  needsRetrace,
  PROCESSING_MESSAGES,
  REQUIRED_MARKERS,
  scannerReducer,
  scanPhotos,
} from "./scanner-machine";
import { useLiveCamera } from "./use-live-camera";
import { useScannerQueue } from "./use-scanner-queue";

/** Parameter edits in review re-run the trace after the user pauses this long. */
export const RETRACE_DEBOUNCE_MS = 700;
export const TEMPLATE_URL = "/api/scanner/template";
const STORAGE_FULL = "Not enough browser storage to save this scan. Delete some saved scans and try again.";

export type ScannerFlowProps = {
  variant: ScannerVariant;
  title: string;
  intro: ReactNode;
  parameters: ParameterSpec[];
  /** Where Sign in sends the user back to. */
  returnPath: string;
};

/** The shared scanner screen (SPEC 2 and 4): idle → live → captured → processing → review. */
export function ScannerFlow({ variant, title, intro, parameters, returnPath }: ScannerFlowProps) {
  const [state, dispatch] = useReducer(scannerReducer, parameters, (specs) => initialScannerState(defaultParameters(specs)));
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const queue = useScannerQueue();
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const jobAbortRef = useRef<AbortController | null>(null);
  const retraceAbortRef = useRef<AbortController | null>(null);
  const capturingRef = useRef(false);
  const sendRef = useRef<HTMLButtonElement>(null);
  const previousPhaseRef = useRef(state.phase);
  const phaseRef = useRef(state.phase);
  phaseRef.current = state.phase;
  const photoUrlsRef = useRef<Set<string>>(new Set());
  const live = state.phase === "live" || state.phase === "views";
  const { release, detectionRef } = useLiveCamera({ live, ready: state.cameraReady, videoRef, overlayRef, dispatch });
  const photos = scanPhotos(state);

  // Object URLs of captured photos are freed when a photo is replaced or removed, and when the page goes.
  useEffect(() => {
    const current = new Set(scanPhotos(state).map((photo) => photo.url));
    for (const url of photoUrlsRef.current) if (!current.has(url)) URL.revokeObjectURL(url);
    photoUrlsRef.current = current;
  }, [state.photo, state.views]);
  useEffect(
    () => () => {
      for (const url of photoUrlsRef.current) URL.revokeObjectURL(url);
    },
    [],
  );

  useEffect(
    () => () => {
      jobAbortRef.current?.abort();
      retraceAbortRef.current?.abort();
    },
    [],
  );

  useEffect(() => {
    if (!needsRetrace(state) || !state.photo) return;
    const blobs = scanPhotos(state).map((photo) => photo.blob);
    const params = state.params;
    const seq = state.retraceSeq + 1;
    const timer = setTimeout(() => {
      const token = getToken();
      if (!token) return;
      retraceAbortRef.current?.abort();
      const abort = new AbortController();
      retraceAbortRef.current = abort;
      dispatch({ type: "retraceStart", seq, params });
      runScanJob({ variant, photos: blobs, params, token, signal: abort.signal })
        .then((result) => dispatch({ type: "retraceDone", seq, result }))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          dispatch({ type: "retraceFailed", seq, message: error instanceof Error ? error.message : PROCESSING_MESSAGES.jobFailed });
        });
    }, RETRACE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state.params, state.tracedParams, state.phase]);

  const capture = async () => {
    const video = videoRef.current;
    if (!canCapture(state) || !video) return;
    try {
      const frame = await grabFrame(video, CAPTURE_QUALITY);
      release();
      dispatch({ type: "capture", photo: { ...frame, url: URL.createObjectURL(frame.blob) } });
    } catch (error) {
      console.error("Capture failed", error);
      release();
      dispatch({ type: "cameraFailed", message: `Camera error: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  /** One corner view; the camera keeps running for the next corner. */
  const captureView = async (auto: boolean) => {
    const video = videoRef.current;
    const corner = state.guide?.target;
    if (!canCaptureView(state) || !video || corner == null || capturingRef.current) return;
    capturingRef.current = true;
    try {
      const frame = await grabFrame(video, CAPTURE_QUALITY);
      // Done (or a camera failure) while the frame was encoding: the view is no longer wanted.
      if (phaseRef.current !== "views") return;
      dispatch({ type: "viewCaptured", photo: { ...frame, url: URL.createObjectURL(frame.blob) }, corner, auto });
    } catch (error) {
      console.error("View capture failed", error);
      release();
      dispatch({ type: "cameraFailed", message: `Camera error: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      capturingRef.current = false;
    }
  };

  // Leaving the guided capture removes the focused button; keyboard users land on Send instead.
  useEffect(() => {
    if (previousPhaseRef.current === "views" && state.phase === "captured" && document.activeElement === document.body) sendRef.current?.focus();
    previousPhaseRef.current = state.phase;
  }, [state.phase]);

  // Over the next corner with 4/4 markers and a sharp frame on consecutive previews: take it.
  useEffect(() => {
    if (state.phase === "views" && autoCaptureDue(state.guide)) void captureView(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.phase, state.guide]);

  const send = () => {
    const token = getToken();
    if (!token || !state.photo) {
      dispatch({ type: "signInRequired" });
      return;
    }
    const blobs = scanPhotos(state).map((photo) => photo.blob);
    const params = state.params;
    jobAbortRef.current?.abort();
    const abort = new AbortController();
    jobAbortRef.current = abort;
    dispatch({ type: "send" });
    runScanJob({
      variant,
      photos: blobs,
      params,
      token,
      signal: abort.signal,
      onJobStarted: (jobId) => dispatch({ type: "jobStarted", jobId }),
      onProgress: (event) => dispatch({ type: "progress", progress: event.progress, message: event.message }),
    })
      .then((result) => dispatch({ type: "result", result, defaultName: defaultToolName(readQueue().length) }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ScanJobError) {
          dispatch({ type: "processFailed", message: error.message, detail: error.detail });
          if (error.status === 401) dispatch({ type: "signInRequired" });
        } else {
          dispatch({ type: "processFailed", message: PROCESSING_MESSAGES.jobFailed, detail: error instanceof Error ? error.message : null });
        }
      });
  };

  const save = async (): Promise<boolean> => {
    if (!state.result) return false;
    setSaving(true);
    setSaveError(null);
    try {
      const previewUrl = await shrinkDataUrl(state.result.preview_png);
      const entry = queueEntryFromResult({
        result: state.result,
        name: state.name,
        variant,
        requestParams: state.tracedParams ?? state.params,
        photosSent: photos.length,
        previewUrl,
        id: createScanId(),
      });
      addToQueue(entry);
      dispatch({ type: "saved" });
      setNotice(`${entry.name} saved to the queue.`);
      return true;
    } catch (error) {
      console.error("Saving the scan failed", error);
      setNotice(null);
      setSaveError(STORAGE_FULL);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const finishAndPlace = async () => {
    if (await save()) goTo("/scanner-layout");
  };

  const signInLink = (
    <a
      href={href("/login")}
      onClick={() => rememberRedirect(returnPath)}
      data-testid="sc-sign-in-link"
    >
      Sign in
    </a>
  );

  return (
    <section className="page sc-page" data-variant={variant} data-phase={state.phase} data-testid="sc-page">
      <header className="page-header">
        <h1>{title}</h1>
        <div className="sc-intro">{intro}</div>
      </header>

      {state.error ? (
        <div className="sc-error" data-testid="sc-error">
          <Alert tone="error" onClose={() => dispatch({ type: "dismissError" })}>
            <p className="sc-error-message">{state.error}</p>
            {state.errorDetail && state.errorDetail !== state.error ? <p className="sc-error-detail">{state.errorDetail}</p> : null}
            {state.phase === "captured" && state.errorPhoto !== null && state.errorPhoto <= photos.length ? (
              <Button
                size="sm"
                onClick={() => dispatch(state.errorPhoto === 1 ? { type: "retake" } : { type: "retakeView", index: state.errorPhoto! - 2 })}
                data-testid="sc-retake-error-photo"
              >
                Retake photo {state.errorPhoto}
              </Button>
            ) : null}
          </Alert>
        </div>
      ) : null}
      {notice && state.phase === "idle" ? (
        <div data-testid="sc-notice">
          <Alert tone="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        </div>
      ) : null}

      <div className="sc-layout">
        <div className="sc-main">
          {state.phase === "idle" ? (
            <div className="sc-panel sc-idle" data-testid="sc-idle">
              <p>
                Print the calibration pad at 100 % scale, place one tool inside the frame (10–20 mm from its edge) and
                hold the camera straight above it.
              </p>
              <div className="sc-actions">
                <ButtonLink href={href("/scanner-instructions")} data-testid="sc-instructions">
                  Instructions
                </ButtonLink>
                <ButtonLink href={TEMPLATE_URL} target="_blank" rel="noopener" data-testid="sc-template">
                  Download Template
                </ButtonLink>
                <Button
                  variant="primary"
                  data-testid="sc-start"
                  onClick={() => {
                    setNotice(null);
                    dispatch({ type: "start" });
                  }}
                >
                  Start Scanning
                </Button>
              </div>
            </div>
          ) : null}

          {state.phase === "live" ? (
            <div className="sc-panel sc-live" data-testid="sc-live">
              <div className="sc-stage">
                <video ref={videoRef} className="sc-video" autoPlay muted playsInline data-testid="sc-video" />
                <canvas ref={overlayRef} className="sc-overlay" aria-hidden="true" data-testid="sc-overlay" />
                {!state.cameraReady ? <p className="sc-stage-status">Starting camera…</p> : null}
              </div>
              <div className="sc-live-bar">
                <span
                  className={`sc-markers${state.markers >= REQUIRED_MARKERS ? " sc-markers-ok" : ""}`}
                  role="status"
                  aria-live="polite"
                  data-testid="sc-markers"
                >
                  Markers: {state.markers}/{REQUIRED_MARKERS}
                </span>
                <div className="sc-actions">
                  <Button onClick={() => dispatch({ type: "cancelLive" })} data-testid="sc-cancel">
                    Cancel
                  </Button>
                  <Button variant="primary" disabled={!canCapture(state)} onClick={capture} data-testid="sc-capture">
                    Capture Photo
                  </Button>
                </div>
              </div>
              {state.cameraReady && state.markers < REQUIRED_MARKERS ? (
                <p className="sc-hint-warning" data-testid="sc-calibration">
                  {CALIBRATION_MESSAGE}
                </p>
              ) : null}
            </div>
          ) : null}

          {state.phase === "views" && state.guide ? (
            <GuidedViewsPanel
              state={state}
              guide={state.guide}
              dispatch={dispatch}
              videoRef={videoRef}
              overlayRef={overlayRef}
              detectionRef={detectionRef}
              onCaptureView={() => void captureView(false)}
            />
          ) : null}

          {(state.phase === "captured" || state.phase === "processing") && state.photo ? (
            <div className="sc-panel sc-captured" data-testid={state.phase === "captured" ? "sc-captured" : "sc-processing"}>
              <div className={`sc-still${state.phase === "processing" ? " sc-still-busy" : ""}`}>
                <img src={state.photo.url} alt="Captured photo of the pad" data-testid="sc-still" />
              </div>
              {state.phase === "captured" ? (
                <>
                  {state.signInRequired ? (
                    <div data-testid="sc-sign-in-required">
                      <Alert tone="warning">
                        {PROCESSING_MESSAGES.signIn} {signInLink}
                      </Alert>
                    </div>
                  ) : null}
                  {state.views.length > 0 ? (
                    <>
                      <p className="sc-photo-count" data-testid="sc-photo-count">
                        {photoCountText(photos.length)}
                      </p>
                      <PhotoStrip
                        photo={state.photo}
                        views={state.views}
                        errorPhoto={state.errorPhoto}
                        actions
                        onRetakeView={(index) => dispatch({ type: "retakeView", index })}
                        onRemoveView={(index) => dispatch({ type: "removeView", index })}
                      />
                    </>
                  ) : (
                    <p className="sc-views-hint" data-testid="sc-views-hint">
                      One photo works. For a tighter outline of a thick or round tool, add {TARGET_PHOTOS - 1} views from above the
                      corners of the pad; the scanner takes them by itself when the phone is in place.
                    </p>
                  )}
                  <p className="visually-hidden" role="status" aria-live="polite" data-testid="sc-view-notice">
                    {state.viewNotice}
                  </p>
                  <div className="sc-actions">
                    <Button onClick={() => dispatch({ type: "retake" })} data-testid="sc-retake">
                      Retake Photo
                    </Button>
                    <Button onClick={() => dispatch({ type: "addViews" })} data-testid="sc-add-views">
                      Add views
                    </Button>
                    <Button ref={sendRef} variant="primary" onClick={send} data-testid="sc-send">
                      Send for Processing
                    </Button>
                  </div>
                </>
              ) : (
                <div className="sc-progress-box">
                  <div
                    className="sc-progress"
                    role="progressbar"
                    aria-label="Processing progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(state.progress)}
                    data-testid="sc-progress"
                  >
                    <div className="sc-progress-fill" style={{ width: `${state.progress}%` }} />
                  </div>
                  <p className="sc-progress-message" role="status" aria-live="polite" data-testid="sc-progress-message">
                    {state.progressMessage} {Math.round(state.progress)}%
                    {photos.length > 1 ? ` (${photos.length} photos)` : ""}
                  </p>
                </div>
              )}
            </div>
          ) : null}

          {state.phase === "review" && state.result ? (
            <div className="sc-panel sc-review" data-testid="sc-review">
              <div className="sc-review-figure">
                <ContourFigure
                  src={state.result.preview_png}
                  points={state.result.contour_points_px}
                  showContour={state.showContour}
                  alt="Processed photo of the tool"
                  busy={state.retracing}
                />
                <Checkbox
                  label="Show Contour"
                  checked={state.showContour}
                  onChange={(event) => dispatch({ type: "toggleContour", show: event.target.checked })}
                  data-testid="sc-show-contour"
                />
              </div>
              <div className="sc-review-side">
                <dl className="details-list sc-facts">
                  <dt>Area</dt>
                  <dd data-testid="sc-area" data-area-mm2={state.result.parameters.contour_area_mm}>
                    {formatArea(state.result.parameters.contour_area_mm)}
                  </dd>
                  {state.result.model_info?.model ? (
                    <>
                      <dt>Model</dt>
                      <dd data-testid="sc-model">{String(state.result.model_info.model)}</dd>
                    </>
                  ) : null}
                  {accuracyText(state.result) ? (
                    <>
                      <dt>Fit</dt>
                      <dd data-testid="sc-accuracy" data-accuracy-mm={state.result.accuracy_mm ?? undefined}>
                        {accuracyText(state.result)}
                      </dd>
                    </>
                  ) : null}
                </dl>
                {heightText(state.result.height_mm) ? (
                  <p className="sc-height" data-testid="sc-height">
                    {heightText(state.result.height_mm)}
                  </p>
                ) : null}
                {unusedViews(state.result).length > 0 ? (
                  <ul className="sc-unused-views" data-testid="sc-unused-views">
                    {unusedViews(state.result).map((view) => (
                      <li key={view.index}>
                        Photo {view.index} was not used{view.reason ? `: ${view.reason}` : "."}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {padGridMissing(state.result) ? (
                  <p className="sc-grid-hint" data-testid="sc-grid-hint">
                    No grid lines were found on the pad, so shadows are harder to tell from the tool. For a tighter
                    outline, print the pad with its grid (<a href={`${href("/scanner-instructions")}#print`}>scanning instructions</a>).
                  </p>
                ) : null}
                {wantsMoreViews(state.result) && accuracyText(state.result) ? (
                  <div className="sc-actions">
                    <Button size="sm" disabled={saving} onClick={() => dispatch({ type: "addViews" })} data-testid="sc-review-add-views">
                      Add views
                    </Button>
                  </div>
                ) : null}
                <p className="sc-retrace" aria-live="polite" data-testid="sc-retrace-status">
                  {state.retracing ? "Updating the outline…" : ""}
                </p>
                {saveError ? (
                  <div data-testid="sc-save-error">
                    <Alert tone="error" onClose={() => setSaveError(null)}>
                      {saveError}
                    </Alert>
                  </div>
                ) : null}
                {state.retraceError ? (
                  <div data-testid="sc-retrace-error">
                    <Alert tone="error">{state.retraceError}</Alert>
                  </div>
                ) : null}
                <Field label="Name">
                  <input
                    type="text"
                    value={state.name}
                    maxLength={80}
                    onChange={(event) => dispatch({ type: "rename", name: event.target.value })}
                    data-testid="sc-name"
                  />
                </Field>
                <ParameterControls
                  specs={parameters}
                  values={state.params}
                  onChange={(key, value) => dispatch({ type: "setParam", key, value })}
                  onReset={() => dispatch({ type: "resetParams", params: defaultParameters(parameters) })}
                />
                <ToolHeightControl value={toolHeightOf(state.params)} onChange={(value) => dispatch({ type: "setParam", key: TOOL_HEIGHT.key, value })} />
                <div className="sc-actions">
                  <Button variant="primary" busy={saving || state.retracing} onClick={() => void save()} data-testid="sc-save">
                    Save to Queue
                  </Button>
                  <Button variant="danger" disabled={saving} onClick={() => dispatch({ type: "discard" })} data-testid="sc-delete">
                    Delete
                  </Button>
                  <Button busy={saving || state.retracing} onClick={() => void finishAndPlace()} data-testid="sc-finish">
                    Finish and Place
                  </Button>
                </div>
              </div>
            </div>
          ) : null}
        </div>

        <aside className="sc-side">
          <ScanQueueList tools={queue.tools} ready={queue.ready} />
        </aside>
      </div>
    </section>
  );
}
