// The 3D part of bench/scanner-accuracy.ts (--3d): tools with thickness, photographed with parallax
// and cast shadows (render-3d.ts). One photo is scored against what that camera saw (the
// silhouette: the segmenter's job) and against the footprint (the pocket's job); the 5-photo
// protocol is scored against the footprint, through src/vision/trace-views.ts when it exists.
import "../../src/vision/ai-segmenter.ts";
import { loadOpenCv } from "../../src/vision/opencv.ts";
import { traceImages as productTraceImages } from "../../src/vision/trace-views.ts";
import type { TraceParams, TraceResult } from "../../src/vision/types.ts";
import { compareContours, cutArea } from "../metrics.ts";
import { cachedPadPhoto3d, cachedProtocolViews, type Renderer3d } from "./cached-photo-3d.ts";
import { FINISHES_3D, type Finish3d, type LightSpec, TOOL3D_KINDS, type Tool3dKind } from "./render-3d.ts";
import { createRng } from "./rng.ts";
import { queueTrueSilhouettes, useOracleSegmenter } from "./oracle-segmenter.ts";

type Cause = "both" | "shadows" | "parallax";
export type Photo3dSpec = { seed: number; toolKind: Tool3dKind; finish: Finish3d; light: LightSpec };

const LIGHT_KINDS = ["hard", "soft", "diffuse"] as const;

/**
 * Deterministic set: every tool kind in turn, finishes rotating so that 10 photos see all six, and
 * hard, soft and diffuse light in turn (35-70 deg up, from all round) so every kind of shadow is in it.
 */
export function benchmarkPhotoSet3d(n: number, firstSeed = 3000): Photo3dSpec[] {
  return Array.from({ length: n }, (_, i) => {
    const rng = createRng(firstSeed + i + 77);
    const kind = LIGHT_KINDS[i % LIGHT_KINDS.length];
    return {
      seed: firstSeed + i,
      toolKind: TOOL3D_KINDS[i % TOOL3D_KINDS.length],
      finish: FINISHES_3D[(i + Math.floor(i / TOOL3D_KINDS.length)) % FINISHES_3D.length],
      light: { kind, elevationDeg: rng.range(35, 70), azimuthDeg: rng.range(0, 360), strength: kind === "diffuse" ? rng.range(0.18, 0.38) : rng.range(0.3, 0.6) },
    };
  });
}

export type Bench3dOptions = {
  n: number;
  width: number;
  height: number;
  firstSeed: number;
  causes: Cause[];
  ai: boolean;
  views: number;
  rdp: number;
  sensitivity: number;
  verbose: boolean;
  /** Plain paper: markers only, no grid or frame line printed (Render3dOptions.plainPaper). */
  plainPaper?: boolean;
  /**
   * A worse camera for every photo (render-3d.ts's jpegQuality, noiseSigma, blurPx; the renderer
   * draws JPEG 84-93, noise 1.5-3.5 and blur 0.5-1.2 px otherwise): --stress.
   */
  camera?: { jpegQuality?: number; noiseSigma?: number; blurPx?: number };
  /** Every tool laid square to the pad (Render3dOptions.square): --square. */
  square?: boolean;
  /**
   * Every photo segmented by the renderer's true silhouette (oracle-segmenter.ts): the pipeline's
   * floor without segmentation error (--oracle).
   */
  oracle?: boolean;
  /**
   * Which renderer makes the photos (--ray: "ray", the physically based raytrace-3d.ts; default
   * "painted", render-3d.ts). Same scenes and truth per seed; only the pixels differ.
   */
  renderer?: Renderer3d;
  /** Only these tool kinds of the set (same seeds, finishes and lights as in the whole set): --kinds a,b. */
  kinds?: string[];
  /** Where the report goes (default console.log). */
  log?: (line: string) => void;
  /** Stand-in for src/vision/trace-views.ts's traceImages (tests). */
  traceImages?: TraceImagesFn;
};

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  return s[lo] + (s[Math.min(s.length - 1, lo + 1)] - s[lo]) * (i - lo);
};
let out: (line: string) => void = (line) => console.log(line);
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "-");

