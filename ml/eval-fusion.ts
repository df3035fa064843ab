// AI alone vs classic alone vs fusion rules, measured on the held-out validation frames through the
// trace pipeline's own contour step (extractToolContour: largest component, outer contour, sub-pixel
// edge snapping) and RDP at 0.3 mm, then scored with the bench's compareContours (symmetric mean
// deviation, Hausdorff, area error): the numbers are those of the traced outline, not of a raw mask.
//
//   bun ml/eval-fusion.ts [--limit N] [--model path.onnx] [--json out.json]
import { join } from "node:path";
import { parseArgs } from "node:util";
import { extractToolContour } from "../src/vision/extract-contour.ts";
import { getCv, loadOpenCv } from "../src/vision/opencv.ts";
import { decodePngToRgba } from "../src/vision/png-raw.ts";
import type { RgbaImage } from "../src/vision/raster.ts";
import { segmentClassic } from "../src/vision/segment-classic.ts";
import { exclusionMask } from "../src/vision/trace-pipeline.ts";
import { clipDefaults, clipToNetwork, fuseDefaults, fuseMasks } from "../src/vision/ai/fuse-masks.ts";
import { loadSegmentationModel } from "../src/vision/ai/load-model.ts";
import { dilateDisk, erodeDisk } from "../src/vision/ai/morphology.ts";
import { predictProbabilities, probabilitiesToMask } from "../src/vision/ai/segment-with-model.ts";
import { compareContours } from "../bench/metrics.ts";
import { simplifyClosed } from "../src/vision/simplify-rdp.ts";
import { loadValidation } from "./eval-ai.ts";

const { values: args } = parseArgs({
  options: {
    model: { type: "string" },
    data: { type: "string", default: join(import.meta.dir, "data", "val") },
    limit: { type: "string" },
    json: { type: "string" },
    sensitivity: { type: "string", default: "45" },
  },
});

type P = [number, number];
type Score = { dev: number; haus: number; areaErr: number; traced: boolean; ms: number };

function close01(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  // Session 1's pipeline closed the fused mask with a disk of radius post_morph_px (kept for comparison).
  if (r < 1) return mask;
  const m = mask.map((v) => (v ? 255 : 0));
  const c = erodeDisk(dilateDisk(m, w, h, r), w, h, r);
  return c.map((v) => (v ? 1 : 0));
}

function traceScore(mask: Uint8Array, w: number, h: number, edge: RgbaImage, k: number, truth: P[], ms: number): Score {
  try {
    const c = extractToolContour(mask, w, h, edge, { pxPerMm: k, insetMm: 12, minAreaMm2: 50, maxAreaMm2: 40000 });
    const m = compareContours(simplifyClosed(c.pointsMm, 0.3), truth);
    return { dev: m.meanDeviation, haus: m.hausdorff, areaErr: m.areaErrorPct, traced: true, ms };
  } catch {
    return { dev: Number.NaN, haus: Number.NaN, areaErr: Number.NaN, traced: false, ms };
  }
}

/** The alternative rule: AI ∪ classic components at least half confirmed by the AI (AI outline wins outside). */
function unionConfirmed(aiMask: Uint8Array, classic: Uint8Array, w: number, h: number): Uint8Array {
  // fuseMasks with a zero band keeps confirmed components and every AI pixel outside them: the union.
  return fuseMasks(aiMask, classic, w, h, { ...fuseDefaults(5), bandPx: 0 });
}

if (import.meta.main) {
  await loadOpenCv();
  getCv();
  const rows = loadValidation(args.data as string, args.limit ? Number(args.limit) : undefined).filter((r) => r.truthMm.length);
  const model = await loadSegmentationModel(args.model);
  const sensitivity = Number(args.sensitivity);
  const methods = new Map<string, (Score & { finish: string; seed: number })[]>();
  const add = (name: string, s: Score, r: { finish: string | null; seed: number }) => {
    if (!methods.has(name)) methods.set(name, []);
    methods.get(name)?.push({ ...s, finish: r.finish ?? "", seed: r.seed });
  };
  for (const r of rows) {
    const k = r.workPxPerMm ?? 5;
    const img = decodePngToRgba(new Uint8Array(await Bun.file(join(r.dir, r.work)).arrayBuffer()));
    const { width: w, height: h } = img;
    const excluded = exclusionMask(w, h, k);
    let t = performance.now();
    const classic = segmentClassic({ image: img, pxPerMm: k, excluded, sensitivity });
    const classicMs = performance.now() - t;
    t = performance.now();
    const prob = await predictProbabilities(model, img.data, w, h, { pxPerMm: k });
    const aiMs = performance.now() - t;
    for (let i = 0; i < prob.length; i++) if (excluded[i]) prob[i] = 0;
    // The pipeline's AI step: threshold at confidence, open + close with post_morph_px, then fuse.
    const aiMask = probabilitiesToMask(prob, w, h, { confidence: 0.5, postMorphPx: 3 });
    const ai01 = aiMask.map((v) => (v ? 1 : 0));
    const flat = classic.edgeImage ?? img;
    add("classic", traceScore(classic.mask, w, h, flat, k, r.truthMm, classicMs), r);
    add("ai, raw-image snap", traceScore(ai01, w, h, img, k, r.truthMm, aiMs), r);
    add("ai, flattened snap", traceScore(ai01, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
    // The rule that won (fuseMasks with fuseDefaults), the plain union it was measured against, and
    // session 1's order (post-morph closing applied to the fused mask instead of the network's).
    const fused = fuseMasks(aiMask, classic.mask, w, h, fuseDefaults(k));
    add("fusion without clip", traceScore(fused, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
    const clipped = clipToNetwork(fused.slice(), aiMask, prob, w, h, clipDefaults(k));
    add("fusion + clip (the pipeline's)", traceScore(clipped, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
    const rawAi = probabilitiesToMask(prob, w, h, { confidence: 0.5, postMorphPx: 0 });
    const closedAfter = close01(fuseMasks(rawAi, classic.mask, w, h, { ...fuseDefaults(k), componentOverlap: 0.5 }), w, h, 3);
    add("v1: fuse, then close 3 px", traceScore(closedAfter, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
    const union = unionConfirmed(aiMask, classic.mask, w, h);
    add("union AI + confirmed classic", traceScore(union, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const line = (name: string, ss: Score[]) => {
    const ok = ss.filter((s) => s.traced);
    return `${name.padEnd(34)} n=${String(ss.length).padStart(3)} traced ${ok.length}  mean dev ${mean(ok.map((s) => s.dev)).toFixed(3)} mm (max ${Math.max(...ok.map((s) => s.dev)).toFixed(3)})  Hausdorff ${mean(ok.map((s) => s.haus)).toFixed(2)} (max ${Math.max(...ok.map((s) => s.haus)).toFixed(2)})  |area| ${mean(ok.map((s) => Math.abs(s.areaErr))).toFixed(2)} % (max ${Math.max(...ok.map((s) => Math.abs(s.areaErr))).toFixed(2)})  ${mean(ss.map((s) => s.ms)).toFixed(0)} ms`;
  };
  console.log(`${rows.length} validation frames with a tool; traced outline (RDP 0.3 mm) vs truth`);
  for (const [name, ss] of methods) console.log(line(name, ss));
  for (const fin of ["light-grey", "shiny", "black", "dark", "coloured"]) {
    console.log(`-- ${fin}`);
    for (const [name, ss] of methods) console.log(line(name, ss.filter((s) => s.finish === fin)));
  }
  if (args.json) await Bun.write(args.json, JSON.stringify(Object.fromEntries(methods), null, 1));
}
