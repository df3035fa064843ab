import { decodeImage } from "./decode-image.ts";
import { extractToolContour } from "./extract-contour.ts";
import { readImageHeader, type ImageHeader } from "./image-header.ts";
import { findMarkersCoarse, locatePad, missingMarkersMessage, type PadLocation } from "./locate-pad.ts";
import { offsetPolygon } from "./offset-polygon.ts";
import { getCv, withMats } from "./opencv.ts";
import { FRAME_H_MM, FRAME_W_MM, MARKER_IDS, MARKER_ORIGINS_MM, MARKER_QUIET_ZONE_MM, MARKER_SIZE_MM } from "./pad-spec.ts";
import { checkPhotoQuality, estimateTiltDeg, measureSharpness, padScaleAtCentre } from "./photo-quality.ts";
import { polygonArea } from "../../common/geometry/polygon.ts";
import { rgbaToGrey, type RgbaImage } from "./raster.ts";
import { rectifyRegion } from "./rectify.ts";
import { toPngDataUrl } from "./render-preview.ts";
import { contourToSvg } from "./render-svg.ts";
import { segmentClassic } from "./segment-classic.ts";
import { getSegmenter, type SegmentOutput } from "./segmenter.ts";
import { encloseSimplified, simplifyClosed } from "./simplify-rdp.ts";
import { resolveTraceParams, type ResolvedParams } from "./trace-params.ts";
import type { ProgressFn, TraceParams, TraceResult } from "./types.ts";
import { VisionError } from "./vision-error.ts";

/** Working scale of the rectified pad (px per mm): 0.2 mm pixels, sub-pixel edges do the rest. */
export const WORK_PX_PER_MM = 5;
/** Decode at least this long side when the JPEG can be scaled down in the IDCT. */
const DECODE_TARGET_LONG = 1800;
/** A reduced decode is used when it still has this fraction of the working scale (sub-pixel edges carry the rest). */
const MIN_SOURCE_RATIO = 0.7;
/** Below this the photo simply does not hold enough detail of the pad. */
const MIN_SOURCE_PX_PER_MM = 1.8;

/** Largest IDCT-friendly reduction (M/8, M <= 4) that still leaves ~1800 px on the long side, else 1. */
export function chooseDecodeScale(h: ImageHeader): number {
  const long = Math.max(h.width, h.height);
  for (const m of [1, 2, 3, 4]) if ((long * m) / 8 >= DECODE_TARGET_LONG) return m / 8;
  return 1;
}

const exclusionCache = new Map<string, Uint8Array>();

/** Pixels of the rectified frame that hold no tool by construction: marker keep-outs and the frame line. */
export function exclusionMask(width: number, height: number, k: number): Uint8Array {
  const key = `${width}x${height}@${k}`;
  const cached = exclusionCache.get(key);
  if (cached) return cached;
  const ex = new Uint8Array(width * height);
  const border = 1.0;
  for (let y = 0; y < height; y++) {
    const ym = (y + 0.5) / k;
    for (let x = 0; x < width; x++) {
      const xm = (x + 0.5) / k;
      let e = xm < border || ym < border || xm > FRAME_W_MM - border || ym > FRAME_H_MM - border;
      if (!e)
        for (const id of MARKER_IDS) {
          const [ox, oy] = MARKER_ORIGINS_MM[id];
          const q = MARKER_QUIET_ZONE_MM;
          if (xm > ox - q && xm < ox + MARKER_SIZE_MM + q && ym > oy - q && ym < oy + MARKER_SIZE_MM + q) {
            e = true;
            break;
          }
        }
      ex[y * width + x] = e ? 1 : 0;
    }
  }
  exclusionCache.set(key, ex);
  return ex;
}

function closeMask(mask: Uint8Array, width: number, height: number, radiusPx: number): Uint8Array {
  if (radiusPx < 1) return mask;
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(height, width, cv.CV_8UC1));
    m.data.set(mask);
    const d = Math.round(radiusPx) * 2 + 1;
    cv.morphologyEx(m, m, cv.MORPH_CLOSE, track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(d, d))));
    return new Uint8Array(m.data);
  });
}

/** The whole scan: bytes -> outline in pad mm, preview, SVG. Runs inside a pool worker (needs OpenCV loaded). */
export async function traceImage(bytes: Uint8Array, params: TraceParams, onProgress: ProgressFn = () => {}): Promise<TraceResult> {
  return (await traceImageDetailed(bytes, params, onProgress)).result;
}

/** Intermediate rasters of a trace, for benchmarks and debugging. */
export type TraceInternals = { rectified: RgbaImage; mask: Uint8Array; edgeImage: RgbaImage; pxPerMm: number; tracedMm: [number, number][] };

