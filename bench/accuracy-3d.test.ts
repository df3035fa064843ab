import { expect, test } from "bun:test";
import { benchmarkPhotoSet3d, type MultiResult, runBench3d } from "./synth/accuracy-3d.ts";
import { FINISHES_3D, TOOL3D_KINDS } from "./synth/render-3d.ts";

test("3D photo set: ten photos cover every tool kind, finish and kind of light", () => {
  const set = benchmarkPhotoSet3d(10);
  expect(new Set(set.map((s) => s.toolKind)).size).toBe(TOOL3D_KINDS.length);
  expect(new Set(set.map((s) => s.finish)).size).toBe(FINISHES_3D.length);
  expect(new Set(set.map((s) => s.light.kind))).toEqual(new Set(["hard", "soft", "diffuse"]));
});

test("--views scoring: a pipeline returning the exact footprint meets every target; one cutting the tool does not", async () => {
  const lines: string[] = [];
  const common = { n: 1, width: 1280, height: 960, firstSeed: 3003, causes: ["both" as const], ai: false, views: 5, rdp: 0.3, sensitivity: 45, verbose: false, log: (l: string) => lines.push(l) };
  // The stand-in reads the truth from the bench's own cache: it knows the tool (seed 3003: a hex key).
  const { cachedProtocolViews } = await import("./synth/cached-photo-3d.ts");
  const [spec] = benchmarkPhotoSet3d(1, 3003);
  const views = await cachedProtocolViews({ ...spec, width: 1280, height: 960, cause: "both" });
  const exact = async (): Promise<MultiResult> =>
    ({ contour_points_mm: views[0].footprintMm, views: 5, height_mm: views[0].heightMm, accuracy_mm: 1 }) as unknown as MultiResult;
  await runBench3d({ ...common, traceImages: exact });
  const report = lines.join("\n");
  expect(report).toContain("median mean deviation 0.000 mm (target <= 0.4) MET");
  expect(report).toContain("(target <= 0.5 % on every tool) MET");
  expect(report).toContain("within 15 %: 1/1 (target: all) MET");
  expect(report).toContain("true Hausdorff > accuracy_mm on 0/1");

  lines.length = 0;
  // Half the footprint: the outline cuts the tool, height unknown.
  const fp = views[0].footprintMm;
  const xs = fp.map(([x]) => x);
  const mid = (Math.min(...xs) + Math.max(...xs)) / 2;
  const half = fp.map(([x, y]) => [Math.min(x, mid), y] as [number, number]);
  const cutting = async (): Promise<MultiResult> => ({ contour_points_mm: half, views: 5, height_mm: null, accuracy_mm: 0.5 }) as unknown as MultiResult;
  await runBench3d({ ...common, traceImages: cutting });
  const bad = lines.join("\n");
  expect(bad).toContain("(target <= 0.5 % on every tool) MISSED");
  expect(bad).toContain("true Hausdorff > accuracy_mm on 1/1");
  expect(bad).toContain("(target: all) MISSED");
}, 120000);

test("--stress: every photo the pipeline gets comes from the worse camera, and the report says so", async () => {
  const lines: string[] = [];
  const seen: Uint8Array[][] = [];
  const capture = async (images: Uint8Array[]): Promise<MultiResult> => {
    seen.push(images);
    throw new Error("stand-in");
  };
  const common = { n: 1, width: 1280, height: 960, firstSeed: 3003, causes: ["both" as const], ai: false, views: 5, rdp: 0.3, sensitivity: 45, verbose: false, log: (l: string) => lines.push(l), traceImages: capture };
  await runBench3d(common);
  await runBench3d({ ...common, camera: { noiseSigma: 6, jpegQuality: 70 } });
  expect(seen).toHaveLength(2);
  expect(seen[1]).toHaveLength(5);
  // Same tool and poses, other pixels in every view.
  for (let j = 0; j < 5; j++) expect(Buffer.from(seen[1][j]).equals(Buffer.from(seen[0][j]))).toBe(false);
  expect(lines.join("\n")).toContain('worse camera {"noiseSigma":6,"jpegQuality":70}');
}, 180000);

test("--oracle: every photo segmented by its true silhouette; the one-photo outline is that silhouette, and the learned segmenter is back afterwards", async () => {
  const { getSegmenter } = await import("../src/vision/segmenter.ts");
  const before = getSegmenter("ai");
  const lines: string[] = [];
  await runBench3d({ n: 1, width: 1280, height: 960, firstSeed: 3003, causes: ["both"], ai: false, oracle: true, views: 1, rdp: 0.3, sensitivity: 45, verbose: true, log: (l) => lines.push(l) });
  const report = lines.join("\n");
  expect(report).toContain("ORACLE");
  // The outline of the true silhouette, simplified (rdp 0.3 mm) and snapped: well under the target.
  const med = Number(/targets: median mean dev ([0-9.]+) mm/.exec(report)?.[1]);
  expect(med).toBeLessThan(0.1);
  expect(report).toContain("photos cutting > 0.5 %: 0 MET");
  expect(getSegmenter("ai")).toBe(before);
}, 120000);
