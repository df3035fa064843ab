// Several photos of one tool on the pad -> its footprint (the vertical projection a foam pocket must
// hold), the tool's height and an honest accuracy figure. One photo goes through the same path and
// gets the same result fields (views 1, height_mm null). See ../shared/scanner-physics.md.
import { snapToEdges } from "./extract-contour.ts";
import { offsetPolygon } from "./offset-polygon.ts";
import { maskBounds, pointBounds } from "../../common/geometry/bounds.ts";
import { polygonArea } from "../../common/geometry/polygon.ts";
import { distanceToSet, getCv, outerContours, withMats } from "./opencv.ts";
import { estimateAccuracyMm } from "./multiview/accuracy.ts";
import { darkCrevices } from "./multiview/crevices.ts";
import { calibrateCapture, defaultFocalPx, estimateFocalPx, poseFromHomography, type CameraPose } from "./multiview/camera.ts";
import { carveFootprint, type ViewSilhouette } from "./multiview/carve.ts";
import { fitWalls, type WallOverhang } from "./multiview/wall-fit.ts";
import { openSlits } from "./multiview/slits.ts";
import { padPlanePaper } from "./multiview/plane-paper.ts";
import { bridgeGaps, doubtfulMisses } from "./multiview/gap-fills.ts";
import { corroboratedLines, lineCandidates } from "./multiview/line-votes.ts";
import { MAX_VIEW_TILT_DEG } from "./photo-quality.ts";
import { FLAT_PAPER } from "./segment-classic.ts";
import { dilateDisk, erodeDisk, labelComponents } from "./ai/morphology.ts";
import { fillPolygonCentres, type RgbaImage } from "./raster.ts";
import {
  analyseView,
  buildTraceResult,
  edgesInLinearLight,
  createLapTimer,
  gridFound,
  locateView,
  segmentView,
  viewDiagnostics,
  WORK_PX_PER_MM,
  type LapTimer,
  type LocatedView,
  type ViewAnalysis,
} from "./trace-pipeline.ts";
import { resolveTraceParams, type ResolvedParams } from "./trace-params.ts";
import type { ProgressFn, TraceParams, TraceResult } from "./types.ts";
import { VisionError } from "./vision-error.ts";

export const MAX_VIEWS = 8;
/**
 * Growth of every silhouette before carving, for what segmentation and calibration do not know (the
 * carve adds more per mm of height for the camera centres). The hull must never cut the tool; this
 * is what that costs in size. It is a true offset of each photo's sub-pixel outline, not a raster
 * dilation (whole 0.2 mm pixels, which had cost 0.1-0.25 mm of mean deviation on the 3D bench):
 * the edge's own uncertainty, plus twice the worst photo's marker-fit residual on the pad (a lens's
 * distortion shows there; the bench's rendered photos fit to 0.1 px, real ones less well). It is
 * also the wall fit's margin (wall-fit.ts reads these grown silhouettes). 0.15 until session 6; at
 * 0.1 the five-photo median went 0.705 -> 0.649 mm and no tool but the caliper cut more than 0.17 %.
 */
const CARVE_SEGMENTATION_MM = 0.1;
const CARVE_RESIDUAL_SIGMAS = 2;

/** The growth for these photos; benches may try another (`carve_tolerance_mm`, not part of the API's parameters). */
function carveGrowthMm(params: Params, views: ViewAnalysis[]): number {
  const v = (params as { carve_tolerance_mm?: unknown }).carve_tolerance_mm;
  if (typeof v === "number" && v >= 0 && v <= 3) return v;
  const residualMm = Math.max(0, ...views.map((view) => view.loc.reprojectionPx / view.fullPxPerMm).filter(Number.isFinite));
  return CARVE_SEGMENTATION_MM + CARVE_RESIDUAL_SIGMAS * residualMm;
}

/**
 * Leave-one-out consistency: the footprint carved from the other photos, raised to their height and
 * seen from this photo's camera, should explain this photo's silhouette. A photo with more than this
 * share of its silhouette unexplained, while the others agree, shows the tool moved (or another pad).
 */
const MOVED_UNEXPLAINED = 0.08;
/** Slack around the reprojected prism for segmentation noise (mm). */
const MOVED_SLACK_MM = 1;
/**
 * A scan is refused as disagreeing (the tool moved) only when a photo's unexplained silhouette is
 * over this share of it in pixels that look like a tool: darker than PAPER_LIKE_LEVEL of the paper
 * or coloured beyond PAPER_LIKE_CHROMA, in the photo's lighting-flattened image. A tool that moved
 * shows its body where the others saw paper; a noisy photo's blobs of "tool" over bare paper (grid
 * lines it could not read) look like paper. 3D bench, five photos at 1280 x 960 with the worse
 * camera: a dark screwdriver's photos stood 2-16 % unexplained, 0-2.3 % tool-like (refused as
 * disagreeing), a satin socket's odd photo 11.4 %, 2.2 % tool-like (refused as moved); the photo of
 * `trace-views.test.ts` whose tool was moved 19.9 %, 19.6 % tool-like.
 */
const MOVED_TOOL_LIKE = 0.04;
const PAPER_LIKE_LEVEL = 0.85;
const PAPER_LIKE_CHROMA = 0.1;

/** The error naming a photo whose tool does not line up with the other photos' (it moved, or another pad). */
function movedPhotoError(index: number): VisionError {
  return new VisionError(`Photo ${index}: the tool does not line up with the other photos. Keep the tool still on the same pad for every photo, then retake this one.`);
}

/** Whether pixel q of a lighting-flattened image (FLAT_PAPER = the paper) looks like paper: as bright, and neutral. */
function paperLike(flat: Uint8Array | Uint8ClampedArray, q: number): boolean {
  const r = flat[4 * q];
  const g = flat[4 * q + 1];
  const b = flat[4 * q + 2];
  return (r + g + b) / 3 >= PAPER_LIKE_LEVEL * FLAT_PAPER && Math.max(r, g, b) - Math.min(r, g, b) <= PAPER_LIKE_CHROMA * FLAT_PAPER;
}
/**
 * A photo whose segmentation lost a smaller part of the tool (a caliper's steel beam as light as the
 * paper) leaves the others' silhouettes unexplained by less than MOVED_UNEXPLAINED, and the hull,
 * which takes away whatever one photo misses, cut the tool: 3D bench, ray-traced, five photos laid
 * square to the pad, a caliper's corner photo lost 919 mm² of it, the others stood 4-5 % unexplained,
 * and the outline cut 7.27 % of the caliper. From LOST_PART_UNEXPLAINED the leave-one-out search
 * runs too, but leaves a photo out only where it clearly lost a part: without it the others agree to
 * LOST_PART_AGREE_SHARE of the disagreement or better (the caliper: 0.05 -> 0.002), among the photos
 * whose leaving out does as well (within LOST_PART_TIE) it misses the most of the others' hull, at
 * least LOST_PART_MISSED of it (the caliper's 0.15 against 0.00-0.02 for the others), and it sees no
 * tool they do not (it lost a part; the tool did not move). The caliper's cut 7.27 -> 0.36 % (its
 * mean deviation 1.34 -> 1.45 mm); no other of the 90 tools of nine ray-traced five-photo sets
 * (tuned, held out, third, AI, plain paper and its held-out set, 1280 x 960, square and its
 * held-out set) reached the search; with a worse camera (`--stress`) it left out one of the same
 * caliper's photos again (cut 6.33 -> 0.72 %).
 */
const LOST_PART_UNEXPLAINED = 0.03;
const LOST_PART_AGREE_SHARE = 1 / 3;
const LOST_PART_TIE = 0.01;
const LOST_PART_MISSED = 0.1;
/** Other photos that must have found cast shadow on a pad pixel before the check overlooks it in one that took it for tool. */
const SHADOW_VOTES = 2;
/** The consistency check only compares areas: a coarse height step (far fewer levels) is enough. */
const CHECK_Z_STEP_MM = 1.5;
/**
 * The walls' top is taken for the height while it lies within these shares of the hull columns'
 * (which never stand much below the top, and overshoot a round part). Over a bar of radius r, the
 * steepest photos either side meet at r / sin θ above its axis, θ their rays' angle from the
 * vertical: the columns stand (1 + 1 / sin θ) / 2 times the bar's height, 1.5 times at 30°, 2 times
 * at 19.5°. The protocol's corner photos look at the tool from 20-35° (its tilt limit is 35°), so
 * columns up to twice the walls are the columns' error. At 0.7 (a third over) the 3D bench's hex
 * keys laid square to the pad took the columns, 9.0 and 9.4 mm for 5.2 and 5.6 (the walls: 5.5 and
 * 5.75); over the 59 tools traced in six sets the walls stood within 6.2 % of every true height,
 * at 0.61-1.11 times the columns.
 */
const WALL_TOP_MIN_SHARE = 0.5;
const WALL_TOP_MAX_SHARE = 1.15;

