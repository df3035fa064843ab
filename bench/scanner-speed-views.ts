// Speed of a five-photo scan (the capture protocol: above the middle, then above each corner), in
// process, on the 3D bench's renders (1920 x 1440 unless asked): the whole traceImages call per tool and its
// phases (decode and segmentation of the five photos, calibration, carving with the silhouettes'
// doubt maps, the consistency check, the wall fit, the accuracy figure with its dark crevices).
//   bun bench/scanner-speed-views.ts [--n 10] [--seed 3000] [--ai] [--width 4000 --height 3000]
import { cpus, loadavg } from "node:os";
import "../src/vision/ai-segmenter.ts";
import { loadOpenCv } from "../src/vision/opencv.ts";
import { traceImages } from "../src/vision/trace-views.ts";
import type { TraceParams } from "../src/vision/types.ts";
import { benchmarkPhotoSet3d } from "./synth/accuracy-3d.ts";
import { cachedProtocolViews } from "./synth/cached-photo-3d.ts";

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}
const N = arg("n", 10);
const SEED = arg("seed", 3000);
const AI = process.argv.includes("--ai");
// The protocol's frames: 12 MP, 1920 x 1440 and 1280 x 960 (scanner-physics.md).
const W = arg("width", 1920);
const H = arg("height", 1440);
const params = (
  AI
    ? { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, mode: "ai", confidence: 0.5, post_morph_px: 3 }
    : { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45 }
) as TraceParams;

await loadOpenCv();
console.log(`five-photo scan in process, ${AI ? "AI (model + classic fusion)" : "classic"} scanner, ${W}x${H}`);
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg().map((v) => v.toFixed(2)).join(" ")}`);
const q = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))];
};
const totals: number[] = [];
for (const spec of benchmarkPhotoSet3d(N, SEED)) {
  const views = await cachedProtocolViews({ ...spec, width: W, height: H, cause: "both" });
  const t = performance.now();
  const r = await traceImages(
    views.map((v) => v.jpeg),
    params,
  );
  const ms = performance.now() - t;
  totals.push(ms);
  const laps = (r.diagnostics as { timings_ms?: Record<string, number> }).timings_ms ?? {};
  const walls = (r.diagnostics as { walls?: { ms?: number } }).walls;
  const crevices = (r.diagnostics as { accuracy?: { crevice_ms?: number } }).accuracy?.crevice_ms;
  const lap = (k: string) => (laps[k] ?? 0).toFixed(0);
  console.log(
    `  seed ${spec.seed} ${spec.toolKind}: ${ms.toFixed(0)} ms (segment ${lap("segment")}, calibrate ${lap("calibrate")}, carve ${lap("carve")}, plane paper ${lap("plane_paper")}, consistency ${lap("consistency")}, walls ${lap("walls")}, slits ${lap("slits")}, dark crevices ${crevices ?? "?"}; the wall fit itself ${walls?.ms ?? "?"} ms)`,
  );
}
console.log(`five-photo scan: median ${q(totals, 0.5).toFixed(0)} ms, p90 ${q(totals, 0.9).toFixed(0)} ms, max ${Math.max(...totals).toFixed(0)} ms (n=${totals.length})`);
