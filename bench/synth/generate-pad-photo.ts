import { encodeBmp } from "./bmp-encode.ts";
import { applyHomography, multiply3 } from "../../src/vision/homography.ts";
import { getCv, loadOpenCv, withMats } from "../../src/vision/opencv.ts";
import { FRAME_H_MM, FRAME_ORIGIN_ON_SHEET_MM, FRAME_W_MM, SHEET_H_MM, SHEET_W_MM } from "../../src/vision/pad-spec.ts";
import { withExifOrientation } from "./jpeg-exif.ts";
import { rasterizeCoverage } from "./rasterize.ts";
import { renderSheet } from "./render-pad.ts";
import { createRng, type Rng } from "./rng.ts";
import { bbox, makeToolShape, placeTool, TOOL_KINDS, type ToolKind, type ToolShape } from "./tool-shapes.ts";

export const FINISHES = ["black", "dark", "coloured", "light-grey", "shiny"] as const;
export type Finish = (typeof FINISHES)[number];

type P = [number, number];
type M3 = number[]; // row-major 3x3

export type PadPhotoOptions = {
  seed: number;
  /** Output size as displayed (after EXIF orientation). Default 4000 x 3000. */
  width?: number;
  height?: number;
  toolKind?: ToolKind;
  finish?: Finish;
  /** Camera tilt away from the pad normal, degrees (default random 0..15). */
  tiltDeg?: number;
  /** In-plane rotation, degrees (default random around 0/90/180/270). */
  rotationDeg?: number;
  /** Fraction of the image covered by the sheet's bounding box in its limiting direction (default 0.78..0.95). */
  fill?: number;
  blurPx?: number;
  noiseSigma?: number;
  jpegQuality?: number;
  shadowStrength?: number;
  /** Stored pixels rotated with a matching EXIF Orientation tag (1, 3, 6 or 8). */
  exifOrientation?: 1 | 3 | 6 | 8;
  /** Tool placement in pad mm (bounding-box centre) and angle; default random, >= clearance from the frame edge. */
  placement?: { cx: number; cy: number; angleDeg: number };
  /** Minimum distance of the tool from the frame edge (default 15 mm). */
  clearanceMm?: number;
  /** Render the pad without any tool. */
  noTool?: boolean;
  /** Hide these marker ids (cover them with a paper-coloured patch). */
  hideMarkers?: number[];
};

export type PadPhoto = {
  jpeg: Uint8Array;
  /** Ground-truth outer outline of the tool in pad mm (closed, not repeated). Empty when noTool. */
  truthMm: P[];
  toolKind: ToolKind;
  finish: Finish;
  meta: {
    width: number;
    height: number;
    tiltDeg: number;
    rotationDeg: number;
    exifOrientation: number;
    /** pad mm -> displayed image coordinates (pixel i spans [i, i+1)). */
    padToImage: M3;
    pxPerMm: number;
    blurPx: number;
    noiseSigma: number;
    shadowStrength: number;
  };
};

const mul = multiply3;
const apply = (h: M3, x: number, y: number): P => applyHomography(h, [x, y]) as P;

