// Synthetic pad photos of tools WITH thickness (issue 13): parallax of thick tools and cast shadows,
// the two effects the flat generator (generate-pad-photo.ts) cannot show. Geometry follows
// /work/shared/scanner-physics.md: a point of the tool at height z over footprint point p is seen on
// the pad plane at n + (p - n) * Hc / (Hc - z) (n = nadir, Hc = camera height) and casts its shadow
// z / tan(elevation) away from the light. Everything visible lies on the pad plane along camera rays,
// so the photo is the pad raster with the seen silhouette and the shadow painted in, warped by the
// camera's plane homography K [r1 r2 t] - exactly as the flat generator warps its sheet.
import { encodeBmp } from "./bmp-encode.ts";
import { largestPolygon, offsetPaths, polygonUnion } from "../../src/vision/clipper-ops.ts";
import { applyHomography, multiply3 } from "../../src/vision/homography.ts";
import { getCv, loadOpenCv, withMats } from "../../src/vision/opencv.ts";
import { FRAME_H_MM, FRAME_ORIGIN_ON_SHEET_MM, FRAME_W_MM, SHEET_H_MM, SHEET_W_MM } from "../../src/vision/pad-spec.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";
import { simplifyClosed } from "../../src/vision/simplify-rdp.ts";
import { photographSheet, smoothNoise } from "./generate-pad-photo.ts";
import { rasterizeCoverage } from "./rasterize.ts";
import { renderSheet } from "./render-pad.ts";
import { createRng, type Rng } from "./rng.ts";
import { bounds, erosionAt, makeTool3d, outerSign, type Part3d, placeTool3d, TOOL3D_KINDS, type Tool3d, type Tool3dKind, toolHeight } from "./tool-shapes-3d.ts";

export { TOOL3D_KINDS, type Tool3dKind };
export const FINISHES_3D = ["black", "dark", "coloured", "light-grey", "satin-steel", "chrome"] as const;
export type Finish3d = (typeof FINISHES_3D)[number];
export type CameraSpec = { x: number; y: number; heightMm: number; aim?: [number, number]; rollDeg?: number; fovDeg?: number };
export type LightSpec = { elevationDeg: number; azimuthDeg: number; kind: "hard" | "soft" | "diffuse" | "none"; strength: number };
export type CameraName = "middle" | "corner0" | "corner1" | "corner2" | "corner3";
export type Render3dOptions = {
  seed: number;
  /** Displayed size; default 4000 x 3000 (1920 x 1440 and 1280 x 960 are the other bench sizes). */
  width?: number;
  height?: number;
  toolKind?: Tool3dKind;
  finish?: Finish3d;
  /** Default "middle". Corners: above marker 0..3's frame corner (~within 25 mm), 250-450 mm high, aimed at the pad middle. */
  camera?: CameraSpec | CameraName;
  light?: LightSpec;
  /** shadows: the tool seen without parallax (heights only cast shadows); parallax: no shadow at all; both: real. */
  cause?: "both" | "shadows" | "parallax";
  /** Footprint bounding-box centre (pad mm) and rotation. */
  placement?: { cx: number; cy: number; angleDeg: number };
  jpegQuality?: number;
  noiseSigma?: number;
  blurPx?: number;
  /**
   * Plain paper: no grid and no frame line are printed, only the markers (the real photos: tools
   * on A4 paper with the pad's markers added). Shadows and steel must then be told apart without the
   * grid's evidence.
   */
  plainPaper?: boolean;
  /**
   * The tool laid square to the pad (0, 90, 180 or 270° and within 2° of it), as people lay tools on
   * a sheet, instead of at any angle: its straight edges then run along the printed lines. A tool
   * that fits no such way (the drill) is placed as usual.
   */
  square?: boolean;
};
export type Render3dPhoto = {
  jpeg: Uint8Array;
  /** Truth: vertical projection (outer outline, pad mm, closed, not repeated). */
  footprintMm: [number, number][];
  /** What this camera saw of the tool on the pad plane (outer outline), shadows excluded. */
  silhouetteMm: [number, number][];
  /** Cast shadow region(s) on the pad plane (diagnostics). */
  shadowMm: [number, number][][];
  heightMm: number;
  camera: { centreMm: [number, number, number]; focalPx: number; width: number; height: number; padToImage: number[] };
  toolKind: Tool3dKind;
  finish: Finish3d;
  light: LightSpec;
};

type P = [number, number];
type M3 = number[];
type V3 = [number, number, number];

export const PROTOCOL_VIEWS: CameraName[] = ["middle", "corner0", "corner1", "corner2", "corner3"];
const PAD_MID: P = [FRAME_W_MM / 2, FRAME_H_MM / 2];

const mul = multiply3;
const apply = (h: M3, x: number, y: number): P => applyHomography(h, [x, y]) as P;

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

// ---------------------------------------------------------------- camera

export type Camera = { C: V3; R: V3[]; f: number; W: number; H: number; padToImage: M3 };

