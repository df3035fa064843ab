import { describe, expect, test } from "bun:test";
import { CALIBRATION_MESSAGE } from "./camera-errors";
import { CLASSIC_PARAMETERS, defaultParameters } from "./scan-parameters";
import type { ScanResult } from "./scan-result";
import {
  canCapture,
  initialScannerState,
  needsRetrace,
  PROCESSING_MESSAGES,
  scannerReducer,
  type ScannerAction,
  type ScannerState,
} from "./scanner-machine";

const photo = { blob: new Blob(["jpeg"]), url: "blob:photo", width: 1280, height: 960 };
const result: ScanResult = {
  preview_png: "data:image/png;base64,AAAA",
  contour_points_px: [
    [0, 0],
    [10, 0],
    [10, 10],
  ],
  contour_points_mm: [
    [0, 0],
    [5, 0],
    [5, 5],
  ],
  parameters: { contour_area_mm: 12.5 },
  svg: "<svg/>",
};

function run(actions: ScannerAction[], state = initialScannerState(defaultParameters(CLASSIC_PARAMETERS))): ScannerState {
  return actions.reduce(scannerReducer, state);
}

const toLive: ScannerAction[] = [{ type: "start" }, { type: "cameraReady" }];
const toCaptured: ScannerAction[] = [...toLive, { type: "markers", count: 4 }, { type: "capture", photo }];
const toProcessing: ScannerAction[] = [...toCaptured, { type: "send" }, { type: "jobStarted", jobId: "j1" }];
const toReview: ScannerAction[] = [...toProcessing, { type: "result", result, defaultName: "Tool 1" }];