/** Wall-clock and process-CPU time per named step. */
export function createLapTimer() {
  const timings: Record<string, number> = {};
  const cpuTimings: Record<string, number> = {};
  let t = performance.now();
  let c = process.cpuUsage();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = +((timings[name] ?? 0) + now - t).toFixed(1);
    t = now;
    // Process CPU time (all threads); only meaningful when one trace runs at a time.
    const cu = process.cpuUsage(c);
    cpuTimings[name] = +((cpuTimings[name] ?? 0) + (cu.user + cu.system) / 1000).toFixed(1);
    c = process.cpuUsage();
  };
  return { timings, cpuTimings, lap };
}

export type LapTimer = ReturnType<typeof createLapTimer>;

/** One photo of the pad, measured and segmented: everything before the outline is traced. */
export type ViewAnalysis = {
  header: ImageHeader;
  decodeScale: number;
  loc: PadLocation;
  /** Full-resolution image px per pad mm at the pad centre. */
  fullPxPerMm: number;
  tiltDeg: number;
  sharpness: number;
  /** The frame rectified at WORK_PX_PER_MM. */
  image: RgbaImage;
  excluded: Uint8Array;
  seg: SegmentOutput;
  segmenterName: string;
};

export type AnalyseOptions = {
  /** Largest camera tilt accepted (single photos: MAX_TILT_DEG; the corner views of the multi-photo protocol are steeper). */
  maxTiltDeg?: number;
  /** Progress is reported within [from, to] of the whole job. */
  progressFrom?: number;
  progressTo?: number;
  /** Prefix for progress messages ("Photo 2 of 5: "). */
  label?: string;
};

/** A photo of the pad located and rectified, not yet segmented (the first half of analyseView). */
export type LocatedView = Omit<ViewAnalysis, "seg" | "segmenterName">;

/** Decode, find the pad, check the photo, rectify the frame and segment tool from paper. */
export async function analyseView(
  bytes: Uint8Array,
  p: ResolvedParams,
  timer: LapTimer,
  onProgress: ProgressFn = () => {},
  opts: AnalyseOptions = {},
): Promise<ViewAnalysis> {
  const located = await locateView(bytes, timer, onProgress, opts);
  return segmentView(located, p, timer, onProgress, opts);
}

/** Progress figures of a one-photo scan (5..60) mapped into this view's share of the whole job. */
function viewReporter(onProgress: ProgressFn, opts: AnalyseOptions) {
  const from = opts.progressFrom ?? 0;
  const to = opts.progressTo ?? 100;
  const label = opts.label ?? "";
  return (pct: number, message: string) => onProgress(from + ((to - from) * pct) / 75, label + message);
}

/** Decode, find the pad, check the photo and rectify the frame. */
export async function locateView(bytes: Uint8Array, timer: LapTimer, onProgress: ProgressFn = () => {}, opts: AnalyseOptions = {}): Promise<LocatedView> {
  const report = viewReporter(onProgress, opts);
  const { lap } = timer;

  report(5, "Decoding image");
  const header = readImageHeader(bytes);
  let scale = chooseDecodeScale(header);
  let dec = await decodeImage(bytes, { scale, header });
  let grey = rgbaToGrey(dec.image);
  lap("decode");

  report(20, "Finding calibration markers");
  let coarse = findMarkersCoarse(grey);
  if (coarse.length < 4) throw new VisionError(missingMarkersMessage(coarse.map((m) => m.id)));
  let loc = locatePad(grey, coarse, dec.scaleX, dec.scaleY);
  const fullPxPerMm = padScaleAtCentre(loc.padToImage);
  if (fullPxPerMm < MIN_SOURCE_PX_PER_MM) {
    throw new VisionError("The pad is too small in the photo. Move the camera closer so the pad fills most of the frame.");
  }
  lap("markers");
  if (scale < 1 && fullPxPerMm * scale < WORK_PX_PER_MM * MIN_SOURCE_RATIO) {
    // The reduced decode is too coarse for this framing: go to full resolution and re-refine.
    const prev = dec;
    scale = 1;
    dec = await decodeImage(bytes, { scale: 1, header });
    grey = rgbaToGrey(dec.image);
    coarse = coarse.map((m) => ({
      ...m,
      corners: m.corners.map(([x, y]) => [((x + 0.5) / prev.scaleX) * dec.scaleX - 0.5, ((y + 0.5) / prev.scaleY) * dec.scaleY - 0.5] as [number, number]),
    }));
    loc = locatePad(grey, coarse, dec.scaleX, dec.scaleY);
    lap("decode_full");
  }

  report(35, "Checking photo quality");
  const tiltDeg = estimateTiltDeg(loc.padToImage);
  const sharpness = measureSharpness(grey, loc.padToImage, dec.scaleX, dec.scaleY);
  checkPhotoQuality(tiltDeg, sharpness, opts.maxTiltDeg);
  lap("quality");

  report(45, "Rectifying the pad");
  const k = WORK_PX_PER_MM;
  const rect = rectifyRegion(dec.image, 4, loc.padToImage, dec.scaleX, dec.scaleY, k, { x: 0, y: 0, w: FRAME_W_MM, h: FRAME_H_MM });
  const image = { width: rect.width, height: rect.height, data: rect.data };
  const excluded = exclusionMask(image.width, image.height, k);
  lap("rectify");
  return { header, decodeScale: scale, loc, fullPxPerMm, tiltDeg, sharpness, image, excluded };
}