/**
 * Rows of R: image right (u), image down (v), viewing direction (w). Pad coordinates are x right,
 * y down the printed page, z up; v = u x w keeps the picture unmirrored (looking straight down with
 * roll 0 gives image right = pad +x, image down = pad +y).
 */
function cameraRotation(C: V3, aim: P, rollDeg: number): V3[] {
  const w = norm(sub([aim[0], aim[1], 0], C));
  const r = (rollDeg * Math.PI) / 180;
  const d: V3 = [Math.cos(r), Math.sin(r), 0];
  const u = norm(sub(d, w.map((c) => c * dot(d, w)) as V3));
  const v = cross(u, w);
  return [u, v, w];
}

function makeCamera(C: V3, R: V3[], f: number, W: number, H: number): Camera {
  // image = K (R (X - C)); for X = (x, y, 0) that is K [r1 r2 -R C] (x, y, 1).
  const t = R.map((row) => -dot(row, C));
  const G = [R[0][0], R[0][1], t[0], R[1][0], R[1][1], t[1], R[2][0], R[2][1], t[2]];
  const K = [f, 0, W / 2, 0, f, H / 2, 0, 0, 1];
  return { C, R, f, W, H, padToImage: mul(K, G) };
}

// The whole printed sheet should be in frame (markers plus a margin of paper).
const FIT_POINTS: P[] = [
  [-FRAME_ORIGIN_ON_SHEET_MM[0], -FRAME_ORIGIN_ON_SHEET_MM[1]],
  [SHEET_W_MM - FRAME_ORIGIN_ON_SHEET_MM[0], -FRAME_ORIGIN_ON_SHEET_MM[1]],
  [SHEET_W_MM - FRAME_ORIGIN_ON_SHEET_MM[0], SHEET_H_MM - FRAME_ORIGIN_ON_SHEET_MM[1]],
  [-FRAME_ORIGIN_ON_SHEET_MM[0], SHEET_H_MM - FRAME_ORIGIN_ON_SHEET_MM[1]],
];

/** Largest focal length (px) that keeps every fit point inside the frame with a margin. */
function maxFocal(C: V3, R: V3[], W: number, H: number): number {
  let f = Infinity;
  const mx = W / 2 - W * 0.02;
  const my = H / 2 - H * 0.02;
  for (const [x, y] of FIT_POINTS) {
    const d = sub([x, y, 0], C);
    const z = dot(R[2], d);
    if (z <= 0) return 0;
    const xn = Math.abs(dot(R[0], d) / z);
    const yn = Math.abs(dot(R[1], d) / z);
    if (xn > 1e-9) f = Math.min(f, mx / xn);
    if (yn > 1e-9) f = Math.min(f, my / yn);
  }
  return f;
}

const focalFromFov = (W: number, H: number, fovDeg: number) => Math.max(W, H) / 2 / Math.tan((fovDeg * Math.PI) / 360);

/** `fovDeg`: the phone's field of view across the long side, the same for every photo of a protocol (one camera, no zoom). */
export function buildCamera(spec: CameraSpec | CameraName, W: number, H: number, fovDeg: number, rng: Rng): Camera {
  // The pad is portrait, frames landscape: the pad's long side runs along the frame's long side.
  const baseRoll = W >= H ? 90 : 0;
  if (typeof spec === "object") {
    const C: V3 = [spec.x, spec.y, spec.heightMm];
    const R = cameraRotation(C, spec.aim ?? PAD_MID, spec.rollDeg ?? baseRoll);
    return makeCamera(C, R, focalFromFov(W, H, spec.fovDeg ?? 70), W, H);
  }
  const flip = rng.next() < 0.5 ? 0 : 180;
  const f = focalFromFov(W, H, fovDeg);
  if (spec === "middle") {
    // Above the middle, aimed near the middle: a tilt of up to 12 deg puts the camera off to one side.
    const aim: P = [PAD_MID[0] + rng.range(-8, 8), PAD_MID[1] + rng.range(-8, 8)];
    const tiltDir = rng.range(0, 2 * Math.PI);
    const tan = Math.tan((rng.range(0, 12) * Math.PI) / 180);
    const jitter: P = [rng.range(-8, 8), rng.range(-8, 8)];
    const roll = baseRoll + flip + rng.range(-8, 8);
    const fill = rng.range(0.85, 0.98);
    for (let Hc = 250; ; Hc *= 1.02) {
      const C: V3 = [aim[0] + jitter[0] + Hc * tan * Math.cos(tiltDir), aim[1] + jitter[1] + Hc * tan * Math.sin(tiltDir), Hc];
      const R = cameraRotation(C, aim, roll);
      const fm = maxFocal(C, R, W, H) * fill;
      if (fm >= f) return makeCamera(C, R, f, W, H);
      if (Hc > 600) return makeCamera(C, R, fm, W, H);
    }
  }
  const k = Number(spec.slice(6));
  const corner: P = [k === 1 || k === 2 ? FRAME_W_MM : 0, k >= 2 ? FRAME_H_MM : 0];
  const a = rng.range(0, 2 * Math.PI);
  const rr = rng.range(0, 22);
  const xy: P = [corner[0] + rr * Math.cos(a), corner[1] + rr * Math.sin(a)];
  const aim: P = [PAD_MID[0] + rng.range(-10, 10), PAD_MID[1] + rng.range(-10, 10)];
  let Hc = rng.range(250, 330);
  // The roll that lets the pad fill the frame best, then a little jitter.
  let best = { roll: baseRoll, fm: 0 };
  for (let roll = 0; roll < 360; roll += 5) {
    const fm = maxFocal([xy[0], xy[1], Hc], cameraRotation([xy[0], xy[1], Hc], aim, roll), W, H);
    if (fm > best.fm) best = { roll, fm };
  }
  const roll = best.roll + rng.range(-4, 4);
  // Same focal length as the other photos: step back (up) until the whole sheet is in frame.
  for (;;) {
    const C: V3 = [xy[0], xy[1], Hc];
    const R = cameraRotation(C, aim, roll);
    const fm = maxFocal(C, R, W, H) * 0.97;
    if (fm >= f) return makeCamera(C, R, f, W, H);
    if (Hc >= 600) return makeCamera(C, R, fm, W, H);
    Hc *= 1.02;
  }
}