/** The least share the walls' top may be of the columns however shallow the photos (a ray 8° off vertical). */
const WALL_TOP_FLOOR_SHARE = 0.25;

/**
 * How low (a share of the hull's columns) the walls' top may lie and still be believed:
 * WALL_TOP_MIN_SHARE, or less where the photos used see the tool less steeply than the protocol's
 * corners. The columns over a bar stand (1 + 1 / sin θ) / 2 times its height, θ the ray's angle
 * from the vertical of the steepest photos on its two sides; with a corner photo left out one side
 * may have only the middle photo, a few degrees off, and the columns stand far more than twice the
 * walls. The bar is taken along the footprint's long axis through its centroid, and θ across it.
 * Ray-traced plain paper, five photos: a pair of pliers with one photo left out had columns of
 * 27.9 mm over walls of 13.5 mm (true 14.0), and the height came out 27.9 mm.
 */
export function wallTopMinShare(footprint: Uint8Array, W: number, H: number, k: number, cameras: { nadirMm: [number, number]; heightMm: number }[]): number {
  // The footprint's centroid and second moments, in one pass.
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let y = 0, q = 0; y < H; y++)
    for (let x = 0; x < W; x++, q++)
      if (footprint[q]) {
        n++;
        sx += x;
        sy += y;
        sxx += x * x;
        syy += y * y;
        sxy += x * y;
      }
  if (n === 0) return WALL_TOP_MIN_SHARE;
  const cx = sx / n;
  const cy = sy / n;
  const xx = sxx / n - cx * cx;
  const yy = syy / n - cy * cy;
  const xy = sxy / n - cx * cy;
  // The long axis's angle; across it, the normal (nx, ny).
  const axis = 0.5 * Math.atan2(2 * xy, xx - yy);
  const nx = -Math.sin(axis);
  const ny = Math.cos(axis);
  const c = [(cx + 0.5) / k, (cy + 0.5) / k];
  let plus = 0;
  let minus = 0;
  for (const cam of cameras) {
    const across = (cam.nadirMm[0] - c[0]) * nx + (cam.nadirMm[1] - c[1]) * ny;
    const theta = Math.atan2(Math.abs(across), cam.heightMm);
    if (across > 0) plus = Math.max(plus, theta);
    else minus = Math.max(minus, theta);
  }
  const theta = Math.min(plus, minus);
  const share = theta > 0 ? 2 / (1 + 1 / Math.sin(theta)) : 0;
  return Math.min(WALL_TOP_MIN_SHARE, Math.max(WALL_TOP_FLOOR_SHARE, share));
}

/**
 * The tool's height from the hull's columns (their 90th percentile at the pad-plane slice's edge)
 * and the fitted walls' top (null where too few fits held): the walls' while the columns can be
 * that far off (down to `minShare` of them, wallTopMinShare), else the columns'.
 */
export function heightFromWallsOrColumns(wallsTopMm: number | null, columnsMm: number, minShare = WALL_TOP_MIN_SHARE): { mm: number; from: "walls" | "columns" } {
  const fromWalls = wallsTopMm !== null && wallsTopMm >= minShare * columnsMm && wallsTopMm <= WALL_TOP_MAX_SHARE * columnsMm;
  return fromWalls ? { mm: wallsTopMm, from: "walls" } : { mm: columnsMm, from: "columns" };
}
/** RMS px of the marker corners above which one camera model for all photos is rejected. */
const PER_PHOTO_RESIDUAL_PX = 1;
/** Camera nadirs closer than this (mm) count as one place: the protocol's views are 100+ mm apart. */
const SAME_PLACE_MM = 25;

export type ViewReport = {
  index: number;
  used: boolean;
  reason?: string;
  nadir_mm?: [number, number];
  camera_height_mm?: number;
  tilt_deg?: number;
  sharpness?: number;
  reprojection_px?: number;
  /** How far inside the printed ones the markers' sides were measured (px; the photo's tone curve and blur). */
  marker_shrink_px?: number;
};

export type MultiTraceResult = TraceResult & { views: number; height_mm: number | null; accuracy_mm: number };

const r1 = (v: number) => Math.round(v * 10) / 10;
/** The estimate has no bound when a camera is no higher than the tool: say "5 cm or worse", never null. */
const accuracyFigure = (v: number) => (Number.isFinite(v) ? Math.min(50, r1(v)) : 50);
const r2 = (v: number) => Math.round(v * 100) / 100;

function focal35(v: LocatedView): number | null {
  const h = v.header as { focal35mm?: number | null };
  return typeof h.focal35mm === "number" && h.focal35mm > 0 ? h.focal35mm : null;
}

const boxOf = pointBounds;

/** Bounding box (pad mm) of the mask pixels. */
function maskBox(mask: Uint8Array, width: number, height: number, k: number) {
  const b = maskBounds(mask, width, height);
  return b && { x0: b.x0 / k, y0: b.y0 / k, x1: (b.x1 + 1) / k, y1: (b.y1 + 1) / k };
}

/** Components smaller than this (mm²) are noise, not tool: a carve needs every view anyway. */
const MIN_COMPONENT_MM2 = 3;

/**
 * One view's silhouette at sub-pixel precision: every component's outer outline (holes filled: a
 * hole seen through the tool from one view is no paper under its footprint) snapped to that photo's
 * own edges, as the one-photo scan does, then drawn back onto the raster. The carve is only as
 * good as its silhouettes: a pixel-quantised mask would need a pixel more of tolerance.
 */
export function subPixelSilhouette(mask: Uint8Array, width: number, height: number, edgeImage: RgbaImage, k: number, growMm = 0): Uint8Array {
  const out = new Uint8Array(width * height);
  for (const pts of outerContours(mask, width, height)) {
    if (pts.length < 8 || polygonArea(pts) / (k * k) < MIN_COMPONENT_MM2) continue;
    const edge = snapToEdges(pts, edgeImage);
    // Growth as a true offset of the sub-pixel outline: a raster dilation only comes in whole pixels.
    const outline = growMm > 0 ? offsetPolygon(edge, growMm * k, 0.05) : edge;
    fillPolygonCentres(out, width, height, outline);
  }
  return out;
}

/**
 * Gaps a photo's segmentation leaves in a thin part (a satin shaft found in pieces) are bridged
 * before carving: the hull is the intersection of the views, so a gap in any one of them would cut
 * the part there, and the piece beyond it would fall off the outline. Closing only adds (never cuts)
 * and fills nothing wider than twice this; of what it fills, the tool's own concave corners and
 * slits beside a clearly seen edge are left open again (multiview/gap-fills.ts).
 */
const GAP_CLOSE_MM = 3.5;

export function closeGaps(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r < 1) return mask;
  // A closing by an exact disk (the AI's distance-transform morphology): OpenCV's morphology with a
  // 37-pixel elliptic kernel took about 0.7 s per photo on the whole frame (3.5 s of a five-photo
  // scan). The frame's border counts as empty, as it did for OpenCV's closing: erodeDisk alone never
  // erodes from outside the image, and then a corner photo's silhouette near the edge was closed
  // onto it (the browser test of the five-photo walk never reached the review).
  const grown = dilateDisk(mask, width, height, r);
  for (let x = 0; x < width; x++) grown[x] = grown[(height - 1) * width + x] = 0;
  for (let y = 0; y < height; y++) grown[y * width] = grown[y * width + width - 1] = 0;
  const closed = erodeDisk(grown, width, height, r);
  for (let q = 0; q < closed.length; q++) closed[q] = closed[q] || mask[q] ? 1 : 0;
  return closed;
}

/**
 * Pieces of the carved footprint this far apart (mm, twice it) are joined, from this size (mm²).
 * A knife's blade cut in two was 6-10 mm apart; at 3 mm it stayed cut (13 %), at 5 mm its cut
 * went to 2.9 % (8 mm: 2.6 %). No other five-photo line of the 3D bench changed (pad, held out,
 * plain paper, plain paper held out): their footprints are one piece.
 */
const JOIN_MM = 5;
const JOIN_MIN_MM2 = 20;

/**
 * A slit piece (openSeenSlits) stays open while no photo's seen tool goes unexplained over more than
 * this share of its area. 3D bench, five photos: the real slits opened lose 0-1.5 % (true
 * silhouettes: calipers' 0-0.4 %, a pliers' crotch 0 %); pieces along a satin beam's ragged slice,
 * refused, 5-14 %. 0.05 until session 35: on the worse camera (`--stress`) a chrome knife's 39 mm²
 * streak that one photo lost inside the blade lost 2.8 % and opened (cut 1.62 %; refused, 0.64 %),
 * and a caliper's piece past its slit 4.5 % (cut 0.72 -> 0.25 %). Only calipers with one photo left
 * out paid for it elsewhere (plain paper: mean deviation 1.33 -> 1.77 mm, cut 0.80 -> 0.66 %).
 */
