// Camera calibration from the pad's homographies (Zhang's method: square pixels, no skew, principal
// point at the image centre or fitted from 3+ views), and each photo's camera pose. Only the camera
// centre matters to carving (seen(p, z) = n + (p − n)·Hc/(Hc − z)); the focal length is what turns a
// homography into one. Every estimate minimises the pixel residual between each homography and a real
// camera at the 16 marker corners the homography was fitted to (first-order maximum likelihood), not
// Zhang's algebraic constraints, so near-frontal views weigh as little as they tell.
//
// For the pipeline: calibrateCapture(views) does it all with fallbacks (views → EXIF → default field
// of view) and returns each pose and the growth carveFootprint should use.
//
// Frames: the pad is x right, y down, z up (toward the camera). R and t use the right-handed world
// (x, y, w = −z into the pad), so a camera held upright straight above the pad has R = I:
// X_cam = R·[x, y, w] + t, image = (f·X/Z + W/2, f·Y/Z + H/2).

import { applyHomography, type Mat3, type Pt } from "../homography.ts";
import { markerCornersMm, MARKER_IDS } from "../pad-spec.ts";

/** centreMm: (x, y, height) in pad mm; R (row-major) and t map (x, y, w = −z) to camera coordinates. */
export type CameraPose = { centreMm: [number, number, number]; nadirMm: [number, number]; heightMm: number; R: number[]; t: number[]; focalPx: number };

/** Field of view assumed across the long side when nothing better is known (phones 65–78°, webcams 60–78°). */
export const DEFAULT_FOV_LONG_DEG = 70;
/** Corner-localisation noise (px, 1σ per coordinate) assumed when judging how well the focal length is determined. */
export const ASSUMED_CORNER_NOISE_PX = 0.3;
/** Relative 1σ uncertainty above which the focal length is reported as not determined. */
export const MAX_FOCAL_REL_STD = 0.1;
/** Relative 1σ uncertainty below which one live frame's own focal length is trusted over the default. */
export const PREVIEW_FOCAL_REL_STD = 0.04;

/** The points a homography was fitted to: the 16 marker corners; the pose fit reproduces them. */
const FIT_POINTS: Pt[] = MARKER_IDS.flatMap((id) => markerCornersMm(id));

type Vec3 = [number, number, number];

const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a: Vec3) => Math.sqrt(dot(a, a));
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];

/** Rotation matrix (row-major) of a rotation vector (Rodrigues). */
function rodrigues(w: Vec3): number[] {
  const th = norm(w);
  if (th < 1e-12) return [1, -w[2], w[1], w[2], 1, -w[0], -w[1], w[0], 1];
  const [x, y, z] = scale(w, 1 / th);
  const c = Math.cos(th);
  const s = Math.sin(th);
  const C = 1 - c;
  return [c + x * x * C, x * y * C - z * s, x * z * C + y * s, y * x * C + z * s, c + y * y * C, y * z * C - x * s, z * x * C - y * s, z * y * C + x * s, c + z * z * C];
}

function mul3(a: number[], b: number[]): number[] {
  const o = new Array(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) o[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return o;
}

/** Closed-form pose from H and f: K⁻¹H = λ[r1 r2 t], the two columns made orthonormal symmetrically. */
function decompose(H: Mat3, cx: number, cy: number, f: number): { R: number[]; t: Vec3 } {
  // Columns of K⁻¹H.
  const col = (j: number): Vec3 => [(H[j] - cx * H[6 + j]) / f, (H[3 + j] - cy * H[6 + j]) / f, H[6 + j]];
  const m1 = col(0);
  const m2 = col(1);
  const m3 = col(2);
  let lambda = 2 / (norm(m1) + norm(m2));
  // The pad lies in front of the camera.
  if (m3[2] * lambda < 0) lambda = -lambda;
  const a = scale(m1, 1 / norm(m1));
  const b = scale(m2, 1 / norm(m2));
  const s = [a[0] + b[0], a[1] + b[1], a[2] + b[2]] as Vec3;
  const d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]] as Vec3;
  const c1 = scale(s, 1 / norm(s));
  const c2 = scale(d, 1 / (norm(d) || 1));
  let r1 = scale([c1[0] + c2[0], c1[1] + c2[1], c1[2] + c2[2]], Math.SQRT1_2);
  let r2 = scale([c1[0] - c2[0], c1[1] - c2[1], c1[2] - c2[2]], Math.SQRT1_2);
  if (lambda < 0) {
    r1 = scale(r1, -1);
    r2 = scale(r2, -1);
  }
  const r3 = cross(r1, r2);
  const R = [r1[0], r2[0], r3[0], r1[1], r2[1], r3[1], r1[2], r2[2], r3[2]];
  return { R, t: scale(m3, lambda) };
}

