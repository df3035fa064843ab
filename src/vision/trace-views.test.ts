import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { compareContours, cutArea } from "../../bench/metrics.ts";
import { generatePadPhoto } from "../../bench/synth/generate-pad-photo.ts";
import { benchmarkPhotoSet3d } from "../../bench/synth/accuracy-3d.ts";
import { renderPadPhoto3d, renderProtocolViews, type Render3dOptions, type Render3dPhoto } from "../../bench/synth/render-3d.ts";
import { renderPadPhotoRay, renderProtocolViewsRay } from "../../bench/synth/raytrace-3d.ts";
import { loadOpenCv } from "./opencv.ts";
import { closeGaps, filledReachMm, heightFromWallsOrColumns, inscribedDiameterMm, joinParts, openSeenSlits, specularShare, subPixelSilhouette, traceImages, viewsSurround, wallTopMinShare } from "./trace-views.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { VisionError } from "./vision-error.ts";
import { queueSegmentations, queueTrueSilhouettes, useOracleSegmenter } from "../../bench/synth/oracle-segmenter.ts";
import { polygonDifference } from "./clipper-ops.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";
import { rasterizeCoverage } from "../../bench/synth/rasterize.ts";
import { corroboratedLines, lineCandidates } from "./multiview/line-votes.ts";
import { MAX_VIEW_TILT_DEG } from "./photo-quality.ts";
import { FRAME_H_MM, FRAME_W_MM } from "./pad-spec.ts";
import { createLapTimer, locateView, WORK_PX_PER_MM } from "./trace-pipeline.ts";

setDefaultTimeout(180_000);

const PARAMS = { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45 };

// One phone (one field of view), five photos: the capture protocol of scanner-physics.md, above the
// middle, then above each corner of the pad.
const CAMERAS = [
  { x: 100, y: 128, heightMm: 330 },
  { x: -8, y: -8, heightMm: 340 },
  { x: 204, y: -8, heightMm: 340 },
  { x: 204, y: 268, heightMm: 340 },
  { x: -8, y: 268, heightMm: 340 },
];
function protocol(opts: Omit<Render3dOptions, "camera">): Promise<Render3dPhoto[]> {
  return Promise.all(CAMERAS.map((c) => renderPadPhoto3d({ ...opts, camera: { ...c, fovDeg: 70 } })));
}

// A hammer: a round shaft and a ~27 mm head. One photo cuts into the round shaft on the camera's
// side and grows the head away from it.
const SCENE = { seed: 5, width: 1280, height: 960, toolKind: "hammer", finish: "dark", cause: "parallax" } as const;
let views: Render3dPhoto[];
beforeAll(async () => {
  await loadOpenCv();
  views = await protocol({ ...SCENE, placement: { cx: 98, cy: 130, angleDeg: 80 } });
});

