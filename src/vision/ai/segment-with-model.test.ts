import { beforeAll, describe, expect, test } from "bun:test";
import { renderPadSample, type PadSample } from "../../../ml/pad-sample.ts";
import { loadSegmentationModel, type SegmentationModel } from "./load-model.ts";
import { segmentAi } from "./segment-ai.ts";
import { probabilitiesToMask, predictProbabilities, segmentWithModel } from "./segment-with-model.ts";
import { rasterizeCoverage } from "../../../bench/synth/rasterize.ts";
import { loadOpenCv } from "../opencv.ts";
import { segmentClassic } from "../segment-classic.ts";
import { exclusionMask } from "../trace-pipeline.ts";

// Seeds far from the training (100000+) and validation (200000+) ranges.
const SEEDS = { shiny: 901_001, black: 901_002 } as const;

let model: SegmentationModel;
const samples: Record<string, PadSample> = {};

function truthMask(s: PadSample): Uint8Array {
  const cov = rasterizeCoverage([s.truthMm.map(([x, y]) => [x * s.pxPerMm, y * s.pxPerMm] as [number, number])], s.width, s.height);
  return cov.map((c) => (c >= 0.5 ? 255 : 0)) as unknown as Uint8Array;
}

function iou(a: Uint8Array, b: ArrayLike<number>): number {
  let i = 0;
  let u = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k] && b[k]) i++;
    if (a[k] || b[k]) u++;
  }
  return u ? i / u : 1;
}

const area = (m: Uint8Array) => m.reduce((s, v) => s + (v ? 1 : 0), 0);

beforeAll(async () => {
  model = await loadSegmentationModel();
  samples.shiny = await renderPadSample({ seed: SEEDS.shiny, finish: "shiny" });
  samples.black = await renderPadSample({ seed: SEEDS.black, finish: "black" });
}, 60_000);

describe("segmentWithModel", () => {
  for (const finish of ["shiny", "black"] as const) {
    // The network alone, before fusion; its validation minimum for shiny steel is 0.946.
    test(`segments a generated ${finish} tool on the rectified pad (IoU > 0.94)`, async () => {
      const s = samples[finish];
      const mask = await segmentWithModel(model, s.rgba, s.width, s.height, { confidence: 0.5, postMorphPx: 3, pxPerMm: s.pxPerMm });
      expect(mask.length).toBe(s.width * s.height);
      expect(mask.every((v) => v === 0 || v === 255)).toBe(true);
      expect(iou(mask, truthMask(s))).toBeGreaterThan(0.94);
    });
  }

  test("a higher confidence never grows the mask, and the extremes differ", async () => {
    const s = samples.shiny;
    const prob = await predictProbabilities(model, s.rgba, s.width, s.height, { pxPerMm: s.pxPerMm });
    const areas = [0.05, 0.3, 0.5, 0.7, 0.95].map((confidence) => area(probabilitiesToMask(prob, s.width, s.height, { confidence, postMorphPx: 0 })));
    for (let i = 1; i < areas.length; i++) expect(areas[i]).toBeLessThanOrEqual(areas[i - 1]);
    expect(areas[4]).toBeLessThan(areas[0]);
    expect(area(probabilitiesToMask(prob, s.width, s.height, { confidence: 0, postMorphPx: 0 }))).toBe(s.width * s.height);
  });

  test("post-morph removes specks and pin holes smaller than the disk", async () => {
    const s = samples.black;
    const prob = await predictProbabilities(model, s.rgba, s.width, s.height, { pxPerMm: s.pxPerMm });
    // A 2 px speck far from the tool and a 1 px hole well inside what the network calls tool.
    const t = truthMask(s);
    const sure = (k: number) => t[k] && prob[k] >= 0.9;
    let inside = -1;
    for (let k = 0; k < t.length && inside < 0; k++) {
      let deep = sure(k);
      for (let d = 1; d <= 5 && deep; d++) deep = sure(k - d) && sure(k + d) && sure(k - d * s.width) && sure(k + d * s.width);
      if (deep) inside = k;
    }
    expect(inside).toBeGreaterThan(0);
    const speck = 20 * s.width + 20;
    prob[speck] = prob[speck + 1] = 0.99;
    prob[inside] = 0.01;
    const raw = probabilitiesToMask(prob, s.width, s.height, { confidence: 0.5, postMorphPx: 0 });
    expect(raw[speck]).toBe(255);
    expect(raw[inside]).toBe(0);
    const cleaned = probabilitiesToMask(prob, s.width, s.height, { confidence: 0.5, postMorphPx: 3 });
    expect(cleaned[speck]).toBe(0);
    expect(cleaned[inside]).toBe(255);
    expect(Math.abs(area(cleaned) - area(raw)) / area(raw)).toBeLessThan(0.02);
  });

  test("segmentAi fits the trace pipeline: 0/1 mask, excluded pixels are pad, model named", async () => {
    const s = samples.black;
    const excluded = new Uint8Array(s.width * s.height);
    const t = truthMask(s);
    // Exclude the left half of the tool.
    let minX = s.width;
    let maxX = 0;
    for (let k = 0; k < t.length; k++)
      if (t[k]) {
        minX = Math.min(minX, k % s.width);
        maxX = Math.max(maxX, k % s.width);
      }
    const cut = Math.round((minX + maxX) / 2);
    for (let k = 0; k < excluded.length; k++) if (k % s.width < cut) excluded[k] = 1;
    const out = await segmentAi(model, { image: { width: s.width, height: s.height, data: s.rgba }, pxPerMm: s.pxPerMm, excluded, sensitivity: 45, confidence: 0.5 });
    expect(out.mask.every((v) => v === 0 || v === 1)).toBe(true);
    expect(out.mask.some((v, k) => v && excluded[k])).toBe(false);
    expect(out.mask.some((v, k) => v && k % s.width > cut)).toBe(true);
    expect(out.diagnostics).toMatchObject({ segmenter: "ai", model: "foam-unet", model_version: "2" });
  });

  test("post-morph cleans the network's mask before fusion, so a confirmed classic outline stays sharp", async () => {
    await loadOpenCv();
    const s = samples.shiny;
    const excluded = exclusionMask(s.width, s.height, s.pxPerMm);
    const input = { image: { width: s.width, height: s.height, data: s.rgba }, pxPerMm: s.pxPerMm, excluded, sensitivity: 45, confidence: 0.5, postMorphPx: 10 };
    const classic = segmentClassic(input);
    const fused = await segmentAi(model, input, { classic });
    expect(fused.diagnostics).toMatchObject({ segmenter: "ai+classic fusion", model: "foam-unet" });
    expect(fused.edgeImage).toBe(classic.edgeImage);
    let differ = 0;
    for (let k = 0; k < fused.mask.length; k++) if (!!fused.mask[k] !== !!classic.mask[k]) differ++;
    // A 10 px closing of the fused mask would move the outline at every concave corner.
    expect(differ / area(classic.mask)).toBeLessThan(0.005);
    expect(iou(fused.mask, truthMask(s))).toBeGreaterThan(0.97);
  });
});