/** Sum of squared pixel differences between the camera's projection and the homography at the fit points. */
function reprojectionCost(R: number[], t: Vec3, f: number, cx: number, cy: number, targets: Pt[]): number {
  let c = 0;
  for (let i = 0; i < FIT_POINTS.length; i++) {
    const [x, y] = FIT_POINTS[i];
    const X = R[0] * x + R[1] * y + t[0];
    const Y = R[3] * x + R[4] * y + t[1];
    const Z = R[6] * x + R[7] * y + t[2];
    if (Z <= 1e-9) return Infinity;
    const du = (f * X) / Z + cx - targets[i][0];
    const dv = (f * Y) / Z + cy - targets[i][1];
    c += du * du + dv * dv;
  }
  return c;
}

/**
 * The camera (R, t) with focal f whose projection of the pad best reproduces H at the marker corners
 * (Levenberg-Marquardt on 6 parameters from the closed-form start). With H a least-squares fit to those
 * corners, this residual is to first order what constraining the corners to a real camera costs, so
 * summing it over views and minimising over f is the maximum-likelihood focal length.
 */
function fitPose(H: Mat3, width: number, height: number, f: number, pp?: [number, number]): { R: number[]; t: Vec3; cost: number } {
  const cx = pp ? pp[0] : width / 2;
  const cy = pp ? pp[1] : height / 2;
  const targets = FIT_POINTS.map((p) => applyHomography(H, p));
  let { R, t } = decompose(H, cx, cy, f);
  let cost = reprojectionCost(R, t, f, cx, cy, targets);
  if (!Number.isFinite(cost)) return { R, t, cost };
  let mu = 1e-3;
  const n = FIT_POINTS.length * 2;
  const residuals = (Rm: number[], tv: Vec3): number[] => {
    const r: number[] = new Array(n);
    for (let i = 0; i < FIT_POINTS.length; i++) {
      const [x, y] = FIT_POINTS[i];
      const X = Rm[0] * x + Rm[1] * y + tv[0];
      const Y = Rm[3] * x + Rm[4] * y + tv[1];
      const Z = Rm[6] * x + Rm[7] * y + tv[2];
      r[2 * i] = (f * X) / Z + cx - targets[i][0];
      r[2 * i + 1] = (f * Y) / Z + cy - targets[i][1];
    }
    return r;
  };
  const tScale = Math.max(1, norm(t));
  for (let it = 0; it < 30; it++) {
    const r0 = residuals(R, t);
    // Numeric Jacobian: 3 rotation (left-multiplied increment) + 3 translation parameters.
    const J: number[][] = [];
    for (let k = 0; k < 6; k++) {
      const e = k < 3 ? 1e-6 : 1e-6 * tScale;
      const w: Vec3 = [0, 0, 0];
      const dt: Vec3 = [0, 0, 0];
      if (k < 3) w[k] = e;
      else dt[k - 3] = e;
      const Rk = k < 3 ? mul3(rodrigues(w), R) : R;
      const tk: Vec3 = [t[0] + dt[0], t[1] + dt[1], t[2] + dt[2]];
      const rk = residuals(Rk, tk);
      J.push(rk.map((v, i) => (v - r0[i]) / e));
    }
    const A = Array.from({ length: 6 }, (_, a) => Array.from({ length: 6 }, (_, b) => J[a].reduce((s, v, i) => s + v * J[b][i], 0)));
    const g = J.map((row) => row.reduce((s, v, i) => s + v * r0[i], 0));
    let improved = false;
    for (let tries = 0; tries < 8 && !improved; tries++) {
      const Ad = A.map((row, i) => row.map((v, j) => (i === j ? v * (1 + mu) + 1e-12 : v)));
      const step = solve6(Ad, g.map((v) => -v));
      if (!step) break;
      const Rn = mul3(rodrigues([step[0], step[1], step[2]]), R);
      const tn: Vec3 = [t[0] + step[3], t[1] + step[4], t[2] + step[5]];
      const cn = reprojectionCost(Rn, tn, f, cx, cy, targets);
      if (cn < cost) {
        const gain = cost - cn;
        R = Rn;
        t = tn;
        cost = cn;
        mu = Math.max(1e-9, mu / 4);
        improved = true;
        if (gain < 1e-12 * (1 + cost)) it = 1e9;
      } else mu *= 8;
    }
    if (!improved) break;
  }
  return { R, t, cost };
}