const SLIT_LOST_SHARE = 0.02;
/**
 * Slits stand no taller than this (mm, the median of the hull's column tops over the piece): the
 * bench's stand at most 15 mm (pliers; the hull's columns 18-21 mm over them). Between a drill's
 * 55 mm round flanks the slice left a gap (its columns 61 mm) that was no slit, and opening it cut
 * the drill 0.15 %.
 */
const SLIT_MAX_TOP_MM = 25;
/**
 * A slit piece opens only where at least this many photos saw its floor, each over
 * SLIT_WITNESS_SHARE of it. Nothing in one photo tells a slit's floor from a reflection of the paper
 * along a mirror-finish part, and the other photos' rays over a streak inside a tall part meet the
 * part beside it, so SLIT_LOST_SHARE's check passes it. 3D bench, five photos (session 35): every
 * piece opened on every set had two photos or more seeing its floor (true silhouettes: calipers 3-5,
 * a pliers' crotch 2); no figure moved. `trace-views.test.ts` opens a block's streak that two
 * photos saw, not one that one photo saw.
 */
const SLIT_MIN_WITNESSES = 2;
const SLIT_WITNESS_SHARE = 0.1;
/** The check's prisms are grown by this (mm; one pixel at the working 5 px/mm): 0.3 mm excused thin notches wholesale. */
const SLIT_CHECK_SLACK_MM = 0.1;

/**
 * The carved footprint of one tool in pieces: two photos each lost a stretch of a chrome blade to
 * reflections, at neighbouring places, and the carve, which takes away what any photo misses, cut
 * the blade in two; the outline, the largest piece, then dropped its tip (plain paper, held out: 13 %
 * of a knife). Pieces of at least JOIN_MIN_MM2 within 2 r of each other are joined by the closing by
 * `r` where it touches two of them; specks (a corner photo's stray blob at the frame's edge) are not.
 */
export function joinParts(mask: Uint8Array, width: number, height: number, r: number, k: number): Uint8Array {
  const { label, size } = labelComponents(mask, width, height);
  const big = size.map((px) => px / (k * k) >= JOIN_MIN_MM2);
  if (big.filter((b, l) => l > 0 && b).length < 2) return mask;
  const closed = closeGaps(mask, width, height, r);
  const fill = new Uint8Array(mask.length);
  for (let q = 0; q < fill.length; q++) fill[q] = closed[q] && !mask[q] ? 1 : 0;
  const fills = labelComponents(fill, width, height);
  const first = new Int32Array(fills.size.length);
  const joins = new Uint8Array(fills.size.length);
  const touch = (f: number, p: number) => {
    if (!p || !big[p]) return;
    if (!first[f]) first[f] = p;
    else if (first[f] !== p) joins[f] = 1;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const q = y * width + x;
      const f = fills.label[q];
      if (!f) continue;
      if (x > 0) touch(f, label[q - 1]);
      if (x < width - 1) touch(f, label[q + 1]);
      if (y > 0) touch(f, label[q - width]);
      if (y < height - 1) touch(f, label[q + width]);
    }
  const out = mask.slice();
  for (let q = 0; q < out.length; q++) if (joins[fills.label[q]]) out[q] = 1;
  return out;
}

/** A smooth grey image of the carved mask: the outline snaps to its half-way level, not to any one photo's edges. */
export function maskEdgeImage(mask: Uint8Array, width: number, height: number): RgbaImage {
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(height, width, cv.CV_8UC1));
    const d = m.data as Uint8Array;
    for (let i = 0; i < d.length; i++) d[i] = mask[i] ? 40 : 220;
    cv.GaussianBlur(m, m, new cv.Size(0, 0), 0.8, 0.8, cv.BORDER_REPLICATE);
    const rgba = track(new cv.Mat());
    cv.cvtColor(m, rgba, cv.COLOR_GRAY2RGBA);
    return { width, height, data: new Uint8Array(rgba.data) };
  });
}

/** A cast shadow's band that survives segmentation in every photo alike, per mm of tool height (conservative). */
const SHADOW_BAND_PER_MM_HEIGHT = 0.5;
/**
 * ... and no wider than this (mm). What survives is the contact band the grid cannot see into, not the
 * long shadow of a tall tool, which the grid does see: 0.5 mm per mm of height gave a tape measure
 * 25 mm for a true 5 mm. Calibrated on the 3D bench's five-photo tools 3000-3009: beside tools 13 mm
 * tall or more, the true Hausdorff stood at most 7.4 mm past the geometric term (a pair of pliers,
 * whose jaw slit every photo filled); at 5 mm that one and the held-out set's pliers and knife
 * (seeds 5000-5009) exceeded their figures. The held-out set checks 7.5.
 */
const SHADOW_BAND_MAX_MM = 7.5;
/**
 * One photo: the grid's evidence takes most of a cast shadow off the outline, but a band against the
 * tool may stay (3D bench, 1920 x 1440, seeds 3000-3019: with no shadow term the footprint's true
 * Hausdorff exceeded the figure on 2 of 20 photos, with 0.25 on none; seeds 5000-5019 check it).
 */
const ONE_PHOTO_SHADOW_PER_MM_HEIGHT = 0.25;
/** The farthest unexplained pixels of the tool's own silhouette are ignored up to this area (mm²): edge noise, not a lost part. */
const FAR_SPECK_MM2 = 5;

/**
 * How far (mm) a photo's silhouette reaches beyond what the carved footprint explains, ignoring the
 * farthest FAR_SPECK_MM2 (specks a single photo took for tool are not tool).
 */
function countOnes(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i];
  return n;
}

/**
 * The parts of a photo's silhouette that belong to the tool: its components that touch what the
 * footprint explains. A blob at the frame's edge that one photo took for tool is no part of it.
 */
function toolComponents(sil: Uint8Array, seen: Uint8Array, width: number, height: number): Uint8Array {
  const cv = getCv();
  return withMats((track) => {
    const s8 = track(new cv.Mat(height, width, cv.CV_8UC1));
    s8.data.set(sil);
    const labels = track(new cv.Mat());
    const n = cv.connectedComponents(s8, labels, 8, cv.CV_32S);
    const lab = labels.data32S as Int32Array;
    const touches = new Uint8Array(n);
    for (let q = 0; q < sil.length; q++) if (sil[q] && seen[q]) touches[lab[q]] = 1;
    const out = new Uint8Array(sil.length);
    for (let q = 0; q < sil.length; q++) if (sil[q] && touches[lab[q]]) out[q] = 1;
    return out;
  });
}

/** The largest 8-connected component of a mask (all of it when it has one or none). */
function largestComponentMask(mask: Uint8Array, width: number, height: number): Uint8Array {
  const { label, size } = labelComponents(mask, width, height);
  if (size.length <= 2) return mask;
  let best = 1;
  for (let l = 2; l < size.length; l++) if (size[l] > size[best]) best = l;
  const out = new Uint8Array(mask.length);
  for (let q = 0; q < mask.length; q++) if (label[q] === best) out[q] = 1;
  return out;
}

function farUnexplainedMm(tool: Uint8Array, seen: Uint8Array, width: number, height: number, k: number): number {
  const f = distanceToSet(seen, width, height);
  const far: number[] = [];
  for (let q = 0; q < tool.length; q++) if (tool[q] && !seen[q]) far.push(f[q]);
  if (!far.length) return 0;
  far.sort((a, b) => b - a);
  const skip = Math.min(far.length - 1, Math.round(FAR_SPECK_MM2 * k * k));
  return far[skip] / k;
}

/**
 * How far (mm) the outline may be off because of what was filled without evidence: the deepest of
 * the `uncertain` pixels inside `foot`, measured to the nearest pixel outside it. A slit between two
 * jaws that was closed (or a shadow the tool nearly encloses, given to the tool) may be open in the
 * true footprint; the outline then runs as far from its far end as this. The returned function
 * measures any number of such fills into one `foot`, whose distance map it computes once.
 */
export function fillReach(foot: Uint8Array, width: number, height: number, k: number): (uncertain: Uint8Array | undefined) => number {
  let dist: Float32Array | null = null;
  return (uncertain) => {
    if (!uncertain) return 0;
    let any = false;
    for (let q = 0; q < foot.length && !any; q++) any = uncertain[q] === 1 && foot[q] === 1;
    if (!any) return 0;
    const cv = getCv();
    return withMats((track) => {
      // Only fills open to the outside matter: one the tool encloses (a highlight band inside a chrome
      // part, closed) would be a hole, and the outline is the outer one anyway.
      const u = track(new cv.Mat(height, width, cv.CV_8UC1));
      const ud = u.data as Uint8Array;
      for (let q = 0; q < ud.length; q++) ud[q] = uncertain[q] && foot[q] ? 1 : 0;
      const labels = track(new cv.Mat());
      const n = cv.connectedComponents(u, labels, 4, cv.CV_32S);
      const lab = labels.data32S as Int32Array;
      const open = new Uint8Array(n);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const q = y * width + x;
          const l = lab[q];
          if (!l || open[l]) continue;
          if ((x > 0 && !foot[q - 1]) || (x + 1 < width && !foot[q + 1]) || (y > 0 && !foot[q - width]) || (y + 1 < height && !foot[q + width])) open[l] = 1;
        }
      const d = (dist ??= distanceToSet(foot.map((v) => (v ? 0 : 1)), width, height));
      let best = 0;
      for (let q = 0; q < foot.length; q++) if (open[lab[q]] && lab[q] && d[q] > best) best = d[q];
      return best / k;
    });
  };
}

