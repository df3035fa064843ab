import { describe, expect, test } from "bun:test";
import type { ScannedTool } from "../../lib/scanner-queue";
import { centredOutline, clampPercent, LAYOUT_FOAM, newPosition, nudge, percentFromPoint, placedOutline, polygonCentroid } from "./layout-geometry";
import { buildLayoutJobs, LAYOUT_MESSAGES, submitToolLayout as submitLayout } from "./submit-layout";

function tool(id: string, position: ScannedTool["position"] = null): ScannedTool {
  return {
    id,
    createdAt: "2026-01-01T00:00:00.000Z",
    previewUrl: "data:image/jpeg;base64,xx",
    svg: "<svg/>",
    detectionMethod: "aruco",
    diagnostics: { markers: 4 },
    parameters: { contour_area_mm: 200 },
    contourPointsMm: [
      [10, 10],
      [30, 10],
      [30, 20],
      [10, 20],
    ],
    position,
    name: `Tool ${id}`,
  };
}

describe("layout geometry", () => {
  test("outlines are centred on their centroid", () => {
    expect(polygonCentroid([[0, 0], [4, 0], [4, 2], [0, 2]])).toEqual([2, 1]);
    expect(centredOutline(tool("a"))).toEqual([
      [-10, -5],
      [10, -5],
      [10, 5],
      [-10, 5],
    ]);
  });

  test("a tool without an outline becomes a square of its area", () => {
    const square = centredOutline({ ...tool("b"), contourPointsMm: [] });
    expect(square[2]).toEqual([Math.sqrt(200) / 2, Math.sqrt(200) / 2]);
  });

  test("rotation and scale are applied about the centroid", () => {
    const rotated = placedOutline(tool("a"), { x: 50, y: 50, rotation: 90, scale: 2 });
    expect(rotated[0]![0]).toBeCloseTo(10);
    expect(rotated[0]![1]).toBeCloseTo(-20);
  });

  test("positions are percent of the sheet, clamped to 0-100", () => {
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(percentFromPoint({ left: 100, top: 50, width: 200, height: 300 }, 150, 200)).toEqual({ x: 25, y: 50 });
    expect(percentFromPoint({ left: 0, top: 0, width: 100, height: 100 }, 500, -20)).toEqual({ x: 100, y: 0 });
    expect(newPosition(10, 20, { x: 0, y: 0, rotation: 90, scale: 1.5 })).toEqual({ x: 10, y: 20, rotation: 90, scale: 1.5 });
  });

  test("arrow keys nudge by 1 % (5 % with Shift); other keys do nothing", () => {
    const at = { x: 50, y: 50, rotation: 0, scale: 1 };
    expect(nudge(at, "ArrowLeft", false)).toMatchObject({ x: 49, y: 50 });
    expect(nudge(at, "ArrowDown", true)).toMatchObject({ x: 50, y: 55 });
    expect(nudge({ ...at, x: 100 }, "ArrowRight", false)).toMatchObject({ x: 100 });
    expect(nudge(at, "a", false)).toBeNull();
  });
});

describe("layout submission (SPEC 5, 7, 8)", () => {
  test("one job per placed tool, all sharing the layout id", () => {
    const tools = [tool("a", { x: 20, y: 30, rotation: 0, scale: 1 }), tool("b"), tool("c", { x: 60, y: 70, rotation: 0, scale: 1, deleted: true })];
    const jobs = buildLayoutJobs(tools, "layout-1", LAYOUT_FOAM);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    // 20 × 10 mm outline centred at 20 % / 30 % of the 304.8 × 457.2 mm sheet.
    const pocket = [
      [50.96, 132.16],
      [70.96, 132.16],
      [70.96, 142.16],
      [50.96, 142.16],
    ];
    expect(job!.contour_svg).toContain('viewBox="0 0 304.8 457.2"');
    expect(job).toEqual({
      contour_svg: job!.contour_svg,
      calibration_payload: {
        detection_method: "aruco",
        diagnostics: { markers: 4 },
        parameters: { contour_area_mm: 200 },
        preview_data_url: "data:image/jpeg;base64,xx",
        position: { x: 20, y: 30, rotation: 0, scale: 1 },
        contour_points_mm: pocket as [number, number][],
        accuracy_mm: null, height_mm: null, views: 1,
      },
      processing_notes: JSON.stringify({
        layout_position: { x: 20, y: 30, rotation: 0, scale: 1 },
        detection_method: "aruco",
        created_at: "2026-01-01T00:00:00.000Z",
      }),
      status: "pending",
      processed_at: null,
      layout_id: "layout-1",
      name: "Tool a",
      foam: { ...LAYOUT_FOAM },
    });
    expect(JSON.parse(job!.processing_notes).layout_position).toEqual({ x: 20, y: 30, rotation: 0, scale: 1 });
  });

  test("nothing placed, or no token, is refused before any call", async () => {
    expect(await submitLayout([tool("a")], "t", LAYOUT_FOAM)).toEqual({ ok: false, message: LAYOUT_MESSAGES.noneplaced, needsLogin: false });
    expect(await submitLayout([tool("a", { x: 1, y: 1, rotation: 0, scale: 1 })], null, LAYOUT_FOAM)).toEqual({
      ok: false,
      message: "Authentication required. Please log in.",
      needsLogin: true,
    });
    expect(LAYOUT_MESSAGES.noneplaced).toBe("Place at least one tool before submitting the layout.");
  });
});
