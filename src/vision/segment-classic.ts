import { solveLinear } from "./homography.ts";
import { getCv, withMats } from "./opencv.ts";
import { GRID_STEP_MM, FRAME_H_MM, FRAME_W_MM } from "./pad-spec.ts";
import type { RgbaImage } from "./raster.ts";
import type { SegmentInput, SegmentOutput } from "./segmenter.ts";

/**
 * Remove the printed grid: every line sits at a known position (every 10 mm in pad space), so each
 * line's band is replaced by interpolation across it. Rows where the two sides differ a lot hold a
 * tool edge running along the line and are left untouched.
 */
export function eraseGrid(img: RgbaImage, k: number): RgbaImage {
  const { width: W, height: H } = img;
  const d = new Uint8Array(img.data);
  const r = 0.3 * k + 0.6;
  const grey = (o: number) => d[o] * 0.299 + d[o + 1] * 0.587 + d[o + 2] * 0.114;
  const lerpSpan = (oa: number, ob: number, count: number, stride: number) => {
    for (let c = 0; c < 3; c++) {
      const va = d[oa + c];
      const vb = d[ob + c];
      for (let t = 1; t < count; t++) d[oa + t * stride + c] = va + ((vb - va) * t) / count;
    }
  };
  for (let x = GRID_STEP_MM; x < FRAME_W_MM; x += GRID_STEP_MM) {
    const uc = x * k - 0.5;
    const a = Math.floor(uc - r) - 1;
    const b = Math.ceil(uc + r) + 1;
    if (a < 0 || b >= W) continue;
    for (let y = 0; y < H; y++) {
      const oa = (y * W + a) * 4;
      const ob = (y * W + b) * 4;
      if (Math.abs(grey(oa) - grey(ob)) > 25) continue;
      lerpSpan(oa, ob, b - a, 4);
    }
  }
  for (let yy = GRID_STEP_MM; yy < FRAME_H_MM; yy += GRID_STEP_MM) {
    const vc = yy * k - 0.5;
    const a = Math.floor(vc - r) - 1;
    const b = Math.ceil(vc + r) + 1;
    if (a < 0 || b >= H) continue;
    for (let x = 0; x < W; x++) {
      const oa = (a * W + x) * 4;
      const ob = (b * W + x) * 4;
      if (Math.abs(grey(oa) - grey(ob)) > 25) continue;
      lerpSpan(oa, ob, b - a, W * 4);
    }
  }
  return { width: W, height: H, data: d };
}

const POLY_TERMS = (x: number, y: number) => [1, x, y, x * x, x * y, y * y, x * x * x, x * x * y, x * y * y, y * y * y];

/**
 * Paper colour under the photo's lighting, per channel, as a smooth cubic surface fitted robustly to the
 * pixels that look like paper (iteratively dropping darker or coloured outliers: tools, shadows, print).
 * Returned at the input raster size, as three float planes.
 */
