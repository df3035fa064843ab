import { describe, expect, test } from "bun:test";
import {
  AUTO_CAPTURE_POLLS,
  autoCaptureDue,
  cornerStates,
  guideAfterPreview,
  guideInstruction,
  guideStatusFor,
  nextCorner,
  photoCountText,
  photoNumberInError,
  type CameraPosition,
  type GuideState,
} from "./guided-capture";
import { diagramPoint } from "./pad-diagram";
import { accuracyText, heightText, wantsMoreViews } from "./scan-accuracy";
import { CLASSIC_PARAMETERS, defaultParameters } from "./scan-parameters";
import { scanForm } from "./scanner-api";
import {
  canCaptureView,
  initialScannerState,
  scannerReducer,
  scanPhotos,
  type CapturedPhoto,
  type ScannerAction,
  type ScannerState,
} from "./scanner-machine";

const at = (x: number, y: number): CameraPosition => ({ nadir_mm: [x, y], height_mm: 300 });
const TOP_RIGHT = at(195.9, 0);
const guide = (target: GuideState["target"]): GuideState => ({ target, hits: 0, status: "no-camera", skipped: [] });

describe("guided capture rules", () => {
  test("the instruction names the corner the user counts (1-4) and where to aim", () => {
    expect(guideInstruction(1)).toBe("Hold the phone about 30 cm above corner 2 (top right), pointing at the middle of the pad");
    expect(guideInstruction(3)).toContain("corner 4 (bottom left)");
  });

  test("a preview counts only over the next corner, with 4/4 markers and a sharp frame", () => {
    expect(guideStatusFor(1, { markers: 4, camera: at(180, 20), sharp: true })).toBe("hold");
    // 30 mm is the radius: just inside and just outside.
    expect(guideStatusFor(1, { markers: 4, camera: at(195.9 - 29, 0), sharp: true })).toBe("hold");
    expect(guideStatusFor(1, { markers: 4, camera: at(195.9 - 31, 0), sharp: true })).toBe("far");
    expect(guideStatusFor(1, { markers: 3, camera: TOP_RIGHT, sharp: true })).toBe("markers");
    expect(guideStatusFor(1, { markers: 4, camera: TOP_RIGHT, sharp: false })).toBe("blurred");
    expect(guideStatusFor(1, { markers: 4, camera: TOP_RIGHT, sharp: null })).toBe("blurred");
    expect(guideStatusFor(1, { markers: 4, camera: null, sharp: true })).toBe("no-camera");
    // Over another corner is not over the next one.
    expect(guideStatusFor(1, { markers: 4, camera: at(0, 0), sharp: true })).toBe("far");
  });

  test("auto-capture needs two qualifying previews in a row; anything else resets the count", () => {
    const ok = { markers: 4, camera: TOP_RIGHT, sharp: true };
    let state = guideAfterPreview(guide(1), ok);
    expect(state.hits).toBe(1);
    expect(autoCaptureDue(state)).toBe(false);
    state = guideAfterPreview(state, { ...ok, sharp: false });
    expect(state.hits).toBe(0);
    state = guideAfterPreview(guideAfterPreview(state, ok), ok);
    expect(state.hits).toBe(AUTO_CAPTURE_POLLS);
    expect(autoCaptureDue(state)).toBe(true);
    expect(autoCaptureDue({ ...state, target: null })).toBe(false);
    // An unchanged verdict returns the same object (no re-render).
    const far = guideAfterPreview(guide(1), { ...ok, camera: at(100, 100) });
    expect(guideAfterPreview(far, { ...ok, camera: at(90, 120) })).toBe(far);
  });

  test("corners go clockwise, skipping done and skipped ones", () => {
    expect(nextCorner([], [])).toBe(0);
    expect(nextCorner([0], [], 0)).toBe(1);
    expect(nextCorner([0, 1], [2], 1)).toBe(3);
    expect(nextCorner([1, 2, 3], [], 3)).toBe(0);
    expect(nextCorner([0, 1, 2, 3], [])).toBeNull();
    expect(nextCorner([0, 2], [1, 3], 0)).toBeNull();
    expect(cornerStates([0, 2], 1)).toEqual(["done", "next", "done", "todo"]);
  });

  test("counter and photo numbers in errors", () => {
    expect(photoCountText(3)).toBe("3 of 5 photos");
    expect(photoCountText(1)).toBe("1 of 5 photos");
    expect(photoNumberInError("Photo 3: Calibration markers not found. Please ensure all 4 corners are visible in the frame.")).toBe(3);
    expect(photoNumberInError("Failed to send for processing", "Photo 2: image is blurred")).toBe(2);
    expect(photoNumberInError("Processing error", null)).toBeNull();
  });

  test("the diagram pins a nadir outside its margin to the edge", () => {
    expect(diagramPoint([195.9 / 2, 259.4 / 2])).toEqual({ fx: 0.5, fy: 0.5, outside: false });
    const far = diagramPoint([-500, 100]);
    expect(far.fx).toBeCloseTo(0.04, 6);
    expect(far.outside).toBe(true);
  });
});