/** fillReach for one fill. */
export function filledReachMm(uncertain: Uint8Array | undefined, foot: Uint8Array, width: number, height: number, k: number): number {
  return fillReach(foot, width, height, k)(uncertain);
}

/** Whether a photo's grid-evidenced cast shadow lies within 3 mm of the tool's footprint (more than 20 mm² of it). */
function shadowAgainstTool(shadow: Uint8Array | undefined, foot: Uint8Array, width: number, height: number, k: number): boolean {
  if (!shadow) return false;
  // An exact-disk dilation by distance transform: OpenCV's dilation by a 31-pixel disk took about
  // 250 ms on the whole frame, longer than the rest of the result.
  const near = dilateDisk(foot, width, height, 3 * k);
  let n = 0;
  for (let q = 0; q < near.length; q++) if (near[q] && shadow[q] && !foot[q]) n++;
  return n / (k * k) > 20;
}

/**
 * What a camera sees of a prism: the footprint raised from 0 to heightMm, every level scaled about
 * the camera's nadir by Hc / (Hc - z) (seen(p, z) of scanner-physics.md), grown by slackMm. The
 * visual hull of the other photos lies inside that prism, so a silhouette outside it disagrees.
 */
function prismSilhouette(foot: Uint8Array, width: number, height: number, k: number, camera: CameraPose, heightMm: number, slackMm: number, topMm?: Float32Array): Uint8Array {
  const out = new Uint8Array(width * height);
  const box = maskBounds(foot, width, height);
  if (!box) return out;
  const cv = getCv();
  const hc = camera.heightMm;
  const top = Math.max(0, Math.min(heightMm, hc * 0.9));
  const steps = Math.max(1, Math.ceil(top / 1));
  // Pixel-centre coordinates (OpenCV): continuous c = u + 0.5, the nadir at N = n * k.
  const nx = camera.nadirMm[0] * k - 0.5;
  const ny = camera.nadirMm[1] * k - 0.5;
  const r = Math.max(1, Math.round(slackMm * k));
  // Only the part of the frame the prism can reach is warped (the tool's box, scaled about the nadir
  // up to the top, plus the slack): warping the whole frame once per millimetre of height took about
  // 0.2 s per photo.
  const gTop = hc / (hc - top);
  const sx0 = box.x0;
  const sy0 = box.y0;
  const sw = box.x1 - box.x0 + 1;
  const sh = box.y1 - box.y0 + 1;
  const dx0 = Math.max(0, Math.floor(Math.min(sx0, nx + (sx0 - nx) * gTop)) - r - 2);
  const dy0 = Math.max(0, Math.floor(Math.min(sy0, ny + (sy0 - ny) * gTop)) - r - 2);
  const dx1 = Math.min(width, Math.ceil(Math.max(sx0 + sw, nx + (sx0 + sw - nx) * gTop)) + r + 2);
  const dy1 = Math.min(height, Math.ceil(Math.max(sy0 + sh, ny + (sy0 + sh - ny) * gTop)) + r + 2);
  const dw = dx1 - dx0;
  const dh = dy1 - dy0;
  if (dw <= 0 || dh <= 0) return out;
  return withMats((track) => {
    const src = track(new cv.Mat(sh, sw, cv.CV_8UC1));
    const sd = src.data as Uint8Array;
    for (let y = 0; y < sh; y++) sd.set(foot.subarray((sy0 + y) * width + sx0, (sy0 + y) * width + sx0 + sw), y * sw);
    // With the columns' own tops, each level raises only the columns that reach it: the columns are
    // bucketed by top (mm), and each level drops the buckets below it.
    const buckets: number[][] = [];
    if (topMm)
      for (let y = 0, i = 0; y < sh; y++)
        for (let x = 0; x < sw; x++, i++) {
          if (!sd[i]) continue;
          const b = Math.max(0, Math.floor(topMm[(sy0 + y) * width + sx0 + x]));
          (buckets[b] ??= []).push(i);
        }
    let dropped = 0;
    const acc = track(new cv.Mat(dh, dw, cv.CV_8UC1, new cv.Scalar(0)));
    const level = track(new cv.Mat());
    for (let s = 0; s <= steps; s++) {
      const z = (top * s) / steps;
      if (topMm) {
        // A column stands at this level while its top reaches half a millimetre below it.
        for (; dropped < buckets.length && dropped + 1 < z - 0.5; dropped++) for (const i of buckets[dropped] ?? []) sd[i] = 0;
        if (dropped >= buckets.length) break;
      }
      const g = hc / (hc - z);
      // Full-frame map u' = g·u + n(1 − g), with u = u_src + s0 and u' = u_dst + d0.
      const M = track(cv.matFromArray(2, 3, cv.CV_64F, [g, 0, g * sx0 + nx * (1 - g) - dx0, 0, g, g * sy0 + ny * (1 - g) - dy0]));
      cv.warpAffine(src, level, M, new cv.Size(dw, dh), cv.INTER_NEAREST, cv.BORDER_CONSTANT, new cv.Scalar(0));
      cv.bitwise_or(acc, level, acc);
    }
    cv.dilate(acc, acc, track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(2 * r + 1, 2 * r + 1))), new cv.Point(-1, -1), 1, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const ad = acc.data as Uint8Array;
    for (let y = 0; y < dh; y++) out.set(ad.subarray(y * dw, (y + 1) * dw), (dy0 + y) * width + dx0);
    return out;
  });
}

/** Nadirs beyond the tool's extent on every side: the condition under which carving can see the whole footprint. */
export function viewsSurround(nadirs: [number, number][], box: { x0: number; y0: number; x1: number; y1: number }): boolean {
  return (
    nadirs.some(([x]) => x <= box.x0) &&
    nadirs.some(([x]) => x >= box.x1) &&
    nadirs.some(([, y]) => y <= box.y0) &&
    nadirs.some(([, y]) => y >= box.y1)
  );
}

type Params = TraceParams & { tool_height_mm?: number | null };

/** 1-8 photos of the same pad (the tool not moved) -> one outline of the tool's footprint. */
export async function traceImages(images: Uint8Array[], params: Params, onProgress: ProgressFn = () => {}): Promise<MultiTraceResult> {
  if (!Array.isArray(images) || images.length === 0) throw new VisionError("Attach at least one photo of the pad.");
  if (images.length > MAX_VIEWS) throw new VisionError(`At most ${MAX_VIEWS} photos per scan.`);
  const typedHeight = typeof params.tool_height_mm === "number" && params.tool_height_mm > 0 ? params.tool_height_mm : null;
  if (images.length === 1) return traceSingle(images[0], params, typedHeight, onProgress);
  return traceSeveral(images, params, typedHeight, onProgress);
}

async function traceSingle(bytes: Uint8Array, params: Params, typedHeight: number | null, onProgress: ProgressFn): Promise<MultiTraceResult> {
  const timer = createLapTimer();
  const p = resolveTraceParams(params);
  const v = await analyseView(bytes, p, timer, onProgress, { progressFrom: 0, progressTo: 75 });
  const { width: w, height: h } = v.header;
  const pose = poseFromHomography(v.loc.padToImage as number[], w, h, defaultFocalPx(w, h, focal35(v)));
  const view: ViewReport = {
    index: 1,
    used: true,
    nadir_mm: [r1(pose.nadirMm[0]), r1(pose.nadirMm[1])],
    camera_height_mm: r1(pose.heightMm),
    tilt_deg: r2(v.tiltDeg),
    sharpness: r1(v.sharpness),
    reprojection_px: r2(v.loc.reprojectionPx),
    marker_shrink_px: r2(v.loc.markerShrinkPx),
  };
  return oneViewResult(v, pose, p, timer, onProgress, { views: [view] }, typedHeight);
}