function solve6(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const M = A.map((r, i) => [...r, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    if (Math.abs(M[p][c]) < 1e-300) return null;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const k = M[r][c] / M[c][c];
      for (let j = c; j <= n; j++) M[r][j] -= k * M[c][j];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let j = r + 1; j < n; j++) s -= M[r][j] * x[j];
    x[r] = s / M[r][r];
  }
  return x;
}

function toPose(R: number[], t: Vec3, f: number): CameraPose {
  // Centre C = −Rᵀt in the (x, y, w) world; height is −w.
  const C: Vec3 = [-(R[0] * t[0] + R[3] * t[1] + R[6] * t[2]), -(R[1] * t[0] + R[4] * t[1] + R[7] * t[2]), -(R[2] * t[0] + R[5] * t[1] + R[8] * t[2])];
  const h = -C[2];
  return { centreMm: [C[0], C[1], h], nadirMm: [C[0], C[1]], heightMm: h, R, t: [...t], focalPx: f };
}

/** Pose of the camera from one homography and a known focal length (principal point = image centre, or `principalPointPx` from estimateIntrinsics). */
export function poseFromHomography(padToImage: number[], width: number, height: number, focalPx: number, principalPointPx?: [number, number]): CameraPose {
  const { R, t } = fitPose(padToImage, width, height, focalPx, principalPointPx);
  return toPose(R, t, focalPx);
}

/** Focal length guess when calibration cannot tell: EXIF 35 mm-equivalent focal length if known, else a typical phone/webcam field of view (~70 deg across the long side). */
export function defaultFocalPx(width: number, height: number, focal35mm?: number | null): number {
  // 35 mm equivalence is defined on the diagonal (43.27 mm for a 36 x 24 mm frame); implausible values
  // (a crop factor gone wrong, a zoom of 20x) are ignored.
  if (focal35mm && focal35mm >= 8 && focal35mm <= 300) return (focal35mm * Math.hypot(width, height)) / Math.hypot(36, 24);
  return Math.max(width, height) / 2 / Math.tan(((DEFAULT_FOV_LONG_DEG / 2) * Math.PI) / 180);
}

type FocalView = { padToImage: number[]; width: number; height: number };

/** Minimise cost(log f) over [lo, hi]: a coarse grid, then golden-section in the best bracket. */
function minimiseLogF(cost: (f: number) => number, lo: number, hi: number, steps = 28): { f: number; cost: number; atBound: boolean } {
  const l0 = Math.log(lo);
  const l1 = Math.log(hi);
  const grid = Array.from({ length: steps + 1 }, (_, i) => l0 + ((l1 - l0) * i) / steps);
  const vals = grid.map((l) => cost(Math.exp(l)));
  let k = 0;
  for (let i = 1; i < vals.length; i++) if (vals[i] < vals[k]) k = i;
  let a = grid[Math.max(0, k - 1)];
  let b = grid[Math.min(steps, k + 1)];
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = cost(Math.exp(c));
  let fd = cost(Math.exp(d));
  for (let it = 0; it < 40 && b - a > 1e-6; it++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = cost(Math.exp(c));
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = cost(Math.exp(d));
    }
  }
  const l = (a + b) / 2;
  const atBound = k === 0 || k === steps;
  return { f: Math.exp(l), cost: cost(Math.exp(l)), atBound };
}

/**
 * Relative 1σ of f from the curvature of the summed residual in log f: var(log f) = 2σ²/J''. σ is the
 * larger of the assumed corner noise and what the residual itself shows (it has 2·views − 1 degrees of
 * freedom), so lens distortion or a decentred principal point widen the figure honestly.
 */
function relStdOfFocal(cost: (f: number) => number, f: number, views: number): number {
  const h = 0.02;
  const j0 = cost(f);
  const jp = cost(f * Math.exp(h));
  const jm = cost(f * Math.exp(-h));
  const curv = (jp + jm - 2 * j0) / (h * h);
  const dof = Math.max(1, 2 * views - 1);
  const sigma2 = Math.max(ASSUMED_CORNER_NOISE_PX ** 2, j0 / dof);
  if (!(curv > 0)) return Infinity;
  return Math.sqrt((2 * sigma2) / curv);
}

