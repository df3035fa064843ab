import { preflightCameraMessage, readCameraEnvironment, VideoStartError } from "./camera-errors";

/** SPEC 9: the video-ready check runs up to 40 times; 40 × 250 ms is the 10 s listener budget. */
export const VIDEO_READY_ATTEMPTS = 40;
export const VIDEO_READY_INTERVAL_MS = 250;
export const PREVIEW_MAX_WIDTH = 1280;
export const PREVIEW_QUALITY = 0.8;
export const CAPTURE_QUALITY = 0.85;

/**
 * Rear camera preferred, about 1920 x 1440: the captured photo is the full frame, and more pixels on
 * the pad mean finer outlines (previews are still sent at 1280 px). `ideal` never fails on a
 * laptop's 720p front camera; the scanner measures down to 1.8 px/mm on the pad.
 */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 }, height: { ideal: 1440 } },
};

export class CameraPreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CameraPreflightError";
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new DOMException("Camera start cancelled", "AbortError"));
      },
      { once: true },
    );
  });
}

export async function waitForVideoReady(
  video: HTMLVideoElement,
  { attempts = VIDEO_READY_ATTEMPTS, intervalMs = VIDEO_READY_INTERVAL_MS, signal }: { attempts?: number; intervalMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (video.readyState >= 2 && video.videoWidth > 0 && video.videoHeight > 0) return;
    await sleep(intervalMs, signal);
  }
  throw new VideoStartError("timeout", "timeout");
}

/**
 * Asks for the camera, attaches it to the video element and waits until frames arrive.
 * Any failure after the grant releases the tracks before rethrowing.
 */
export async function startCamera(video: HTMLVideoElement | null, signal?: AbortSignal): Promise<MediaStream> {
  const preflight = preflightCameraMessage(readCameraEnvironment());
  if (preflight) throw new CameraPreflightError(preflight);
  if (!video) throw new VideoStartError("not-ready", "not-ready");
  const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
  try {
    if (signal?.aborted) throw new DOMException("Camera start cancelled", "AbortError");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await waitForVideoReady(video, { signal });
    try {
      await video.play();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new VideoStartError("playback", error instanceof Error ? error.message : String(error));
    }
    return stream;
  } catch (error) {
    stopStream(stream);
    video.srcObject = null;
    throw error;
  }
}

export type Frame = { blob: Blob; width: number; height: number };

function canvasToBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Could not encode the frame"))), "image/jpeg", quality);
  });
}

/** A JPEG of the current video frame, downscaled to `maxWidth` when given (SPEC 9 qualities). */
export async function grabFrame(video: HTMLVideoElement, quality: number, maxWidth?: number, canvas?: HTMLCanvasElement): Promise<Frame> {
  const scale = maxWidth && video.videoWidth > maxWidth ? maxWidth / video.videoWidth : 1;
  const width = Math.round(video.videoWidth * scale);
  const height = Math.round(video.videoHeight * scale);
  const target = canvas ?? document.createElement("canvas");
  target.width = width;
  target.height = height;
  const context = target.getContext("2d");
  if (!context || width === 0 || height === 0) throw new Error("Video frame unavailable");
  context.drawImage(video, 0, 0, width, height);
  return { blob: await canvasToBlob(target, quality), width, height };
}

/** A smaller JPEG copy of a data URL for the localStorage queue; the original when it cannot shrink. */
export async function shrinkDataUrl(dataUrl: string, maxSide = 720, quality = 0.8): Promise<string> {
  try {
    const image = new Image();
    image.decoding = "async";
    image.src = dataUrl;
    await image.decode();
    const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
    if (scale >= 1 && dataUrl.length < 400_000) return dataUrl;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext("2d");
    if (!context) return dataUrl;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const small = canvas.toDataURL("image/jpeg", quality);
    return small.length < dataUrl.length ? small : dataUrl;
  } catch {
    return dataUrl;
  }
}