type Scores = { mean: number; haus: number; area: number; cutMm2: number; cutPct: number };
type Row = { spec: Photo3dSpec; light: string; ok: boolean; msg?: string; sil?: Scores; fp?: Scores; heightErrPct?: number; accExceeded?: boolean };

function score(traced: [number, number][], truth: [number, number][]): Scores {
  const m = compareContours(traced, truth);
  const c = cutArea(traced, truth);
  return { mean: m.meanDeviation, haus: m.hausdorff, area: m.areaErrorPct, cutMm2: c.mm2, cutPct: c.pct };
}

// A drill's footprint (~13 000 mm²) is above the product's default maximum contour area.
const MAX_AREA_MM2 = 40000;

/**
 * The render options every photo of a run shares beyond its spec: paper, placement and camera. Keys
 * appear only when set, in this order: the photo cache is keyed by the options' JSON.
 */
function sceneOptions(o: Bench3dOptions) {
  return { ...(o.plainPaper ? { plainPaper: true } : {}), ...(o.square ? { square: true } : {}), ...o.camera };
}

function params(o: Bench3dOptions): TraceParams {
  // The oracle stands in for the learned segmenter (mode "ai"); post_morph_px 0 leaves its mask as it is.
  if (o.oracle) return { rdp_tolerance_mm: o.rdp, allowance_mm: 0, inset_mm: 12, mode: "ai", post_morph_px: 0, contour_max_area_mm: MAX_AREA_MM2 } as TraceParams;
  return o.ai
    ? ({ rdp_tolerance_mm: o.rdp, allowance_mm: 0, inset_mm: 12, mode: "ai", confidence: 0.5, post_morph_px: 3, contour_max_area_mm: MAX_AREA_MM2 } as TraceParams)
    : { rdp_tolerance_mm: o.rdp, allowance_mm: 0, inset_mm: 12, sensitivity: o.sensitivity, contour_max_area_mm: MAX_AREA_MM2 };
}

function line(label: string, rows: Row[], pick: (r: Row) => Scores | undefined): string {
  const ok = rows.filter((r) => r.ok && pick(r));
  const s = ok.map((r) => pick(r) as Scores);
  return [
    label.padEnd(22),
    `traced ${ok.length}/${rows.length}`.padEnd(12),
    `mean dev med ${f(quantile(s.map((x) => x.mean), 0.5), 3)} p90 ${f(quantile(s.map((x) => x.mean), 0.9), 3)} mm`.padEnd(36),
    `Hausdorff med ${f(quantile(s.map((x) => x.haus), 0.5))} p90 ${f(quantile(s.map((x) => x.haus), 0.9))} mm`.padEnd(34),
    `area med ${f(quantile(s.map((x) => x.area), 0.5), 1)} % p90|.| ${f(quantile(s.map((x) => Math.abs(x.area)), 0.9), 1)} %`.padEnd(30),
    `cut med ${f(quantile(s.map((x) => x.cutMm2), 0.5), 1)} mm² (${f(quantile(s.map((x) => x.cutPct), 0.5))} %) worst ${f(max(s.map((x) => x.cutMm2)), 1)} mm² (${f(max(s.map((x) => x.cutPct)))} %)`,
  ].join(" ");
}

function breakdown(rows: Row[], pick: (r: Row) => Scores | undefined): void {
  out(line("ALL", rows, pick));
  // By tool kind, finish and the light's kind (on plain paper a hard lamp's crisp-rimmed shadow is
  // the one no flood reaches).
  const groups: [string, readonly string[], (s: Photo3dSpec) => string][] = [
    ["kind", TOOL3D_KINDS, (s) => s.toolKind],
    ["finish", FINISHES_3D, (s) => s.finish],
    ["light", LIGHT_KINDS, (s) => s.light.kind],
  ];
  for (const [label, values, of] of groups)
    for (const v of values) {
      const rs = rows.filter((r) => of(r.spec) === v);
      if (rs.length) out(line(`  ${label} ${v}`, rs, pick));
    }
}

