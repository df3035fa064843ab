import { useEffect, useRef, type Dispatch, type RefObject } from "react";
import { cameraErrorMessage, readCameraEnvironment } from "./camera-errors";
import { CameraPreflightError, grabFrame, PREVIEW_MAX_WIDTH, PREVIEW_QUALITY, startCamera, stopStream } from "./camera";
import { drawOverlay, type LiveDetection } from "./overlay";
import { requestPreview } from "./scanner-api";
import type { ScannerAction } from "./scanner-machine";

/** SPEC 9: marker analysis every 500 ms, overlay redrawn every 100 ms. */
export const PREVIEW_INTERVAL_MS = 500;
export const OVERLAY_INTERVAL_MS = 100;

/**
 * Runs the camera while `live` is true: starts it, feeds marker previews into the reducer and
 * redraws the overlay. The stream is released when live ends, on unmount and on pagehide.
 */
export function useLiveCamera({
  live,
  ready,
  videoRef,
  overlayRef,
  dispatch,
}: {
  live: boolean;
  ready: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  overlayRef: RefObject<HTMLCanvasElement | null>;
  dispatch: Dispatch<ScannerAction>;
}) {
  const streamRef = useRef<MediaStream | null>(null);
  const detectionRef = useRef<LiveDetection | null>(null);

  const release = () => {
    stopStream(streamRef.current);
    streamRef.current = null;
    const video = videoRef.current;
    if (video) video.srcObject = null;
  };

  useEffect(() => {
    if (!live) return;
    const abort = new AbortController();
    detectionRef.current = null;
    startCamera(videoRef.current, abort.signal)
      .then((stream) => {
        if (abort.signal.aborted) {
          stopStream(stream);
          return;
        }
        streamRef.current = stream;
        dispatch({ type: "cameraReady" });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.error("Camera start failed", error);
        const message = error instanceof CameraPreflightError ? error.message : cameraErrorMessage(error, readCameraEnvironment());
        dispatch({ type: "cameraFailed", message });
      });
    const onPageHide = () => {
      release();
      dispatch({ type: "cancelLive" });
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      abort.abort();
      window.removeEventListener("pagehide", onPageHide);
      release();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  // Marker previews: the next call starts only after the previous one settled, never overlapping.
  useEffect(() => {
    if (!live || !ready) return;
    const abort = new AbortController();
    const scratch = document.createElement("canvas");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const started = Date.now();
      const video = videoRef.current;
      try {
        if (video && video.videoWidth > 0) {
          const frame = await grabFrame(video, PREVIEW_QUALITY, PREVIEW_MAX_WIDTH, scratch);
          const detection = await requestPreview(frame.blob, abort.signal);
          if (abort.signal.aborted) return;
          detectionRef.current = { detection, frameWidth: frame.width, frameHeight: frame.height, at: Date.now() };
          dispatch({ type: "markers", count: detection.markers_detected, camera: detection.camera, sharp: detection.sharp });
        }
      } catch (error) {
        if (abort.signal.aborted) return;
        // SPEC 7: preview failures are only logged.
        console.warn("Marker preview failed", error);
      }
      if (!abort.signal.aborted) timer = setTimeout(tick, Math.max(0, PREVIEW_INTERVAL_MS - (Date.now() - started)));
    };
    timer = setTimeout(tick, 0);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, ready]);

  useEffect(() => {
    if (!live || !ready) return;
    const timer = setInterval(() => {
      const canvas = overlayRef.current;
      const context = canvas?.getContext("2d");
      if (!canvas || !context) return;
      const width = Math.round(canvas.clientWidth * (window.devicePixelRatio || 1));
      const height = Math.round(canvas.clientHeight * (window.devicePixelRatio || 1));
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      drawOverlay(context, width, height, detectionRef.current, Date.now());
    }, OVERLAY_INTERVAL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, ready]);

  // The latest detection is shared by ref (the pad diagram draws the camera dot from it) so a preview
  // never re-renders the page by itself.
  return { streamRef, detectionRef, release };
}