/**
 * A polished tool's edge mirrors what lies beside it: along a chrome spanner's shadowed side the
 * outermost pixel reads as the shadowed paper, and its dark rim line, blurred, puts the step inside
 * the true edge, 0.4-1 px all along (3D bench, one photo: a chrome spanner cut 1.55 %, held out
 * 1.43 %, with every other edge of it in place). Where highlights brighter than the paper cover
 * SHINY_SHARE of the tool, the one-photo outline grows by one working pixel: 1.55 -> 0.43 % and
 * 1.43 -> 0.21 %, a chrome tape measure 1.27 -> 0.81 %; no other tool of the 40 has such highlights.
 * Two pixels since session 19: the tape measure's rim mirrors the paper for 0.4 mm and more beyond
 * its dark band, and one pixel left it cut (one photo, tuned: 0.78 -> 0.49 %, the last photo of the
 * 20 cutting over 0.5 %; AI 0.87 -> 0.56 %); a chrome spanner's outline stands 0.2 mm further out
 * (mean deviation 0.25 -> 0.42 mm), and no median moved. Three pixels cut nothing less.
 * (Five photos carve with their own growth and cut no chrome tool over 0.5 %.)
 */
const SHINY_SHARE = 0.01;
const SHINY_GROW_MM = 0.4;

/** Share of the mask's pixels that are highlights (SegmentOutput.specular); 0 without that evidence. */
export function specularShare(mask: Uint8Array, specular: Uint8Array | undefined): number {
  if (!specular) return 0;
  let n = 0;
  let shiny = 0;
  for (let q = 0; q < mask.length; q++)
    if (mask[q]) {
      n++;
      if (specular[q]) shiny++;
    }
  return n ? shiny / n : 0;
}

/** The outline of one photo's silhouette, with the one-photo accuracy (parallax at the far corner). */
function oneViewResult(
  v: ViewAnalysis,
  pose: CameraPose,
  p: ResolvedParams,
  timer: LapTimer,
  onProgress: ProgressFn,
  diagnostics: Record<string, unknown>,
  typedHeight: number | null,
): MultiTraceResult {
  const growMm = specularShare(v.seg.mask, v.seg.specular) > SHINY_SHARE ? SHINY_GROW_MM : 0;
  const { result } = buildTraceResult({ mask: v.seg.mask, edgeImage: v.seg.edgeImage ?? v.image, previewImage: v.image, growMm, edgesInLinearLight: edgesInLinearLight(v.loc) }, p, timer, onProgress, {
    ...viewDiagnostics(v),
    segmentation: v.seg.diagnostics ?? {},
    grid_found: gridFound([v]),
    ...diagnostics,
  });
  // One photo cannot measure the height the parallax depends on. A tool lies on the pad on a broad
  // face, so none of its parts stands taller than it is wide: the outline's largest inscribed circle
  // bounds the height (a round handle: its diameter; a spanner: far more than its 9 mm, which only
  // makes the figure safer). Typed heights win.
  const bound = typedHeight ?? inscribedDiameterMm(result.contour_points_mm);
  const shadowed = shadowAgainstTool(v.seg.shadow, v.seg.mask, v.image.width, v.image.height, WORK_PX_PER_MM);
  const filledMm = filledReachMm(v.seg.filled, v.seg.mask, v.image.width, v.image.height, WORK_PX_PER_MM);
  const geometric = estimateAccuracyMm({
    views: [{ nadirMm: pose.nadirMm, heightMm: pose.heightMm, reprojectionPx: v.loc.reprojectionPx, pxPerMm: v.fullPxPerMm, sharpness: v.sharpness }],
    toolHeightMm: bound,
    toolBoxMm: boxOf(result.contour_points_mm),
    multiView: false,
  });
  // A band of a cast shadow against the tool may have been kept (its width grows with the height),
  // and a slit that was closed may be open in the true footprint.
  const accuracy = geometric + Math.max(shadowed && bound ? ONE_PHOTO_SHADOW_PER_MM_HEIGHT * bound : 0, filledMm);
  (result.diagnostics as Record<string, unknown>).accuracy = {
    geometric_mm: r2(geometric),
    height_bound_mm: bound === null ? null : r1(bound),
    height_from: typedHeight ? "typed" : "outline",
    shadow_against_tool: shadowed,
    filled_mm: r2(filledMm),
  };
  return { ...result, views: 1, height_mm: typedHeight, accuracy_mm: accuracyFigure(accuracy) };
}

/** Diameter (mm) of the largest circle inside a closed outline (pad mm), or null for a degenerate one. */
export function inscribedDiameterMm(points: [number, number][]): number | null {
  if (points.length < 3) return null;
  const b = pointBounds(points);
  if (!b) return null;
  const k = 2; // px/mm: 0.5 mm steps are plenty for a bound on the height
  const w = Math.ceil((b.x1 - b.x0) * k) + 3;
  const h = Math.ceil((b.y1 - b.y0) * k) + 3;
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(h, w, cv.CV_8UC1, new cv.Scalar(0)));
    const flat = points.flatMap(([x, y]) => [Math.round((x - b.x0) * k) + 1, Math.round((y - b.y0) * k) + 1]);
    const poly = track(cv.matFromArray(points.length, 1, cv.CV_32SC2, flat));
    const polys = track(new cv.MatVector());
    polys.push_back(poly);
    cv.fillPoly(m, polys, new cv.Scalar(1));
    const dist = track(new cv.Mat());
    cv.distanceTransform(m, dist, cv.DIST_L2, 5);
    let best = 0;
    for (const d of dist.data32F as Float32Array) if (d > best) best = d;
    return best > 0 ? (2 * best) / k : null;
  });
}

/**
 * The footprint with the slits its photos show opened (multiview/slits.ts). The pad-plane slice is
 * read from what each photo saw as tool with evidence (`seen`: its silhouette less its segmenter's
 * closing fills), unknown places passing; a proposed piece stays open only while every photo that
 * saw tool on its floor still sees the rest of the footprint, its columns raised to their own tops
 * (carve.ts topMm), along the same rays: at most SLIT_LOST_SHARE of the piece's area may go
 * unexplained in any photo, it must stand no taller than SLIT_MAX_TOP_MM, and SLIT_MIN_WITNESSES
 * photos must have seen its floor. A slit's walls hide its floor from the photos that saw tool there;
 * a gap one photo's segmentation left across a thin part is hidden by nothing, and stays footprint.
 */
export function openSeenSlits(
  foot: Uint8Array,
  overhangs: WallOverhang[],
  carved: { heightMm: number; topMm?: Float32Array },
  seen: Uint8Array[],
  views: ViewSilhouette[],
  poses: CameraPose[],
  width: number,
  height: number,
  k: number,
) {
  const slice = new Uint8Array(width * height);
  for (let q = 0; q < slice.length; q++) {
    if (!foot[q]) continue;
    let tool = 0;
    let all = true;
    for (let j = 0; j < seen.length && all; j++) {
      if (seen[j][q]) tool++;
      else if (!views[j].unknown?.[q]) all = false;
    }
    if (all && tool) slice[q] = 1;
  }
  const { topMm } = carved;
  let tallest = carved.heightMm;
  if (topMm) for (let q = 0; q < topMm.length; q++) if (foot[q] && topMm[q] > tallest) tallest = topMm[q];
  const prism = (mask: Uint8Array, j: number) => prismSilhouette(mask, width, height, k, poses[j], tallest, SLIT_CHECK_SLACK_MM, topMm);
  // What each camera sees of the footprint as it stands; a piece accepted makes its "after" the next "before".
  let befores: (Uint8Array | undefined)[] = poses.map(() => undefined);
  return openSlits(foot, slice, width, height, k, {
    overhangs,
    accept: (current, without) => {
      // One pass over the piece: its size, its columns' tops, and how much of its floor each photo saw.
      let removed = 0;
      const tops: number[] = [];
      const floor = poses.map(() => 0);
      for (let q = 0; q < current.length; q++) {
        if (!current[q] || without[q]) continue;
        removed++;
        tops.push(topMm?.[q] ?? carved.heightMm);
        for (let j = 0; j < poses.length; j++) if (!seen[j][q] && !views[j].unknown?.[q]) floor[j]++;
      }
      tops.sort((a, b) => a - b);
      if (tops[tops.length >> 1] > SLIT_MAX_TOP_MM) return false;
      // Its floor must be seen by two photos at least: one photo's paper inside a part every other
      // photo sees as tool is as likely a reflection along a mirror finish as a slit.
      if (floor.filter((f) => f >= SLIT_WITNESS_SHARE * removed).length < SLIT_MIN_WITNESSES) return false;
      const afters: Uint8Array[] = [];
      const ok = poses.every((_, j) => {
        const before = (befores[j] ??= prism(current, j));
        const after = prism(without, j);
        afters.push(after);
        let lost = 0;
        for (let q = 0; q < before.length; q++) if (seen[j][q] && before[q] && !after[q]) lost++;
        return lost <= SLIT_LOST_SHARE * removed;
      });
      if (ok) befores = afters;
      return ok;
    },
  });
}