// ---------------------------------------------------------------- geometry

export type Slice = { z: number; polys: P[][]; link: boolean };

// Slab spacing for round profiles: the seen outline moves by about r dz / Hc between slabs.
const DZ_MAX = 0.3;
const ARC_MAX = 0.4;

// Tool outlines are sampled every 0.25 mm, far finer than a gentle arc needs; dropping vertices
// that move the outline by < 5 µm makes the per-view unions several times cheaper.
const SIMPLIFY_MM = 0.005;
const simplify = (polys: P[][]) => polys.map((q) => simplifyClosed(q, SIMPLIFY_MM));

export function partSlices(p: Part3d): Slice[] {
  const top = p.z0 + p.h;
  const base = simplify(p.polys);
  if (p.edge <= 1e-6) return [{ z: p.z0, polys: base, link: true }, { z: top, polys: base, link: false }];
  const r = p.edge;
  const n = Math.max(3, Math.ceil(Math.max((r * Math.PI) / 2 / ARC_MAX, r / DZ_MAX)));
  const zs: number[] = [];
  for (let i = 0; i <= n; i++) zs.push(r - r * Math.cos((Math.PI / 2) * (i / n)));
  const lower = zs.map((z) => z);
  const upper = zs.map((z) => p.h - z).reverse();
  const out: Slice[] = [];
  const push = (zRel: number, link: boolean) => {
    const d = erosionAt(p, zRel);
    const polys = d > 1e-4 ? simplify(offsetPaths(p.polys, -d, 0.02)) : base;
    if (polys.length) out.push({ z: p.z0 + zRel, polys, link });
  };
  // The bottom-most and top-most slabs of a round part are a line: start a hair inside.
  for (let i = 0; i < lower.length; i++) push(Math.max(lower[i], 0.02), false);
  const flatWall = p.h - 2 * r > 1e-6;
  if (flatWall) out[out.length - 1].link = true;
  for (let i = flatWall ? 0 : 1; i < upper.length; i++) push(Math.min(upper[i], p.h - 0.02), false);
  return out;
}

/** Map every slice with `fn` and add the wall quads between linked slices; ready for one union. */
export function sweep(slices: Slice[], fn: (p: P, z: number) => P): P[][] {
  const out: P[][] = [];
  for (let s = 0; s < slices.length; s++) {
    const sl = slices[s];
    const mapped = sl.polys.map((q) => q.map((p) => fn(p, sl.z)));
    out.push(...mapped);
    if (sl.link && s + 1 < slices.length) {
      const nx = slices[s + 1];
      const sign = outerSign(sl.polys);
      for (const q of sl.polys) {
        const a = q.map((p) => fn(p, sl.z));
        const b = q.map((p) => fn(p, nx.z));
        for (let i = 0; i < q.length; i++) {
          const j = (i + 1) % q.length;
          const quad: P[] = [a[i], a[j], b[j], b[i]];
          const ar = signedPolygonArea(quad);
          if (Math.abs(ar) < 1e-6) continue;
          out.push(Math.sign(ar) === sign ? quad : quad.reverse());
        }
      }
    }
  }
  return out;
}

export function seenFn(C: V3): (p: P, z: number) => P {
  const [nx, ny, Hc] = C;
  return ([x, y], z) => {
    const k = Hc / (Hc - z);
    return [nx + (x - nx) * k, ny + (y - ny) * k];
  };
}

export function shadowFn(light: Pick<LightSpec, "elevationDeg" | "azimuthDeg">): (p: P, z: number) => P {
  const az = (light.azimuthDeg * Math.PI) / 180;
  const k = 1 / Math.tan((light.elevationDeg * Math.PI) / 180);
  // Azimuth is where the light comes from; the shadow falls the other way.
  const dx = -Math.cos(az) * k;
  const dy = -Math.sin(az) * k;
  return ([x, y], z) => [x + dx * z, y + dy * z];
}

