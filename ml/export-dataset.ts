// Training/validation data for the foam U-Net, in rectified pad space.
//
//   bun ml/export-dataset.ts --split train --count 1000 [--from 700] [--shard 0 --shards 2] [--out ml/data]
//   bun ml/export-dataset.ts --set 3d --split train --count 600 ...   (the 3D renderer's photos)
//
// Each sample is a full synthetic phone photo from bench/synth (tool shapes, finishes, shiny metal,
// shadows, lighting, perspective, blur, noise, JPEG), rectified back to the pad frame with the
// generator's own homography, exactly as the scanner does it with the marker homography: the
// network learns on the pixels it will see at inference, resampling and JPEG artefacts included.
// Rectification is the pipeline's own (rectifyRegion at its working scale, 5 px/mm), then the frame is
// shrunk to the network input with the inference module's own area resampler.
//
// Train samples get a small random homography error (frame corners moved by ~0.35 mm) so the model
// does not rely on a perfect rectification; labels follow the jitter, so they stay pixel-exact.
// Validation samples are unjittered and also keep the working-scale image and the truth polygon for
// ml/eval-ai.ts. Seeds: train 100000+i, validation 200000+i (the bench must use other seeds).
//
// `--set 3d` renders tools with thickness (bench/synth/render-3d.ts: round and flat-walled parts,
// satin steel and chrome, hard/soft/diffuse cast shadows on the grid, cameras above the middle or a
// corner), labelled with the silhouette that camera saw, never the shadow. Seeds: train 300000+i,
// validation 400000+i (the 3D bench uses 3000+). Parts are named part-3d-<n>.
//
// Output per split and shard, ml/data/<split>/part-<shard>/:
//   images.u8  N x 512 x 384 x 3 RGB
//   masks.u8   N x 512 x 384 tool coverage 0-255 (anti-aliased from the truth polygon)
//   meta.jsonl one JSON per sample (seed, tool, finish, photo size, truth polygon in pad mm)
//   work/<seed>.png  validation only: the rectified frame at the working scale
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { FINISHES, type Finish } from "../bench/synth/index.ts";
import { type CameraName, FINISHES_3D, type Finish3d } from "../bench/synth/render-3d.ts";
import { rasterizeCoverage } from "../bench/synth/rasterize.ts";
import { createRng } from "../bench/synth/rng.ts";
import { encodePng } from "../bench/synth/bmp-encode.ts";
import type { Pt } from "../src/vision/homography.ts";
import { FRAME_H_MM, FRAME_W_MM } from "../src/vision/pad-spec.ts";
import { FOAM_UNET } from "../src/vision/ai/model-contract.ts";
import { frameToNetworkRgb } from "../src/vision/ai/segment-with-model.ts";
import { type PadSample, renderPadSample, renderPadSample3d, WORK_PX_PER_MM } from "./pad-sample.ts";

export const TRAIN_SEED_BASE = 100_000;
export const VAL_SEED_BASE = 200_000;
export const TRAIN_3D_SEED_BASE = 300_000;
export const VAL_3D_SEED_BASE = 400_000;

const { values: args } = parseArgs({
  options: {
    split: { type: "string", default: "train" },
    set: { type: "string", default: "flat" },
    count: { type: "string", default: "1000" },
    // Generate only samples from this index on (adding to an existing set); parts are named by index.
    from: { type: "string", default: "0" },
    shard: { type: "string", default: "0" },
    shards: { type: "string", default: "1" },
    out: { type: "string", default: join(import.meta.dir, "data") },
  },
});