async function singlePhoto(o: Bench3dOptions, cause: Cause): Promise<Row[]> {
  const rows: Row[] = [];
  for (const spec of benchmarkPhotoSet3d(o.n, o.firstSeed).filter((x) => !o.kinds || o.kinds.includes(x.toolKind))) {
    const photo = await cachedPadPhoto3d({ ...spec, width: o.width, height: o.height, cause, camera: "middle", ...sceneOptions(o) }, o.renderer);
    const light = `${photo.light.kind} ${photo.light.elevationDeg.toFixed(0)}°`;
    try {
      if (o.oracle) queueTrueSilhouettes([photo.silhouetteMm]);
      // The product's path for one photo (the scan endpoints call traceImages with one image).
      const r = await (o.traceImages ?? productTraceImages)([photo.jpeg], params(o));
      const sil = score(r.contour_points_mm, photo.silhouetteMm);
      const fp = score(r.contour_points_mm, photo.footprintMm);
      // The figure promises the footprint (what the pocket must hold) within accuracy_mm.
      const accExceeded = fp.haus > r.accuracy_mm;
      rows.push({ spec, light, ok: true, sil, fp, accExceeded });
      if (o.verbose || sil.mean > 0.25 || sil.cutPct > 0.5 || accExceeded)
        out(
          `  seed ${spec.seed} ${spec.toolKind}/${spec.finish} h ${photo.heightMm.toFixed(0)} mm, ${light}: vs silhouette mean ${f(sil.mean, 3)} Haus ${f(sil.haus)} area ${f(sil.area, 1)} % cut ${f(sil.cutMm2, 1)} mm² (${f(sil.cutPct)} %); vs footprint mean ${f(fp.mean, 3)} Haus ${f(fp.haus)} (accuracy_mm ${f(r.accuracy_mm)}) area ${f(fp.area, 1)} %`,
        );
    } catch (e) {
      rows.push({ spec, light, ok: false, msg: (e as Error).message });
      out(`  seed ${spec.seed} ${spec.toolKind}/${spec.finish}: NOT TRACED: ${(e as Error).message}`);
    }
  }
  out(`\n[cause ${cause}] against the SILHOUETTE (what the camera saw; targets: median mean dev <= 0.25 mm, cut <= 0.5 % on every photo)`);
  breakdown(rows, (r) => r.sil);
  const overCut = rows.filter((r) => r.sil && r.sil.cutPct > 0.5).length;
  const med = quantile(rows.filter((r) => r.sil).map((r) => (r.sil as Scores).mean), 0.5);
  out(`  targets: median mean dev ${f(med, 3)} mm ${med <= 0.25 ? "MET" : "MISSED"}; photos cutting > 0.5 %: ${overCut} ${overCut === 0 ? "MET" : "MISSED"}; not traced: ${rows.filter((r) => !r.ok).length}`);
  out(`[cause ${cause}] against the FOOTPRINT (what the pocket needs; one photo cannot get this right for thick tools)`);
  breakdown(rows, (r) => r.fp);
  const ok = rows.filter((r) => r.ok && r.fp);
  const exceeded = ok.filter((r) => r.accExceeded).length;
  out(`  true Hausdorff to the footprint > accuracy_mm on ${exceeded}/${ok.length} (${f((exceeded / Math.max(1, ok.length)) * 100, 0)} %, target <= 10 %) ${exceeded <= 0.1 * ok.length ? "MET" : "MISSED"}`);
  return rows;
}

