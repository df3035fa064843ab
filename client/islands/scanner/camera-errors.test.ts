import { describe, expect, test } from "bun:test";
import { CAMERA_MESSAGES, cameraErrorMessage, preflightCameraMessage, VideoStartError, type CameraEnvironment } from "./camera-errors";

const desktop: CameraEnvironment = { hasMediaDevices: true, isSecureContext: true, isIos: false, isIphone: false };
const iphone: CameraEnvironment = { hasMediaDevices: true, isSecureContext: true, isIos: true, isIphone: true };

function domError(name: string, message = "", extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(message), { name, ...extra });
}

describe("camera error messages (SPEC 8)", () => {
  test("preflight: no mediaDevices, or iOS over plain HTTP", () => {
    expect(preflightCameraMessage(desktop)).toBeNull();
    expect(preflightCameraMessage({ ...desktop, hasMediaDevices: false })).toBe(
      "Your browser does not support camera access. Please use a modern browser (Chrome, Firefox, Safari).",
    );
    expect(preflightCameraMessage({ ...iphone, hasMediaDevices: false, isSecureContext: false })).toBe(
      "Camera access requires HTTPS connection on iOS devices. Please use HTTPS or try Safari browser.",
    );
  });

  test.each(["NotAllowedError", "SecurityError", "PermissionDeniedError"])("%s is a denied permission", (name) => {
    expect(cameraErrorMessage(domError(name, "Permission denied"), desktop)).toBe(
      "Camera access denied. Please allow camera access in browser settings and refresh the page.",
    );
    expect(cameraErrorMessage(domError(name), iphone)).toBe(CAMERA_MESSAGES.deniedIphone);
    expect(CAMERA_MESSAGES.deniedIphone).toContain("Settings > Camera");
  });

  test("not found, including a vanished device id", () => {
    const notFound = "Camera not found. Please ensure the camera is connected and available.";
    expect(cameraErrorMessage(domError("NotFoundError"), desktop)).toBe(notFound);
    expect(cameraErrorMessage(domError("OverconstrainedError", "", { constraint: "deviceId" }), desktop)).toBe(notFound);
  });

  test("busy camera, with the iPhone variant", () => {
    const busy = "Camera is being used by another application. Please close other applications using the camera.";
    expect(cameraErrorMessage(domError("NotReadableError"), desktop)).toBe(busy);
    expect(cameraErrorMessage(domError("AbortError"), desktop)).toBe(busy);
    expect(cameraErrorMessage(domError("NotReadableError"), iphone)).toBe(CAMERA_MESSAGES.busyIphone);
  });

  test("other constraints", () => {
    expect(cameraErrorMessage(domError("OverconstrainedError", "", { constraint: "width" }), desktop)).toBe(
      "Camera constraints not supported. Please try a different camera or browser.",
    );
  });

  test("video start problems", () => {
    expect(cameraErrorMessage(new VideoStartError("timeout", "x"), desktop)).toBe(
      "Video initialization timeout - camera may not be responding. Please try again.",
    );
    expect(cameraErrorMessage(new VideoStartError("playback", "NotAllowedError: play() failed"), desktop)).toBe(
      "Video playback failed: NotAllowedError: play() failed",
    );
    expect(cameraErrorMessage(new VideoStartError("not-ready", "x"), desktop)).toBe("Video element not ready. Please refresh the page.");
  });

  test("denied over plain HTTP on iOS names HTTPS", () => {
    expect(cameraErrorMessage(domError("NotAllowedError"), { ...iphone, isSecureContext: false })).toBe(CAMERA_MESSAGES.insecureIos);
  });

  test("anything else", () => {
    expect(cameraErrorMessage(domError("WeirdError", "boom"), desktop)).toBe("Camera error: boom");
    expect(cameraErrorMessage(undefined, desktop)).toBe("Failed to access camera");
    expect(cameraErrorMessage({}, desktop)).toBe("Failed to access camera");
  });
});