const split = args.split as "train" | "val";
if (split !== "train" && split !== "val") throw new Error("--split must be train or val");
const count = Number(args.count);
const shard = Number(args.shard);
const shards = Number(args.shards);
const from = Number(args.from);
const set = args.set as "flat" | "3d";
if (set !== "flat" && set !== "3d") throw new Error("--set must be flat or 3d");
const dir = join(args.out as string, split, set === "3d" ? `part-3d-${from + shard}` : `part-${from + shard}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, "work"), { recursive: true });

const IW = FOAM_UNET.inputWidth;
const IH = FOAM_UNET.inputHeight;

// Light-grey and shiny steel are the hard cases for both scanners: oversample them.
const FINISH_WEIGHTS: Record<Finish, number> = { black: 0.14, dark: 0.14, coloured: 0.22, "light-grey": 0.25, shiny: 0.25 };

function pickFinish(u: number): Finish {
  let acc = 0;
  for (const f of FINISHES) {
    acc += FINISH_WEIGHTS[f];
    if (u < acc) return f;
  }
  return "shiny";
}

// 3D set: satin steel and chrome are what one photo loses; light-grey is what shadows are taken for.
const FINISH_3D_WEIGHTS: Record<Finish3d, number> = { black: 0.1, dark: 0.1, coloured: 0.15, "light-grey": 0.17, "satin-steel": 0.28, chrome: 0.2 };
function pickFinish3d(u: number): Finish3d {
  let acc = 0;
  for (const f of FINISHES_3D) {
    acc += FINISH_3D_WEIGHTS[f];
    if (u < acc) return f;
  }
  return "chrome";
}
const CORNERS: CameraName[] = ["corner0", "corner1", "corner2", "corner3"];

const imagesOut = Bun.file(join(dir, "images.u8")).writer();
const masksOut = Bun.file(join(dir, "masks.u8")).writer();
const metaOut = Bun.file(join(dir, "meta.jsonl")).writer();
const t0 = performance.now();
let done = 0;

// Training samples from this index on get a deep cast shadow (0.18-0.45 instead of the generator's
// 0.06-0.18): v1, trained without them, took the shadow halo round light-grey tools for tool.
const DEEP_SHADOW_FROM = 700;

for (let i = from + shard; i < count; i += shards) {
  let seed: number;
  let pw: number;
  let ph: number;
  let sample: PadSample;
  let noTool = false;
  if (set === "3d") {
    seed = (split === "train" ? TRAIN_3D_SEED_BASE : VAL_3D_SEED_BASE) + i;
    const rng = createRng(seed * 31 + 7);
    // Validation at the 3D bench's size; training also at phone-video and larger sizes.
    const sizes: [number, number][] = [[1600, 1200], [1920, 1440], [2400, 1800]];
    [pw, ph] = split === "val" ? sizes[1] : sizes[rng.int(0, 2)];
    const camera = rng.next() < 0.6 ? "middle" : CORNERS[rng.int(0, 3)];
    sample = await renderPadSample3d({ seed, photoWidth: pw, photoHeight: ph, finish: pickFinish3d(rng.next()), camera });
  } else {
    seed = (split === "train" ? TRAIN_SEED_BASE : VAL_SEED_BASE) + i;
    const rng = createRng(seed * 31 + 5);
    // Validation photos match the bench's default 12 MP. Training uses cheaper 2-4 MP photos: the
    // frame ends at ~2 px/mm in the network either way, and 12 MP costs ~3x the CPU per sample.
    const sizes: [number, number][] = [[1600, 1200], [2000, 1500], [2400, 1800], [4000, 3000]];
    [pw, ph] = split === "val" ? sizes[3] : sizes[rng.int(0, 2)];
    noTool = rng.next() < 0.03;
    const finish = pickFinish(rng.next());
    sample = await renderPadSample({
      seed,
      photoWidth: pw,
      photoHeight: ph,
      finish,
      noTool,
      cornerJitterMm: split === "train" ? 0.35 : 0,
      normal: rng.normal,
      shadowStrength: split === "train" && i >= DEEP_SHADOW_FROM ? 0.18 + 0.27 * rng.next() : undefined,
    });
  }
  const { photo, rgba: work, truthMm: truthClaimed, width: WW, height: WH } = sample;
  const planar = frameToNetworkRgb(work, WW, WH, IW, IH, WORK_PX_PER_MM);
  const n = IW * IH;
  const hwc = new Uint8Array(n * 3);
  for (let k = 0; k < n; k++) {
    hwc[k * 3] = Math.round(planar[k]);
    hwc[k * 3 + 1] = Math.round(planar[n + k]);
    hwc[k * 3 + 2] = Math.round(planar[2 * n + k]);
  }
  const mask = new Uint8Array(n);
  if (truthClaimed.length) {
    const cov = rasterizeCoverage([truthClaimed.map(([x, y]) => [(x * IW) / FRAME_W_MM, (y * IH) / FRAME_H_MM] as Pt)], IW, IH);
    for (let k = 0; k < n; k++) mask[k] = Math.round(Math.min(1, cov[k]) * 255);
  }
  imagesOut.write(hwc);
  masksOut.write(mask);
  metaOut.write(
    `${JSON.stringify({
      seed,
      toolKind: noTool ? null : photo.toolKind,
      finish: noTool ? null : photo.finish,
      photo: [pw, ph],
      set,
      pxPerMmPhoto: set === "3d" ? null : +photo.meta.pxPerMm.toFixed(3),
      tiltDeg: set === "3d" ? null : +photo.meta.tiltDeg.toFixed(2),
      work: split === "val" ? `work/${seed}.png` : null,
      workSize: [WW, WH],
      workPxPerMm: WORK_PX_PER_MM,
      truthMm: truthClaimed.map(([x, y]) => [+x.toFixed(4), +y.toFixed(4)]),
    })}\n`,
  );
  if (split === "val") await Bun.write(join(dir, "work", `${seed}.png`), await encodePng({ width: WW, height: WH, data: work }, 1));
  done++;
  if (done % 25 === 0) {
    await Promise.all([imagesOut.flush(), masksOut.flush(), metaOut.flush()]);
    console.log(`${split} shard ${shard}: ${done} samples, ${((performance.now() - t0) / done).toFixed(0)} ms/sample`);
  }
}
await Promise.all([imagesOut.end(), masksOut.end(), metaOut.end()]);
await Bun.write(join(dir, "info.json"), JSON.stringify({ split, count: done, inputWidth: IW, inputHeight: IH, workPxPerMm: WORK_PX_PER_MM }, null, 2));
console.log(`${split} shard ${shard}: ${done} samples in ${((performance.now() - t0) / 1000).toFixed(0)} s -> ${dir}`);