async function traceSeveral(images: Uint8Array[], params: Params, typedHeight: number | null, onProgress: ProgressFn): Promise<MultiTraceResult> {
  const timer = createLapTimer();
  const p = resolveTraceParams(params);
  const n = images.length;
  const k = WORK_PX_PER_MM;
  const located: (LocatedView | null)[] = [];
  const reports: ViewReport[] = [];
  // Views take 0..70 % of the progress bar, carving and tracing the rest. Every photo is located and
  // rectified first (0..35 %), so that the grid lines each shows can be compared before any is
  // segmented (35..70 %).
  const viewOpts = (i: number, from: number) => ({ maxTiltDeg: MAX_VIEW_TILT_DEG, progressFrom: from + (35 * i) / n, progressTo: from + (35 * (i + 1)) / n, label: `Photo ${i + 1} of ${n}: ` });
  for (let i = 0; i < n; i++) {
    try {
      const v = await locateView(images[i], timer, onProgress, viewOpts(i, 0));
      located.push(v);
      reports.push({ index: i + 1, used: true, tilt_deg: r2(v.tiltDeg), sharpness: r1(v.sharpness), reprojection_px: r2(v.loc.reprojectionPx), marker_shrink_px: r2(v.loc.markerShrinkPx) });
    } catch (e) {
      if (!(e instanceof VisionError)) throw e;
      located.push(null);
      reports.push({ index: i + 1, used: false, reason: e.message });
    }
  }
  const present = located.map((v, i) => ({ v, i })).filter((x): x is { v: LocatedView; i: number } => x.v !== null);
  const firstFailure = () => reports.find((r) => !r.used);
  if (present.length === 0) throw new VisionError(`Photo ${firstFailure()!.index}: ${firstFailure()!.reason}`);

  onProgress(35, "Calibrating the camera from the views");
  const calibViews = present.map(({ v }) => ({ padToImage: v.loc.padToImage as number[], width: v.header.width, height: v.header.height, focal35mm: focal35(v) }));
  const calibration = calibrateCapture(calibViews);
  if (!calibration) throw new VisionError(`Photo ${present[0].i + 1}: the camera could not be calibrated from the markers.`);
  let calibrationMode: string = calibration.focalFrom;
  let poses = calibration.poses as (CameraPose | null)[];
  // One lens for all photos is the usual case; a zoom changed between photos shows as corners that
  // no single camera reproduces. Then each photo that determines its own focal length uses it.
  if (calibration.residualPx !== null && calibration.residualPx > PER_PHOTO_RESIDUAL_PX) {
    const perView = estimateFocalPx(calibViews)?.perView ?? [];
    poses = calibViews.map((c, j) => {
      const own = perView[j];
      const f = own ?? (calibration.focalPx * Math.max(c.width, c.height)) / Math.max(calibViews[0].width, calibViews[0].height);
      return poseFromHomography(c.padToImage, c.width, c.height, f);
    });
    calibrationMode = "per photo";
  }
  const badPose = poses.findIndex((c) => !c);
  if (badPose >= 0) throw new VisionError(`Photo ${present[badPose].i + 1}: the camera position could not be recovered from the markers; retake this photo.`);
  const presentPoses = poses as CameraPose[];
  timer.lap("calibrate");

  // A line two photos taken from different places show at one pad place is paper at the pad's
  // height (multiview/line-votes.ts).
  const sideLevels = present.map(({ v }) => new Float32Array(v.image.width * v.image.height));
  const seenLines = corroboratedLines(
    present.map(({ v }, j) => lineCandidates(v.image, v.excluded, k, sideLevels[j])),
    present[0].v.image.width,
    present[0].v.image.height,
    k,
    presentPoses.map((c) => c.nadirMm),
    sideLevels,
  );
  timer.lap("line_votes");
  const analysed: (ViewAnalysis | null)[] = located.map(() => null);
  const posesOf = new Map<number, CameraPose>();
  for (const [j, { v, i }] of present.entries()) {
    try {
      analysed[i] = await segmentView(v, p, timer, onProgress, viewOpts(i, 35), seenLines[j]);
      posesOf.set(i, presentPoses[j]);
    } catch (e) {
      if (!(e instanceof VisionError)) throw e;
      reports[i] = { index: i + 1, used: false, reason: e.message };
    }
  }
  const used = analysed.map((v, i) => ({ v, i })).filter((x): x is { v: ViewAnalysis; i: number } => x.v !== null);
  if (used.length === 0) throw new VisionError(`Photo ${firstFailure()!.index}: ${firstFailure()!.reason}`);
  const { width, height } = used[0].v.image;
  const cameraPoses = used.map(({ i }) => posesOf.get(i) as CameraPose);
  used.forEach(({ i }, j) => {
    reports[i].nadir_mm = [r1(cameraPoses[j].nadirMm[0]), r1(cameraPoses[j].nadirMm[1])];
    reports[i].camera_height_mm = r1(cameraPoses[j].heightMm);
  });

  const toolBox = maskBox(used[0].v.seg.mask, width, height, k);
  if (!toolBox) throw new VisionError(`Photo ${used[0].i + 1}: No tool found on the pad.`);

  // A photo that could not be used may be left out only while the others still surround the tool.
  const failed = firstFailure();
  if (failed && !viewsSurround(cameraPoses.map((c) => c.nadirMm), toolBox)) {
    throw new VisionError(`Photo ${failed.index}: ${failed.reason}`);
  }

  // Photos taken from (nearly) the same place see the same silhouette: they add no depth, and carving
  // their cones would only grow the outline toward the camera. Then the result is one photo's.
  const distinct: [number, number][] = [];
  for (const c of cameraPoses) if (!distinct.some(([x, y]) => Math.hypot(x - c.nadirMm[0], y - c.nadirMm[1]) < SAME_PLACE_MM)) distinct.push(c.nadirMm);
  if (distinct.length < 2) {
    return oneViewResult(
      used[0].v,
      cameraPoses[0],
      p,
      timer,
      onProgress,
      {
        views: reports,
        calibration: calibrationMode,
        note: "Every photo was taken from the same place, so they measure no more than one photo. Take the others above each corner of the pad.",
      },
      typedHeight,
    );
  }

  // What any photo filled without evidence (its segmenter's closing, or the gap closing here): the
  // accuracy figure's "filled" term. Another photo seeing tool there proves nothing: from the side,
  // the jaws' own height hides a slit between them.
  const filledAny = new Uint8Array(width * height);
  const growMm = carveGrowthMm(params, used.map(({ v }) => v));
  const seenTool: Uint8Array[] = [];
  const silhouettes: ViewSilhouette[] = used.map(({ v }, j) => {
    const own = subPixelSilhouette(v.seg.mask, width, height, v.seg.edgeImage ?? v.image, k, growMm);
    // What this photo saw as tool with evidence of its own, for the slits step (multiview/slits.ts):
    // its segmenter's closing fills a narrow slit (segmenter.ts, `filled`), whose floor it saw.
    const seen = own.slice();
    if (v.seg.filled) for (let q = 0; q < seen.length; q++) if (v.seg.filled[q]) seen[q] = 0;
    seenTool.push(seen);
    const mask = bridgeGaps(own, closeGaps(own, width, height, Math.round(GAP_CLOSE_MM * k)), v.image, k);
    for (let q = 0; q < mask.length; q++) if (mask[q] && (!own[q] || v.seg.filled?.[q])) filledAny[q] = 1;
    // Where this photo could not tell a pale part from the paper beside its outline, its miss is
    // doubtful: the carve keeps what a majority of the photos see there (carve.ts, doubt).
    const doubt = doubtfulMisses(mask, v.image, k, v.seg.shadow);
    return { mask, width, height, pxPerMm: k, camera: cameraPoses[j], unknown: v.excluded, doubt };
  });
  onProgress(78, "Carving the footprint from the views");
  // The silhouettes are grown already; the carve adds only the growth per mm of height.
  const tolerance = { toleranceMm: 0, tolerancePerMmHeight: calibration.tolerancePerMmHeight };
  let carved = carveFootprint(silhouettes, tolerance);
  timer.lap("carve");
  // Paper two photos saw at the pad's height along the hull's edge (a shadow's rim that every photo
  // kept beside a flank as dark as it): those photos' rays reach the pad there, so it is no tool of
  // theirs, and the carve again takes away whatever else their rays cross (plane-paper.ts).
  const planePaper = padPlanePaper(
    used.map(({ v }, j) => ({ flat: v.seg.edgeImage, camera: cameraPoses[j], unknown: v.excluded })),
    carved.mask,
    width,
    height,
    k,
    { partHeightMm: carved.heightMm },
  );
  const planePaperPx = planePaper.map((paper, j) => {
    let removed = 0;
    if (paper)
      for (let q = 0; q < paper.length; q++)
        if (paper[q] && silhouettes[j].mask[q]) {
          silhouettes[j].mask[q] = 0;
          seenTool[j][q] = 0;
          removed++;
        }
    return removed;
  });
  if (planePaperPx.some((n) => n > 0)) carved = carveFootprint(silhouettes, tolerance);
  timer.lap("plane_paper");

  // Do the photos agree? The carved hull must explain every silhouette; if it does not, find the one
  // photo without which the others agree again (leave one out) and name it.
  // How much of photo j's silhouette a hull explains (share, and with `far` how far beyond it the
  // unexplained part reaches): the hull raised to its height and seen from that photo's camera.
  // A pad pixel that SHADOW_VOTES other photos found cast shadow on (their segmenters' evidence)
  // is paper lying in a shadow, not tool: a photo that took it for tool disagrees there by its
  // segmentation, not because the tool moved. The carve already leaves it out (the others see the
  // paper); the check must not count it either. On plain paper a corner photo whose frame cuts off a
  // long shadow's soft far end sees only its crisp near rim, and keeps the shadow (a drill's five
  // photos were refused as disagreeing).
  const shadowElsewhere = (q: number, j: number) => {
    let votes = 0;
    for (let m = 0; m < used.length; m++) if (m !== j && used[m].v.seg.shadow?.[q]) votes++;
    return votes >= SHADOW_VOTES;
  };
  // Each hull is read once per photo: its largest part is found once.
  const largestParts = new WeakMap<Uint8Array, Uint8Array>();
  const largestPart = (mask: Uint8Array) => {
    let part = largestParts.get(mask);
    if (!part) largestParts.set(mask, (part = largestComponentMask(mask, width, height)));
    return part;
  };
  // Each of the hull's columns is raised to its own top (carve.ts, topMm), not the whole footprint
  // to the median edge column (`heightMm`): a tool of uneven height is mostly low at its edges, and
  // a prism at the median did not reach the tall head a corner photo sees tens of millimetres out.
  // A drill laid square to the pad had edge columns with a median of 1.9 mm and a head of 55 mm,
  // and its five photos were refused as disagreeing, 10-36 % of each unexplained (3D bench
  // `--square`). The search for an odd photo (leave one out, below) keeps the median prism: a hull of
  // four photos explains those four almost by construction once its columns stand at their own
  // tops, and on plain paper, where the corner photos kept a spanner's shadow, the middle photo,
  // the one that had left it out, was then dropped as the odd one (an outline 4.5 mm off).
  type Hull = { mask: Uint8Array; heightMm: number; topMm?: Float32Array; diagnostics?: Record<string, unknown> };
  // Found once per hull, like its largest part: `explain` reads the same hull from every photo.
  const tallestColumns = new WeakMap<Uint8Array, number>();
  const tallestColumnMm = (hull: Hull) => {
    let top = tallestColumns.get(hull.mask);
    if (top !== undefined) return top;
    top = hull.heightMm;
    if (hull.topMm) for (let q = 0; q < hull.topMm.length; q++) if (hull.mask[q] && hull.topMm[q] > top) top = hull.topMm[q];
    tallestColumns.set(hull.mask, top);
    return top;
  };
  const explain = (hull: Hull, j: number, far = false, ownTops = true) => {
    const columns = ownTops ? hull.topMm : undefined;
    const top = columns ? tallestColumnMm(hull) : hull.heightMm;
    const seen = prismSilhouette(hull.mask, width, height, k, cameraPoses[j], top, MOVED_SLACK_MM, columns);
    // Only this photo's parts attached to the tool count, and the tool is the hull's largest part,
    // as the outline is: a speck the hull keeps at the frame's edge (where only this photo can
    // judge) is none. Through one, a stray blob of this photo's beside it was counted as
    // unexplained (1280 x 960: five photos of a knife refused as disagreeing).
    const main = largestPart(hull.mask);
    const tool = main === hull.mask ? seen : prismSilhouette(main, width, height, k, cameraPoses[j], top, MOVED_SLACK_MM, columns);
    const sil = toolComponents(silhouettes[j].mask, tool, width, height);
    // The photo's lighting-flattened image (the classic segmenter's: paper at FLAT_PAPER), where there is one.
    const flat = used[j].v.seg.edgeImage?.data;
    let total = 0;
    let outside = 0;
    let toolLike = 0;
    for (let q = 0; q < sil.length; q++)
      if (sil[q]) {
        total++;
        // Only what the hull leaves unexplained is excused: taking explained pixels off the total
        // would raise the share (a tall part's top, seen over the others' shadow).
        if (!seen[q] && !shadowElsewhere(q, j)) {
          outside++;
          if (!flat || !paperLike(flat, q)) toolLike++;
        }
      }
    // Nothing of this photo's silhouette touches what the others explain: it is all unexplained.
    const share = total ? outside / total : countOnes(silhouettes[j].mask) / (k * k) > 20 ? 1 : 0;
    const toolShare = total ? toolLike / total : share;
    return { share, toolShare, farMm: far && outside ? farUnexplainedMm(sil, seen, width, height, k) : 0 };
  };
  const unexplained = (hull: Hull, j: number) => explain(hull, j, false, false).share;
  // One photo left out: the others' hull, how far they disagree with it (score) and, once read,
  // what of photo j's silhouette it leaves unexplained (read: that share, and how much of it looks
  // like a tool).
  type LeftOut = { j: number; score: number; hull: Hull; read?: ReturnType<typeof explain> };
  // How much of a hull, raised to its median column and seen from photo j's camera, photo j saw as
  // paper (beyond MOVED_SLACK_MM of its silhouette): what it would carve away of the others' tool.
  // The median column, not each column's own top: a round part's columns overshoot and reach past
  // every photo's silhouette alike (oracle hammer, one photo short of its head: that photo missed
  // 0.21 of the others' hull against 0.06-0.13 for the rest; 0.18 against 0.04-0.16 with own tops).
  const missedShare = (hull: Hull, j: number) => {
    const prism = prismSilhouette(largestPart(hull.mask), width, height, k, cameraPoses[j], hull.heightMm, 0);
    const near = dilateDisk(silhouettes[j].mask, width, height, MOVED_SLACK_MM * k);
    const unknown = silhouettes[j].unknown;
    let total = 0;
    let missed = 0;
    for (let q = 0; q < prism.length; q++)
      if (prism[q] && !unknown?.[q]) {
        total++;
        if (!near[q]) missed++;
      }
    return total ? missed / total : 0;
  };
  // Of the photos whose leaving out lets the others agree (about as well as the best such), the one
  // that sees least of the others' hull, if it clearly lost a part: the others agree without it
  // (LOST_PART_AGREE_SHARE of the disagreement left) and it misses LOST_PART_MISSED of their hull.
  const lostPartPhoto = (outs: LeftOut[], disagreement: number): LeftOut | null => {
    const best = Math.min(...outs.map((o) => o.score));
    let pick: (LeftOut & { missed: number }) | null = null;
    for (const o of outs) {
      if (o.score > best + LOST_PART_TIE) continue;
      const missed = missedShare(o.hull, o.j);
      if (!pick || missed > pick.missed) pick = { ...o, missed };
    }
    if (!pick || pick.missed < LOST_PART_MISSED || pick.score > disagreement * LOST_PART_AGREE_SHARE) return null;
    // A photo that misses much of the others' tool and also sees tool they do not, where that looks
    // like a tool (MOVED_TOOL_LIKE), shows the tool moved: the user's to fix. Where it looks like
    // paper, the photo lost a part and took some paper for tool: it is left out as well. Both were
    // kept until session 36, and the carve cut the tool: a hammer moved 8-10 mm sideways in one
    // corner photo (4.1-8 % of it unexplained, under MOVED_UNEXPLAINED) was cut 4.8-6.8 %.
    const read = explain(pick.hull, pick.j, false, false);
    if (read.share > MOVED_UNEXPLAINED / 2 && read.toolShare > MOVED_TOOL_LIKE) throw movedPhotoError(used[pick.j].i + 1);
    return { ...pick, read };
  };
  let explained = silhouettes.map((_, j) => explain(carved, j, true));
  const consistency = explained.map((e, j) => ({ index: used[j].i + 1, unexplained: r2(e.share), tool_like: r2(e.toolShare) }));
  const worst = consistency.reduce((a, b) => (b.unexplained > a.unexplained ? b : a));
  // A photo that lost a part of the tool leaves the others unexplained where it carved that part
  // away; above LOST_PART_UNEXPLAINED (but under MOVED_UNEXPLAINED) the search for it runs too.
  const strong = worst.unexplained > MOVED_UNEXPLAINED;
  if (silhouettes.length >= 3 && worst.unexplained > LOST_PART_UNEXPLAINED) {
    // Find the photo without which the others agree again (leave one out).
    const outs: LeftOut[] = [];
    for (let j = 0; j < silhouettes.length; j++) {
      const others = silhouettes.map((_, m) => m).filter((m) => m !== j);
      const hull = carveFootprint(others.map((m) => silhouettes[m]), { ...tolerance, zStepMm: CHECK_Z_STEP_MM });
      outs.push({ j, score: Math.max(...others.map((m) => unexplained(hull, m))), hull });
    }
    const odd = strong ? outs.reduce((a, b) => (b.score < a.score ? b : a)) : lostPartPhoto(outs, worst.unexplained);
    // Under MOVED_UNEXPLAINED with no photo that clearly lost a part (odd null), all are kept.
    if (odd && odd.score <= MOVED_UNEXPLAINED / 2) {
      const index = used[odd.j].i + 1;
      // The odd photo either sees the tool where the others do not (it moved, or another pad) or
      // sees less of it (its segmentation lost a part: satin steel as bright as the paper). The
      // first is the user's to fix; the second would cut the pocket into the tool, so that photo
      // is left out and the others carve the footprint. Where what it sees beyond the others looks
      // like paper (MOVED_TOOL_LIKE), it took paper for tool there: the carve takes that away, and
      // every photo is kept.
      // Read once: how much of the odd photo's silhouette the others leave unexplained, and how much of that looks like a tool.
      const { share: oddOutside, toolShare: oddToolLike } = odd.read ?? explain(odd.hull, odd.j, false, false);
      // The lost-part search (not strong) has already refused a photo that moved.
      if (!strong || oddOutside <= MOVED_UNEXPLAINED) {
        reports[used[odd.j].i] = {
          ...reports[used[odd.j].i],
          used: false,
          reason: "Part of the tool was not found in this photo (its outline disagrees with the other photos'), so it was left out.",
        };
        silhouettes.splice(odd.j, 1);
        // Every per-photo array stays aligned with the photos used: the slit step reads seenTool[j]
        // beside silhouettes[j] (a stale entry crashed it, or paired one photo's floor with another's view).
        seenTool.splice(odd.j, 1);
        used.splice(odd.j, 1);
        cameraPoses.splice(odd.j, 1);
        consistency.splice(odd.j, 1);
        carved = carveFootprint(silhouettes, tolerance);
        explained = silhouettes.map((_, j) => explain(carved, j, true));
      } else if (oddToolLike > MOVED_TOOL_LIKE) {
        throw movedPhotoError(index);
      }
    } else if (strong && Math.max(...explained.map((e) => e.toolShare)) > MOVED_TOOL_LIKE) {
      // No single photo explains it: the photos disagree with each other, and a hull carved from
      // them would cut the tool. Name the photo that agrees least. (Where all they disagree on
      // looks like paper, MOVED_TOOL_LIKE, they took paper for tool in different places, and the
      // carve keeps only what every photo saw: every photo is kept.)
      throw new VisionError(
        `Photo ${worst.index}: the photos do not agree with each other (the tool or the pad moved, or the tool was not found the same way in each). Keep the tool still on the same pad and take the photos again.`,
      );
    }
  }
  timer.lap("consistency");

  // Beside tall walls the hull bulges past the wall's foot; the photos' tangents across each straight
  // wall locate its face (see wall-fit.ts). The consistency checks above keep using the hull.
  onProgress(79, "Fitting the walls");
  const walls = fitWalls(
    silhouettes,
    carved.mask,
    width,
    height,
    k,
  );
  timer.lap("walls");
  // Slits the hull keeps closed, opened where the photos show their floor (multiview/slits.ts).
  const slits = openSeenSlits(walls.mask, walls.overhangs, carved, seenTool, silhouettes, cameraPoses, width, height, k);
  timer.lap("slits");
  // One tool, one piece: a carve cut in two by neighbouring losses in different photos is joined
  // again (joinParts), and the join counts as filled without evidence for the accuracy figure.
  const join = (mask: Uint8Array) => joinParts(mask, width, height, Math.round(JOIN_MM * k), k);
  const footprint = join(slits.mask);
  for (let q = 0; q < footprint.length; q++) if (footprint[q] && !slits.mask[q]) filledAny[q] = 1;
  // A slit opened only as far as a photo saw its floor may go on beyond, seen as jaw by every
  // photo: the fills' reach is measured on the outline as it was before any slit opened, so the
  // accuracy figure does not shrink with the opening (3D bench, square set: a caliper's slit opened
  // 15.0 -> 9.2 mm; measured on the opened outline its figure fell 16.1 -> 5.6 mm).
  const unopened = slits.diagnostics.opened ? join(walls.mask) : footprint;
  // The tool's height is its top (a pocket must be that deep). The hull's columns at the pad-plane
  // slice's edge give one (their 90th percentile), but over a round part they reach where the
  // tangent rays from either side cross, a fifth to two thirds above a hex key's bar. Where walls
  // were fitted, their tops say it better (3D bench: within 6.2 % on every tool where at least 10
  // samples fitted, the columns up to 72 % over on the hex key, 8 % on a socket); they are taken
  // unless they disagree with the columns by more than the columns can be off (a tallest part with
  // no wall fitted would have no say).
  const upper = Number((carved.diagnostics as { heightUpperMm?: number }).heightUpperMm);
  const columns = Number.isFinite(upper) && upper > 0 ? upper : carved.heightMm;
  const minShare = wallTopMinShare(footprint, width, height, k, cameraPoses);
  const { mm: measured, from: heightFrom } = heightFromWallsOrColumns(walls.topMm, columns, minShare);
  const heightMm = typedHeight ?? (measured > 0 ? r1(measured) : null);
  timer.lap("walls");
  const base = used[0].v;
  const { result } = buildTraceResult(
    { mask: footprint, edgeImage: maskEdgeImage(footprint, width, height), previewImage: base.image },
    p,
    timer,
    (pct, message) => onProgress(80 + (pct - 75) * (20 / 25), message),
    {
      ...viewDiagnostics(base),
      segmentation: base.seg.diagnostics ?? {},
      grid_found: gridFound(used.map((u) => u.v)),
      views: reports,
      focal_px: r1(calibration.focalPx),
      calibration: calibrationMode,
      calibration_residual_px: calibration.residualPx === null ? null : r2(calibration.residualPx),
      carve: carved.diagnostics,
      planePaperMm2: planePaperPx.map((n) => r1(n / (k * k))),
      walls: walls.diagnostics,
      slits: slits.diagnostics,
      height: { from: typedHeight ? "typed" : heightFrom, columns_mm: r1(columns), walls_mm: walls.topMm },
      consistency,
    },
  );
  const geometric = estimateAccuracyMm({
    views: used.map(({ v }, j) => ({ nadirMm: cameraPoses[j].nadirMm, heightMm: cameraPoses[j].heightMm, reprojectionPx: v.loc.reprojectionPx, pxPerMm: v.fullPxPerMm, sharpness: v.sharpness })),
    // The taller estimate of a tool of uneven height gives the safer figure.
    toolHeightMm: heightMm,
    toolBoxMm: boxOf(result.contour_points_mm),
    multiView: true,
    ...tolerance,
    toleranceMm: growMm,
  });
  // What geometry cannot know, measured on these photos: how far any photo saw tool that the
  // carved footprint does not explain (a part one photo found and another lost is carved away),
  // and whether a cast shadow lies against the tool (a band of it may remain in every photo alike,
  // where carving cannot see it; its width grows with the tool's height).
  const disagreement = Math.max(0, ...explained.map((e) => e.farMm));
  const shadowed = used.some(({ v }) => shadowAgainstTool(v.seg.shadow, footprint, width, height, k));
  const reachIntoOutline = fillReach(unopened, width, height, k);
  const filledMm = reachIntoOutline(filledAny);
  // A slit no photo saw to the floor stays closed, and nothing above filled it: its floor, in the
  // parts' shade, reads as tool. A narrow dark valley in any photo, open to the outline, may be one
  // (multiview/crevices.ts); the outline may then be off by how far it reaches in. Ray-traced
  // five photos, held out: a caliper's jaw slit, 14.9 mm true error against 7.8 stated before.
  const creviceStart = performance.now();
  const outlineBox = maskBounds(unopened, width, height);
  const creviceMm = outlineBox ? Math.max(0, ...used.map(({ v }) => reachIntoOutline(darkCrevices(v.image, k, outlineBox)))) : 0;
  const creviceMs = performance.now() - creviceStart;
  const band = shadowed && heightMm ? Math.min(SHADOW_BAND_MAX_MM, SHADOW_BAND_PER_MM_HEIGHT * heightMm) : 0;
  const segmentation = Math.max(disagreement, band, filledMm, creviceMm);
  const accuracy = geometric + segmentation;
  (result.diagnostics as Record<string, unknown>).accuracy = {
    crevice_mm: r2(creviceMm),
    crevice_ms: r1(creviceMs),
    geometric_mm: r2(geometric),
    disagreement_mm: r2(disagreement),
    shadow_against_tool: shadowed,
    filled_mm: r2(filledMm),
    growth_mm: r2(growMm),
  };
  return { ...result, views: used.length, height_mm: heightMm, accuracy_mm: accuracyFigure(accuracy) };
}