/** The outer outline a camera at `centre` (pad mm, z up) sees of a tool on the pad plane (exact up to the slab spacing). */
export function seenSilhouetteMm(tool: Tool3d, centre: [number, number, number]): P[] {
  const fn = seenFn(centre);
  const out = largestPolygon(polygonUnion(tool.parts.flatMap((p) => polygonUnion(sweep(partSlices(p), fn)))));
  if (!out) throw new Error("degenerate tool");
  return out;
}

/** The shadow a tool casts on the pad plane under a point light at infinity (hard edge). */
export function castShadowMm(tool: Tool3d, light: Pick<LightSpec, "elevationDeg" | "azimuthDeg">): P[][] {
  const fn = shadowFn(light);
  return polygonUnion(tool.parts.flatMap((p) => sweep(partSlices(p), fn)));
}

// ---------------------------------------------------------------- scene (tool, pose, light, looks)

export type Scene = {
  tool: Tool3d;
  slices: Slice[][];
  finish: Finish3d;
  light: LightSpec;
  footprint: P[][];
  heightMm: number;
  paper: [number, number, number];
  gridV: number;
  handleColour: [number, number, number];
  bodyGrey: number;
  diffuseSigmaMm: number;
  aoOffset: P;
  env: number[];
  fovDeg: number;
};

const HANDLE_COLOURS: [number, number, number][] = [
  [200, 35, 30],
  [235, 195, 35],
  [35, 80, 190],
  [240, 120, 25],
  [40, 150, 65],
];

function randomLight(rng: Rng): LightSpec {
  const u = rng.next();
  const kind = u < 0.3 ? "hard" : u < 0.6 ? "soft" : "diffuse";
  return {
    kind,
    elevationDeg: rng.range(35, 70),
    azimuthDeg: rng.range(0, 360),
    strength: kind === "diffuse" ? rng.range(0.18, 0.38) : rng.range(0.3, 0.6),
  };
}

/**
 * The tool's angle on the pad at placement attempt `attempt`: square to the pad first (`square`),
 * then any angle, and after a while along the pad's long side, where big tools (drill, hammer) fit.
 */
function placementAngleDeg(rng: Rng, attempt: number, square: boolean): number {
  if (square && attempt < 200) return rng.pick([0, 90, 180, 270]) + rng.range(-2, 2);
  if (attempt < (square ? 250 : 150)) return rng.range(0, 360);
  return rng.pick([90, 270]) + rng.range(-20, 20);
}

export function buildScene(opts: Render3dOptions): Scene {
  const rng = createRng(opts.seed * 7919 + 31);
  const kind = opts.toolKind ?? rng.pick(TOOL3D_KINDS);
  const finish = opts.finish ?? rng.pick(FINISHES_3D);
  const shape = makeTool3d(kind, rng);
  const randomLightSpec = randomLight(rng);
  const light = opts.light ?? randomLightSpec;
  let tool: Tool3d | null = null;
  // Tops of tall tools are seen further out (r h / (Hc - h)): keep them clear of the 12 mm inset.
  const clearance = 15 + 0.3 * toolHeight(shape);
  for (let attempt = 0; attempt < 400 && !tool; attempt++) {
    const angleDeg = opts.placement?.angleDeg ?? placementAngleDeg(rng, attempt, opts.square === true);
    const placed0 = placeTool3d(shape, (angleDeg * Math.PI) / 180, 0, 0);
    if (opts.placement) {
      tool = placeTool3d(shape, (angleDeg * Math.PI) / 180, opts.placement.cx, opts.placement.cy);
      break;
    }
    const b = bounds(placed0.parts.flatMap((p) => p.polys.flat()));
    const freeX = FRAME_W_MM - 2 * clearance - (b.x1 - b.x0);
    const freeY = FRAME_H_MM - 2 * clearance - (b.y1 - b.y0);
    if (freeX < 0 || freeY < 0) continue;
    // Tall tools stay nearer the middle: seen from a corner their tops move tens of mm outwards and
    // would cover the markers on the far side.
    const spread = Math.max(0.2, 1 - toolHeight(shape) / 70);
    tool = placeTool3d(
      shape,
      (angleDeg * Math.PI) / 180,
      FRAME_W_MM / 2 + rng.range(-0.5, 0.5) * freeX * spread,
      FRAME_H_MM / 2 + rng.range(-0.5, 0.5) * freeY * spread,
    );
  }
  if (!tool) throw new Error(`${kind} does not fit on the pad`);
  const footprint = polygonUnion(tool.parts.flatMap((p) => p.polys));
  // Parts that only touch would leave the footprint's "outer outline" without some of the tool.
  const sign = outerSign(footprint);
  if (footprint.filter((q) => Math.sign(signedPolygonArea(q)) === sign).length !== 1) throw new Error(`${kind}: the parts do not make one piece`);
  const paperBase = rng.range(238, 250);
  const paper: [number, number, number] = [paperBase + rng.range(-3, 3), paperBase + rng.range(-3, 3), paperBase + rng.range(-6, 2)];
  const env: number[] = [];
  for (let i = 0; i < 8; i++) env.push(rng.range(0.5, 3), rng.range(0, 2 * Math.PI), rng.range(0.2, 1));
  return {
    tool,
    slices: tool.parts.map(partSlices),
    finish,
    light,
    footprint,
    heightMm: toolHeight(tool),
    paper,
    gridV: rng.range(200, 218),
    handleColour: rng.pick(HANDLE_COLOURS),
    bodyGrey: rng.next(),
    diffuseSigmaMm: rng.range(1.3, 2.6),
    aoOffset: [rng.range(-1.5, 1.5), rng.range(-1.5, 1.5)],
    env,
    fovDeg: rng.range(66, 78),
  };
}