export type FocalEstimate = {
  /** In px of the first usable view (a capture's photos share one size; scale by the long side for another). */
  focalPx: number;
  /** Estimated relative 1σ uncertainty of focalPx (0.02 = 2 %), from the curvature of the joint residual. */
  spread: number;
  /** Each input view's own estimate (its own px), null where that view alone is too close to frontal to tell or unusable. */
  perView: (number | null)[];
  /** RMS px of the 16 corners between each homography and the camera model at focalPx. */
  residualPx: number;
};

/** Zhang-style focal length from one or more plane homographies with principal point at the image centre, square pixels, no skew. null when the views are too close to frontal to tell. */
export function estimateFocalPx(views: { padToImage: number[]; width: number; height: number }[], opts: { perView?: boolean } = {}): FocalEstimate | null {
  const ok = (v: FocalView) => v?.padToImage?.length === 9 && v.padToImage.every(Number.isFinite) && v.width > 0 && v.height > 0;
  const usable = views.filter(ok);
  if (!usable.length) return null;
  // The search runs in units of each view's long side so that photos of different sizes share one
  // field of view; the views of one capture come from one camera (the same lens and zoom).
  const long = Math.max(...usable.map((v) => Math.max(v.width, v.height)));
  const norm = usable.map((v) => Math.max(v.width, v.height) / long);
  const cost = (f: number) => usable.reduce((s, v, i) => s + fitPose(v.padToImage, v.width, v.height, f * norm[i]).cost, 0);
  // 0.25..5 long sides: fields of view from ~11° to ~127° across the long side.
  const best = minimiseLogF(cost, 0.25 * long, 5 * long);
  const spread = relStdOfFocal(cost, best.f, usable.length);
  if (best.atBound || !(spread <= MAX_FOCAL_REL_STD)) return null;
  // Each view alone costs as much again; the live view (one frame) does not need it.
  const perView = views.map((v) => {
    if (!ok(v) || opts.perView === false) return null;
    const n = Math.max(v.width, v.height) / long;
    const one = (f: number) => fitPose(v.padToImage, v.width, v.height, f * n).cost;
    const b = minimiseLogF(one, 0.25 * long, 5 * long, 16);
    const s = relStdOfFocal(one, b.f, 1);
    return !b.atBound && s <= MAX_FOCAL_REL_STD ? +(b.f * n).toFixed(1) : null;
  });
  const residualPx = Math.sqrt(best.cost / (usable.length * FIT_POINTS.length));
  return { focalPx: best.f * (Math.max(usable[0].width, usable[0].height) / long), spread, perView, residualPx };
}

/**
 * Focal length and principal point together (Zhang with a free principal point): the same residual
 * minimised over (f, cx, cy) by coordinate descent from the centred solution. Phones put the optical
 * centre a few to a few tens of px off the image centre; on the protocol's geometry 20 px of offset
 * left unmodelled moves camera centres by ~6 mm, while 5 views find the offset to ~0.3 px (±0.3 px
 * corner noise). Needs 3+ views of one size with tilted ones among them; otherwise (or when the fit
 * wanders off) it returns the centred estimate with a zero offset.
 */
