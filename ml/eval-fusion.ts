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
import { fuseDefaults, fuseMasks } from "../src/vision/ai/fuse-masks.ts";
import { loadSegmentationModel } from "../src/vision/ai/load-model.ts";
import { dilateDisk, erodeDisk } from "../src/vision/ai/morphology.ts";
import { predictProbabilities } from "../src/vision/ai/segment-with-model.ts";
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
  // The pipeline's AI path closes with a disk of radius post_morph_px.
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
function unionConfirmed(prob: Float32Array, classic: Uint8Array, w: number, h: number): Uint8Array {
  // fuseMasks with a zero band keeps confirmed components and every AI pixel outside them: the union.
  return fuseMasks(prob, classic, w, h, { confidence: 0.5, componentOverlap: 0.5, bandPx: 0 });
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
    const aiMask = new Uint8Array(w * h);
    for (let i = 0; i < aiMask.length; i++) aiMask[i] = prob[i] >= 0.5 && !excluded[i] ? 1 : 0;
    const aiClosed = close01(aiMask, w, h, 3);
    const flat = classic.edgeImage ?? img;
    add("classic", traceScore(classic.mask, w, h, flat, k, r.truthMm, classicMs), r);
    add("ai, raw-image snap", traceScore(aiClosed, w, h, img, k, r.truthMm, aiMs), r);
    add("ai, flattened snap", traceScore(aiClosed, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
    // The rule that won (fuseMasks with fuseDefaults), and the plain union it was measured against.
    const fused = close01(fuseMasks(prob, classic.mask, w, h, fuseDefaults(k, 0.5)), w, h, 3);
    for (let i = 0; i < fused.length; i++) if (excluded[i]) fused[i] = 0;
    add("fusion (fuseMasks), flat snap", traceScore(fused, w, h, flat, k, r.truthMm, aiMs + classicMs), r);
    const union = close01(unionConfirmed(prob, classic.mask, w, h), w, h, 3);
    for (let i = 0; i < union.length; i++) if (excluded[i]) union[i] = 0;
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