export function estimatePaper(img: RgbaImage, k: number, excluded: Uint8Array): Float32Array[] {
  const cv = getCv();
  const { width: W, height: H } = img;
  const f = Math.max(1, Math.round(k)); // ~1 px/mm is plenty for lighting
  const w = Math.max(8, Math.round(W / f));
  const h = Math.max(8, Math.round(H / f));
  const small = withMats((track) => {
    const s = track(new cv.Mat(H, W, cv.CV_8UC4));
    s.data.set(img.data);
    const d = track(new cv.Mat());
    cv.resize(s, d, new cv.Size(w, h), 0, 0, cv.INTER_AREA);
    return new Uint8Array(d.data);
  });
  const exSmall = withMats((track) => {
    const s = track(new cv.Mat(H, W, cv.CV_8UC1));
    s.data.set(excluded);
    const d = track(new cv.Mat());
    cv.resize(s, d, new cv.Size(w, h), 0, 0, cv.INTER_NEAREST);
    return new Uint8Array(d.data);
  });
  const n = w * h;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      xs[j * w + i] = (2 * (i + 0.5)) / w - 1;
      ys[j * w + i] = (2 * (j + 0.5)) / h - 1;
    }
  let use = new Uint8Array(n);
  for (let i = 0; i < n; i++) use[i] = exSmall[i] ? 0 : 1;
  // Start from the bright half: tools and shadows are darker than paper.
  const lum = new Float64Array(n);
  for (let i = 0; i < n; i++) lum[i] = small[i * 4] * 0.299 + small[i * 4 + 1] * 0.587 + small[i * 4 + 2] * 0.114;
  const sorted = Array.from(lum).filter((_, i) => use[i]).sort((a, b) => a - b);
  const p40 = sorted[Math.floor(sorted.length * 0.4)] ?? 0;
  for (let i = 0; i < n; i++) if (lum[i] < p40 * 0.9) use[i] = 0;
  let coef: number[][] = [];
  const T = 10;
  for (let iter = 0; iter < 5; iter++) {
    coef = [];
    for (let c = 0; c < 3; c++) {
      const A = Array.from({ length: T }, () => new Array(T).fill(0));
      const b = new Array(T).fill(0);
      for (let i = 0; i < n; i++) {
        if (!use[i]) continue;
        const t = POLY_TERMS(xs[i], ys[i]);
        const v = small[i * 4 + c];
        for (let a = 0; a < T; a++) {
          b[a] += t[a] * v;
          for (let q = a; q < T; q++) A[a][q] += t[a] * t[q];
        }
      }
      for (let a = 0; a < T; a++) for (let q = 0; q < a; q++) A[a][q] = A[q][a];
      coef.push(solveLinear(A, b) ?? [240, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    }
    const next = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (exSmall[i]) continue;
      const t = POLY_TERMS(xs[i], ys[i]);
      let ok = true;
      for (let c = 0; c < 3 && ok; c++) {
        let m = 0;
        for (let a = 0; a < T; a++) m += coef[c][a] * t[a];
        const r = small[i * 4 + c] / Math.max(1, m);
        if (r < 0.94 || r > 1.08) ok = false;
      }
      next[i] = ok ? 1 : 0;
    }
    use = next;
  }
  // Evaluate on the small grid and upsample.
  const planes: Float32Array[] = [];
  for (let c = 0; c < 3; c++) {
    const g = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const t = POLY_TERMS(xs[i], ys[i]);
      let m = 0;
      for (let a = 0; a < T; a++) m += coef[c][a] * t[a];
      g[i] = Math.max(20, m);
    }
    planes.push(
      withMats((track) => {
        const s = track(cv.matFromArray(h, w, cv.CV_32F, Array.from(g)));
        const d = track(new cv.Mat());
        cv.resize(s, d, new cv.Size(W, H), 0, 0, cv.INTER_LINEAR);
        return new Float32Array(d.data32F);
      }),
    );
  }
  return planes;
}

/** Sensitivity 0..100 -> darkness and colour thresholds (relative to paper). Higher = finds fainter tools. */
export function classicThresholds(sensitivity: number): { dark: number; chroma: number } {
  const s = Math.max(0, Math.min(100, sensitivity)) / 100;
  return { dark: 0.3 - 0.22 * s, chroma: 0.28 - 0.18 * s };
}

function disk(cv: ReturnType<typeof getCv>, radiusPx: number) {
  const d = Math.max(1, Math.round(radiusPx)) * 2 + 1;
  return cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(d, d));
}

/**
 * Classic segmentation: flatten lighting against the fitted paper colour, mark pixels clearly darker or
 * more colourful than paper, then let a marker-controlled watershed on the flattened colour image put
 * the boundary on the strongest edge between "surely tool" and "surely paper". Soft shadows have weak
 * edges, so they end up on the paper side even when they are as dark as a light-grey tool.
 */