describe("traceImages: several photos -> the footprint", () => {
  test("five photos carve the footprint: it holds the tool, measures its height and states its accuracy", async () => {
    const truth = views[0].footprintMm;
    const steps: number[] = [];
    const r = await traceImages(
      views.map((v) => v.jpeg),
      PARAMS,
      (p) => steps.push(p),
    );
    expect(r.views).toBe(5);
    const cut = cutArea(r.contour_points_mm, truth);
    const m = compareContours(r.contour_points_mm, truth);
    // The hull contains the tool: at most 0.5 % of the footprint left outside the outline.
    expect(cut.pct).toBeLessThanOrEqual(0.5);
    expect(m.meanDeviation).toBeLessThan(1.5);
    expect(r.height_mm).not.toBeNull();
    expect(Math.abs(r.height_mm! - views[0].heightMm) / views[0].heightMm).toBeLessThan(0.15);
    expect(r.diagnostics.grid_found).toBe(true);
    // The hammer's head has straight walls: their fitted tops give the height.
    const height = r.diagnostics.height as { from: string; columns_mm: number; walls_mm: number | null };
    expect(height.from).toBe("walls");
    expect(r.height_mm).toBe(Math.round((height.walls_mm as number) * 10) / 10);
    expect(r.accuracy_mm).toBeGreaterThan(0);
    expect(r.accuracy_mm).toBeGreaterThanOrEqual(m.hausdorff * 0.5);
    const diag = r.diagnostics.views as { index: number; used: boolean; nadir_mm: [number, number]; reprojection_px: number; marker_shrink_px: number }[];
    expect(diag.map((v) => v.used)).toEqual([true, true, true, true, true]);
    // Each photo says how far inside the printed ones its markers' sides were measured (edge bias).
    for (const v of diag) expect(Number.isFinite(v.marker_shrink_px)).toBe(true);
    // The corner views' nadirs are found near the corners they were taken over.
    expect(Math.hypot(diag[1].nadir_mm[0] - views[1].camera.centreMm[0], diag[1].nadir_mm[1] - views[1].camera.centreMm[1])).toBeLessThan(25);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]);
    // Every photo's silhouette is explained by what the others carve (the "tool moved" check's margin).
    const agreement = r.diagnostics.consistency as { unexplained: number }[];
    for (const c of agreement) expect(c.unexplained).toBeLessThan(0.04);

    // One photo of the same tool sees a silhouette: it cuts into the round handle or grows well past it.
    const one = await traceImages([views[0].jpeg], PARAMS);
    expect(one.views).toBe(1);
    expect(one.height_mm).toBeNull();
    const oneM = compareContours(one.contour_points_mm, truth);
    expect(oneM.meanDeviation).toBeGreaterThan(m.meanDeviation);
    // ... and says it is less sure.
    expect(one.accuracy_mm!).toBeGreaterThan(r.accuracy_mm);
  });

  test("a photo without the four markers is left out while the others surround the tool, and named", async () => {
    const blind = await generatePadPhoto({ seed: 8, width: 1280, height: 960, hideMarkers: [1, 2] });
    const r = await traceImages([views[0].jpeg, blind.jpeg, views[1].jpeg, views[2].jpeg, views[3].jpeg, views[4].jpeg], PARAMS);
    expect(r.views).toBe(5);
    const diag = r.diagnostics.views as { index: number; used: boolean; reason?: string }[];
    expect(diag[1].used).toBe(false);
    expect(diag[1].reason).toContain("Missing marker ids: 1, 2");
    // Without the corner views nothing surrounds the tool any more: the bad photo is an error naming it.
    const err = await traceImages([views[0].jpeg, blind.jpeg], PARAMS).catch((e) => e);
    expect(err).toBeInstanceOf(VisionError);
    expect(err.message).toStartWith("Photo 2: Calibration markers not found.");
  });

  test("the tool moved between photos: the odd photo is named", async () => {
    const moved = await protocol({ ...SCENE, placement: { cx: 112, cy: 140, angleDeg: 70 } });
    const set = [views[0].jpeg, views[1].jpeg, moved[2].jpeg, views[3].jpeg, views[4].jpeg];
    const err = await traceImages(set, PARAMS).catch((e) => e);
    expect(err).toBeInstanceOf(VisionError);
    expect(err.message).toStartWith("Photo 3: the tool does not line up with the other photos.");
  });

  test("the tool moved 10 mm sideways in one photo: refused, not carved into the tool", async () => {
    // Photo 3 stood 7.96 % unexplained, just under MOVED_UNEXPLAINED: the search for a photo that
    // lost a part found it (it misses a fifth of the others' tool) but it also sees tool they do
    // not, so all photos were kept and the carve cut 6.8 % of the hammer (shadows and parallax).
    // What it alone sees looks like a tool (MOVED_TOOL_LIKE): the tool moved.
    const still = await protocol({ ...SCENE, cause: "both", placement: { cx: 98, cy: 130, angleDeg: 80 } });
    const moved = await protocol({ ...SCENE, cause: "both", placement: { cx: 108, cy: 130, angleDeg: 80 } });
    const set = [still[0].jpeg, still[1].jpeg, moved[2].jpeg, still[3].jpeg, still[4].jpeg];
    const err = await traceImages(set, PARAMS).catch((e) => e);
    expect(err).toBeInstanceOf(VisionError);
    expect(err.message).toStartWith("Photo 3: the tool does not line up with the other photos.");
  });

  test("a stray blob one photo sees at the frame's edge does not make the photos disagree (1280 x 960)", async () => {
    // The 3D bench's chrome knife (seed 3005), five photos at 1280 x 960. The photo from the third
    // corner takes a few paper blobs at the far side of the frame for tool; where the others cannot
    // judge (the frame's edge, beside a marker) the hull keeps a speck of them. Through that speck
    // the blobs counted as unexplained silhouette (11 %), and the scan was refused as disagreeing.
    const spec = benchmarkPhotoSet3d(6, 3000)[5];
    const set = await renderProtocolViews({ ...spec, width: 1280, height: 960, cause: "both" });
    const r = await traceImages(
      set.map((v) => v.jpeg),
      PARAMS,
    );
    expect(r.views).toBe(5);
    for (const c of r.diagnostics.consistency as { unexplained: number }[]) expect(c.unexplained).toBeLessThan(0.04);
    expect(cutArea(r.contour_points_mm, set[0].footprintMm).pct).toBeLessThanOrEqual(0.5);
    expect(r.accuracy_mm).toBeGreaterThanOrEqual(compareContours(r.contour_points_mm, set[0].footprintMm).hausdorff);
  });

  test("a tall tool of uneven height laid square to the pad: its photos agree (the check reaches its head)", async () => {
    // The 3D bench's drill (seed 3009, `--square`): 55 mm at the head, its body much lower. The
    // consistency check raised the hull to its median edge column (1.9 mm), which did not reach the
    // head the corner photos see tens of millimetres out, and the five photos were refused as
    // disagreeing (10-36 % of each unexplained).
    const spec = benchmarkPhotoSet3d(10, 3000)[9];
    const set = await renderProtocolViews({ ...spec, width: 1920, height: 1440, cause: "both", square: true });
    const r = await traceImages(
      set.map((v) => v.jpeg),
      { ...PARAMS, contour_max_area_mm: 40000 },
    );
    expect(r.views).toBe(5);
    for (const c of r.diagnostics.consistency as { unexplained: number }[]) expect(c.unexplained).toBeLessThan(0.08);
    expect(cutArea(r.contour_points_mm, set[0].footprintMm).pct).toBeLessThanOrEqual(0.5);
    expect(Math.abs((r.height_mm as number) - set[0].heightMm) / set[0].heightMm).toBeLessThan(0.15);
  });

  test("a light-grey hex key's hard shadow band: lines two photos show in it are paper, and the footprint lets the band go", async () => {
    // The 3D bench's held-out hex key (seed 5003): a light-grey round bar under a hard lamp at 55°.
    // Its shadow is a band of 1-3 mm beside it, as dark as the bar's own flank, and no photo alone
    // reads a grid line across so narrow a band; every photo kept it, so the hull did (0.85 mm mean
    // deviation, area +32 %).
    const spec = benchmarkPhotoSet3d(4, 5000)[3];
    const set = await renderProtocolViews({ ...spec, width: 1920, height: 1440, cause: "both" });
    const k = WORK_PX_PER_MM;
    const timer = createLapTimer();
    const located = await Promise.all(set.map((v) => locateView(v.jpeg, timer, () => {}, { maxTiltDeg: MAX_VIEW_TILT_DEG })));
    const { width, height } = located[0].image;
    const seen = corroboratedLines(
      located.map((v) => lineCandidates(v.image, v.excluded, k)),
      width,
      height,
      k,
    );
    const scaled = (polys: [number, number][][]) => polys.map((poly) => poly.map(([x, y]) => [x * k, y * k] as [number, number]));
    let inShadow = 0;
    let inTool = 0;
    set.forEach((v, j) => {
      const shadow = rasterizeCoverage(scaled(v.shadowMm), width, height, 4);
      const tool = rasterizeCoverage(scaled([v.silhouetteMm]), width, height, 4);
      for (let q = 0; q < width * height; q++) {
        if (!seen[j][q]) continue;
        if (tool[q] > 0.5) inTool++;
        else if (shadow[q] > 0.5) inShadow++;
      }
    });
    expect(inShadow).toBeGreaterThanOrEqual(16);
    expect(inTool).toBe(0);
    const r = await traceImages(
      set.map((v) => v.jpeg),
      PARAMS,
    );
    // What is left of the band beside the flank is the rim of the shadow, soft, and every photo kept
    // it (0.49 mm mean deviation): two corner photos see its shading at the same pad place, when no
    // height but the pad's explains them, so they saw paper there (multiview/plane-paper.ts: 0.35 mm).
    const plane = r.diagnostics.planePaperMm2 as number[];
    expect(plane.filter((mm2) => mm2 > 10).length).toBeGreaterThanOrEqual(2);
    expect(compareContours(r.contour_points_mm, set[0].footprintMm).meanDeviation).toBeLessThan(0.42);
    expect(cutArea(r.contour_points_mm, set[0].footprintMm).pct).toBeLessThanOrEqual(0.5);
  });

  // Every photo segmented by its true silhouette (the bench's oracle), but photo 3's without the last
  // `share` of the hammer's length (it lies along y, at 80°; its head is the last fifth).
  async function traceWithPhoto3Short(share: number) {
    const restore = useOracleSegmenter();
    try {
      const sil = views[2].silhouetteMm;
      const xs = sil.map(([x]) => x);
      const ys = sil.map(([, y]) => y);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const cutY = y1 - (y1 - y0) * share;
      const lost = polygonDifference([sil], [[[x0 - 1, cutY], [x1 + 1, cutY], [x1 + 1, y1 + 1], [x0 - 1, y1 + 1]]]);
      const lostOuter = lost.reduce((a, b) => (Math.abs(signedPolygonArea(b)) > Math.abs(signedPolygonArea(a)) ? b : a));
      queueTrueSilhouettes(views.map((v, j) => (j === 2 ? lostOuter : v.silhouetteMm)));
      return await traceImages(
        views.map((v) => v.jpeg),
        { ...PARAMS, mode: "ai", post_morph_px: 0 },
      );
    } finally {
      restore();
    }
  }

  test("a photo that lost part of the tool is left out, and the steps after it read the remaining photos only", async () => {
    // Photo 3 without the hammer's head: the others agree without it, so it is left out. The slit
    // step after that read one list of photos that still held it and crashed ("undefined is not an object").
    const r = await traceWithPhoto3Short(0.2);
    const diag = r.diagnostics.views as { index: number; used: boolean; reason?: string }[];
    expect(diag[2].used).toBe(false);
    expect(diag[2].reason).toContain("Part of the tool was not found in this photo");
    expect(r.views).toBe(4);
    expect(cutArea(r.contour_points_mm, views[0].footprintMm).pct).toBeLessThanOrEqual(0.5);
  });

  test("a photo that lost a smaller part (the others only a few per cent unexplained) is left out too", async () => {
    // Photo 3 without the last 8 % of the hammer: the others stand 2-6 % unexplained, under
    // MOVED_UNEXPLAINED, and that check alone kept it (five photos, a worse outline). Left out, since
    // without it the others agree and it misses a fifth of their hull.
    const r = await traceWithPhoto3Short(0.08);
    const diag = r.diagnostics.views as { index: number; used: boolean; reason?: string }[];
    expect(diag.filter((d) => !d.used).map((d) => d.index)).toEqual([3]);
    expect(diag[2].reason).toContain("Part of the tool was not found in this photo");
    expect(r.views).toBe(4);
    expect(cutArea(r.contour_points_mm, views[0].footprintMm).pct).toBeLessThanOrEqual(0.5);
  });

  test("photos that each took a different stretch of paper for tool are kept, not refused; the same blobs looking like a tool are refused", async () => {
    // Five photos at 1280 x 960 from a worse camera: each corner photo took blobs of bare paper for
    // tool where it could not read the grid's lines, each in other places, joined to the tool. No
    // single photo explains the disagreement, and the scan was refused (3D bench: 2 of 10 tools,
    // after session 36's grid rule). The blobs look like paper in the photo; a tool that moved does not.
    const sil = views[0].silhouetteMm;
    const disk = ([cx, cy]: [number, number], r: number): [number, number][] => Array.from({ length: 32 }, (_, i) => [cx + r * Math.cos((i * Math.PI) / 16), cy + r * Math.sin((i * Math.PI) / 16)]);
    const xs = sil.map(([x]) => x);
    const ys = sil.map(([, y]) => y);
    const [mx, my] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    // Disks of 20 mm radius, centred 14 mm outside the silhouette, 45 mm or more inside the frame
    // (near its edge no carve reaches).
    const centre = ([x, y]: [number, number]): [number, number] => {
      const d = Math.hypot(x - mx, y - my);
      return [x + ((x - mx) / d) * 14, y + ((y - my) / d) * 14];
    };
    // Points every 2 mm along the silhouette (a straight side has vertices at its ends only).
    const along = sil.flatMap(([x, y], i): [number, number][] => {
      const [x1, y1] = sil[(i + 1) % sil.length];
      const n = Math.ceil(Math.hypot(x1 - x, y1 - y) / 2);
      return Array.from({ length: n }, (_, t): [number, number] => [x + ((x1 - x) * t) / n, y + ((y1 - y) * t) / n]);
    });
    const sides = along.map(centre).filter(([x, y]) => x > 45 && y > 45 && x < FRAME_W_MM - 45 && y < FRAME_H_MM - 45);
    const blobAt = (f: number) => disk(sides[Math.floor(f * sides.length)], 20);
    // Two per photo, each photo's at other places.
    const blobs = [0, 1, 2, 3].map((i) => [blobAt((i + 0.5) / 8), blobAt((i + 4.5) / 8)]);
    const trace = async (kind: "paperLike" | "toolLike") => {
      const restore = useOracleSegmenter();
      try {
        queueSegmentations(views.map((v, j) => ({ silhouette: v.silhouetteMm, ...(j ? { [kind]: blobs[j - 1] } : {}) })));
        return await traceImages(
          views.map((v) => v.jpeg),
          { ...PARAMS, mode: "ai", post_morph_px: 0 },
        );
      } finally {
        restore();
      }
    };
    const r = await trace("paperLike");
    expect(r.views).toBe(5);
    const agreement = r.diagnostics.consistency as { unexplained: number; tool_like: number }[];
    expect(Math.max(...agreement.map((c) => c.unexplained))).toBeGreaterThan(0.08);
    for (const c of agreement) expect(c.tool_like).toBeLessThan(0.04);
    expect(cutArea(r.contour_points_mm, views[0].footprintMm).pct).toBeLessThanOrEqual(0.5);
    const err = await trace("toolLike").catch((e) => e);
    expect(err).toBeInstanceOf(VisionError);
    expect(err.message).toMatch(/^Photo \d: the (photos do not agree|tool does not line up)/);
  });

  test("a caliper's jaw slit, whose floor two corner photos saw in the jaws' shade, opens", async () => {
    // The 3D bench's held-out caliper (seed 5008): satin jaws 3-4 mm tall a fraction of a millimetre
    // apart. Two corner photos see the slit's floor, paper in shade at 0.63 of the lit paper, dark
    // enough to seed the watershed with tool; every photo's mask then closed the slit without
    // evidence, the hull roofed it over and the outline stood 14.7 mm off at the slit's end. Its
    // floor is now `filled` (slit-floors.ts), and the slit step opens it.
    const spec = benchmarkPhotoSet3d(10, 5000)[8];
    const set = await renderProtocolViews({ ...spec, width: 1920, height: 1440, cause: "both" });
    const r = await traceImages(
      set.map((v) => v.jpeg),
      PARAMS,
    );
    const fp = set[0].footprintMm;
    const haus = compareContours(r.contour_points_mm, fp).hausdorff;
    expect((r.diagnostics.slits as { opened: number }).opened).toBeGreaterThan(0);
    expect(haus).toBeLessThan(11);
    expect(cutArea(r.contour_points_mm, fp).pct).toBeLessThanOrEqual(0.5);
    expect(r.accuracy_mm).toBeGreaterThanOrEqual(haus);
  });

  test("a chrome blade mirroring the room's window in a corner photo is not handed to the paper (ray-traced photos)", async () => {
    // The 3D bench's chrome knife (seed 3005), five photos rendered by the physically based ray
    // tracer at 1280 x 960. From the second corner its blade mirrors a window: 1.05 of the paper,
    // smooth, no line judged on it. Seeded as "far paper", it was lost in that photo, and the carve
    // cut it from the footprint (cut 3.9 %, Hausdorff 8.8 mm).
    const spec = benchmarkPhotoSet3d(6, 3000)[5];
    const set = await renderProtocolViewsRay({ ...spec, width: 1280, height: 960, cause: "both" });
    const r = await traceImages(
      set.map((v) => v.jpeg),
      PARAMS,
    );
    const fp = set[0].footprintMm;
    expect(cutArea(r.contour_points_mm, fp).pct).toBeLessThan(2);
    expect(compareContours(r.contour_points_mm, fp).hausdorff).toBeLessThan(5);
  });

  test("a camera's photo (its markers read small) is outlined in linear light; a painted one as its values", async () => {
    // The 3D bench's black hammer (seed 3017), ray-traced at 1280 x 960: blurred in linear light and
    // encoded sRGB, as a camera does, so its markers read 0.2-0.3 px small. Read on the encoded
    // values its outline lay inside the silhouette (cut 0.34 %); read in linear light, 0.20 %.
    const spec = benchmarkPhotoSet3d(18, 3000)[17];
    const ray = await renderPadPhotoRay({ ...spec, width: 1280, height: 960, cause: "both", camera: "middle" });
    const r = await traceImages([ray.jpeg], PARAMS);
    expect(r.diagnostics.marker_shrink_px as number).toBeGreaterThan(0.15);
    expect((r.diagnostics.contour as { edges_read_in: string }).edges_read_in).toBe("linear light");
    expect(cutArea(r.contour_points_mm, ray.silhouetteMm).pct).toBeLessThan(0.27);
    // The painted renderer blurs the 8-bit values: its markers read true, and so are its edges.
    const painted = await traceImages([views[0].jpeg], PARAMS);
    expect(painted.diagnostics.marker_shrink_px as number).toBeLessThan(0.05);
    expect((painted.diagnostics.contour as { edges_read_in: string }).edges_read_in).toBe("encoded values");
  });

  test("photos from one place measure no more than one photo", async () => {
    const same = await traceImages([views[0].jpeg, views[0].jpeg, views[0].jpeg], PARAMS);
    const one = await traceImages([views[0].jpeg], PARAMS);
    expect(same.views).toBe(1);
    expect(same.height_mm).toBeNull();
    expect(same.parameters.contour_area_mm).toBeCloseTo(one.parameters.contour_area_mm, 0);
    expect(same.accuracy_mm).toBe(one.accuracy_mm);
    expect(String(same.diagnostics.note)).toContain("same place");
  });

  test("a typed tool height wins over the measured one", async () => {
    const r = await traceImages(
      views.map((v) => v.jpeg),
      { ...PARAMS, tool_height_mm: 31.5 } as typeof PARAMS,
    );
    expect(r.height_mm).toBe(31.5);
    expect((r.diagnostics.height as { from: string }).from).toBe("typed");
  });

  test("too many photos, and the surround rule", async () => {
    const err = await traceImages(new Array(9).fill(views[0].jpeg), PARAMS).catch((e) => e);
    expect(err.message).toBe("At most 8 photos per scan.");
    const box = { x0: 50, y0: 60, x1: 150, y1: 200 };
    expect(viewsSurround([[0, 0], [196, 0], [196, 259], [0, 259]], box)).toBe(true);
    expect(viewsSurround([[98, 130], [0, 0]], box)).toBe(false);
  });
});