describe("review accuracy text", () => {
  test("fewer than 5 views, or a loose estimate, asks for more views", () => {
    expect(accuracyText({ views: 1, accuracy_mm: 1.84 })).toBe("±1.8 mm — add views for a tighter fit");
    expect(accuracyText({ views: 4, accuracy_mm: 0.5 })).toBe("±0.5 mm — add views for a tighter fit");
    expect(accuracyText({ views: 5, accuracy_mm: 0.9 })).toBe("±0.9 mm — add views for a tighter fit");
    expect(accuracyText({ views: undefined, accuracy_mm: 2 })).toBe("±2.0 mm — add views for a tighter fit");
  });

  test("five photos and a tight estimate say so", () => {
    expect(accuracyText({ views: 5, accuracy_mm: 0.42 })).toBe("±0.4 mm from 5 photos");
    expect(accuracyText({ views: 6, accuracy_mm: 0.6 })).toBe("±0.6 mm from 6 photos");
    expect(wantsMoreViews({ views: 5, accuracy_mm: 0.42 })).toBe(false);
  });

  test("no estimate, no text; height only when known", () => {
    expect(accuracyText({ views: 1, accuracy_mm: null })).toBeNull();
    expect(heightText(28.4)).toBe("Tool height ≈ 28 mm");
    expect(heightText(6.25)).toBe("Tool height ≈ 6.3 mm");
    expect(heightText(null)).toBeNull();
    expect(heightText(0)).toBeNull();
  });
});

describe("the multipart body", () => {
  test("repeats `image` once per photo in the order taken, then the parameters once", async () => {
    const photos = [1, 2, 3].map((n) => new Blob([`photo-${n}`], { type: "image/jpeg" }));
    const form = scanForm("classic", photos, defaultParameters(CLASSIC_PARAMETERS));
    const images = form.getAll("image") as File[];
    expect(images).toHaveLength(3);
    expect(await Promise.all(images.map((file) => file.text()))).toEqual(["photo-1", "photo-2", "photo-3"]);
    expect(form.getAll("sensitivity")).toEqual(["45"]);
    expect(form.getAll("inset_mm")).toEqual(["12"]);
    // One photo keeps the old single-part body.
    const single = scanForm("ai", [photos[0]!], { confidence: 0.5, post_morph_px: 3, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12 });
    expect(single.getAll("image")).toHaveLength(1);
    expect(single.get("confidence")).toBe("0.5");
  });
});

const photo = (name: string): CapturedPhoto => ({ blob: new Blob([name]), url: `blob:${name}`, width: 1280, height: 960 });
const run = (actions: ScannerAction[], state = initialScannerState(defaultParameters(CLASSIC_PARAMETERS))): ScannerState => actions.reduce(scannerReducer, state);
const preview = (camera: CameraPosition | null, sharp: boolean | null = true, count = 4): ScannerAction => ({ type: "markers", count, camera, sharp });
const captured: ScannerAction[] = [{ type: "start" }, { type: "cameraReady" }, { type: "markers", count: 4 }, { type: "capture", photo: photo("middle") }];
const guiding: ScannerAction[] = [...captured, { type: "addViews" }, { type: "cameraReady" }];
const ready: ScannerAction[] = [...guiding, { type: "markers", count: 4 }];