export function estimateIntrinsics(views: FocalView[]): (FocalEstimate & { principalPointPx: [number, number]; principalPointFitted: boolean }) | null {
  const start = estimateFocalPx(views);
  if (!start) return null;
  const usable = views.filter((v) => v?.padToImage?.length === 9 && v.padToImage.every(Number.isFinite) && v.width > 0 && v.height > 0);
  const v0 = usable[0];
  const centred = { ...start, principalPointPx: [v0.width / 2, v0.height / 2] as [number, number], principalPointFitted: false };
  const tilted = start.perView.filter((f) => f !== null).length;
  if (usable.length < 3 || tilted < 2 || usable.some((v) => v.width !== v0.width || v.height !== v0.height)) return centred;
  const cost = (f: number, dx: number, dy: number) => usable.reduce((s, v) => s + fitPose(v.padToImage, v.width, v.height, f, [v.width / 2 + dx, v.height / 2 + dy]).cost, 0);
  const line = (g: (t: number) => number, lo: number, hi: number) => {
    const gr = (Math.sqrt(5) - 1) / 2;
    let a = lo;
    let b = hi;
    let c = b - gr * (b - a);
    let d = a + gr * (b - a);
    let fc = g(c);
    let fd = g(d);
    for (let it = 0; it < 24; it++) {
      if (fc < fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - gr * (b - a);
        fc = g(c);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + gr * (b - a);
        fd = g(d);
      }
    }
    return (a + b) / 2;
  };
  const long = Math.max(v0.width, v0.height);
  let f = start.focalPx;
  let dx = 0;
  let dy = 0;
  for (let round = 0; round < 5; round++) {
    const span = (0.08 * long) / (round + 1);
    dx = line((t) => cost(f, t, dy), dx - span, dx + span);
    dy = line((t) => cost(f, dx, t), dy - span, dy + span);
    f = line((t) => cost(t, dx, dy), f * (1 - 0.08 / (round + 1)), f * (1 + 0.08 / (round + 1)));
  }
  const c = cost(f, dx, dy);
  // An offset beyond 5 % of the frame is not a phone's optics but a fit gone astray (bent pad, misread corner).
  if (!(c <= start.residualPx ** 2 * usable.length * FIT_POINTS.length * (1 + 1e-9)) || Math.hypot(dx, dy) > 0.05 * long) return centred;
  return {
    ...start,
    focalPx: f,
    // Uncertainty and residual of the fitted model (the centred one's include the offset's misfit).
    spread: relStdOfFocal((t) => cost(t, dx, dy), f, usable.length),
    residualPx: Math.sqrt(c / (usable.length * FIT_POINTS.length)),
    principalPointPx: [v0.width / 2 + dx, v0.height / 2 + dy],
    principalPointFitted: true,
  };
}

/** Camera centre for the live view: one frame, its own focal length only when that frame determines it confidently. */
export function estimateCameraForPreview(
  padToImage: number[],
  width: number,
  height: number,
  focal35mm?: number | null,
): { nadirMm: [number, number]; heightMm: number; focalPx: number; focalFrom: "frame" | "exif" | "default" } | null {
  if (padToImage?.length !== 9 || !padToImage.every(Number.isFinite) || !(width > 0 && height > 0)) return null;
  const own = estimateFocalPx([{ padToImage, width, height }], { perView: false });
  const useOwn = !!own && own.spread <= PREVIEW_FOCAL_REL_STD;
  const f = useOwn ? own.focalPx : defaultFocalPx(width, height, focal35mm);
  const pose = poseFromHomography(padToImage, width, height, f);
  if (!(pose.heightMm > 0) || !pose.nadirMm.every(Number.isFinite)) return null;
  return { nadirMm: pose.nadirMm, heightMm: pose.heightMm, focalPx: f, focalFrom: useOwn ? "frame" : focal35mm ? "exif" : "default" };
}

/** The homography K[r1 r2 t] of a camera (for tests, benches and synthetic views). */
export function homographyOfCamera(R: number[], t: number[], focalPx: number, width: number, height: number): Mat3 {
  const cx = width / 2;
  const cy = height / 2;
  const H = [
    focalPx * R[0] + cx * R[6],
    focalPx * R[1] + cx * R[7],
    focalPx * t[0] + cx * t[2],
    focalPx * R[3] + cy * R[6],
    focalPx * R[4] + cy * R[7],
    focalPx * t[1] + cy * t[2],
    R[6],
    R[7],
    t[2],
  ];
  return H.map((v) => v / H[8]);
}

/**
 * A camera at `centreMm` (pad x, y, height) aimed at `targetMm` on the pad, image "up" toward pad −y
 * (the top of the sheet) as far as the aim allows, like a phone held upright over the pad.
 */
export function lookAtCamera(centreMm: [number, number, number], targetMm: [number, number], focalPx: number, rollDeg = 0): CameraPose {
  const C: Vec3 = [centreMm[0], centreMm[1], -centreMm[2]];
  const fwd0: Vec3 = [targetMm[0] - C[0], targetMm[1] - C[1], 0 - C[2]];
  const zc = scale(fwd0, 1 / norm(fwd0));
  // Image down (y_c) should follow pad +y; make it orthogonal to the viewing direction.
  const down: Vec3 = [0, 1, 0];
  let yc: Vec3 = [down[0] - zc[0] * dot(down, zc), down[1] - zc[1] * dot(down, zc), down[2] - zc[2] * dot(down, zc)];
  yc = scale(yc, 1 / norm(yc));
  let xc = cross(yc, zc);
  if (rollDeg) {
    const a = (rollDeg * Math.PI) / 180;
    const x2: Vec3 = [xc[0] * Math.cos(a) + yc[0] * Math.sin(a), xc[1] * Math.cos(a) + yc[1] * Math.sin(a), xc[2] * Math.cos(a) + yc[2] * Math.sin(a)];
    yc = cross(zc, x2);
    xc = x2;
  }
  const R = [...xc, ...yc, ...zc];
  const t = [-(R[0] * C[0] + R[1] * C[1] + R[2] * C[2]), -(R[3] * C[0] + R[4] * C[1] + R[5] * C[2]), -(R[6] * C[0] + R[7] * C[1] + R[8] * C[2])];
  return { centreMm: [...centreMm], nadirMm: [centreMm[0], centreMm[1]], heightMm: centreMm[2], R, t, focalPx };
}

