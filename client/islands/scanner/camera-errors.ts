/** The camera messages of SPEC 8, chosen from the real getUserMedia / playback failure. */
export const CAMERA_MESSAGES = {
  unsupported: "Your browser does not support camera access. Please use a modern browser (Chrome, Firefox, Safari).",
  videoNotReady: "Video element not ready. Please refresh the page.",
  insecureIos: "Camera access requires HTTPS connection on iOS devices. Please use HTTPS or try Safari browser.",
  denied: "Camera access denied. Please allow camera access in browser settings and refresh the page.",
  deniedIphone: "Camera access denied. Please allow camera access in Settings > Camera (or Settings > Safari > Camera) and refresh the page.",
  notFound: "Camera not found. Please ensure the camera is connected and available.",
  busy: "Camera is being used by another application. Please close other applications using the camera.",
  busyIphone: "Camera is being used by another application. Please close other apps that use the camera and refresh the page.",
  constraints: "Camera constraints not supported. Please try a different camera or browser.",
  timeout: "Video initialization timeout - camera may not be responding. Please try again.",
  failed: "Failed to access camera",
} as const;

export const CALIBRATION_MESSAGE = "Calibration markers not found. Please ensure all 4 corners are visible in the frame.";

export type CameraEnvironment = {
  hasMediaDevices: boolean;
  isSecureContext: boolean;
  isIos: boolean;
  isIphone: boolean;
};

/** Reads the environment once, in an effect or handler (never during render: SSR has no navigator). */
export function readCameraEnvironment(): CameraEnvironment {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  const ua = nav?.userAgent ?? "";
  // iPadOS 13+ reports itself as a Mac; touch points give it away.
  const ipadAsMac = /Macintosh/.test(ua) && (nav?.maxTouchPoints ?? 0) > 1;
  const isIphone = /iPhone|iPod/.test(ua);
  return {
    hasMediaDevices: Boolean(nav?.mediaDevices && typeof nav.mediaDevices.getUserMedia === "function"),
    isSecureContext: typeof window === "undefined" ? true : window.isSecureContext !== false,
    isIos: isIphone || /iPad/.test(ua) || ipadAsMac,
    isIphone,
  };
}

/** The message to show before even asking for the camera, or null when getUserMedia can be called. */
export function preflightCameraMessage(env: CameraEnvironment): string | null {
  if (env.isIos && !env.isSecureContext) return CAMERA_MESSAGES.insecureIos;
  if (!env.hasMediaDevices) return CAMERA_MESSAGES.unsupported;
  return null;
}

/** A failure of the video element after the stream was granted. */
export class VideoStartError extends Error {
  constructor(
    readonly kind: "timeout" | "playback" | "not-ready",
    message: string,
  ) {
    super(message);
    this.name = "VideoStartError";
  }
}

function errorName(error: unknown): string {
  return typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
}

function errorMessage(error: unknown): string {
  if (typeof error === "object" && error !== null && "message" in error) return String((error as { message: unknown }).message ?? "");
  return typeof error === "string" ? error : "";
}

export function cameraErrorMessage(error: unknown, env: CameraEnvironment): string {
  if (error instanceof VideoStartError) {
    if (error.kind === "timeout") return CAMERA_MESSAGES.timeout;
    if (error.kind === "not-ready") return CAMERA_MESSAGES.videoNotReady;
    return `Video playback failed: ${error.message}`;
  }
  const name = errorName(error);
  const constraint =
    typeof error === "object" && error !== null && "constraint" in error ? String((error as { constraint: unknown }).constraint ?? "") : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      if (env.isIos && !env.isSecureContext) return CAMERA_MESSAGES.insecureIos;
      return env.isIphone ? CAMERA_MESSAGES.deniedIphone : CAMERA_MESSAGES.denied;
    case "NotFoundError":
    case "DevicesNotFoundError":
      return CAMERA_MESSAGES.notFound;
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return env.isIphone ? CAMERA_MESSAGES.busyIphone : CAMERA_MESSAGES.busy;
    case "OverconstrainedError":
    case "ConstraintNotSatisfiedError":
      // A missing device id means the chosen camera is gone, not that its settings are wrong.
      return constraint === "deviceId" ? CAMERA_MESSAGES.notFound : CAMERA_MESSAGES.constraints;
    case "TypeError":
      if (!env.hasMediaDevices) return CAMERA_MESSAGES.unsupported;
  }
  const message = errorMessage(error);
  return message ? `Camera error: ${message}` : CAMERA_MESSAGES.failed;
}
