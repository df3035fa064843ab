import { describe, expect, test } from "bun:test";
import { normaliseCorners } from "./overlay";
import { createScanId, defaultToolName, queueEntryFromResult } from "./queue-entry";
import { AI_PARAMETERS, CLASSIC_PARAMETERS, clampParameter, defaultParameters, parseToolHeight, scanFormFields, TOOL_HEIGHT_ERROR } from "./scan-parameters";
import { scannerJobBody } from "../../lib/scanner-job-body";
import { padGridMissing, parseProgress, parseScanResult, unusedViews } from "./scan-result";

const result = parseScanResult({
  preview_png: "data:image/png;base64,AAAA",
  contour_points_px: [
    [1, 2],
    [3, 4],
    [5, 2],
  ],
  contour_points_mm: [
    [10, 20],
    [30, 40],
    [50, 20],
  ],
  parameters: { contour_area_mm: 400, mm_per_px: 0.2 },
  svg: "<svg></svg>",
  diagnostics: { markers: 4 },
  model_info: { model: "u2net-lite" },
});

describe("scan parameters (SPEC 5)", () => {
  test("classic ranges and defaults", () => {
    const byKey = Object.fromEntries(CLASSIC_PARAMETERS.map((spec) => [spec.key, spec]));
    expect(byKey.sensitivity).toMatchObject({ min: 0, max: 100, defaultValue: 45 });
    expect(byKey.rdp_tolerance_mm).toMatchObject({ min: 0.05, max: 5, step: 0.1, defaultValue: 0.3 });
    expect(byKey.allowance_mm).toMatchObject({ min: -2, max: 5, defaultValue: 0 });
    expect(byKey.inset_mm).toMatchObject({ min: 0, max: 25, step: 0.5, defaultValue: 12 });
  });

  test("the AI scanner has confidence and post-morph and no sensitivity", () => {
    const keys = AI_PARAMETERS.map((spec) => spec.key);
    expect(keys).toEqual(["confidence", "post_morph_px", "rdp_tolerance_mm", "allowance_mm", "inset_mm"]);
    expect(AI_PARAMETERS[0]).toMatchObject({ min: 0, max: 1, step: 0.05, defaultValue: 0.5 });
    expect(AI_PARAMETERS[1]).toMatchObject({ min: 0, max: 10, defaultValue: 3 });
  });

  test("values are clamped into range; garbage falls back to the default", () => {
    const rdp = CLASSIC_PARAMETERS[1]!;
    expect(clampParameter(rdp, 9)).toBe(5);
    expect(clampParameter(rdp, 0)).toBe(0.05);
    expect(clampParameter(rdp, Number.NaN)).toBe(0.3);
    expect(clampParameter(rdp, 0.1 + 0.2)).toBe(0.3);
  });

  test("the classic scan sends the sensitivity window with every scan", () => {
    const fields = scanFormFields("classic", defaultParameters(CLASSIC_PARAMETERS));
    expect(Object.keys(fields).sort()).toEqual(
      ["allowance_mm", "contour_max_area_mm", "contour_min_area_mm", "inset_mm", "rdp_tolerance_mm", "sensitivity"].sort(),
    );
    expect(Number(fields.contour_min_area_mm)).toBeCloseTo(120 / 1.175, 6);
    expect(Number(fields.contour_max_area_mm)).toBeCloseTo(11750, 6);
    expect(fields.sensitivity).toBe("45");
  });

  test("the AI scan sends its own fields", () => {
    const fields = scanFormFields("ai", defaultParameters(AI_PARAMETERS));
    expect(fields).toEqual({ confidence: "0.5", post_morph_px: "3", rdp_tolerance_mm: "0.3", allowance_mm: "0", inset_mm: "12" });
  });

  test("a typed tool height goes with either scan; blank or out of range sends none", () => {
    expect(scanFormFields("classic", { ...defaultParameters(CLASSIC_PARAMETERS), tool_height_mm: 28 }).tool_height_mm).toBe("28");
    expect(scanFormFields("ai", { ...defaultParameters(AI_PARAMETERS), tool_height_mm: 7.5 }).tool_height_mm).toBe("7.5");
    expect(scanFormFields("ai", { ...defaultParameters(AI_PARAMETERS), tool_height_mm: 400 }).tool_height_mm).toBeUndefined();
    expect(parseToolHeight("")).toEqual({ value: null, error: null });
    expect(parseToolHeight(" 12,5 ")).toEqual({ value: 12.5, error: null });
    expect(parseToolHeight("0.2")).toEqual({ value: null, error: TOOL_HEIGHT_ERROR });
    expect(parseToolHeight("abc")).toEqual({ value: null, error: TOOL_HEIGHT_ERROR });
    expect(TOOL_HEIGHT_ERROR).toBe("Enter the tool's height in millimetres, from 0.5 to 300, or leave it blank.");
  });
});