export function segmentClassic(input: SegmentInput): SegmentOutput {
  const cv = getCv();
  const { image, pxPerMm: k, excluded } = input;
  const { width: W, height: H } = image;
  const n = W * H;
  const t0 = performance.now();
  const erased = eraseGrid(image, k);
  const t1 = performance.now();
  const paper = estimatePaper(erased, k, excluded);
  const t2 = performance.now();
  const { dark, chroma } = classicThresholds(input.sensitivity);
  const score = new Float32Array(n);
  const flat = new Uint8Array(n * 4);
  const ed = erased.data;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const r = ed[o] / paper[0][i];
    const g = ed[o + 1] / paper[1][i];
    const b = ed[o + 2] / paper[2][i];
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const c = Math.sqrt((r - y) ** 2 + (g - y) ** 2 + (b - y) ** 2);
    score[i] = excluded[i] ? 0 : Math.max((1 - y) / dark, c / chroma);
    flat[o] = Math.min(255, r * 220);
    flat[o + 1] = Math.min(255, g * 220);
    flat[o + 2] = Math.min(255, b * 220);
    flat[o + 3] = 255;
  }
  const t3 = performance.now();

  const result = withMats((track) => {
    const cand = track(new cv.Mat(H, W, cv.CV_8UC1));
    const strong = track(new cv.Mat(H, W, cv.CV_8UC1));
    const cd = cand.data as Uint8Array;
    const sd = strong.data as Uint8Array;
    let any = 0;
    for (let i = 0; i < n; i++) {
      cd[i] = score[i] >= 1 ? 255 : 0;
      sd[i] = score[i] >= 1.35 ? 255 : 0;
      any += cd[i] ? 1 : 0;
    }
    const k3 = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    cv.morphologyEx(cand, cand, cv.MORPH_OPEN, k3);
    cv.morphologyEx(strong, strong, cv.MORPH_OPEN, k3);
    if (!any) return { mask: new Uint8Array(n), stats: { candidate_px: 0 } };

    // Watershed seeds.
    const sureTool = track(new cv.Mat());
    cv.erode(strong, sureTool, track(disk(cv, 0.6 * k)));
    const core = track(new cv.Mat());
    cv.erode(cand, core, track(disk(cv, 2.5 * k)));
    cv.bitwise_or(sureTool, core, sureTool);
    const notPaper = track(new cv.Mat());
    cv.dilate(cand, notPaper, track(disk(cv, 1.0 * k)));
    const markers = track(new cv.Mat(H, W, cv.CV_32S));
    const md = markers.data32S as Int32Array;
    const st = sureTool.data as Uint8Array;
    const np = notPaper.data as Uint8Array;
    let toolSeeds = 0;
    for (let i = 0; i < n; i++) {
      if (st[i]) {
        md[i] = 2;
        toolSeeds++;
      } else md[i] = np[i] && !excluded[i] ? 0 : 1;
    }
    if (!toolSeeds) return { mask: new Uint8Array(n), stats: { candidate_px: any, tool_seeds: 0 } };
    const img3 = track(new cv.Mat(H, W, cv.CV_8UC3));
    const rgba = track(new cv.Mat(H, W, cv.CV_8UC4));
    rgba.data.set(flat);
    cv.cvtColor(rgba, img3, cv.COLOR_RGBA2RGB);
    cv.GaussianBlur(img3, img3, new cv.Size(0, 0), 0.7, 0.7, cv.BORDER_REPLICATE);
    cv.watershed(img3, markers);
    const mask = new Uint8Array(n);
    for (let i = 0; i < n; i++) mask[i] = md[i] === 2 ? 1 : 0;
    return { mask, stats: { candidate_px: any, tool_seeds: toolSeeds } };
  });
  const t4 = performance.now();
  return {
    mask: result.mask,
    edgeImage: { width: W, height: H, data: flat },
    diagnostics: {
      segmenter: "classic",
      thresholds: { dark, chroma },
      ...result.stats,
      timings_ms: { grid: +(t1 - t0).toFixed(1), paper: +(t2 - t1).toFixed(1), features: +(t3 - t2).toFixed(1), watershed: +(t4 - t3).toFixed(1) },
    },
  };
}