/** Relative 1σ of a focal length taken from EXIF (rounded 35 mm equivalents, crops) or from the default field of view (60–78°). */
const EXIF_FOCAL_REL_STD = 0.03;
const DEFAULT_FOCAL_REL_STD = 0.1;

export type CaptureCalibration = {
  /** Per input view, null where its homography is unusable. */
  poses: (CameraPose | null)[];
  focalPx: number;
  /** Principal point used (px); the image centre unless several tilted views determined it. */
  principalPointPx: [number, number];
  focalFrom: "views" | "views + principal point" | "exif" | "default";
  /** Relative 1σ of focalPx. */
  spread: number;
  /** RMS px of the marker corners against the camera model; null when nothing was fitted. */
  residualPx: number | null;
  /** Growth for carveFootprint that covers this calibration's uncertainty. */
  toleranceMm: number;
  tolerancePerMmHeight: number;
};

/**
 * One capture's calibration with fallbacks: focal length and principal point from all views (3+ of
 * one size with tilted ones among them), else the focal length alone, else EXIF, else the default
 * field of view; then every view's pose, and the growth carving should use.
 */
export function calibrateCapture(views: { padToImage: number[]; width: number; height: number; focal35mm?: number | null }[]): CaptureCalibration | null {
  const ok = (v: FocalView) => v?.padToImage?.length === 9 && v.padToImage.every(Number.isFinite) && v.width > 0 && v.height > 0;
  const usable = views.filter(ok);
  if (!usable.length) return null;
  const v0 = usable[0];
  let focalPx: number;
  let pp: [number, number] | null = null;
  let focalFrom: CaptureCalibration["focalFrom"];
  let spread: number;
  let residualPx: number | null = null;
  const intr = estimateIntrinsics(usable);
  if (intr) {
    focalPx = intr.focalPx;
    spread = intr.spread;
    residualPx = intr.residualPx;
    if (intr.principalPointFitted) pp = intr.principalPointPx;
    focalFrom = intr.principalPointFitted ? "views + principal point" : "views";
  } else {
    const exif = usable.find((v) => v.focal35mm)?.focal35mm ?? null;
    focalPx = defaultFocalPx(v0.width, v0.height, exif);
    focalFrom = exif && focalPx !== defaultFocalPx(v0.width, v0.height) ? "exif" : "default";
    spread = focalFrom === "exif" ? EXIF_FOCAL_REL_STD : DEFAULT_FOCAL_REL_STD;
  }
  const long0 = Math.max(v0.width, v0.height);
  const poses = views.map((v) => {
    if (!ok(v)) return null;
    // Same lens for every photo: focal length scales with the frame's long side; a fitted principal
    // point only applies to frames of the first one's size.
    const f = (focalPx * Math.max(v.width, v.height)) / long0;
    const samePp = pp && v.width === v0.width && v.height === v0.height ? pp : undefined;
    const pose = poseFromHomography(v.padToImage, v.width, v.height, f, samePp);
    return pose.heightMm > 0 && pose.centreMm.every(Number.isFinite) ? pose : null;
  });
  // A focal length off by a factor scales every camera height alike, which mostly rescales the hull in
  // z rather than moving its outline (exact synthetic captures, focal 18 % off: nothing cut with
  // 0.04 mm/mm, 0.09 % with 0.01); what remains grows with the focal length's uncertainty.
  const tolerancePerMmHeight = +(0.01 + 0.3 * spread).toFixed(4);
  return { poses, focalPx, principalPointPx: pp ?? [v0.width / 2, v0.height / 2], focalFrom, spread, residualPx, toleranceMm: 0.6, tolerancePerMmHeight };
}