// ---------------------------------------------------------------- rendering

export type Look = { kind: "matte" | "satin" | "chrome"; rgb: [number, number, number]; texture: number; spec: number };

export function lookFor(scene: Scene, mat: Part3d["mat"]): Look {
  const f = scene.finish;
  const t = scene.bodyGrey;
  const grey = (v: number): [number, number, number] => [v, v, v + 3];
  if (mat === "steel") return f === "chrome" ? { kind: "chrome", rgb: grey(140), texture: 0, spec: 0 } : { kind: "satin", rgb: grey(205 + 25 * t), texture: 2, spec: 18 };
  if (mat === "handle" && f === "coloured") return { kind: "matte", rgb: scene.handleColour, texture: 5, spec: 45 };
  // Plastic handles of bare-metal tools are dark.
  if (mat === "handle" && (f === "chrome" || f === "satin-steel")) return { kind: "matte", rgb: grey(45 + 30 * t), texture: 4, spec: 40 };
  switch (f) {
    case "black":
      return { kind: "matte", rgb: grey(22 + 18 * t), texture: 3, spec: 25 };
    case "dark":
      return { kind: "matte", rgb: grey(55 + 40 * t), texture: 5, spec: 35 };
    case "coloured":
      return { kind: "matte", rgb: grey(110 + 50 * t), texture: 6, spec: 60 };
    case "light-grey":
      return { kind: "matte", rgb: grey(165 + 30 * t), texture: 4, spec: 20 };
    case "satin-steel":
      return { kind: "satin", rgb: grey(200 + 35 * t), texture: 2, spec: 15 };
    case "chrome":
      return { kind: "chrome", rgb: grey(140), texture: 0, spec: 0 };
  }
}

/** Smooth "room" seen in chrome: a 1-D function of the reflected direction, very dark to very bright. */
function envAt(env: number[], a: number): number {
  let s = 0;
  for (let i = 0; i < env.length; i += 3) s += env[i + 2] * Math.sin(env[i] * a * 3 + env[i + 1]);
  return 1 / (1 + Math.exp(-2.2 * s));
}

/**
 * A view's camera and sensor, drawn in this order from the view's own seed: the camera (pose, focal
 * length), then the lens blur, the sensor noise and the JPEG quality (each unless the options fix
 * it). Both renderers (this one and raytrace-3d.ts) take them from here, so one scene and view
 * gives them the same camera, and their photos differ only in how the light is rendered. `rng`
 * goes on with this renderer's later draws.
 */
export function viewDraws(scene: Scene, opts: Render3dOptions, camSpec: CameraSpec | CameraName, viewKey: number) {
  const W = opts.width ?? 4000;
  const H = opts.height ?? 3000;
  const rng = createRng(opts.seed * 7919 + 101 + viewKey * 7877);
  const cam = buildCamera(camSpec, W, H, scene.fovDeg, rng);
  const scaleRef = Math.max(W, H) / 4000;
  const blurPx = opts.blurPx ?? rng.range(0.5, 1.2) * scaleRef;
  const noiseSigma = opts.noiseSigma ?? rng.range(1.5, 3.5);
  const jpegQuality = opts.jpegQuality ?? rng.int(84, 93);
  return { W, H, rng, cam, scaleRef, blurPx, noiseSigma, jpegQuality };
}

let cvReady: Promise<void> | null = null;

