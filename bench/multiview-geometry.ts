// Figures for the multi-view core on exact geometry: `npm run bench:multiview-geometry -- [cases]` (bun bench/multiview-geometry.ts).
// Random tools (boxes, lying cylinders, L shapes, 12 mm or more inside the frame), the 5-photo protocol
// with random camera heights (250–450 mm), fields of view (62–78°) and optical centres (up to 1 % of
// the width off), calibration (estimateIntrinsics) from homographies refitted to the 16 marker corners
// with ±0.3 px noise, then carving at growth 0 and at the default.

import { estimateAccuracyMm } from "../src/vision/multiview/accuracy.ts";
import { estimateIntrinsics, poseFromHomography } from "../src/vision/multiview/camera.ts";
import { carveFootprint, DEFAULT_TOLERANCE_MM } from "../src/vision/multiview/carve.ts";
import { boxSolid, compareFootprints, lyingCylinder, mulberry32, protocolCentres, protocolViews, rasterSize, renderFootprint, renderSilhouette, unionSolid, type Solid } from "../tests/helpers/vision/multiview-synthetic.ts";

const K = 5;
const { width: W, height: H } = rasterSize(K);
const cases = Number(process.argv[2] ?? 20);

const compare = (est: Uint8Array, truth: Uint8Array) => compareFootprints(est, truth, W, H, K);

const median = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function randomSolid(rnd: () => number, i: number): Solid {
  const ang = rnd() * 180;
  const cx = 70 + rnd() * 56;
  const cy = 80 + rnd() * 100;
  const kind = i % 3;
  if (kind === 0) return boxSolid(cx, cy, 12 + rnd() * 40, 60 + rnd() * 110, 4 + rnd() * 34, ang);
  const a = (ang * Math.PI) / 180;
  if (kind === 1) {
    const l = 60 + rnd() * 100;
    return lyingCylinder(cx - (Math.cos(a) * l) / 2, cy - (Math.sin(a) * l) / 2, l, 4 + rnd() * 16, ang);
  }
  const h = 6 + rnd() * 20;
  const arm = [cx + Math.cos(a) * 50, cy + Math.sin(a) * 50];
  return unionSolid([boxSolid(cx, cy, 20, 110, h, ang + 90), boxSolid(arm[0] + Math.cos(a + Math.PI / 2) * 20, arm[1] + Math.sin(a + Math.PI / 2) * 20, 60, 18, h, ang + 90)]);
}

const rnd = mulberry32(2026);
const rows: Record<string, number[]> = {};
const push = (k: string, v: number) => (rows[k] ??= []).push(v);
let worstCut = { tol0: 0, tolDefault: 0, single: 0 };
let done = 0;
for (let i = 0; done < cases && i < cases * 10; i++) {
  const solid = randomSolid(rnd, done);
  if (solid.box.x0 < 12 || solid.box.y0 < 12 || solid.box.x1 > 184 || solid.box.y1 > 247) continue;
  const heights = Array.from({ length: 5 }, () => 250 + rnd() * 200);
  const w = [4000, 1920, 1280][done % 3];
  const h = (w * 3) / 4;
  const fov = 62 + rnd() * 16;
  const f = w / 2 / Math.tan(((fov / 2) * Math.PI) / 180);
  // Real lenses: optical centre up to ~1 % of the width off the image centre.
  const pp: [number, number] = [(rnd() * 2 - 1) * 0.01 * w, (rnd() * 2 - 1) * 0.01 * w];
  const views = protocolViews({ focalPx: f, width: w, height: h, noisePx: 0.3, seed: 100 + i, centres: protocolCentres(heights), principalOffsetPx: pp });
  const est = estimateIntrinsics(views);
  if (!est) throw new Error("calibration failed");
  push("focal error %", Math.abs(est.focalPx / f - 1) * 100);
  push("principal point error px", Math.hypot(est.principalPointPx[0] - w / 2 - pp[0], est.principalPointPx[1] - h / 2 - pp[1]));
  const poses = views.map((v) => poseFromHomography(v.padToImage, w, h, est.focalPx, est.principalPointPx));
  poses.forEach((p, j) => push("centre error mm", Math.hypot(...([0, 1, 2].map((c) => p.centreMm[c] - views[j].camera.centreMm[c]) as [number, number, number]))));
  const truth = renderFootprint(solid, K);
  const sils = views.map((v, j) => ({ mask: renderSilhouette(solid, v.camera.centreMm, K), width: W, height: H, pxPerMm: K, camera: poses[j] }));
  const single = compare(sils[0].mask, truth);
  push("single mean", single.meanMm);
  push("single hausdorff", single.hausdorffMm);
  push("single area %", single.areaPct);
  push("single cut mm2", single.cutMm2);
  worstCut.single = Math.max(worstCut.single, single.cutMm2);
  for (const [name, tol] of [
    ["tol0", 0],
    ["tolDefault", DEFAULT_TOLERANCE_MM],
  ] as const) {
    const before = process.cpuUsage();
    const r = carveFootprint(sils, tol ? {} : { toleranceMm: 0, tolerancePerMmHeight: 0 });
    const cpu = process.cpuUsage(before);
    const c = compare(r.mask, truth);
    push(`${name} mean`, c.meanMm);
    push(`${name} hausdorff`, c.hausdorffMm);
    push(`${name} area %`, c.areaPct);
    push(`${name} cut mm2`, c.cutMm2);
    push(`${name} height error %`, (r.heightMm / solid.heightMm - 1) * 100);
    push(`${name} cpu ms`, (cpu.user + cpu.system) / 1000);
    worstCut[name] = Math.max(worstCut[name], c.cutMm2);
    if (tol) {
      const acc = estimateAccuracyMm({
        views: poses.map((p) => ({ nadirMm: p.nadirMm, heightMm: p.heightMm, reprojectionPx: 0.2, pxPerMm: w / 300, sharpness: 400 })),
        toolHeightMm: r.heightMm,
        toolBoxMm: { x0: solid.box.x0, y0: solid.box.y0, x1: solid.box.x1, y1: solid.box.y1 },
        multiView: true,
      });
      push("accuracy estimate / measured hausdorff", acc / c.hausdorffMm);
    }
  }
  done++;
}

console.log(`${done} tools (boxes, lying cylinders, L shapes), 5-photo protocol, ±0.3 px corner noise, ${W}x${H} raster`);
for (const [k, v] of Object.entries(rows)) {
  const s = [...v].sort((a, b) => a - b);
  console.log(`${k.padEnd(40)} median ${median(v).toFixed(3).padStart(8)}   min ${s[0].toFixed(3).padStart(8)}   max ${s[s.length - 1].toFixed(3).padStart(8)}`);
}
console.log("worst cut mm2", JSON.stringify(worstCut));
