import { describe, expect, test } from "bun:test";
import { placeTool, rotateTool } from "./actions";
import { buildSubmitJobs, createLayoutId } from "./submit-payload";
import { loadedStore, rect, scannedTool } from "./test-fixtures";

describe("buildSubmitJobs", () => {
  const store = loadedStore([
    scannedTool("a", { contourPointsMm: rect(0, 0, 40, 10), detectionMethod: "contours" }),
    scannedTool("b"),
    scannedTool("c"),
  ]);
  store.dispatch(placeTool, { id: "a", at: { x: 152.4, y: 114.3 } });
  store.dispatch(rotateTool, { id: "a", degrees: 90 });
  store.dispatch(placeTool, { id: "c", at: { x: 30, y: 30 } });
  const jobs = buildSubmitJobs(store.getState().doc, "layout-1", "2025-06-01T00:00:00.000Z");

  test("one pending job per placed tool, sharing the layout id and foam", () => {
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect(job.status).toBe("pending");
      expect(job.processed_at).toBeNull();
      expect(job.layout_id).toBe("layout-1");
      expect(job.name).toMatch(/^Tool [ac]$/);
      expect(job.foam).toEqual({ label: "Custom 12 × 18 in", width_mm: 304.8, depth_mm: 457.2, thickness_mm: 31.75 });
    }
  });

  test("the contour is the placed pocket in foam millimetres", () => {
    const job = jobs[0];
    const xs = job.calibration_payload.contour_points_mm.map(([x]) => x);
    const ys = job.calibration_payload.contour_points_mm.map(([, y]) => y);
    expect(Math.min(...xs)).toBeCloseTo(147.4, 3);
    expect(Math.max(...xs)).toBeCloseTo(157.4, 3);
    expect(Math.min(...ys)).toBeCloseTo(94.3, 3);
    expect(Math.max(...ys)).toBeCloseTo(134.3, 3);
    expect(job.contour_svg).toContain('viewBox="0 0 304.8 457.2"');
    expect(job.contour_svg).toMatch(/<path d="M[^"]+ Z"/);
  });

  test("calibration payload and notes carry the scan and its position", () => {
    const job = jobs[0];
    expect(job.calibration_payload).toMatchObject({
      detection_method: "contours",
      diagnostics: { markers: 4 },
      parameters: { contour_area_mm: 2000 },
      preview_data_url: "data:image/png;base64,AAAA",
      position: { x: 50, y: 25, rotation: 90, scale: 1 },
    });
    expect(JSON.parse(job.processing_notes)).toEqual({
      layout_position: { x: 50, y: 25, rotation: 90, scale: 1 },
      detection_method: "contours",
      created_at: "2025-01-02T03:04:05.000Z",
    });
  });

  test("each job says how its pocket is cut: depth, clearance (defaults), and anything set", () => {
    expect(jobs[0].pocket).toEqual({ depth_mm: 15.875, clearance_mm: 1 });
    expect(jobs[0].foam.layers).toBeUndefined();
  });

  test("layout ids are unique", () => {
    expect(createLayoutId()).not.toBe(createLayoutId());
  });
});