describe("guided capture in the scanner reducer", () => {
  test("Add views starts at corner 1; photos are marked done and the target moves on", () => {
    let state = run(guiding);
    expect(state.phase).toBe("views");
    expect(state.guide?.target).toBe(0);
    expect(canCaptureView(state)).toBe(false);
    state = run([preview(at(10, 10))], state);
    expect(canCaptureView(state)).toBe(true);
    expect(state.guide?.hits).toBe(1);
    state = run([preview(at(5, 5)), { type: "viewCaptured", photo: photo("c1"), corner: 0, auto: true }], state);
    expect(state.views.map((view) => view.corner)).toEqual([0]);
    expect(state.guide).toMatchObject({ target: 1, hits: 0 });
    expect(state.viewNotice).toBe("Photo 2 taken above corner 1 (top left).");
    expect(cornerStates(state.views.map((view) => view.corner), state.guide!.target)).toEqual(["done", "next", "todo", "todo"]);
    // A preview still over corner 1 does not count toward corner 2.
    state = run([preview(at(5, 5)), preview(at(5, 5))], state);
    expect(autoCaptureDue(state.guide)).toBe(false);
  });

  test("auto-capture is due only when over the next corner, 4/4, sharp, twice in a row", () => {
    const base = run(guiding);
    expect(autoCaptureDue(run([preview(at(0, 0)), preview(at(0, 0))], base).guide)).toBe(true);
    expect(autoCaptureDue(run([preview(at(0, 0))], base).guide)).toBe(false);
    expect(autoCaptureDue(run([preview(at(0, 0), true, 3), preview(at(0, 0), true, 3)], base).guide)).toBe(false);
    expect(autoCaptureDue(run([preview(at(0, 0), false), preview(at(0, 0), false)], base).guide)).toBe(false);
    expect(autoCaptureDue(run([preview(at(195.9, 259.4)), preview(at(195.9, 259.4))], base).guide)).toBe(false);
    expect(autoCaptureDue(run([preview(at(0, 0)), preview(at(100, 100)), preview(at(0, 0))], base).guide)).toBe(false);
    expect(autoCaptureDue(run([preview(null), preview(null)], base).guide)).toBe(false);
  });

  test("all four corners return to captured with five photos in the order taken", () => {
    const corners = [0, 1, 2, 3] as const;
    const state = run([...ready, ...corners.flatMap((corner): ScannerAction[] => [{ type: "viewCaptured", photo: photo(`c${corner}`), corner, auto: false }])]);
    expect(state.phase).toBe("captured");
    expect(state.guide).toBeNull();
    expect(scanPhotos(state).map((p) => p.url)).toEqual(["blob:middle", "blob:c0", "blob:c1", "blob:c2", "blob:c3"]);
  });

  test("a view needs 4/4 markers, like Capture Photo", () => {
    const state = run([...guiding, { type: "markers", count: 3 }, { type: "viewCaptured", photo: photo("x"), corner: 0, auto: false }]);
    expect(state.views).toEqual([]);
  });

  test("skip, pick a corner, finish early", () => {
    let state = run([...ready, { type: "skipCorner" }]);
    expect(state.guide?.target).toBe(1);
    state = run([{ type: "selectCorner", corner: 0 }], state);
    expect(state.guide).toMatchObject({ target: 0, skipped: [] });
    state = run([{ type: "viewCaptured", photo: photo("c0"), corner: 0, auto: false }, { type: "finishViews" }], state);
    expect(state.phase).toBe("captured");
    expect(state.cameraReady).toBe(false);
    expect(state.views).toHaveLength(1);
    // Skipping every remaining corner also ends the guided capture.
    state = run([{ type: "addViews" }, { type: "skipCorner" }, { type: "skipCorner" }, { type: "skipCorner" }], state);
    expect(state.phase).toBe("captured");
  });

  test("remove a view; retake one in place so photo numbers stay", () => {
    let state = run([
      ...ready,
      { type: "viewCaptured", photo: photo("c0"), corner: 0, auto: false },
      { type: "viewCaptured", photo: photo("c1"), corner: 1, auto: false },
      { type: "finishViews" },
    ]);
    state = run([{ type: "retakeView", index: 0 }, { type: "cameraReady" }, { type: "markers", count: 4 }], state);
    expect(state.phase).toBe("views");
    expect(state.guide?.target).toBe(0);
    state = run([{ type: "viewCaptured", photo: photo("c0-again"), corner: 0, auto: true }, { type: "finishViews" }], state);
    expect(scanPhotos(state).map((p) => p.url)).toEqual(["blob:middle", "blob:c0-again", "blob:c1"]);
    state = run([{ type: "removeView", index: 0 }], state);
    expect(scanPhotos(state).map((p) => p.url)).toEqual(["blob:middle", "blob:c1"]);
    expect(state.viewNotice).toBe("Photo 2 removed.");
  });

  test("an error naming a photo is kept for a retake; the camera failing mid-way keeps the photos", () => {
    let state = run([...captured, { type: "send" }, { type: "processFailed", message: "Processing error", detail: "Photo 3: Calibration markers not found." }]);
    expect(state.phase).toBe("captured");
    expect(state.errorPhoto).toBe(3);
    state = run([{ type: "dismissError" }], state);
    expect(state.errorPhoto).toBeNull();
    state = run([{ type: "addViews" }, { type: "cameraFailed", message: "Camera error: gone" }], state);
    expect(state).toMatchObject({ phase: "captured", error: "Camera error: gone" });
    expect(state.photo?.url).toBe("blob:middle");
  });

  test("from review, Add views keeps the photos and returns to the guided capture", () => {
    const result = { preview_png: "p", contour_points_px: [], contour_points_mm: [], parameters: { contour_area_mm: 1 }, svg: "" };
    let state = run([...captured, { type: "send" }, { type: "result", result, defaultName: "Tool 1" }]);
    expect(state.phase).toBe("review");
    state = run([{ type: "addViews" }], state);
    expect(state.phase).toBe("views");
    expect(state.result).toBeNull();
    expect(state.photo?.url).toBe("blob:middle");
  });

  test("a steady preview in live returns the same state (no re-render)", () => {
    const state = run([{ type: "start" }, { type: "cameraReady" }, { type: "markers", count: 4 }]);
    expect(scannerReducer(state, { type: "markers", count: 4 })).toBe(state);
  });
});
