// Accuracy of the scanner on the synthetic photo set: prints mean boundary deviation, Hausdorff
// distance, area error and the traced count, overall and per tool kind / finish.
//   bun bench/scanner-accuracy.ts [--n 30] [--width 4000 --height 3000] [--fill 0.7] [--rdp 0.3] [--sensitivity 45] [--ai] [--stress] [--verbose]
// --3d: tools with thickness (parallax, cast shadows; bench/synth/render-3d.ts), see bench/README.md:
//   bun bench/scanner-accuracy.ts --3d [--cause both|shadows|parallax] [--n 20] [--width 1920 --height 1440] [--ai] [--views 5] [--square] [--stress [--blur px]] [--ray]
import { loadOpenCv } from "../src/vision/opencv.ts";
import "../src/vision/ai-segmenter.ts";
import { traceImage } from "../src/vision/trace-pipeline.ts";
import { compareContours } from "./metrics.ts";
import { cachedPadPhoto } from "./synth/cached-photo.ts";
import { benchmarkPhotoSet } from "./synth/photo-set.ts";

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}
const N = arg("n", 30);
const W = arg("width", 4000);
const H = arg("height", 3000);
const RDP = arg("rdp", 0.3);
const SENS = arg("sensitivity", 45);
const FIRST = arg("seed", 1000);
// --fill: how much of the photo the sheet covers (default: the generator's random 0.78-0.95).
const FILL = arg("fill", 0) || undefined;
const verbose = process.argv.includes("--verbose");
// --ai: the AI scanner (learned model fused with the classic edges) on the same photos.
const AI = process.argv.includes("--ai");
// --stress [--shadow 0.45]: the same tools and poses photographed badly: a deep cast shadow (the
// normal set draws 0.06-0.18), more sensor noise and stronger JPEG compression.
const STRESS = process.argv.includes("--stress");
const SHADOW = arg("shadow", 0.45);
const stress = STRESS ? { shadowStrength: SHADOW, noiseSigma: 6, jpegQuality: 70 } : {};

if (process.argv.includes("--3d")) {
  const { runBench3d } = await import("./synth/accuracy-3d.ts");
  const ci = process.argv.indexOf("--cause");
  const cause = ci >= 0 ? process.argv[ci + 1] : "all";
  if (!["both", "shadows", "parallax", "all"].includes(cause)) throw new Error("--cause must be both, shadows or parallax");
  const views = arg("views", 1);
  await runBench3d({
    n: arg("n", 20),
    width: arg("width", 1920),
    height: arg("height", 1440),
    firstSeed: arg("seed", 3000),
    // One photo: each cause on its own, then both; the protocol: the real thing unless asked.
    causes: cause === "all" ? (views > 1 ? ["both"] : ["shadows", "parallax", "both"]) : [cause as "both"],
    ai: AI,
    views,
    rdp: RDP,
    sensitivity: SENS,
    verbose,
    plainPaper: process.argv.includes("--plain-paper"),
    // --square: every tool laid square to the pad, its straight edges along the printed lines.
    square: process.argv.includes("--square"),
    // --oracle: every photo segmented by the renderer's true silhouette (the pipeline's floor).
    oracle: process.argv.includes("--oracle"),
    // --ray: the same scenes photographed by the physically based ray tracer (bench/synth/raytrace-3d.ts).
    ...(process.argv.includes("--ray") ? { renderer: "ray" as const } : {}),
    // --kinds caliper,pliers: only those tools of the set (their seeds, finishes and lights unchanged).
    ...(process.argv.includes("--kinds") ? { kinds: process.argv[process.argv.indexOf("--kinds") + 1].split(",") } : {}),
    // --stress: every photo from a worse camera: the flat set's sensor noise and JPEG ([--blur px]: a
    // softer lens too; the renderer draws 0.5-1.2 px at 4000 x 3000, scaled with the frame).
    ...(STRESS ? { camera: { noiseSigma: 6, jpegQuality: 70, ...(process.argv.includes("--blur") ? { blurPx: arg("blur", 1) } : {}) } } : {}),
  });
  process.exit(0);
}

await loadOpenCv();
type Row = { kind: string; finish: string; ok: boolean; mean: number; haus: number; area: number; msg?: string; tilt: number };
const rows: Row[] = [];
for (const spec of benchmarkPhotoSet(N, FIRST)) {
  const photo = await cachedPadPhoto({ ...spec, width: W, height: H, ...(FILL ? { fill: FILL } : {}), ...stress });
  try {
    const r = await traceImage(
      photo.jpeg,
      AI
        ? ({ rdp_tolerance_mm: RDP, allowance_mm: 0, inset_mm: 12, mode: "ai", confidence: 0.5, post_morph_px: 3 } as never)
        : { rdp_tolerance_mm: RDP, allowance_mm: 0, inset_mm: 12, sensitivity: SENS },
    );
    const m = compareContours(r.contour_points_mm, photo.truthMm);
    rows.push({ kind: spec.toolKind, finish: spec.finish, ok: true, mean: m.meanDeviation, haus: m.hausdorff, area: m.areaErrorPct, tilt: photo.meta.tiltDeg });
    if (verbose || m.hausdorff > 1 || m.meanDeviation > 0.2 || Math.abs(m.areaErrorPct) > 1)
      console.log(`seed ${spec.seed} ${spec.toolKind}/${spec.finish} tilt ${photo.meta.tiltDeg.toFixed(1)} exif ${spec.exifOrientation}: mean ${m.meanDeviation.toFixed(3)} mm, Hausdorff ${m.hausdorff.toFixed(3)} mm, area ${m.areaErrorPct.toFixed(2)} %`);
  } catch (e) {
    rows.push({ kind: spec.toolKind, finish: spec.finish, ok: false, mean: NaN, haus: NaN, area: NaN, msg: (e as Error).message, tilt: photo.meta.tiltDeg });
    console.log(`seed ${spec.seed} ${spec.toolKind}/${spec.finish}: NOT TRACED: ${(e as Error).message}`);
  }
}

function summary(label: string, rs: Row[]): string {
  const ok = rs.filter((r) => r.ok);
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const max = (xs: number[]) => (xs.length ? Math.max(...xs) : NaN);
  return [
    label.padEnd(14),
    `traced ${ok.length}/${rs.length}`.padEnd(13),
    `mean dev ${avg(ok.map((r) => r.mean)).toFixed(3)} mm (max ${max(ok.map((r) => r.mean)).toFixed(3)})`.padEnd(34),
    `Hausdorff mean ${avg(ok.map((r) => r.haus)).toFixed(3)} / max ${max(ok.map((r) => r.haus)).toFixed(3)} mm`.padEnd(38),
    `|area err| mean ${avg(ok.map((r) => Math.abs(r.area))).toFixed(2)} / max ${max(ok.map((r) => Math.abs(r.area))).toFixed(2)} %`,
  ].join("  ");
}
console.log(`\nScanner accuracy (${AI ? "AI scanner: model + classic fusion, confidence 0.5" : `classic, sensitivity ${SENS}`}): ${N} synthetic ${W}x${H} photos${FILL ? `, sheet filling ${FILL}` : ""}${STRESS ? ` (stress: shadow ${SHADOW}, noise 6, JPEG 70)` : ""}, rdp ${RDP} mm`);
console.log(summary("ALL", rows));
for (const k of [...new Set(rows.map((r) => r.kind))]) console.log(summary(`kind ${k}`, rows.filter((r) => r.kind === k)));
for (const f of [...new Set(rows.map((r) => r.finish))]) console.log(summary(`finish ${f}`, rows.filter((r) => r.finish === f)));