/**
 * Segment tool from paper on a located view. `lineSeen`: line pixels another photo of the same
 * capture corroborates (multiview/line-votes.ts), for the grid's evidence.
 */
export async function segmentView(
  v: LocatedView,
  p: ResolvedParams,
  timer: LapTimer,
  onProgress: ProgressFn = () => {},
  opts: AnalyseOptions = {},
  lineSeen?: Uint8Array,
): Promise<ViewAnalysis> {
  const report = viewReporter(onProgress, opts);
  const { image, excluded } = v;
  const k = WORK_PX_PER_MM;
  report(60, "Separating the tool from the pad");
  // What every segmenter reads of this view.
  const view = { image, pxPerMm: k, sourcePxPerMm: v.fullPxPerMm, excluded, lineSeen };
  let seg: SegmentOutput;
  let segmenterName = "classic";
  if (p.mode === "ai") {
    const ai = getSegmenter("ai");
    const sensitivity = p.sensitivityGiven ? p.sensitivity : Math.round((1 - p.confidence) * 90);
    if (ai) {
      segmenterName = "ai";
      seg = await ai({ ...view, sensitivity, confidence: p.confidence, postMorphPx: p.postMorphPx });
    } else {
      // Code that runs the pipeline without registering the learned segmenter (src/vision/ai-segmenter.ts,
      // which every pool worker imports): the classic segmenter stands in, tuned by confidence.
      segmenterName = "classic (ai fallback)";
      seg = segmentClassic({ ...view, sensitivity, confidence: p.confidence });
      seg = { ...seg, mask: closeMask(seg.mask, image.width, image.height, p.postMorphPx) };
    }
  } else {
    seg = segmentClassic({ ...view, sensitivity: p.sensitivity });
  }
  timer.lap("segment");
  return { ...v, seg, segmenterName };
}

/**
 * Whether the pad's printed grid was found (`grid_found` in a result's diagnostics): in any of the
 * job's analysed photos; undefined when the segmenter does not say. Without the grid, shadows
 * are told from tools by the paper alone, and the review asks for a pad printed with it.
 */
export function gridFound(views: ViewAnalysis[]): boolean | undefined {
  const said = views.map((v) => v.seg.diagnostics?.grid_found).filter((g): g is boolean => typeof g === "boolean");
  return said.length ? said.some(Boolean) : undefined;
}

/** Diagnostics of one analysed photo, as the result reports them. */
export function viewDiagnostics(v: ViewAnalysis): Record<string, unknown> {
  return {
    detection_method: "aruco",
    segmenter: v.segmenterName,
    markers: v.loc.markers,
    marker_bit_errors: v.loc.hamming,
    reprojection_px: +v.loc.reprojectionPx.toFixed(3),
    marker_shrink_px: +v.loc.markerShrinkPx.toFixed(3),
    tilt_deg: +v.tiltDeg.toFixed(2),
    sharpness: +v.sharpness.toFixed(1),
    image_px_per_mm: +v.fullPxPerMm.toFixed(3),
    image_size: [v.header.width, v.header.height],
    exif_orientation: v.header.orientation,
    decode_scale: v.decodeScale,
  };
}

export type OutlineSource = {
  /** Tool mask on the rectified frame raster (WORK_PX_PER_MM). */
  mask: Uint8Array;
  /** Image the outline is snapped to with sub-pixel precision. */
  edgeImage: RgbaImage;
  /** Image the preview is drawn on. */
  previewImage: RgbaImage;
  /** Outward growth the measurement itself calls for (mm), applied with the user's allowance; reported in diagnostics. */
  growMm?: number;
  /** The edge image is a camera's photo whose edges were blurred in linear light (edgesInLinearLight). */
  edgesInLinearLight?: boolean;
};

/**
 * A photo's printed markers read smaller than printed by at least this (px, the homography fit's
 * common shrink: locate-pad.ts): its edges were blurred in linear light and encoded afterwards, as a
 * camera's are, and the outline is snapped reading it in linear light (extract-contour.ts,
 * snapToEdges). Ray-traced photos (blurred in linear light) read 0.23-0.37 px small at 1280 x 960 and
 * 1920 x 1440 (bench/edge-reading.ts); images blurred as 8-bit values (the painted bench) read 0.00
 * px, and the flat bench traces as before.
 */
