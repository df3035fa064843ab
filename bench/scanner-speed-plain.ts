// Speed of a one-photo classic scan on plain paper (markers, no grid), where the segmenter does the
// most work: the lit-paper shadow flood, run again with the dotted sides drawn, and the paper's
// enclosure (src/vision/dotted-sides.ts). Traces the 20 ray-traced plain-paper photos of the 3D
// bench's tuned set (1920 x 1440, rendered once into bench/out) in this process, after one warm-up.
//   bun bench/scanner-speed-plain.ts [--seed 3000] [--n 20]
import { cpus, loadavg } from "node:os";
import "../src/vision/ai-segmenter.ts";
import { loadOpenCv } from "../src/vision/opencv.ts";
import { traceImages } from "../src/vision/trace-views.ts";
import type { TraceParams } from "../src/vision/types.ts";
import { benchmarkPhotoSet3d } from "./synth/accuracy-3d.ts";
import { cachedPadPhoto3d } from "./synth/cached-photo-3d.ts";

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}
const SEED = arg("seed", 3000);
const N = arg("n", 20);
await loadOpenCv();
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg().map((v) => v.toFixed(2)).join(" ")}`);
const photos: Uint8Array[] = [];
for (const spec of benchmarkPhotoSet3d(N, SEED))
  photos.push((await cachedPadPhoto3d({ ...spec, width: 1920, height: 1440, cause: "both", plainPaper: true, camera: "middle" }, "ray")).jpeg);
// The largest tools (a drill) are over the default maximum outline area, as on the accuracy bench.
const params: TraceParams = { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45, contour_max_area_mm: 40000 };
await traceImages([photos[0]], params);
const ms: number[] = [];
for (const jpeg of photos) {
  const t = performance.now();
  await traceImages([jpeg], params);
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * (ms.length - 1) + 0.5))];
console.log(`one photo on plain paper, ${ms.length} ray-traced photos 1920x1440, classic, in process: median ${q(0.5).toFixed(0)} ms, p90 ${q(0.9).toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms`);