describe("traceImages: one photo of a polished tool", () => {
  test("a chrome spanner's and a chrome tape measure's outlines grow by two working pixels and no longer cut them; a black spanner's does not grow", async () => {
    // The 3D bench's chrome spanner (seed 3010), chrome tape measure (seed 3016) and black spanner
    // (seed 3000), one photo from above the middle. The chrome edge mirrors the shadowed paper beside
    // it: traced as it is, the spanner's outline lay inside the true edge all along that side (1.55 %
    // of it cut), and with one pixel of growth the tape measure's rim was still cut (0.78 %).
    const specs = benchmarkPhotoSet3d(17, 3000);
    for (const [spec, shiny, maxCutPct] of [
      [specs[10], true, 0.5],
      [specs[16], true, 0.6],
      [specs[0], false, 0.5],
    ] as const) {
      const photo = await renderPadPhoto3d({ ...spec, width: 1920, height: 1440, cause: "both", camera: "middle" });
      const r = await traceImages([photo.jpeg], PARAMS);
      expect(r.diagnostics.outline_growth_mm ?? 0).toBe(shiny ? 0.4 : 0);
      expect(cutArea(r.contour_points_mm, photo.silhouetteMm).pct).toBeLessThan(maxCutPct);
    }
  }, 60_000);
});