describe("scan result and progress parsing", () => {
  test("a malformed result is refused", () => {
    expect(() => parseScanResult({})).toThrow();
    expect(() => parseScanResult({ preview_png: "x", contour_points_px: "nope", parameters: { contour_area_mm: 1 } })).toThrow();
  });

  test("multi-photo fields: views, height_mm, accuracy_mm and the unused photos", () => {
    const parsed = parseScanResult({
      ...result,
      views: 4,
      height_mm: null,
      accuracy_mm: 1.84,
      diagnostics: { views: [{ index: 1, used: true }, { index: 2, used: false, reason: "Photo is blurred" }, null, { index: "x", used: false }] },
    });
    expect([parsed.views, parsed.height_mm, parsed.accuracy_mm]).toEqual([4, null, 1.84]);
    expect(unusedViews(parsed)).toEqual([{ index: 2, used: false, reason: "Photo is blurred" }]);
    // An older server's answer has none of them.
    expect([result.views, result.height_mm, result.accuracy_mm]).toEqual([undefined, null, null]);
    expect(unusedViews(result)).toEqual([]);
    expect(parseScanResult({ ...result, views: "5", accuracy_mm: Number.NaN }).accuracy_mm).toBeNull();
  });

  test("padGridMissing: only a result that says no grid was found", () => {
    expect(padGridMissing(parseScanResult({ ...result, diagnostics: { grid_found: false } }))).toBe(true);
    expect(padGridMissing(parseScanResult({ ...result, diagnostics: { grid_found: true } }))).toBe(false);
    expect(padGridMissing(result)).toBe(false);
  });

  test("progress events", () => {
    expect(parseProgress('{"progress":42,"message":"Tracing","status":"processing"}')).toEqual({ progress: 42, message: "Tracing", status: "processing" });
    expect(parseProgress('{"progress":"x"}')).toEqual({ progress: 0, message: "", status: "processing" });
    expect(parseProgress("not json")).toBeNull();
  });
});

describe("queue entry (SPEC 3)", () => {
  test("has every field of the scanner-queue entry and enters unplaced", () => {
    const entry = queueEntryFromResult({
      result,
      name: "  Wrench ",
      variant: "ai",
      requestParams: { confidence: 0.5 },
      id: "scan-1",
      now: new Date("2026-01-02T03:04:05Z"),
    });
    expect(entry).toEqual({
      id: "scan-1",
      createdAt: "2026-01-02T03:04:05.000Z",
      previewUrl: "data:image/png;base64,AAAA",
      svg: "<svg></svg>",
      detectionMethod: "aruco",
      diagnostics: { markers: 4, scanner: "ai", model_info: { model: "u2net-lite" } },
      parameters: { confidence: 0.5, contour_area_mm: 400, mm_per_px: 0.2 },
      contourPointsMm: [
        [10, 20],
        [30, 40],
        [50, 20],
      ],
      position: null,
      name: "Wrench",
      views: 1,
      height_mm: null,
      accuracy_mm: null,
    });
  });

  test("keeps views, height_mm and accuracy_mm of a multi-photo result, and they reach the job's calibration_payload", () => {
    const multi = parseScanResult({
      ...result,
      views: 5,
      height_mm: 28.4,
      accuracy_mm: 0.42,
      diagnostics: { views: [{ index: 1, used: true }, { index: 3, used: false, reason: "Calibration markers not found" }] },
    });
    const entry = queueEntryFromResult({ result: multi, name: "Tape", variant: "classic", requestParams: {}, photosSent: 5, id: "scan-2" });
    expect(entry).toMatchObject({ views: 5, height_mm: 28.4, accuracy_mm: 0.42 });
    const position = { x: 10, y: 20, rotation: 0, scale: 1 };
    const body = scannerJobBody({
      tool: entry,
      position,
      pocket: entry.contourPointsMm,
      layoutId: "layout-1",
      foam: { label: "Foam", width_mm: 300, depth_mm: 400, thickness_mm: 50 },
      defaultDetectionMethod: "aruco",
      submittedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(body.calibration_payload).toMatchObject({ accuracy_mm: 0.42, height_mm: 28.4, views: 5 });
    // An entry saved before multi-photo scans (no fields) was one photo with no height or accuracy.
    const { views: _v, height_mm: _h, accuracy_mm: _a, ...legacy } = entry;
    const old = scannerJobBody({ tool: legacy, position, pocket: entry.contourPointsMm, layoutId: "l", foam: body.foam, defaultDetectionMethod: "aruco", submittedAt: "" });
    expect(old.calibration_payload).toMatchObject({ accuracy_mm: null, height_mm: null, views: 1 });
  });

  test("the photo count stands in for views when the server does not report it", () => {
    const entry = queueEntryFromResult({ result, name: "X", variant: "classic", requestParams: {}, photosSent: 3 });
    expect(entry.views).toBe(3);
  });

  test("names and ids", () => {
    expect(defaultToolName(0)).toBe("Tool 1");
    expect(defaultToolName(4)).toBe("Tool 5");
    expect(createScanId()).not.toBe(createScanId());
  });
});

describe("overlay corners", () => {
  test("pixel corners are normalised by the frame size; normalised ones pass through", () => {
    expect(
      normaliseCorners(
        [
          [640, 480],
          [1280, 960],
        ],
        1280,
        960,
      ),
    ).toEqual([
      [0.5, 0.5],
      [1, 1],
    ]);
    expect(normaliseCorners([[0.25, 0.75]], 1280, 960)).toEqual([[0.25, 0.75]]);
  });
});