function summaryTable(byCause: [Cause, Row[]][]): void {
  out("\nSummary, one photo from above the middle (sil = against the silhouette, fp = against the footprint)");
  out("cause     traced  sil mean dev med/p90    sil Haus med   sil cut med / worst       photos cut > 0.5 %   fp mean dev med   fp area med / p90|.|   fp cut med / worst");
  for (const [cause, rows] of byCause) {
    const sil = rows.filter((r) => r.sil).map((r) => r.sil as Scores);
    const fp = rows.filter((r) => r.fp).map((r) => r.fp as Scores);
    out(
      [
        cause.padEnd(9),
        `${sil.length}/${rows.length}`.padEnd(7),
        `${f(quantile(sil.map((x) => x.mean), 0.5), 3)} / ${f(quantile(sil.map((x) => x.mean), 0.9), 2)} mm`.padEnd(23),
        `${f(quantile(sil.map((x) => x.haus), 0.5))} mm`.padEnd(14),
        `${f(quantile(sil.map((x) => x.cutPct), 0.5))} % / ${f(max(sil.map((x) => x.cutPct)), 1)} %`.padEnd(25),
        `${sil.filter((x) => x.cutPct > 0.5).length}`.padEnd(20),
        `${f(quantile(fp.map((x) => x.mean), 0.5), 3)} mm`.padEnd(17),
        `${f(quantile(fp.map((x) => x.area), 0.5), 1)} % / ${f(quantile(fp.map((x) => Math.abs(x.area)), 0.9), 1)} %`.padEnd(22),
        `${f(quantile(fp.map((x) => x.cutPct), 0.5))} % / ${f(max(fp.map((x) => x.cutPct)), 1)} %`,
      ].join(" "),
    );
  }
}

export type MultiResult = TraceResult & { views: number; height_mm: number | null; accuracy_mm: number };
export type TraceImagesFn = (images: Uint8Array[], p: TraceParams) => Promise<MultiResult>;