describe("trace-views helpers", () => {
  beforeAll(async () => {
    await loadOpenCv();
  });

  test("closeGaps bridges a 3 mm gap in a thin shaft, removes nothing and leaves a 10 mm gap open", () => {
    const k = 5;
    const w = 400;
    const h = 60;
    const mask = new Uint8Array(w * h);
    // A 4 mm wide shaft along x, broken at 3 mm (x 100..115 px) and at 10 mm (x 250..300 px).
    for (let y = 20; y < 40; y++) for (let x = 20; x < 380; x++) if (!(x >= 100 && x < 115) && !(x >= 250 && x < 300)) mask[y * w + x] = 1;
    const closed = closeGaps(mask, w, h, Math.round(3.5 * k));
    for (let i = 0; i < mask.length; i++) if (mask[i]) expect(closed[i]).toBe(1);
    expect(closed[30 * w + 107]).toBe(1);
    expect(closed[30 * w + 275]).toBe(0);
  });

  test("joinParts joins a footprint cut in two pieces up to 10 mm apart, not a speck nor pieces farther apart", () => {
    const k = 5;
    const w = 600;
    const h = 120;
    const bar = (mask: Uint8Array, x0: number, x1: number, y0 = 40, y1 = 80) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[y * w + x] = 1;
    };
    // An 8 mm blade (y 40..80 px) cut across by 8 mm (x 200..240 px), and a 2 x 2 mm speck 4 mm off its end.
    const cut = new Uint8Array(w * h);
    bar(cut, 20, 200);
    bar(cut, 240, 420);
    bar(cut, 440, 450, 50, 60);
    const joined = joinParts(cut, w, h, 5 * k, k);
    for (let i = 0; i < cut.length; i++) if (cut[i]) expect(joined[i]).toBe(1);
    for (let x = 200; x < 240; x++) expect(joined[60 * w + x]).toBe(1);
    // The speck (4 mm²) is no piece of the tool: nothing joins it.
    for (let x = 420; x < 440; x++) expect(joined[55 * w + x]).toBe(0);
    // Two pieces 12 mm apart stay apart, and one piece is left as it is.
    const far = new Uint8Array(w * h);
    bar(far, 20, 200);
    bar(far, 260, 420);
    expect(joinParts(far, w, h, 5 * k, k)[60 * w + 230]).toBe(0);
    const one = new Uint8Array(w * h);
    bar(one, 20, 420);
    expect(joinParts(one, w, h, 5 * k, k)).toBe(one);
  });

  test("subPixelSilhouette grows the snapped outline by a true sub-pixel offset (0.1 mm is half a pixel here)", () => {
    const k = 5;
    const w = 100;
    const h = 100;
    // An 8 mm square (x, y 30..70 px) on white, its edges where the mask's are.
    const mask = new Uint8Array(w * h);
    const data = new Uint8Array(w * h * 4).fill(220);
    for (let y = 30; y < 70; y++)
      for (let x = 30; x < 70; x++) {
        mask[y * w + x] = 1;
        data.fill(40, (y * w + x) * 4, (y * w + x) * 4 + 3);
      }
    const area = (m: Uint8Array) => m.reduce((a, b) => a + b, 0) / (k * k);
    expect(area(subPixelSilhouette(mask, w, h, { width: w, height: h, data }, k))).toBeCloseTo(64, 0);
    // Grown by 0.1 mm: (8.2 mm)² less the rounded corners' (4 - π)·0.1² ≈ 67.2 mm²; a raster
    // dilation could only give 64 or (8.4 mm)² = 70.6 mm².
    const grown = area(subPixelSilhouette(mask, w, h, { width: w, height: h, data }, k, 0.1));
    expect(grown).toBeGreaterThan(66.2);
    expect(grown).toBeLessThan(68.2);
  });

  test("specularShare: the share of the mask's pixels that are highlights; none without the evidence", () => {
    const mask = new Uint8Array([1, 1, 1, 1, 0, 0]);
    const specular = new Uint8Array([1, 0, 0, 0, 1, 1]);
    expect(specularShare(mask, specular)).toBe(0.25);
    expect(specularShare(mask, undefined)).toBe(0);
    expect(specularShare(new Uint8Array(6), specular)).toBe(0);
  });

  test("filledReachMm: a closed slit open to the outside counts as deep as the outline can be off; an enclosed fill does not", () => {
    const k = 5;
    const w = 200;
    const h = 120;
    // A pair of jaws, 36 x 20 mm (x 10..190, y 10..110 px), whose 2 mm slit between them (y 55..65)
    // was closed from x 40 to its mouth at x 190.
    const foot = new Uint8Array(w * h);
    const filled = new Uint8Array(w * h);
    for (let y = 10; y < 110; y++) for (let x = 10; x < 190; x++) foot[y * w + x] = 1;
    for (let y = 55; y < 65; y++) for (let x = 40; x < 190; x++) filled[y * w + x] = 1;
    // The slit's far end lies 30 mm from its mouth but 10 mm across a jaw from the outline: 10 mm.
    const reach = filledReachMm(filled, foot, w, h, k);
    expect(reach).toBeGreaterThan(9);
    expect(reach).toBeLessThan(11);
    // The same fill, enclosed (the slit stops 5 mm short of the edge): no effect on the outer outline.
    const enclosed = new Uint8Array(w * h);
    for (let y = 55; y < 65; y++) for (let x = 40; x < 165; x++) enclosed[y * w + x] = 1;
    expect(filledReachMm(enclosed, foot, w, h, k)).toBe(0);
    expect(filledReachMm(undefined, foot, w, h, k)).toBe(0);
  });

  test("inscribedDiameterMm: the width of a bar, the diameter of a disc (a bound: never under, at most a raster step over)", () => {
    const bar: [number, number][] = [[10, 10], [70, 10], [70, 30], [10, 30]];
    expect(inscribedDiameterMm(bar)!).toBeGreaterThanOrEqual(20);
    expect(inscribedDiameterMm(bar)!).toBeLessThanOrEqual(21.2);
    const disc = Array.from({ length: 72 }, (_, i) => [50 + 14 * Math.cos((i * Math.PI) / 36), 50 + 14 * Math.sin((i * Math.PI) / 36)] as [number, number]);
    expect(inscribedDiameterMm(disc)!).toBeGreaterThanOrEqual(27.5);
    expect(inscribedDiameterMm(disc)!).toBeLessThanOrEqual(29.2);
    expect(inscribedDiameterMm([[0, 0], [1, 1]])).toBeNull();
  });
});