async function renderView(scene: Scene, opts: Render3dOptions, camSpec: CameraSpec | CameraName, viewKey: number): Promise<Render3dPhoto> {
  cvReady ??= loadOpenCv();
  await cvReady;
  const cv = getCv();
  const { W, H, rng, cam, scaleRef, blurPx, noiseSigma, jpegQuality } = viewDraws(scene, opts, camSpec, viewKey);
  const cause = opts.cause ?? "both";
  const light = scene.light;
  const castShadows = cause !== "parallax" && light.kind !== "none";

  // What the camera sees of each part, on the pad plane. "shadows" views the tool straight down.
  const seen = cause === "shadows" ? (p: P) => p : seenFn(cam.C);
  const parts = scene.tool.parts.map((part, i) => {
    const sl = scene.slices[i];
    const seenPolys = polygonUnion(sweep(sl, seen));
    const topSlice = sl[sl.length - 1];
    const topPolys = part.edge > 1e-6 && part.edge < part.h / 2 - 1e-6 ? offsetPaths(part.polys, -part.edge, 0.05) : topSlice.polys;
    return { part, seenPolys, topSeen: topPolys.map((q) => q.map((p) => seen(p, topSlice.z))), top: part.z0 + part.h };
  });
  const silhouette = largestPolygon(polygonUnion(parts.flatMap((p) => p.seenPolys)));
  const footprintOuter = largestPolygon(scene.footprint);
  if (!silhouette || !footprintOuter) throw new Error("degenerate tool");

  // Cast shadow polygons in height bands (soft shadows blur more for higher occluders).
  const bands: { polys: P[][]; sigmaMm: number }[] = [];
  if (castShadows && (light.kind === "hard" || light.kind === "soft")) {
    const nb = light.kind === "hard" ? 1 : 4;
    const sh = shadowFn(light);
    const hmax = scene.heightMm;
    for (let b = 0; b < nb; b++) {
      const z0 = (hmax * b) / nb;
      const z1 = (hmax * (b + 1)) / nb;
      const polys: P[][] = [];
      // A soft band is blurred by a millimetre or more: every other slab is plenty there.
      const thin = (sl: Slice[]) => (nb === 1 ? sl : sl.filter((x, i) => i % 2 === 0 || x.link || i === sl.length - 1 || sl[i - 1]?.link));
      scene.slices.map(thin).forEach((sl) => {
        // Slabs in this band, and the wall quads between them (a flat part's wall spans every band).
        const clipped: Slice[] = [];
        for (let s = 0; s < sl.length; s++) {
          const a = sl[s];
          const nx = sl[s + 1];
          if (a.z >= z0 - 1e-9 && a.z <= z1 + 1e-9) clipped.push({ ...a, link: a.link && !!nx && nx.z <= z1 + 1e-9 });
          if (a.link && nx && (a.z < z1 && nx.z > z0)) {
            const lo = Math.max(a.z, z0);
            const hi = Math.min(nx.z, z1);
            clipped.push({ z: lo, polys: a.polys, link: true }, { z: hi, polys: a.polys, link: false });
          }
        }
        if (clipped.length) polys.push(...sweep(clipped, sh));
      });
      if (polys.length) bands.push({ polys: polygonUnion(polys), sigmaMm: light.kind === "hard" ? 0.3 : 0.35 + 0.12 * ((z0 + z1) / 2) });
    }
  }
  let shadowMm: P[][] = [];
  if (bands.length) shadowMm = polygonUnion(bands.flatMap((b) => b.polys));
  else if (castShadows && light.kind === "diffuse") shadowMm = offsetPaths(scene.footprint, 2 * scene.diffuseSigmaMm, 0.05);

  // Sheet raster resolution: a bit finer than the photo at the pad's closest point.
  let pxPerMm = 0;
  for (const [x, y] of [[0, 0], [FRAME_W_MM, 0], [FRAME_W_MM, FRAME_H_MM], [0, FRAME_H_MM], PAD_MID] as P[]) {
    const a = apply(cam.padToImage, x, y);
    const b = apply(cam.padToImage, x + 1, y);
    const c = apply(cam.padToImage, x, y + 1);
    pxPerMm = Math.max(pxPerMm, Math.sqrt(Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))));
  }
  const S = Math.min(16, Math.max(3, Math.ceil(pxPerMm * 1.15)));
  const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
  const sheet = renderSheet(S, {
    paper: scene.paper,
    grid: opts.plainPaper ? scene.paper : [scene.gridV, scene.gridV, scene.gridV],
    frame: opts.plainPaper ? scene.paper : [128, 128, 128],
    ink: [25, 25, 28],
  });
  const { width: sw, height: sh } = sheet;
  const n = sw * sh;

  // Shadow map at 4 px/mm, blurred per band, upsampled to the sheet raster.
  let shade: Float32Array | null = null;
  if (castShadows) {
    const ls = 4;
    const f32 = (track: <M extends { delete(): void }>(m: M) => M, data: Float32Array) => {
      const m = track(new cv.Mat(lh, lw, cv.CV_32F));
      (m.data32F as Float32Array).set(data);
      return m;
    };
    const lw = Math.ceil(SHEET_W_MM * ls);
    const lh = Math.ceil(SHEET_H_MM * ls);
    const toLow = (q: P[]) => q.map(([x, y]) => [(x + ox) * ls, (y + oy) * ls] as P);
    const acc = new Float32Array(lw * lh);
    const blurInto = (cov: Float32Array, sigmaMm: number, gain: number) =>
      withMats((track) => {
        const m = f32(track, cov);
        cv.GaussianBlur(m, m, new cv.Size(0, 0), sigmaMm * ls, sigmaMm * ls, cv.BORDER_REPLICATE);
        const d = m.data32F as Float32Array;
        for (let k = 0; k < acc.length; k++) acc[k] = Math.max(acc[k], Math.min(1, d[k]) * gain);
      });
    for (const b of bands) blurInto(rasterizeCoverage(b.polys.map(toLow), lw, lh, 4), b.sigmaMm, 1);
    // Room light: a soft darkening band a few mm wide hugging the tool (ambient occlusion), present
    // under every light, strongest when the room light is all there is.
    const aoGain = light.kind === "diffuse" ? 1 : 0.3;
    const ao = rasterizeCoverage(scene.footprint.map((q) => toLow(q.map(([x, y]) => [x + scene.aoOffset[0], y + scene.aoOffset[1]] as P))), lw, lh, 4);
    const sig = Math.min(3.5, scene.diffuseSigmaMm * (0.7 + scene.heightMm / 60));
    withMats((track) => {
      const m = f32(track, ao);
      cv.GaussianBlur(m, m, new cv.Size(0, 0), sig * ls, sig * ls, cv.BORDER_REPLICATE);
      const d = m.data32F as Float32Array;
      for (let k = 0; k < acc.length; k++) acc[k] = Math.max(acc[k], Math.min(1, d[k] * 1.3) * aoGain);
    });
    shade = withMats((track) => {
      const m = f32(track, acc);
      const big = track(new cv.Mat());
      cv.resize(m, big, new cv.Size(sw, sh), 0, 0, cv.INTER_LINEAR);
      return new Float32Array(big.data32F);
    });
  }

  // Paper, lighting gradient, shadow (multiplies the paper: the grid stays visible through it).
  const light0 = rng.range(0.86, 1.0);
  const gx = rng.range(-0.1, 0.1);
  const gy = rng.range(-0.1, 0.1);
  const lightAt = (i: number, j: number) => light0 * (1 + (gx * ((i + 0.5) / S - SHEET_W_MM / 2)) / 100 + (gy * ((j + 0.5) / S - SHEET_H_MM / 2)) / 100);
  const rgba = new Uint8ClampedArray(n * 4);
  const str = light.strength;
  const fr = new Float32Array(n);
  const fg = new Float32Array(n);
  const fb = new Float32Array(n);
  for (let j = 0; j < sh; j++)
    for (let i = 0; i < sw; i++) {
      const k = j * sw + i;
      const L = lightAt(i, j) * (shade ? 1 - str * shade[k] : 1);
      fr[k] = sheet.r[k] * L;
      fg[k] = sheet.g[k] * L;
      fb[k] = sheet.b[k] * L;
    }

  // The tool, part by part, lowest first (a higher part hides what it overlaps).
  const toRaster = (q: P[]) => q.map(([x, y]) => [(x + ox) * S, (y + oy) * S] as P);
  const az = (light.azimuthDeg * Math.PI) / 180;
  const lx = Math.cos(az);
  const ly = Math.sin(az);
  const tex = smoothNoise(Math.min(sw, 2048), Math.min(sh, 2048), Math.max(2, Math.round(S * 0.8)), rng);
  const texW = Math.min(sw, 2048);
  const texH = Math.min(sh, 2048);
  for (const pp of [...parts].sort((a, b) => a.top - b.top)) {
    const look = lookFor(scene, pp.part.mat);
    const allPts = pp.seenPolys.flat().map(([x, y]) => [(x + ox) * S, (y + oy) * S] as P);
    const bb = bounds(allPts);
    const bx0 = Math.max(0, Math.floor(bb.x0) - 2);
    const by0 = Math.max(0, Math.floor(bb.y0) - 2);
    const bw = Math.min(sw, Math.ceil(bb.x1) + 3) - bx0;
    const bh = Math.min(sh, Math.ceil(bb.y1) + 3) - by0;
    if (bw <= 0 || bh <= 0) continue;
    const local = (q: P[]) => toRaster(q).map(([x, y]) => [x - bx0, y - by0] as P);
    const cov = rasterizeCoverage(pp.seenPolys.map(local), bw, bh, 4);
    const topCov = rasterizeCoverage(pp.topSeen.map(local), bw, bh, 2);
    const inside = new Uint8Array(bw * bh);
    for (let k = 0; k < inside.length; k++) inside[k] = cov[k] > 0.5 ? 255 : 0;
    const dist = withMats((track) => {
      const m = track(new cv.Mat(bh, bw, cv.CV_8U));
      m.data.set(inside);
      const d = track(new cv.Mat());
      cv.distanceTransform(m, d, cv.DIST_L2, 5);
      return new Float32Array(d.data32F);
    });
    const round = pp.part.edge >= pp.part.h / 2 - 1e-6;
    const Rpx = Math.max(0.5, (round ? pp.part.h / 2 : pp.part.edge) * S);
    const bn = bw * bh;
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++) {
        const kk = y * bw + x;
        const a = Math.min(1, cov[kk]);
        if (a <= 0) continue;
        const i = x + bx0;
        const j = y + by0;
        const k = j * sw + i;
        // Outward normal from the distance gradient; t = 0 at the outline, 1 on the ridge/top.
        const dxp = (dist[Math.min(kk + 1, bn - 1)] - dist[Math.max(kk - 1, 0)]) * 0.5;
        const dyp = (dist[Math.min(kk + bw, bn - 1)] - dist[Math.max(kk - bw, 0)]) * 0.5;
        const gl = Math.hypot(dxp, dyp) || 1;
        const facing = (-dxp * lx - dyp * ly) / gl; // -1..1, +1 = flank facing the light
        const onTop = !round && topCov[kk] > 0.5;
        const t = onTop ? 1 : Math.min(1, dist[kk] / Rpx);
        const nz = Math.sqrt(Math.max(0, 1 - (1 - t) * (1 - t))); // vertical part of the surface normal
        const tx = tex[Math.min(texH - 1, j % texH) * texW + Math.min(texW - 1, i % texW)];
        const L = lightAt(i, j);
        let v: [number, number, number];
        if (look.kind === "chrome") {
          // Reflection depends on the surface normal: streaks along a round part, broad patches on a flat face.
          const e = envAt(scene.env, (1 - nz) * Math.sign(facing || 1) * 1.5 + 0.04 * tx + (onTop ? ((i * lx + j * ly) / S) * 0.02 : 0));
          const g = 12 + 243 * e;
          v = [g, g, g + 4];
        } else {
          const diffuse = 0.5 + 0.5 * nz + 0.18 * (1 - nz) * facing;
          const ridge = look.spec * Math.exp(-(((t - (round ? 0.85 : 1)) / 0.2) ** 2)) * (0.4 + 0.6 * Math.max(0, facing + 0.3));
          const tt = 1 + (look.texture / 100) * tx;
          v = [look.rgb[0] * diffuse * tt + ridge, look.rgb[1] * diffuse * tt + ridge, look.rgb[2] * diffuse * tt + ridge];
          if (look.kind === "satin") {
            // Brushed steel stays close to the paper's brightness, with a faint sheen.
            const b = 1 + 0.03 * Math.sin(((i * 0.7 + j * 0.3) / S) * 3 + tx * 2);
            v = [v[0] * b, v[1] * b, v[2] * b];
          }
        }
        fr[k] = fr[k] * (1 - a) + Math.min(255, v[0] * L) * a;
        fg[k] = fg[k] * (1 - a) + Math.min(255, v[1] * L) * a;
        fb[k] = fb[k] * (1 - a) + Math.min(255, v[2] * L) * a;
      }
  }
  for (let k = 0, o = 0; k < n; k++, o += 4) {
    rgba[o] = fr[k];
    rgba[o + 1] = fg[k];
    rgba[o + 2] = fb[k];
    rgba[o + 3] = 255;
  }

  // Table, the camera warp, vignetting, blur, noise: the flat generator's camera.
  const tableBase = [rng.range(60, 150), rng.range(50, 130), rng.range(40, 110)];
  const tableTex = smoothNoise(W, H, Math.round(40 * scaleRef) + 2, rng);
  const sheetToImage = mul(cam.padToImage, [1, 0, -ox, 0, 1, -oy, 0, 0, 1]);
  const vignette = rng.range(0, 0.12);
  const finalRgba = photographSheet({ rgba, sw, sh, S, sheetToImage, W, H, tableBase, tableTex, vignette, blurPx, noiseSigma, noiseSeed: opts.seed * 31 + viewKey + 1 });
  const jpeg = await new Bun.Image(encodeBmp(finalRgba)).jpeg({ quality: jpegQuality }).bytes();
  return {
    jpeg,
    footprintMm: footprintOuter,
    silhouetteMm: silhouette,
    shadowMm,
    heightMm: scene.heightMm,
    camera: { centreMm: cam.C, focalPx: cam.f, width: W, height: H, padToImage: cam.padToImage },
    toolKind: scene.tool.kind,
    finish: scene.finish,
    light,
  };
}

export function viewKeyOf(cam: CameraSpec | CameraName): number {
  if (typeof cam === "object") return 99;
  return PROTOCOL_VIEWS.indexOf(cam);
}

/** One photo of a tool with thickness on the pad. Deterministic per seed and options. */
export async function renderPadPhoto3d(opts: Render3dOptions): Promise<Render3dPhoto> {
  const scene = buildScene(opts);
  const cam = opts.camera ?? "middle";
  return await renderView(scene, opts, cam, viewKeyOf(cam));
}

/** The 5-photo protocol of scanner-physics.md: "middle" (tilt <= 15 deg) then corner0..3, same tool, pose and light. */
export async function renderProtocolViews(opts: Omit<Render3dOptions, "camera">): Promise<Render3dPhoto[]> {
  const scene = buildScene(opts);
  const out: Render3dPhoto[] = [];
  for (const cam of PROTOCOL_VIEWS) out.push(await renderView(scene, opts, cam, viewKeyOf(cam)));
  return out;
}