async function multiView(o: Bench3dOptions, cause: Cause): Promise<void> {
  // Imported by a computed path so the bench still compiles and runs without the multi-view pipeline.
  const path = "../../src/vision/trace-views.ts";
  let traceImages: TraceImagesFn | null = o.traceImages ?? null;
  let why = "it exports no traceImages()";
  if (!traceImages) {
    try {
      traceImages = ((await import(path)) as { traceImages?: TraceImagesFn }).traceImages ?? null;
    } catch (e) {
      why = (e as Error).message;
    }
  }
  if (!traceImages) {
    out(`multi-view pipeline not available (src/vision/trace-views.ts: ${why}): nothing to measure`);
    return;
  }
  const rows: Row[] = [];
  for (const spec of benchmarkPhotoSet3d(o.n, o.firstSeed).filter((x) => !o.kinds || o.kinds.includes(x.toolKind))) {
    const views = (await cachedProtocolViews({ ...spec, width: o.width, height: o.height, cause, ...sceneOptions(o) }, o.renderer)).slice(0, o.views);
    const light = `${views[0].light.kind} ${views[0].light.elevationDeg.toFixed(0)}°`;
    try {
      if (o.oracle) queueTrueSilhouettes(views.map((v) => v.silhouetteMm));
      const r = await traceImages(
        views.map((v) => v.jpeg),
        params(o),
      );
      const fp = score(r.contour_points_mm, views[0].footprintMm);
      const h = views[0].heightMm;
      const heightErrPct = r.height_mm == null ? NaN : ((r.height_mm - h) / h) * 100;
      const accExceeded = fp.haus > r.accuracy_mm;
      rows.push({ spec, light, ok: true, fp, heightErrPct, accExceeded });
      if (o.verbose || fp.mean > 0.4 || fp.cutPct > 0.5 || accExceeded || !(Math.abs(heightErrPct) <= 15))
        out(
          `  seed ${spec.seed} ${spec.toolKind}/${spec.finish} ${light}: views ${r.views} mean ${f(fp.mean, 3)} Haus ${f(fp.haus)} (accuracy_mm ${f(r.accuracy_mm)}) area ${f(fp.area, 1)} % cut ${f(fp.cutMm2, 1)} mm² (${f(fp.cutPct)} %) height ${f(r.height_mm ?? NaN, 1)} / ${f(h, 1)} mm`,
        );
    } catch (e) {
      rows.push({ spec, light, ok: false, msg: (e as Error).message });
      out(`  seed ${spec.seed} ${spec.toolKind}/${spec.finish}: NOT TRACED: ${(e as Error).message}`);
    }
  }
  const ok = rows.filter((r) => r.ok && r.fp);
  const fps = ok.map((r) => r.fp as Scores);
  const medMean = quantile(fps.map((s) => s.mean), 0.5);
  const p90H = quantile(fps.map((s) => s.haus), 0.9);
  const worstCut = max(fps.map((s) => s.cutPct));
  const hErr = ok.map((r) => r.heightErrPct as number).filter((x) => Number.isFinite(x));
  const hWithin = hErr.filter((x) => Math.abs(x) <= 15).length;
  const exceeded = ok.filter((r) => r.accExceeded).length;
  const tick = (b: boolean) => (b ? "MET" : "MISSED");
  out(`\n[${o.views} views, cause ${cause}] against the FOOTPRINT`);
  breakdown(rows, (r) => r.fp);
  out(`  median mean deviation ${f(medMean, 3)} mm (target <= 0.4) ${tick(medMean <= 0.4)}`);
  out(`  p90 Hausdorff ${f(p90H)} mm (target <= 3) ${tick(p90H <= 3)}`);
  out(
    `  cut median ${f(quantile(fps.map((s) => s.cutMm2), 0.5), 1)} mm² (${f(quantile(fps.map((s) => s.cutPct), 0.5))} %), worst ${f(max(fps.map((s) => s.cutMm2)), 1)} mm² (${f(worstCut)} %) (target <= 0.5 % on every tool) ${tick(worstCut <= 0.5)}`,
  );
  out(
    `  height_mm error median ${f(quantile(hErr.map(Math.abs), 0.5), 1)} %, worst ${f(max(hErr.map(Math.abs)), 1)} %; within 15 %: ${hWithin}/${ok.length} (target: all) ${tick(hWithin === ok.length && ok.length > 0)}`,
  );
  out(`  true Hausdorff > accuracy_mm on ${exceeded}/${ok.length} (${f((exceeded / Math.max(1, ok.length)) * 100, 0)} %, target <= 10 %) ${tick(exceeded <= 0.1 * ok.length)}`);
  out(`  not traced: ${rows.filter((r) => !r.ok).length}/${rows.length}`);
}

export async function runBench3d(o: Bench3dOptions): Promise<void> {
  out = o.log ?? ((line) => console.log(line));
  await loadOpenCv();
  const restore = o.oracle ? useOracleSegmenter() : null;
  try {
    await report(o);
  } finally {
    restore?.();
  }
}

async function report(o: Bench3dOptions): Promise<void> {
  const what = o.oracle ? "ORACLE: every photo segmented by its true silhouette" : o.ai ? "AI scanner (model + classic fusion, confidence 0.5)" : `classic scanner, sensitivity ${o.sensitivity}`;
  out(`3D scanner bench: ${what}; ${o.n} tools, ${o.width}x${o.height}, rdp ${o.rdp} mm, ${o.views > 1 ? `${o.views}-photo protocol` : "one photo from above the middle"}${o.renderer === "ray" ? ", ray-traced renderer" : ""}${o.plainPaper ? ", plain paper (markers only, no grid)" : ""}${o.square ? ", tools square to the pad" : ""}${o.camera ? `, worse camera ${JSON.stringify(o.camera)}` : ""}`);
  const byCause: [Cause, Row[]][] = [];
  for (const cause of o.causes) {
    if (o.views > 1) await multiView(o, cause);
    else byCause.push([cause, await singlePhoto(o, cause)]);
  }
  if (byCause.length) summaryTable(byCause);
}
