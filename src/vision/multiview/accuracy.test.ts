import { describe, expect, test } from "bun:test";
import { DEFAULT_TOOL_HEIGHT_MM, estimateAccuracyMm, type AccuracyInput } from "./accuracy.ts";
import { estimateFocalPx, poseFromHomography } from "./camera.ts";
import { carveFootprint } from "./carve.ts";
import { boxSolid, lyingCylinder, protocolCentres, protocolViews, rasterSize, renderFootprint, renderSilhouette, unionSolid, type Solid } from "../../../tests/helpers/vision/multiview-synthetic.ts";

const SLOW = 120_000;
const view = (x: number, y: number, h: number, extra: Partial<AccuracyInput["views"][number]> = {}) => ({ nadirMm: [x, y] as [number, number], heightMm: h, reprojectionPx: 0.3, pxPerMm: 6, sharpness: 400, ...extra });
const protocol = () => protocolCentres().map(([x, y, h]) => view(x, y, h));
const box = { x0: 60, y0: 60, x1: 140, y1: 200 };

describe("estimateAccuracyMm", () => {
  test("one photo: the parallax of the box corner farthest from the nadir, plus measurement", () => {
    const v = view(100, 130, 300);
    const a = estimateAccuracyMm({ views: [v], toolHeightMm: 20, toolBoxMm: box, multiView: false });
    const far = Math.hypot(140 - 100, 200 - 130);
    const parallax = (far * 20) / (300 - 20);
    expect(a).toBeGreaterThan(parallax);
    expect(a).toBeLessThan(parallax + 0.6);
    // Flat tools are nearly exact; taller tools and tools far from the nadir are not.
    const flat = estimateAccuracyMm({ views: [v], toolHeightMm: 1, toolBoxMm: box, multiView: false });
    expect(flat).toBeLessThan(0.8);
    expect(estimateAccuracyMm({ views: [view(10, 10, 300)], toolHeightMm: 20, toolBoxMm: box, multiView: false })).toBeGreaterThan(a * 1.5);
    expect(estimateAccuracyMm({ views: [v], toolHeightMm: 40, toolBoxMm: box, multiView: false })).toBeGreaterThan(a * 1.8);
    // Unknown height: a typical tool thickness is assumed.
    expect(estimateAccuracyMm({ views: [v], toolHeightMm: null, toolBoxMm: box, multiView: false })).toBe(
      estimateAccuracyMm({ views: [v], toolHeightMm: DEFAULT_TOOL_HEIGHT_MM, toolBoxMm: box, multiView: false }),
    );
  }, SLOW);

  test("several photos around the tool beat one; photos from one side only do not help", () => {
    // A spanner-sized box.
    const spanner = { x0: 85, y0: 55, x1: 115, y1: 205 };
    const single = estimateAccuracyMm({ views: [protocol()[0]], toolHeightMm: 20, toolBoxMm: spanner, multiView: false });
    const around = estimateAccuracyMm({ views: protocol(), toolHeightMm: 20, toolBoxMm: spanner, multiView: true });
    const oneSide = estimateAccuracyMm({ views: [view(180, 10, 300), view(190, 250, 300)], toolHeightMm: 20, toolBoxMm: spanner, multiView: true });
    console.log(`[multiview] accuracy, 20 mm spanner: one photo ${single} mm, 5 photos ${around} mm, 2 photos from the right-hand corners only ${oneSide} mm`);
    expect(around).toBeLessThan(single * 0.7);
    expect(oneSide).toBeGreaterThan(around * 1.3);
  }, SLOW);

  test("marker-fit residual and blur widen the figure", () => {
    const base = estimateAccuracyMm({ views: protocol(), toolHeightMm: 15, toolBoxMm: box, multiView: true });
    const shaky = estimateAccuracyMm({ views: protocol().map((v) => ({ ...v, reprojectionPx: 3 })), toolHeightMm: 15, toolBoxMm: box, multiView: true });
    const blurred = estimateAccuracyMm({ views: protocol().map((v) => ({ ...v, sharpness: 100 })), toolHeightMm: 15, toolBoxMm: box, multiView: true });
    expect(shaky).toBeGreaterThan(base + 0.5);
    expect(blurred).toBeGreaterThan(base + 0.05);
  }, SLOW);

  test("degenerate input: NaN without views, Infinity when the camera is no higher than the tool", () => {
    expect(estimateAccuracyMm({ views: [], toolHeightMm: 20, toolBoxMm: box, multiView: false })).toBeNaN();
    expect(estimateAccuracyMm({ views: [view(100, 130, 15)], toolHeightMm: 20, toolBoxMm: box, multiView: false })).toBe(Infinity);
  }, SLOW);

  test("is in line with the measured largest distance on exact geometry (carved hull and single photo)", () => {
    const k = 5;
    const { width: W, height: H } = rasterSize(k);
    const views = protocolViews({ focalPx: 1450, width: 1920, height: 1440, noisePx: 0.3, seed: 11 });
    const est = estimateFocalPx(views) as NonNullable<ReturnType<typeof estimateFocalPx>>;
    const poses = views.map((v) => poseFromHomography(v.padToImage, v.width, v.height, est.focalPx));
    const boundary = (m: Uint8Array) => {
      const b: number[] = [];
      for (let y = 1; y < H - 1; y++)
        for (let x = 1; x < W - 1; x++) {
          const i = y * W + x;
          if (m[i] && (!m[i - 1] || !m[i + 1] || !m[i - W] || !m[i + W])) b.push(x, y);
        }
      return b;
    };
    const hausdorff = (a: Uint8Array, t: Uint8Array) => {
      const A = boundary(a);
      const B = boundary(t);
      let worst = 0;
      for (const [P, Q] of [
        [A, B],
        [B, A],
      ])
        for (let i = 0; i < P.length; i += 2) {
          let d = Infinity;
          for (let j = 0; j < Q.length; j += 2) d = Math.min(d, (Q[j] - P[i]) ** 2 + (Q[j + 1] - P[i + 1]) ** 2);
          worst = Math.max(worst, Math.sqrt(d) / k);
        }
      return worst;
    };
    const solids: Solid[] = [boxSolid(100, 140, 25, 130, 18, 30), lyingCylinder(50, 90, 120, 14, 40), unionSolid([boxSolid(80, 140, 22, 130, 12), boxSolid(120, 85, 70, 18, 12)])];
    const ratios: string[] = [];
    for (const s of solids) {
      const sils = views.map((v) => renderSilhouette(s, v.camera.centreMm, k));
      const truth = renderFootprint(s, k);
      const r = carveFootprint(sils.map((m, i) => ({ mask: m, width: W, height: H, pxPerMm: k, camera: poses[i] })));
      const vin = poses.map((p) => view(p.nadirMm[0], p.nadirMm[1], p.heightMm, { reprojectionPx: 0.2 }));
      const toolBoxMm = { x0: s.box.x0, y0: s.box.y0, x1: s.box.x1, y1: s.box.y1 };
      const multi = estimateAccuracyMm({ views: vin, toolHeightMm: r.heightMm, toolBoxMm, multiView: true });
      const single = estimateAccuracyMm({ views: vin.slice(0, 1), toolHeightMm: s.heightMm, toolBoxMm, multiView: false });
      const mMulti = hausdorff(r.mask, truth);
      const mSingle = hausdorff(sils[0], truth);
      ratios.push(`hull ${multi} mm est / ${mMulti.toFixed(2)} mm measured, one photo ${single} / ${mSingle.toFixed(2)}`);
      expect(multi / mMulti).toBeGreaterThan(0.6);
      expect(multi / mMulti).toBeLessThan(3.5);
      expect(single / mSingle).toBeGreaterThan(0.9);
      expect(single / mSingle).toBeLessThan(2.5);
    }
    console.log(`[multiview] accuracy estimate vs measured largest distance:\n  ${ratios.join("\n  ")}`);
  }, SLOW);
});
