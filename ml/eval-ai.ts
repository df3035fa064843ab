// Accuracy and speed of the AI segmentation on the held-out validation frames (ml/data/val), at the
// working scale the scanner rectifies to. Prints IoU, boundary deviation in mm, boundary F-score,
// area error and the inference time per sample, overall and per finish.
//
//   bun ml/eval-ai.ts [--model path.onnx] [--confidence 0.5] [--post-morph 3] [--limit N] [--threads 2] [--json out.json]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { decodePngToRgba } from "../src/vision/png-raw.ts";
import { FRAME_H_MM, FRAME_W_MM } from "../src/vision/pad-spec.ts";
import { loadSegmentationModel, modelInfo } from "../src/vision/ai/load-model.ts";
import { predictProbabilities, probabilitiesToMask } from "../src/vision/ai/segment-with-model.ts";
import { type SampleScore, scoreMask } from "./metrics.ts";

type Meta = {
  seed: number;
  toolKind: string | null;
  finish: string | null;
  work: string;
  workSize: [number, number];
  workPxPerMm?: number;
  truthMm: [number, number][];
};

export function loadValidation(dir: string, limit = Number.POSITIVE_INFINITY): (Meta & { dir: string })[] {
  const parts = readdirSync(dir).filter((d) => d.startsWith("part-")).sort();
  const rows: (Meta & { dir: string })[] = [];
  for (const p of parts) {
    const text = readFileSync(join(dir, p, "meta.jsonl"), "utf8");
    for (const line of text.split("\n")) if (line.trim()) rows.push({ ...(JSON.parse(line) as Meta), dir: join(dir, p) });
  }
  rows.sort((a, b) => a.seed - b.seed);
  return rows.slice(0, limit);
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN;
}

export function summarise(scores: (SampleScore & { finish: string | null; ms: number })[]) {
  const withTool = scores.filter((s) => s.finish !== null);
  return {
    n: withTool.length,
    iou: mean(withTool.map((s) => s.iou)),
    minIou: Math.min(...withTool.map((s) => s.iou)),
    meanDevMm: mean(withTool.map((s) => s.meanDevMm)),
    p95DevMm: mean(withTool.map((s) => s.p95DevMm)),
    maxMissMm: mean(withTool.map((s) => s.maxMissMm)),
    bf05: mean(withTool.map((s) => s.bf05)),
    bf10: mean(withTool.map((s) => s.bf10)),
    absAreaErrPct: mean(withTool.map((s) => Math.abs(s.areaErrPct))),
    traced: withTool.filter((s) => s.traced).length,
    ms: mean(scores.map((s) => s.ms)),
  };
}

if (import.meta.main) {
  const { values: args } = parseArgs({
    options: {
      model: { type: "string" },
      data: { type: "string", default: join(import.meta.dir, "data", "val") },
      confidence: { type: "string", default: "0.5" },
      "post-morph": { type: "string", default: "3" },
      limit: { type: "string" },
      threads: { type: "string", default: "2" },
      json: { type: "string" },
    },
  });
  const rows = loadValidation(args.data as string, args.limit ? Number(args.limit) : undefined);
  const model = await loadSegmentationModel(args.model, { threads: Number(args.threads) });
  const confidence = Number(args.confidence);
  const postMorphPx = Number(args["post-morph"]);
  console.log(`model ${JSON.stringify(modelInfo(model))}, ${rows.length} validation frames, confidence ${confidence}, post-morph ${postMorphPx} px`);
  const scores: (SampleScore & { finish: string | null; ms: number; seed: number; toolKind: string | null })[] = [];
  let falsePositiveEmpty = 0;
  for (const r of rows) {
    const img = decodePngToRgba(new Uint8Array(await Bun.file(join(r.dir, r.work)).arrayBuffer()));
    const { width: w, height: h } = img;
    const t0 = performance.now();
    const k = r.workPxPerMm;
    const prob = await predictProbabilities(model, img.data, w, h, { pxPerMm: k });
    const mask = probabilitiesToMask(prob, w, h, { confidence, postMorphPx });
    const ms = performance.now() - t0;
    if (!r.truthMm.length) {
      if (mask.some((v) => v > 0)) falsePositiveEmpty++;
      scores.push({ iou: 1, meanDevMm: 0, p95DevMm: 0, maxMissMm: 0, bf05: 1, bf10: 1, areaErrPct: 0, traced: false, finish: null, ms, seed: r.seed, toolKind: null });
      continue;
    }
    const s = scoreMask(mask, r.truthMm, w, h, k ?? w / FRAME_W_MM, k ?? h / FRAME_H_MM);
    scores.push({ ...s, finish: r.finish, ms, seed: r.seed, toolKind: r.toolKind });
  }
  const f = (x: number, d = 3) => x.toFixed(d);
  const line = (name: string, s: ReturnType<typeof summarise>) =>
    console.log(
      `${name.padEnd(11)} n=${String(s.n).padStart(3)}  IoU ${f(s.iou, 4)} (min ${f(s.minIou, 3)})  dev ${f(s.meanDevMm)} mm (p95 ${f(s.p95DevMm)}, worst miss ${f(s.maxMissMm, 2)})  BF@0.5mm ${f(s.bf05)} BF@1mm ${f(s.bf10)}  |area err| ${f(s.absAreaErrPct, 2)} %  traced ${s.traced}/${s.n}`,
    );
  const all = summarise(scores);
  line("all", all);
  for (const fin of ["black", "dark", "coloured", "light-grey", "shiny"]) {
    const sub = scores.filter((s) => s.finish === fin);
    if (sub.length) line(fin, summarise(sub));
  }
  const empty = scores.filter((s) => s.finish === null).length;
  if (empty) console.log(`empty pads: ${empty}, with a false detection: ${falsePositiveEmpty}`);
  const w0 = rows.length ? rows[0].workSize : [0, 0];
  console.log(`inference + threshold + post-morph: ${f(all.ms, 0)} ms per frame (${w0[0]}x${w0[1]} working image -> ${model.contract.inputWidth}x${model.contract.inputHeight} network input, ${model.threads} threads)`);
  const worst = [...scores].filter((s) => s.finish).sort((a, b) => a.iou - b.iou).slice(0, 5);
  console.log(`worst: ${worst.map((s) => `${s.seed} ${s.toolKind}/${s.finish} IoU ${f(s.iou)} dev ${f(s.meanDevMm)}`).join("; ")}`);
  if (args.json) await Bun.write(args.json, JSON.stringify({ model: modelInfo(model), confidence, postMorphPx, summary: all, scores }, null, 1));
}