describe("openSeenSlits: what one photo lost inside a tall part is no slit", () => {
  // A camera straight above its nadir: all the slit step reads of a pose is the nadir and the height.
  const poseAt = (x: number, y: number, heightMm: number) => ({ centreMm: [x, y, heightMm] as [number, number, number], nadirMm: [x, y] as [number, number], heightMm, R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0], focalPx: 1 });

  // The inputs the slit step had for the 3D bench's chrome knife on the worse camera (`--stress`:
  // noise σ 6, JPEG 70), five ray-traced photos (tests/fixtures/multiview/README.md). Photo 3 saw
  // paper along a narrow streak of the mirror-finish blade running in from its edge; the other
  // photos saw tool there, the hull kept it (39 mm²), and the slit step took it for a slit (the knife
  // cut 1.62 %). Opened, it leaves 2.8 % of its area unexplained in photo 1 (a real slit: 0-1.5 %).
  test("the chrome knife's streak stays footprint; only the small piece its photos explain opens", async () => {
    await loadOpenCv();
    const fx = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(readFileSync(resolve(import.meta.dir, "../../tests/fixtures/multiview/chrome-knife-slit-inputs.json.gz"))))));
    const { width: W, height: H, k } = fx;
    const unrle = (runs: number[]) => {
      const out = new Uint8Array(W * H);
      let q = 0;
      runs.forEach((n, i) => {
        if (i % 2) out.fill(1, q, q + n);
        q += n;
      });
      return out;
    };
    const topMm = new Float32Array(W * H);
    for (let i = 0, q = 0; i < fx.tops10.length; i += 2) {
      topMm.fill(fx.tops10[i] / 10, q, q + fx.tops10[i + 1]);
      q += fx.tops10[i + 1];
    }
    const foot = unrle(fx.foot);
    const seen = (fx.seen as number[][]).map(unrle);
    const poses = (fx.poses as { nadirMm: [number, number]; heightMm: number }[]).map((p) => poseAt(p.nadirMm[0], p.nadirMm[1], p.heightMm));
    const views = seen.map((mask, j) => ({ mask, width: W, height: H, pxPerMm: k, camera: poses[j], ...(fx.unknown[j] ? { unknown: unrle(fx.unknown[j]) } : {}) }));
    const overhangs = (fx.overhangs as [number, number][]).map(([q, mm]) => ({ q, mm }));
    const r = openSeenSlits(foot, overhangs, { heightMm: fx.heightMm, topMm }, seen, views, poses, W, H, k);
    expect(r.diagnostics.candidates).toBe(3);
    expect(r.diagnostics.openedMm2).toBeLessThan(5);
    // Nothing photo 3 alone lost along the streak is given away.
    let streak = 0;
    let kept = 0;
    for (let q = 0; q < foot.length; q++)
      if (foot[q] && !seen[2][q] && seen[0][q] && seen[1][q] && seen[3][q] && seen[4][q]) {
        streak++;
        if (r.mask[q]) kept++;
      }
    expect(streak / (k * k)).toBeGreaterThan(30);
    expect(kept / streak).toBeGreaterThan(0.95);
  });

  // A block 60 x 24 mm, 12 mm tall, photographed by the five-photo protocol. A streak 0.8 mm wide
  // runs 40 mm in from its end, midway across: every photo's rays over it still meet the block, so
  // the "lost" check passes whoever saw its floor.
  function streakBlock(witnesses: number[]) {
    const k = 5;
    const W = 200 * k;
    const H = 270 * k;
    const rect = (x0: number, y0: number, x1: number, y1: number) => {
      const m = new Uint8Array(W * H);
      for (let y = Math.round(y0 * k); y < Math.round(y1 * k); y++) m.fill(1, y * W + Math.round(x0 * k), y * W + Math.round(x1 * k));
      return m;
    };
    const foot = rect(20, 100, 80, 124);
    const streak = rect(20, 111.6, 60, 112.4);
    const topMm = new Float32Array(W * H).map((_, q) => (foot[q] ? 12 : 0));
    const poses = [
      [100, 128, 330],
      [-8, -8, 340],
      [204, -8, 340],
      [204, 268, 340],
      [-8, 268, 340],
    ].map(([x, y, h]) => poseAt(x, y, h));
    const seen = poses.map((_, j) => foot.map((v, q) => (witnesses.includes(j) && streak[q] ? 0 : v)));
    const views = seen.map((mask, j) => ({ mask, width: W, height: H, pxPerMm: k, camera: poses[j] }));
    return openSeenSlits(foot, [], { heightMm: 12, topMm }, seen, views, poses, W, H, k).diagnostics;
  }

  test("a slit's floor two photos saw opens; a streak only one photo saw stays footprint", () => {
    // Photos 3 and 4 both saw its floor.
    expect(streakBlock([2, 3]).openedMm2).toBeGreaterThan(25);
    // Photo 3 alone: the others see tool there, and nothing in its own photo tells a slit from a
    // reflection along a mirror-finish part.
    const one = streakBlock([2]);
    expect(one.candidates).toBe(1);
    expect(one.openedMm2).toBe(0);
  });
});