describe("scanner flow reducer (SPEC 4)", () => {
  test("starts idle with the SPEC 5 defaults", () => {
    const state = run([]);
    expect(state.phase).toBe("idle");
    expect(state.params).toEqual({ sensitivity: 45, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12 });
  });

  test("idle → live → captured → processing → review", () => {
    let state = run([{ type: "start" }]);
    expect(state.phase).toBe("live");
    expect(state.cameraReady).toBe(false);
    state = run([{ type: "cameraReady" }, { type: "markers", count: 4 }], state);
    expect(canCapture(state)).toBe(true);
    state = run([{ type: "capture", photo }], state);
    expect(state.phase).toBe("captured");
    expect(state.photo).toBe(photo);
    state = run([{ type: "send" }], state);
    expect(state.phase).toBe("processing");
    expect(state.progressMessage).toBe(PROCESSING_MESSAGES.uploading);
    state = run([{ type: "jobStarted", jobId: "j1" }, { type: "progress", progress: 40, message: "Finding markers" }], state);
    expect(state.progress).toBe(40);
    expect(state.progressMessage).toBe("Finding markers");
    state = run([{ type: "result", result, defaultName: "Tool 3" }], state);
    expect(state.phase).toBe("review");
    expect(state.result).toBe(result);
    expect(state.name).toBe("Tool 3");
  });

  test("capture needs all four markers", () => {
    const live = run([...toLive, { type: "markers", count: 3 }]);
    expect(canCapture(live)).toBe(false);
    const refused = scannerReducer(live, { type: "capture", photo });
    expect(refused.phase).toBe("live");
    expect(refused.error).toBe(CALIBRATION_MESSAGE);
  });

  test("capture is refused before the camera is ready", () => {
    const starting = run([{ type: "start" }, { type: "markers", count: 4 }]);
    expect(canCapture(starting)).toBe(false);
  });

  test("a camera that fails to start leaves the scanner idle with the error", () => {
    const state = run([{ type: "start" }, { type: "cameraFailed", message: "Camera not found." }]);
    expect(state.phase).toBe("idle");
    expect(state.error).toBe("Camera not found.");
    expect(run([{ type: "dismissError" }], state).error).toBeNull();
  });

  test("a late camera failure after leaving live is ignored", () => {
    const state = run([...toCaptured, { type: "cameraFailed", message: "late" }]);
    expect(state.phase).toBe("captured");
    expect(state.error).toBeNull();
  });

  test("Retake goes back to live with a fresh marker count", () => {
    const state = run([...toCaptured, { type: "retake" }]);
    expect(state.phase).toBe("live");
    expect(state.photo).toBeNull();
    expect(state.markers).toBe(0);
  });

  test.each([
    [PROCESSING_MESSAGES.sendFailed],
    [PROCESSING_MESSAGES.resultFailed],
    [PROCESSING_MESSAGES.connection],
    [PROCESSING_MESSAGES.jobFailed],
    ["No tool found inside the frame"],
  ])("a failure while processing returns to captured with '%s'", (message) => {
    const state = run([...toProcessing, { type: "processFailed", message }]);
    expect(state.phase).toBe("captured");
    expect(state.error).toBe(message);
    expect(state.photo).toBe(photo);
  });

  test("a signed-out Send keeps the photo and asks for sign-in", () => {
    const state = run([...toCaptured, { type: "signInRequired" }]);
    expect(state.phase).toBe("captured");
    expect(state.signInRequired).toBe(true);
  });

  test("Save and Delete both return to idle, keeping the chosen parameters", () => {
    for (const type of ["saved", "discard"] as const) {
      const state = run([...toReview, { type: "setParam", key: "inset_mm", value: 15 }, { type }]);
      expect(state.phase).toBe("idle");
      expect(state.result).toBeNull();
      expect(state.photo).toBeNull();
      expect(state.params.inset_mm).toBe(15);
    }
  });

  test("a parameter change in review asks for a re-trace; stale answers are ignored", () => {
    let state = run([...toReview]);
    expect(needsRetrace(state)).toBe(false);
    state = run([{ type: "setParam", key: "rdp_tolerance_mm", value: 1 }], state);
    expect(needsRetrace(state)).toBe(true);
    state = run([{ type: "retraceStart", seq: 1, params: state.params }], state);
    expect(needsRetrace(state)).toBe(false);
    expect(state.retracing).toBe(true);
    state = run([{ type: "setParam", key: "rdp_tolerance_mm", value: 2 }, { type: "retraceStart", seq: 2, params: { ...state.params, rdp_tolerance_mm: 2 } }], state);
    const newer = { ...result, parameters: { contour_area_mm: 99 } };
    const stale = run([{ type: "retraceDone", seq: 1, result: { ...result, parameters: { contour_area_mm: 1 } } }], state);
    expect(stale.result).toBe(result);
    expect(stale.retracing).toBe(true);
    const fresh = run([{ type: "retraceDone", seq: 2, result: newer }], state);
    expect(fresh.result).toBe(newer);
    expect(fresh.retracing).toBe(false);
  });

  test("a typed tool height is a parameter: setting or clearing it asks for a re-trace, and Reset clears it", () => {
    let state = run([...toReview, { type: "retraceStart", seq: 1, params: run(toReview).params }]);
    state = run([{ type: "setParam", key: "tool_height_mm", value: 28 }], state);
    expect(state.params.tool_height_mm).toBe(28);
    expect(needsRetrace(state)).toBe(true);
    state = run([{ type: "retraceStart", seq: 2, params: state.params }, { type: "setParam", key: "tool_height_mm", value: null }], state);
    expect("tool_height_mm" in state.params).toBe(false);
    expect(needsRetrace(state)).toBe(true);
    state = run([{ type: "setParam", key: "tool_height_mm", value: 12 }, { type: "resetParams", params: { sensitivity: 45, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12 } }], state);
    expect("tool_height_mm" in state.params).toBe(false);
  });

  test("a failed re-trace keeps the last outline in review", () => {
    const state = run([
      ...toReview,
      { type: "setParam", key: "inset_mm", value: 20 },
      { type: "retraceStart", seq: 1, params: { sensitivity: 45, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 20 } },
      { type: "retraceFailed", seq: 1, message: "Connection error" },
    ]);
    expect(state.phase).toBe("review");
    expect(state.result).toBe(result);
    expect(state.retraceError).toBe("Connection error");
  });

  test("actions that do not belong to the phase change nothing", () => {
    const idle = run([]);
    for (const action of [
      { type: "capture", photo },
      { type: "retake" },
      { type: "send" },
      { type: "result", result, defaultName: "x" },
      { type: "saved" },
      { type: "markers", count: 4 },
    ] as ScannerAction[]) {
      expect(scannerReducer(idle, action)).toBe(idle);
    }
  });

  test("progress is clamped to 0-100", () => {
    expect(run([...toProcessing, { type: "progress", progress: 140, message: "" }]).progress).toBe(100);
    expect(run([...toProcessing, { type: "progress", progress: -5, message: "" }]).progress).toBe(0);
  });
});
