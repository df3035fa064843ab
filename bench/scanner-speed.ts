// Speed of the scanner through the worker pool: 12 MP end-to-end (median / p90), live preview per
// 1280-px frame, two scans at once, and the JPEG decoders considered.
//   bun bench/scanner-speed.ts [--runs 12] [--previews 40] [--pool 2]
import { cpus, loadavg } from "node:os";
import { decodeImage } from "../src/vision/decode-image.ts";
import { createVisionPool } from "../src/vision/index.ts";
import type { TraceParams } from "../src/vision/types.ts";
import { cachedPadPhoto } from "./synth/cached-photo.ts";
import type { PadPhoto } from "./synth/index.ts";
import { benchmarkPhotoSet } from "./synth/photo-set.ts";

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}
const RUNS = arg("runs", 12);
const PREVIEWS = arg("previews", 40);
const POOL = arg("pool", 0) || undefined;

const q = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))];
};
const fmt = (xs: number[]) => `median ${q(xs, 0.5).toFixed(0)} ms, p90 ${q(xs, 0.9).toFixed(0)} ms, min ${Math.min(...xs).toFixed(0)} ms (n=${xs.length})`;
// --ai: the AI scanner (model + classic fusion) instead of the classic one.
const AI = process.argv.includes("--ai");
const params: TraceParams = AI
  ? ({ rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, mode: "ai", confidence: 0.5, post_morph_px: 3 } as TraceParams)
  : { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45 };
console.log(`scanner: ${AI ? "AI (model + classic fusion)" : "classic"}`);

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg().map((v) => v.toFixed(2)).join(" ")}`);
const photos: PadPhoto[] = [];
for (const spec of benchmarkPhotoSet(6, 1000)) photos.push(await cachedPadPhoto({ ...spec, width: 4000, height: 3000 }));
const frames = await Promise.all(photos.map((p) => new Bun.Image(p.jpeg).resize(1280, 960).jpeg({ quality: 80 }).bytes()));
console.log(`12 MP JPEGs: ${photos.map((p) => (p.jpeg.length / 1e6).toFixed(1)).join(", ")} MB; preview frames 1280x960 q80`);

// Decoders on a full 12 MP decode (the pipeline itself decodes at 1/2 inside the IDCT).
{
  const jpeg = photos[0].jpeg;
  const bunFull: number[] = [];
  const bunHalf: number[] = [];
  const jsq: number[] = [];
  const { default: jsquashDecode } = await import("@jsquash/jpeg/decode.js");
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    await decodeImage(jpeg);
    bunFull.push(performance.now() - t);
    t = performance.now();
    await decodeImage(jpeg, { scale: 0.5 });
    bunHalf.push(performance.now() - t);
    t = performance.now();
    await jsquashDecode(jpeg.buffer.slice(jpeg.byteOffset, jpeg.byteOffset + jpeg.byteLength) as ArrayBuffer);
    jsq.push(performance.now() - t);
  }
  console.log(`decode 12 MP  Bun.Image full      : ${fmt(bunFull)}`);
  console.log(`decode 12 MP  Bun.Image 1/2 (IDCT): ${fmt(bunHalf)}`);
  console.log(`decode 12 MP  @jsquash/jpeg (wasm) : ${fmt(jsq)}`);
}

// Workers are threads of this process: their memory shows in its RSS.
const mb = () => process.memoryUsage().rss / 1e6;
Bun.gc(true);
const rssBefore = mb();
const t0 = performance.now();
const pool = createVisionPool({ size: POOL });
await Promise.all(Array.from({ length: pool.size }, (_, i) => pool.trace(photos[i % photos.length].jpeg, params)));
console.log(`pool of ${pool.size} workers started and warmed up in ${(performance.now() - t0).toFixed(0)} ms`);
const rssWarm = mb();

const seq: number[] = [];
const inWorker: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  const r = await pool.trace(photos[i % photos.length].jpeg, params);
  seq.push(performance.now() - t);
  inWorker.push((r.diagnostics.timings_ms as { total: number }).total);
}
console.log(`12 MP scan end to end (one at a time): ${fmt(seq)}`);
console.log(`   of which inside the worker        : ${fmt(inWorker)}`);

const prev: number[] = [];
for (let i = 0; i < PREVIEWS; i++) {
  const t = performance.now();
  const d = await pool.preview(frames[i % frames.length]);
  prev.push(performance.now() - t);
  if (d.markers_detected !== 4) console.log(`  preview ${i}: only ${d.markers_detected} markers`);
}
console.log(`preview per 1280x960 frame           : ${fmt(prev)}`);

const pairs: number[] = [];
const each: number[] = [];
for (let i = 0; i < Math.max(3, Math.floor(RUNS / 2)); i++) {
  const t = performance.now();
  await Promise.all(
    [0, 1].map(async (k) => {
      const s = performance.now();
      await pool.trace(photos[(i * 2 + k) % photos.length].jpeg, params);
      each.push(performance.now() - s);
    }),
  );
  pairs.push(performance.now() - t);
}
console.log(`two 12 MP scans at once, both done   : ${fmt(pairs)}`);
console.log(`   each scan's own latency           : ${fmt(each)}`);
const scans = pool.size + RUNS + 2 * pairs.length;
console.log(
  `process RSS: ${rssBefore.toFixed(0)} MB before the pool, ${rssWarm.toFixed(0)} MB after the warm-up scan ` +
    `(+${((rssWarm - rssBefore) / pool.size).toFixed(0)} MB per worker), ${mb().toFixed(0)} MB after ${scans} scans`,
);
await pool.close();
console.log(`load average at the end: ${loadavg().map((v) => v.toFixed(2)).join(" ")}`);