/** Camera homography sheet mm -> image px for a pinhole camera tilted by `tilt` about an axis at `axisAngle`. */
function cameraHomography(W: number, H: number, tilt: number, axisAngle: number, rot: number, fill: number, rng: Rng): M3 {
  const f = 0.8 * Math.max(W, H);
  // Rotation: in-plane rot about z, then tilt about an in-plane axis.
  const ax = Math.cos(axisAngle);
  const ay = Math.sin(axisAngle);
  const c = Math.cos(tilt);
  const s = Math.sin(tilt);
  // Rodrigues for axis (ax, ay, 0)
  const Rt = [
    c + ax * ax * (1 - c), ax * ay * (1 - c), ay * s,
    ax * ay * (1 - c), c + ay * ay * (1 - c), -ax * s,
    -ay * s, ax * s, c,
  ];
  const cr = Math.cos(rot);
  const sr = Math.sin(rot);
  const Rz = [cr, -sr, 0, sr, cr, 0, 0, 0, 1];
  const R = mul(Rt, Rz);
  const corners: P[] = [
    [0, 0],
    [SHEET_W_MM, 0],
    [SHEET_W_MM, SHEET_H_MM],
    [0, SHEET_H_MM],
  ];
  const build = (D: number, tx: number, ty: number): M3 => {
    // world point (x - 105, y - 148.5, 0) -> camera R*p + (tx, ty, D); K = [f 0 W/2; 0 f H/2; 0 0 1]
    const K = [f, 0, W / 2, 0, f, H / 2, 0, 0, 1];
    const G = [R[0], R[1], tx, R[3], R[4], ty, R[6], R[7], D];
    const T = [1, 0, -SHEET_W_MM / 2, 0, 1, -SHEET_H_MM / 2, 0, 0, 1];
    return mul(mul(K, G), T);
  };
  let D = 1000;
  for (let it = 0; it < 4; it++) {
    const pts = corners.map(([x, y]) => apply(build(D, 0, 0), x, y));
    const b = bbox(pts);
    const span = Math.max((b.x1 - b.x0) / W, (b.y1 - b.y0) / H) * Math.max(W, H);
    D *= span / (fill * Math.max(W, H));
  }
  // Random shift that keeps the sheet inside the frame.
  const pts = corners.map(([x, y]) => apply(build(D, 0, 0), x, y));
  const b = bbox(pts);
  const mx = Math.max(0, (W - (b.x1 - b.x0)) / 2 - 10);
  const my = Math.max(0, (H - (b.y1 - b.y0)) / 2 - 10);
  const cx = W / 2 - (b.x0 + b.x1) / 2 + rng.range(-mx, mx) * 0.8;
  const cy = H / 2 - (b.y0 + b.y1) / 2 + rng.range(-my, my) * 0.8;
  // Shift in image space (small, so the camera model stays plausible).
  return mul([1, 0, cx, 0, 1, cy, 0, 0, 1], build(D, 0, 0));
}

type ToolLook = {
  base: [number, number, number];
  handle: [number, number, number];
  texture: number;
  spec: number;
  rim: number;
};

const HANDLE_COLOURS: [number, number, number][] = [
  [200, 35, 30],
  [235, 195, 35],
  [35, 80, 190],
  [240, 120, 25],
  [40, 150, 65],
];

function toolLook(finish: Finish, rng: Rng): ToolLook {
  const grey = (v: number): [number, number, number] => [v + rng.range(-4, 4), v + rng.range(-4, 4), v + rng.range(-2, 6)];
  switch (finish) {
    case "black":
      return { base: grey(rng.range(22, 40)), handle: grey(rng.range(22, 40)), texture: 3, spec: rng.range(0, 25), rim: 0 };
    case "dark":
      return { base: grey(rng.range(55, 95)), handle: grey(rng.range(55, 95)), texture: 5, spec: rng.range(10, 40), rim: 0 };
    case "light-grey":
      return { base: grey(rng.range(150, 180)), handle: grey(rng.range(150, 180)), texture: 4, spec: rng.range(0, 20), rim: 0 };
    case "shiny":
      return { base: grey(rng.range(105, 165)), handle: grey(rng.range(105, 165)), texture: 9, spec: rng.range(70, 120), rim: 0.25 };
    case "coloured": {
      const m = rng.range(110, 160);
      return { base: grey(m), handle: rng.pick(HANDLE_COLOURS), texture: 6, spec: rng.range(40, 90), rim: 0.15 };
    }
  }
}