export const LINEAR_EDGE_MIN_SHRINK_PX = 0.1;

export function edgesInLinearLight(loc: { markerShrinkPx: number }): boolean {
  return loc.markerShrinkPx >= LINEAR_EDGE_MIN_SHRINK_PX;
}

/** From a tool mask to the result: outline, simplification, allowance, area rules, preview and SVG. */
export function buildTraceResult(
  src: OutlineSource,
  p: ResolvedParams,
  timer: LapTimer,
  onProgress: ProgressFn,
  diagnostics: Record<string, unknown>,
): { result: TraceResult; tracedMm: [number, number][] } {
  const { lap, timings, cpuTimings } = timer;
  const k = WORK_PX_PER_MM;
  const { width, height } = src.previewImage;
  onProgress(75, "Tracing the outline");
  const contour = extractToolContour(src.mask, width, height, src.edgeImage, {
    pxPerMm: k,
    insetMm: p.insetMm,
    minAreaMm2: p.minAreaMm2,
    maxAreaMm2: p.maxAreaMm2,
    edgesInLinearLight: src.edgesInLinearLight,
  });
  lap("contour");

  onProgress(85, "Simplifying the outline");
  let outline = encloseSimplified(simplifyClosed(contour.pointsMm, p.rdpToleranceMm), contour.pointsMm);
  // Round joins no finer than the simplification asked for.
  const offsetMm = p.allowanceMm + (src.growMm ?? 0);
  if (offsetMm) outline = offsetPolygon(outline, offsetMm, Math.min(0.25, p.rdpToleranceMm / 2));
  if (outline.length < 3) throw new VisionError("The allowance shrinks the outline to nothing; use a smaller negative allowance.");
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const pointsMm = outline.map(([x, y]) => [round(x), round(y)] as [number, number]);
  const area = polygonArea(pointsMm);
  lap("simplify");

  onProgress(92, "Rendering the preview");
  const pointsPx = pointsMm.map(([x, y]) => [round(x * k), round(y * k)] as [number, number]);
  // The photo as the outline was measured on, without the outline burnt in: the review draws
  // contour_points_px over it as an overlay that "Show Contour" can hide.
  const preview = toPngDataUrl(src.previewImage);
  const svg = contourToSvg(pointsMm);
  lap("render");

  onProgress(100, "Done");
  const total = Object.values(timings).reduce((a, b) => a + b, 0);
  const result: TraceResult = {
    preview_png: preview,
    contour_points_px: pointsPx,
    contour_points_mm: pointsMm,
    parameters: {
      contour_area_mm: +area.toFixed(2),
      mm_per_px: 1 / k,
      contour_min_area_mm: +p.minAreaMm2.toFixed(2),
      contour_max_area_mm: +p.maxAreaMm2.toFixed(2),
      rdp_tolerance_mm: p.rdpToleranceMm,
      allowance_mm: p.allowanceMm,
      inset_mm: p.insetMm,
      ...(p.mode === "classic" || p.sensitivityGiven ? { sensitivity: p.sensitivity } : {}),
    },
    svg,
    diagnostics: {
      ...diagnostics,
      traced_area_mm2: +contour.areaMm2.toFixed(2),
      ...(src.growMm ? { outline_growth_mm: src.growMm } : {}),
      traced_points: contour.pointsMm.length,
      contour: contour.diagnostics,
      timings_ms: { ...timings, total: +total.toFixed(1) },
      process_cpu_ms: cpuTimings,
    },
  };
  return { result, tracedMm: contour.pointsMm };
}

export async function traceImageDetailed(
  bytes: Uint8Array,
  params: TraceParams,
  onProgress: ProgressFn = () => {},
): Promise<{ result: TraceResult; internals: TraceInternals }> {
  const timer = createLapTimer();
  const p = resolveTraceParams(params);
  const view = await analyseView(bytes, p, timer, onProgress, { progressFrom: 0, progressTo: 75 });
  const edgeImage = view.seg.edgeImage ?? view.image;
  const { result, tracedMm } = buildTraceResult({ mask: view.seg.mask, edgeImage, previewImage: view.image, edgesInLinearLight: edgesInLinearLight(view.loc) }, p, timer, onProgress, {
    ...viewDiagnostics(view),
    segmentation: view.seg.diagnostics ?? {},
    grid_found: gridFound([view]),
  });
  const internals: TraceInternals = { rectified: view.image, mask: view.seg.mask, edgeImage, pxPerMm: WORK_PX_PER_MM, tracedMm };
  return { result, internals };
}
