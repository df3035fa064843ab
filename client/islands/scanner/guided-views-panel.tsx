import type { Dispatch, RefObject } from "react";
import { Button } from "../../components/ui";
import { GUIDE_STATUS_TEXT, guideInstruction, photoCountText, type GuideState } from "./guided-capture";
import type { LiveDetection } from "./overlay";
import { PadDiagram } from "./pad-diagram";
import { canCaptureView, REQUIRED_MARKERS, scanPhotos, type ScannerAction, type ScannerState } from "./scanner-machine";

/**
 * The guided capture of corner views: the live camera beside the pad diagram, the instruction for
 * the next corner, and the manual controls (Capture view, Skip this corner, Done). The page takes
 * the photo itself, by hand through `onCaptureView` or by itself when the guide says so.
 */
export function GuidedViewsPanel({
  state,
  guide,
  dispatch,
  videoRef,
  overlayRef,
  detectionRef,
  onCaptureView,
}: {
  state: ScannerState;
  guide: GuideState;
  dispatch: Dispatch<ScannerAction>;
  videoRef: RefObject<HTMLVideoElement | null>;
  overlayRef: RefObject<HTMLCanvasElement | null>;
  detectionRef: RefObject<LiveDetection | null>;
  onCaptureView: () => void;
}) {
  return (
    <div className="sc-panel sc-live sc-views" data-testid="sc-views">
      <div className="sc-views-layout">
        <div className="sc-stage">
          <video ref={videoRef} className="sc-video" autoPlay muted playsInline data-testid="sc-video" />
          <canvas ref={overlayRef} className="sc-overlay" aria-hidden="true" data-testid="sc-overlay" />
          {!state.cameraReady ? <p className="sc-stage-status">Starting camera…</p> : null}
        </div>
        <div className="sc-guide">
          <PadDiagram
            detectionRef={detectionRef}
            target={guide.target}
            done={state.views.map((view) => view.corner)}
            onSelect={(corner) => dispatch({ type: "selectCorner", corner })}
          />
          <p className="sc-guide-instruction" data-testid="sc-guide-instruction">
            {guideInstruction(guide.target)}
          </p>
          <p className="sc-guide-status" role="status" aria-live="polite" data-testid="sc-guide-status">
            {state.viewNotice ? `${state.viewNotice} ` : ""}
            {guide.target !== null && state.cameraReady ? GUIDE_STATUS_TEXT[guide.status] : ""}
          </p>
        </div>
      </div>
      <div className="sc-live-bar">
        <span className={`sc-markers${state.markers >= REQUIRED_MARKERS ? " sc-markers-ok" : ""}`} data-testid="sc-markers">
          Markers: {state.markers}/{REQUIRED_MARKERS}
        </span>
        <span className="sc-photo-count" data-testid="sc-photo-count">
          {photoCountText(scanPhotos(state).length)}
        </span>
        <div className="sc-actions">
          <Button disabled={guide.target === null} onClick={() => dispatch({ type: "skipCorner" })} data-testid="sc-skip-corner">
            Skip this corner
          </Button>
          <Button onClick={() => dispatch({ type: "finishViews" })} data-testid="sc-views-done">
            Done
          </Button>
          <Button variant="primary" disabled={!canCaptureView(state)} onClick={onCaptureView} data-testid="sc-capture-view">
            Capture view
          </Button>
        </div>
      </div>
    </div>
  );
}