export function smoothNoise(w: number, h: number, cell: number, rng: Rng): Float32Array {
  // Value noise on a coarse lattice, bilinear; cheap texture for metal and the table.
  const gw = Math.ceil(w / cell) + 2;
  const gh = Math.ceil(h / cell) + 2;
  const g = new Float32Array(gw * gh);
  for (let i = 0; i < g.length; i++) g[i] = rng.normal();
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = y / cell;
    const iy = Math.floor(fy);
    const ty = fy - iy;
    for (let x = 0; x < w; x++) {
      const fx = x / cell;
      const ix = Math.floor(fx);
      const tx = fx - ix;
      const a = g[iy * gw + ix];
      const b = g[iy * gw + ix + 1];
      const c = g[(iy + 1) * gw + ix];
      const d = g[(iy + 1) * gw + ix + 1];
      out[y * w + x] = (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
    }
  }
  return out;
}

let cvReady: Promise<void> | null = null;

/**
 * Render a synthetic phone photo of the printed pad with one tool on it, and return the JPEG and the
 * tool's true outline in pad mm. Deterministic for a given seed and options.
 */
export async function generatePadPhoto(opts: PadPhotoOptions): Promise<PadPhoto> {
  cvReady ??= loadOpenCv();
  await cvReady;
  const cv = getCv();
  const rng = createRng(opts.seed * 7919 + 17);
  const W = opts.width ?? 4000;
  const H = opts.height ?? 3000;
  const toolKind = opts.toolKind ?? rng.pick(TOOL_KINDS);
  const finish = opts.finish ?? rng.pick(FINISHES);
  const tiltDeg = opts.tiltDeg ?? rng.range(0, 15);
  const rotationDeg = opts.rotationDeg ?? (rng.next() < 0.6 ? rng.pick([90, 270]) : rng.pick([0, 180])) + rng.range(-12, 12);
  const fill = opts.fill ?? rng.range(0.78, 0.95);
  const scaleRef = Math.max(W, H) / 4000;
  const blurPx = opts.blurPx ?? rng.range(0.5, 1.3) * scaleRef;
  const noiseSigma = opts.noiseSigma ?? rng.range(1.5, 4);
  const jpegQuality = opts.jpegQuality ?? rng.int(84, 93);
  const shadowStrength = opts.shadowStrength ?? rng.range(0.06, 0.18);
  const exifOrientation = opts.exifOrientation ?? 1;

  const Hcam = cameraHomography(W, H, (tiltDeg * Math.PI) / 180, rng.range(0, 2 * Math.PI), (rotationDeg * Math.PI) / 180, fill, rng);
  const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
  const padToImage = mul(Hcam, [1, 0, ox, 0, 1, oy, 0, 0, 1]);
  // Approximate image px per pad mm at the frame centre.
  const c0 = apply(padToImage, FRAME_W_MM / 2, FRAME_H_MM / 2);
  const c1 = apply(padToImage, FRAME_W_MM / 2 + 1, FRAME_H_MM / 2);
  const c2 = apply(padToImage, FRAME_W_MM / 2, FRAME_H_MM / 2 + 1);
  const pxPerMm = Math.sqrt(Math.abs((c1[0] - c0[0]) * (c2[1] - c0[1]) - (c1[1] - c0[1]) * (c2[0] - c0[0])));

  // Sheet raster a bit finer than the photo so the final warp mostly downsamples.
  const S = Math.min(16, Math.max(3, Math.ceil(pxPerMm * 1.15)));
  const paperBase = rng.range(238, 250);
  const tint: [number, number, number] = [rng.range(-3, 3), rng.range(-3, 3), rng.range(-6, 2)];
  const paper: [number, number, number] = [paperBase + tint[0], paperBase + tint[1], paperBase + tint[2]];
  const gridV = rng.range(200, 218);
  const sheet = renderSheet(S, {
    paper,
    grid: [gridV, gridV, gridV],
    frame: [128, 128, 128],
    ink: [25, 25, 28],
  });
  const { width: sw, height: sh } = sheet;
  const n = sw * sh;

  for (const id of opts.hideMarkers ?? []) {
    const o = id === 0 ? [0, 0] : id === 1 ? [FRAME_W_MM - 12, 0] : id === 2 ? [FRAME_W_MM - 12, FRAME_H_MM - 12] : [0, FRAME_H_MM - 12];
    for (let j = Math.floor((oy + o[1] - 1) * S); j < Math.ceil((oy + o[1] + 13) * S); j++)
      for (let i = Math.floor((ox + o[0] - 1) * S); i < Math.ceil((ox + o[0] + 13) * S); i++) {
        const k = j * sw + i;
        sheet.r[k] = paper[0];
        sheet.g[k] = paper[1];
        sheet.b[k] = paper[2];
      }
  }

  // Tool placement in pad mm.
  let tool: ToolShape | null = null;
  if (!opts.noTool) {
    const shape = makeToolShape(toolKind, rng);
    const clearance = opts.clearanceMm ?? 15;
    for (let attempt = 0; attempt < 200 && !tool; attempt++) {
      const angle = ((opts.placement?.angleDeg ?? rng.range(0, 360)) * Math.PI) / 180;
      const placed0 = placeTool(shape, angle, 0, 0);
      const b = bbox(placed0.outer);
      const bw = b.x1 - b.x0;
      const bh = b.y1 - b.y0;
      if (opts.placement) {
        tool = placeTool(shape, angle, opts.placement.cx, opts.placement.cy);
        break;
      }
      const freeX = FRAME_W_MM - 2 * clearance - bw;
      const freeY = FRAME_H_MM - 2 * clearance - bh;
      if (freeX < 0 || freeY < 0) continue;
      tool = placeTool(shape, angle, clearance + bw / 2 + rng.range(0, freeX), clearance + bh / 2 + rng.range(0, freeY));
    }
    if (!tool) throw new Error("tool does not fit on the pad");
  }

  // Lighting: smooth gradient across the pad (pad space), applied to paper and tool alike.
  const light0 = rng.range(0.86, 1.0);
  const gx = rng.range(-0.12, 0.12);
  const gy = rng.range(-0.12, 0.12);
  const lightAt = (i: number, j: number) => light0 * (1 + (gx * ((i + 0.5) / S - SHEET_W_MM / 2)) / 100 + (gy * ((j + 0.5) / S - SHEET_H_MM / 2)) / 100);

  const rgba = new Uint8ClampedArray(n * 4);
  if (tool) {
    const toRaster = (poly: P[]) => poly.map(([x, y]) => [(x + ox) * S, (y + oy) * S] as P);
    const cov = rasterizeCoverage(tool.silhouette.map(toRaster), sw, sh);
    const handleCov = finish === "coloured" && tool.handle.length ? rasterizeCoverage(tool.handle.map(toRaster), sw, sh, 2) : null;
    // Soft shadow at 2 px/mm, offset away from the light.
    const ls = 2;
    const lw = Math.ceil(SHEET_W_MM * ls);
    const lh = Math.ceil(SHEET_H_MM * ls);
    const lightDir = rng.range(0, 2 * Math.PI);
    const off = rng.range(0.5, 3);
    const shadowPoly = tool.outer.map(([x, y]) => [(x + ox + off * Math.cos(lightDir)) * ls, (y + oy + off * Math.sin(lightDir)) * ls] as P);
    const sCov = rasterizeCoverage([shadowPoly], lw, lh, 4);
    const shadowFull = withMats((track) => {
      const m = track(cv.matFromArray(lh, lw, cv.CV_32F, Array.from(sCov)));
      const sigma = rng.range(1.5, 3.5) * ls;
      cv.GaussianBlur(m, m, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
      const big = track(new cv.Mat());
      // Map sheet raster pixel centres onto the low-res grid.
      cv.resize(m, big, new cv.Size(sw, sh), 0, 0, cv.INTER_LINEAR);
      return new Float32Array(big.data32F);
    });
    // Distance inside the tool (mm) and its gradient give bevel/highlight placement.
    const inside = new Uint8Array(n);
    for (let k = 0; k < n; k++) inside[k] = cov[k] > 0.5 ? 255 : 0;
    const dist = withMats((track) => {
      const m = track(new cv.Mat(sh, sw, cv.CV_8U));
      m.data.set(inside);
      const d = track(new cv.Mat());
      cv.distanceTransform(m, d, cv.DIST_L2, 5);
      return new Float32Array(d.data32F);
    });
    const look = toolLook(finish, rng);
    const tex = smoothNoise(sw, sh, Math.max(2, Math.round(S * 0.8)), rng);
    const hiDir = lightDir + Math.PI;
    const hx = Math.cos(hiDir);
    const hy = Math.sin(hiDir);
    const d0 = rng.range(1.0, 2.2);
    for (let j = 0; j < sh; j++) {
      for (let i = 0; i < sw; i++) {
        const k = j * sw + i;
        const L = lightAt(i, j);
        const shade = 1 - shadowStrength * shadowFull[k];
        let pr = sheet.r[k] * L * shade;
        let pg = sheet.g[k] * L * shade;
        let pb = sheet.b[k] * L * shade;
        const a = Math.min(1, cov[k]);
        if (a > 0) {
          const dm = dist[k] / S;
          const base = handleCov && handleCov[k] > 0.5 ? look.handle : look.base;
          // Outward normal ~ -grad(dist).
          const dxp = (dist[Math.min(k + 1, n - 1)] - dist[Math.max(k - 1, 0)]) * 0.5;
          const dyp = (dist[Math.min(k + sw, n - 1)] - dist[Math.max(k - sw, 0)]) * 0.5;
          const gl = Math.hypot(dxp, dyp) || 1;
          const facing = Math.max(0, (-dxp * hx - dyp * hy) / gl);
          const t = 1 + (look.texture / 100) * tex[k];
          const rim = dm < 0.45 ? 1 - look.rim : 1;
          const spec = look.spec * Math.exp(-(((dm - d0) / 0.4) ** 2)) * (0.35 + 0.65 * facing);
          const tr = Math.min(255, base[0] * L * t * rim + spec);
          const tg = Math.min(255, base[1] * L * t * rim + spec);
          const tb = Math.min(255, base[2] * L * t * rim + spec);
          pr = pr * (1 - a) + tr * a;
          pg = pg * (1 - a) + tg * a;
          pb = pb * (1 - a) + tb * a;
        }
        const o = k * 4;
        rgba[o] = pr;
        rgba[o + 1] = pg;
        rgba[o + 2] = pb;
        rgba[o + 3] = 255;
      }
    }
  } else {
    for (let j = 0; j < sh; j++)
      for (let i = 0; i < sw; i++) {
        const k = j * sw + i;
        const L = lightAt(i, j);
        const o = k * 4;
        rgba[o] = sheet.r[k] * L;
        rgba[o + 1] = sheet.g[k] * L;
        rgba[o + 2] = sheet.b[k] * L;
        rgba[o + 3] = 255;
      }
  }

  // Table background and the camera warp.
  const tableBase = [rng.range(60, 150), rng.range(50, 130), rng.range(40, 110)];
  const tableTex = smoothNoise(W, H, Math.round(40 * scaleRef) + 2, rng);
  const vignette = rng.range(0, 0.15);
  const shot = photographSheet({ rgba, sw, sh, S, sheetToImage: Hcam, W, H, tableBase, tableTex, vignette, blurPx, noiseSigma, noiseSeed: opts.seed + 1 });
  const finalRgba =
    exifOrientation === 1
      ? shot
      : withMats((track) => {
          // Store the pixels so that applying the tag restores the rendered view.
          const m = track(new cv.Mat(shot.height, shot.width, cv.CV_8UC4));
          m.data.set(shot.data);
          const out = track(new cv.Mat());
          const code = exifOrientation === 3 ? cv.ROTATE_180 : exifOrientation === 6 ? cv.ROTATE_90_COUNTERCLOCKWISE : cv.ROTATE_90_CLOCKWISE;
          cv.rotate(m, out, code);
          return { width: out.cols as number, height: out.rows as number, data: new Uint8Array(out.data) };
        });
  let jpeg = await new Bun.Image(encodeBmp(finalRgba)).jpeg({ quality: jpegQuality }).bytes();
  if (exifOrientation !== 1) jpeg = withExifOrientation(jpeg, exifOrientation);
  return {
    jpeg,
    truthMm: tool ? tool.outer : [],
    toolKind,
    finish,
    meta: { width: W, height: H, tiltDeg, rotationDeg, exifOrientation, padToImage, pxPerMm, blurPx, noiseSigma, shadowStrength },
  };
}

/**
 * The camera's picture of a rendered sheet (pixel i covers sheet mm [i/S, (i+1)/S)): a textured
 * table, the perspective warp `sheetToImage` (sheet mm -> image px), vignetting, optical blur and
 * sensor noise. Both the flat and the 3D generator photograph their sheets with it.
 */
export function photographSheet(o: {
  rgba: Uint8ClampedArray;
  sw: number;
  sh: number;
  S: number;
  sheetToImage: M3;
  W: number;
  H: number;
  tableBase: number[];
  tableTex: Float32Array;
  vignette: number;
  blurPx: number;
  noiseSigma: number;
  noiseSeed: number;
}): { width: number; height: number; data: Uint8Array } {
  const cv = getCv();
  const { W, H, S } = o;
  const photo = new Uint8ClampedArray(W * H * 4);
  for (let k = 0, p = 0; k < W * H; k++, p += 4) {
    const t = 1 + 0.12 * o.tableTex[k];
    photo[p] = o.tableBase[0] * t;
    photo[p + 1] = o.tableBase[1] * t;
    photo[p + 2] = o.tableBase[2] * t;
    photo[p + 3] = 255;
  }
  return withMats((track) => {
    const src = track(new cv.Mat(o.sh, o.sw, cv.CV_8UC4));
    src.data.set(o.rgba);
    const dst = track(new cv.Mat(H, W, cv.CV_8UC4));
    dst.data.set(photo);
    // src pixel p <-> sheet mm (p + 0.5)/S; dst pixel q <-> image coordinate q + 0.5.
    const A = [1 / S, 0, 0.5 / S, 0, 1 / S, 0.5 / S, 0, 0, 1];
    const M = mul([1, 0, -0.5, 0, 1, -0.5, 0, 0, 1], mul(o.sheetToImage, A));
    const Mm = track(cv.matFromArray(3, 3, cv.CV_64F, M));
    cv.warpPerspective(src, dst, Mm, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_TRANSPARENT);
    const d = dst.data as Uint8Array;
    const rmax2 = (W / 2) ** 2 + (H / 2) ** 2;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const f = 1 - (o.vignette * ((x - W / 2) ** 2 + (y - H / 2) ** 2)) / rmax2;
        const p = (y * W + x) * 4;
        d[p] *= f;
        d[p + 1] *= f;
        d[p + 2] *= f;
      }
    if (o.blurPx > 0.05) cv.GaussianBlur(dst, dst, new cv.Size(0, 0), o.blurPx, o.blurPx, cv.BORDER_REPLICATE);
    cv.setRNGSeed(o.noiseSeed);
    const s16 = track(new cv.Mat());
    dst.convertTo(s16, cv.CV_16SC4);
    const noise = track(new cv.Mat(H, W, cv.CV_16SC4));
    const mean = track(cv.matFromArray(4, 1, cv.CV_64F, [0, 0, 0, 0]));
    const sd = track(cv.matFromArray(4, 1, cv.CV_64F, [o.noiseSigma, o.noiseSigma, o.noiseSigma, 0]));
    cv.randn(noise, mean, sd);
    cv.add(s16, noise, s16);
    s16.convertTo(dst, cv.CV_8UC4);
    return { width: W, height: H, data: new Uint8Array(dst.data) };
  });
}