describe("heightFromWallsOrColumns: the walls' top unless the columns cannot be that far off", () => {
  test("a round bar's columns stand up to twice its height (tangent rays from 20-35°): the walls' top is taken", () => {
    // The 3D bench's hex keys laid square to the pad: walls 5.5 and 5.75 mm, columns 9.0 and 9.4 (true 5.2 and 5.6).
    expect(heightFromWallsOrColumns(5.5, 9.0)).toEqual({ mm: 5.5, from: "walls" });
    expect(heightFromWallsOrColumns(5.75, 9.4)).toEqual({ mm: 5.75, from: "walls" });
  });
  test("walls under half the columns (a taller part with no wall of its own), above them by 15 %, or none: the columns", () => {
    expect(heightFromWallsOrColumns(4, 9)).toEqual({ mm: 9, from: "columns" });
    expect(heightFromWallsOrColumns(11, 9)).toEqual({ mm: 9, from: "columns" });
    expect(heightFromWallsOrColumns(null, 9)).toEqual({ mm: 9, from: "columns" });
  });
  test("photos that see the part steeply from one side only: the columns may stand far more than twice the walls", () => {
    // A bar 100 x 20 mm along x, its centre at (75, 40) mm, on a 150 x 80 mm raster at 5 px/mm.
    const k = 5;
    const [W, H] = [150 * k, 80 * k];
    const bar = new Uint8Array(W * H);
    for (let y = 30 * k; y < 50 * k; y++) for (let x = 25 * k; x < 125 * k; x++) bar[y * W + x] = 1;
    const cam = (x: number, y: number) => ({ nadirMm: [x, y] as [number, number], heightMm: 300 });
    // The protocol: above the middle and above each corner, 100 mm across the bar either side
    // (18.4° off vertical): the columns stand up to about twice the bar, as the constant says.
    const protocol = [cam(75, 40), cam(-25, -60), cam(175, -60), cam(175, 140), cam(-25, 140)];
    const share = wallTopMinShare(bar, W, H, k, protocol);
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThanOrEqual(0.5);
    // Both corner photos on one side left out: that side has only the middle photo, 2 mm across.
    const lopsided = [cam(75, 42), cam(175, -60), cam(-25, -60)];
    expect(wallTopMinShare(bar, W, H, k, lopsided)).toBe(0.25);
    // Ray-traced plain paper, five photos with one left out: walls 13.5 mm, columns 27.9 (true 14.0).
    expect(heightFromWallsOrColumns(13.5, 27.9, 0.25)).toEqual({ mm: 13.5, from: "walls" });
    expect(heightFromWallsOrColumns(13.5, 27.9)).toEqual({ mm: 27.9, from: "columns" });
    // A bar laid along y: the photos' offsets across it are along x.
    const tall = new Uint8Array(W * H);
    for (let y = 5 * k; y < 75 * k; y++) for (let x = 65 * k; x < 85 * k; x++) tall[y * W + x] = 1;
    expect(wallTopMinShare(tall, W, H, k, [cam(75, 40), cam(75, -60), cam(75, 140)])).toBe(0.25);
    expect(wallTopMinShare(tall, W, H, k, [cam(75, 40), cam(-25, 40), cam(175, 40)])).toBeGreaterThan(0.45);
  });
});
