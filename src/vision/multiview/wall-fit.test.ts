import { describe, expect, test } from "bun:test";
import { boxSolid, compareFootprints, lyingCylinder, unionSolid, protocolViews, rasterSize, renderFootprint, renderSilhouette, type Solid } from "../../../tests/helpers/vision/multiview-synthetic.ts";
import { loadOpenCv } from "../opencv.ts";
import { estimateFocalPx, poseFromHomography } from "./camera.ts";
import { carveFootprint } from "./carve.ts";
import { boundCorners, bridgeShortGaps, concaveRuns, cornerRuns, fitWalls, outlineDirection } from "./wall-fit.ts";
import { distanceToSet } from "../opencv.ts";
import { erodeDisk } from "../ai/morphology.ts";

const K = 5;
const { width: W, height: H } = rasterSize(K);
const SLOW = 120_000;

// Calibration as the pipeline does it: the focal length and the poses from noisy marker corners.
function capture(seed: number) {
  const views = protocolViews({ focalPx: 1500, width: 1920, height: 1440, noisePx: 0.3, seed });
  const est = estimateFocalPx(views);
  if (!est) throw new Error("calibration failed");
  return { views, poses: views.map((v) => poseFromHomography(v.padToImage, v.width, v.height, est.focalPx)!) };
}

function hullAndFit(solid: Solid, unknownOf: (i: number) => Uint8Array | undefined = () => undefined) {
  const { views, poses } = capture(3);
  const sils = views.map((v, i) => ({ mask: renderSilhouette(solid, v.camera.centreMm, K), width: W, height: H, pxPerMm: K, camera: poses[i], unknown: unknownOf(i) }));
  const hull = carveFootprint(sils, { toleranceMm: 0, tolerancePerMmHeight: 0.01 });
  const fit = fitWalls(sils, hull.mask, W, H, K);
  const truth = renderFootprint(solid, K);
  return { hull: compareFootprints(hull.mask, truth, W, H, K), fit: compareFootprints(fit.mask, truth, W, H, K), diagnostics: fit.diagnostics, topMm: fit.topMm, hullTopMm: Number(hull.diagnostics.heightUpperMm) };
}

describe("fitWalls: the wall's foot beyond the visual hull", () => {
  test(
    "a 32 mm box with vertical walls: the hull's bulge beside the walls goes, nothing of the box is cut",
    async () => {
      await loadOpenCv();
      const { hull, fit, diagnostics, topMm, hullTopMm } = hullAndFit(boxSolid(85, 150, 60, 75, 32, -10));
      // Its walls give the box's top.
      expect(Math.abs((topMm as number) - 32)).toBeLessThan(0.75);
      expect(hullTopMm).toBeGreaterThan(30);
      expect(hull.meanMm).toBeGreaterThan(0.6);
      expect(fit.meanMm).toBeLessThan(hull.meanMm * 0.6);
      expect(fit.areaPct).toBeLessThan(hull.areaPct / 2);
      expect(fit.cutShare).toBeLessThanOrEqual(0.005);
      expect(diagnostics.moved as number).toBeGreaterThan(100);
      // Its corners in plan are fitted by no wall: the walls either side bound their bulge.
      expect(diagnostics.corners as number).toBeGreaterThan(0);
      expect(diagnostics.cornerCutMm2 as number).toBeGreaterThan(0);
    },
    SLOW,
  );

  test(
    "a round bar keeps its hull (the fit finds no wall), a 6 mm box is left alone (its top is too low to trust a fit), a 10 mm one is fitted; the walls give each one's top",
    async () => {
      await loadOpenCv();
      const bar = hullAndFit(lyingCylinder(45, 95, 130, 12, 35));
      expect(Math.abs((bar.topMm as number) - 24)).toBeLessThan(0.75);
      expect(bar.fit.cutShare).toBeLessThanOrEqual(0.005);
      expect(bar.fit.meanMm).toBeLessThan(bar.hull.meanMm + 0.05);
      const low = hullAndFit(boxSolid(98, 130, 22, 150, 6, 25));
      // Too low to move, its fit still gives the top; so does a 5.5 mm round bar's (a hex key's).
      expect(Math.abs((low.topMm as number) - 6)).toBeLessThan(0.5);
      const thin = hullAndFit(lyingCylinder(45, 95, 130, 2.75, 35));
      // Within one step of the fit's height grid (DH_STEP, 0.5 mm): the 90th percentile of a low
      // round bar's tops reads a step high where more of its samples fit.
      expect(Math.abs((thin.topMm as number) - 5.5)).toBeLessThanOrEqual(0.5);
      expect(low.fit.meanMm).toBeCloseTo(low.hull.meanMm, 3);
      expect(low.diagnostics.moved).toBe(0);
      // A spanner's 9-10 mm: its hull bulges by about 0.2 mm, the fit takes most of it.
      const spanner = hullAndFit(boxSolid(98, 130, 22, 150, 10, 25));
      expect(spanner.fit.meanMm).toBeLessThan(spanner.hull.meanMm * 0.6);
      expect(spanner.fit.cutShare).toBeLessThanOrEqual(0.005);
    },
    SLOW,
  );

  test(
    "a 7 mm wall (a spanner's shaft) moves on a tight fit with a flat face; a 7 mm round bar keeps its hull",
    async () => {
      await loadOpenCv();
      // Its hull column stands 6-8 mm, under minHeightMm: only a tight fit with a flat face and a top
      // of 7 mm or more moves it (LOW_WALL_MIN_MM, LOW_WALL_MIN_TOP_MM).
      const shaft = hullAndFit(boxSolid(98, 130, 22, 150, 7, 25));
      expect(shaft.diagnostics.moved as number).toBeGreaterThan(100);
      expect(shaft.fit.meanMm).toBeLessThan(shaft.hull.meanMm * 0.8);
      expect(shaft.fit.cutShare).toBeLessThanOrEqual(0.005);
      // Its top still comes from the walls.
      expect(Math.abs((shaft.topMm as number) - 7)).toBeLessThan(0.5);
      // A round bar of the same height: its fit is round, so its hull stays.
      const bar = hullAndFit(lyingCylinder(45, 95, 130, 3.5, 35));
      expect(bar.diagnostics.moved).toBe(0);
      expect(bar.fit.cutShare).toBeLessThanOrEqual(0.005);
    },
    SLOW,
  );

  test(
    "an L of two 20 mm blocks: the wedge the hull keeps in its concave corner is bounded by the walls either side, nothing is cut",
    async () => {
      await loadOpenCv();
      const L = unionSolid([boxSolid(90, 140, 80, 24, 20, 0), boxSolid(62, 110, 24, 60, 20, 0)]);
      const { hull, fit, diagnostics } = hullAndFit(L);
      expect(fit.cutShare).toBeLessThanOrEqual(0.005);
      expect(fit.meanMm).toBeLessThan(hull.meanMm * 0.6);
      // Without the corner bound the walls go but the corner's wedge stays (Hausdorff 2.0 mm).
      expect(fit.hausdorffMm).toBeLessThan(1);
      expect(diagnostics.cornerCutMm2 as number).toBeGreaterThan(0);
    },
    SLOW,
  );

  test(
    "an L whose concave corner is rounded (fillets of 2.5, 6 and 10 mm): the walls either side bound the wedge, no fillet is cut",
    async () => {
      await loadOpenCv();
      for (const rho of [2.5, 6, 10]) {
        // The fillet as 12 strips: strip i covers x in [74 + i·rho/12, 74 + (i+1)·rho/12] from the
        // circle round (74 + rho, 128 - rho) up to the horizontal bar (y 128).
        const strips = Array.from({ length: 12 }, (_, i) => {
          const u = (i + 1) * (rho / 12);
          const y0 = 128 - rho + Math.sqrt(rho * rho - (rho - u) ** 2);
          return boxSolid(74 + (i + 0.5) * (rho / 12), (y0 + 128.5) / 2, rho / 12 + 0.02, 128.5 - y0, 20, 0);
        });
        const L = unionSolid([boxSolid(90, 140, 80, 24, 20, 0), boxSolid(62, 110, 24, 60, 20, 0), ...strips]);
        const { hull, fit } = hullAndFit(L);
        expect(fit.cutShare).toBeLessThanOrEqual(0.005);
        expect(fit.cutMm2).toBeLessThan(1);
        expect(fit.meanMm).toBeLessThan(hull.meanMm * 0.6);
      }
    },
    SLOW,
  );

  test(
    "where a photo cannot see (outside its frame, a marker keep-out) the wall keeps its hull: no edge is read from the end of a view",
    async () => {
      await loadOpenCv();
      // Photo 2 knows nothing about the left half of the pad.
      const blind = new Uint8Array(W * H);
      for (let y = 0; y < H; y++) blind.fill(1, y * W, y * W + Math.round(85 * K));
      const { hull, fit, diagnostics } = hullAndFit(boxSolid(85, 150, 60, 75, 32, -10), (i) => (i === 2 ? blind : undefined));
      expect(fit.cutShare).toBeLessThanOrEqual(0.005);
      expect(fit.meanMm).toBeLessThan(hull.meanMm);
      expect((diagnostics.skipped as Record<string, number>)["edge not seen in a photo"]).toBeGreaterThan(0);
    },
    SLOW,
  );
});


describe("fitWalls: photos that disagree a little still move a wall, by their spread's margin", () => {
  // One photo of five lost 0.6 mm of the box all round (a flank it took for shadow): the photos'
  // implied faces spread by about 0.24 mm, over the 0.15 mm a tight fit allows.
  const lostFlank = (i: number, m: Uint8Array) => {
    if (i !== 2) return m;
    const eroded = erodeDisk(m, W, H, 3);
    return Uint8Array.from(eroded, (v) => (v ? 1 : 0));
  };
  test(
    "a loose fit moves the wall where a tight-only fit keeps the hull and cuts nothing of the box; where the photo that lost the flank doubts its miss, it does not move",
    async () => {
      await loadOpenCv();
      const solid = boxSolid(85, 150, 60, 75, 32, -10);
      const { views, poses } = capture(3);
      const sils = views.map((v, i) => ({ mask: lostFlank(i, renderSilhouette(solid, v.camera.centreMm, K)), width: W, height: H, pxPerMm: K, camera: poses[i] }));
      const hull = carveFootprint(sils, { toleranceMm: 0, tolerancePerMmHeight: 0.01 });
      const truth = renderFootprint(solid, K);
      const tight = fitWalls(sils, hull.mask, W, H, K, { looseSpreadMm: 0.15 });
      const loose = fitWalls(sils, hull.mask, W, H, K);
      const t = compareFootprints(tight.mask, truth, W, H, K);
      const l = compareFootprints(loose.mask, truth, W, H, K);
      expect(tight.diagnostics.looseMoves).toBe(0);
      expect(loose.diagnostics.looseMoves as number).toBeGreaterThan(50);
      expect(loose.diagnostics.moved as number).toBeGreaterThan(tight.diagnostics.moved as number);
      expect(l.meanMm).toBeLessThan(t.meanMm);
      expect(l.cutShare).toBeLessThanOrEqual(0.005);
      // Where the photo that lost the flank doubts its miss (a pale part it could not tell from the
      // paper), the loose fit does not move: the loss could be the whole disagreement.
      const lost = sils[2].mask;
      const full = renderSilhouette(solid, views[2].camera.centreMm, K);
      const doubt = Uint8Array.from(full, (v, q) => (v && !lost[q] ? 1 : 0));
      const doubted = fitWalls(sils.map((v, i) => (i === 2 ? { ...v, doubt } : v)), hull.mask, W, H, K);
      expect(doubted.diagnostics.looseMoves).toBe(0);
      expect((doubted.diagnostics.skipped as Record<string, number>)["photos disagree, one doubtful"]).toBeGreaterThan(50);
    },
    SLOW,
  );
});

describe("bridgeShortGaps: a sample without a fit between two stretches of fitted wall", () => {
  const sample = { h: 20, L: [], a: [], inside: [], tan: [], footMax: -Infinity };
  test("a short run of failed fits takes the line between its neighbours' faces", () => {
    const shifts = [-1, -1, 0, 0, -2, -2, 0, 0, 0, 0, 0, 0, 0];
    bridgeShortGaps(shifts, shifts.map(() => sample), 3);
    [-1, -1, -4 / 3, -5 / 3, -2, -2].forEach((v, i) => expect(shifts[i]).toBeCloseTo(v, 9));
    // The long run (7 samples, round the end of the outline back to the start) stays.
    expect(shifts.slice(6)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
  test("never inside a photo's own foot, never across a sample with no measurement", () => {
    const shifts = [-1, 0, -1, 0, 0, -1, 0, 0, 0, 0];
    const data = shifts.map(() => ({ ...sample }) as typeof sample | null);
    (data[1] as typeof sample).footMax = -0.4;
    data[3] = null;
    bridgeShortGaps(shifts, data, 2);
    expect(shifts[1]).toBe(-0.4);
    expect(shifts[3]).toBe(0);
    expect(shifts[4]).toBe(0);
  });
});

describe("cornerRuns: a corner between two fitted walls stands out of the slice no more than they do", () => {
  const pts = Array.from({ length: 40 }, (_, i) => [i, 0] as [number, number]);
  const N = Number.NaN;
  test("a short run between two stretches of wall is bounded by the larger overhang, with slack", () => {
    const overhang = pts.map((_, i) => (i >= 10 && i < 15 ? N : i < 10 ? 0.4 : 0.8));
    const runs = cornerRuns(pts, overhang, 8, 3);
    expect(runs.length).toBe(1);
    expect(runs[0].pts).toEqual([10, 11, 12, 13, 14].map((x) => [x, 0]));
    expect(runs[0].overhangMm).toBeCloseTo(0.8 * 1.25 + 0.3, 9);
  });
  test("walls of unlike overhang (a round body meeting a flat end face) are no one part: the run keeps the hull", () => {
    const unlike = pts.map((_, i) => (i >= 10 && i < 15 ? N : i < 10 ? 0.2 : 4));
    expect(cornerRuns(pts, unlike, 8, 3)).toEqual([]);
    // Alike within the factor and its slack: bounded by the larger.
    const alike = pts.map((_, i) => (i >= 10 && i < 15 ? N : i < 10 ? 0.5 : 1.9));
    expect(cornerRuns(pts, alike, 8, 3).map((r) => r.overhangMm)).toEqual([1.9 * 1.25 + 0.3]);
  });
  test("a run longer than the limit keeps the hull; a lone fit is part of the run round it, and its overhang counts", () => {
    const long = pts.map((_, i) => (i >= 10 && i < 20 ? N : 0.4));
    expect(cornerRuns(pts, long, 8, 3)).toEqual([]);
    // Sample 15 is a lone fit in the middle of unfitted outline (a round part's odd sample).
    const lone = pts.map((_, i) => (i === 15 ? 1.2 : i >= 10 && i < 18 ? N : 0.4));
    const runs = cornerRuns(pts, lone, 8, 3);
    expect(runs.length).toBe(1);
    expect(runs[0].pts.length).toBe(8);
    expect(runs[0].overhangMm).toBeCloseTo(1.2 * 1.25 + 0.3, 9);
    expect(cornerRuns(pts, lone, 7, 3)).toEqual([]);
  });
});

describe("concaveRuns: the two walls' faces bound a concave corner", () => {
  // A corner at the origin (raster px): wall A is x = 0 for y < 0 (tool at x < 0), wall B is y = 0
  // for x > 0 (tool at y > 0); the free wedge is x > 0, y < 0. The rest of the loop is unmeasured.
  const a = Array.from({ length: 40 }, (_, i) => [0, -40 + i] as [number, number]);
  const corner: [number, number][] = [[0, 0], [1, 0], [2, 0]];
  const b = Array.from({ length: 40 }, (_, i) => [3 + i, 0] as [number, number]);
  const back = Array.from({ length: 200 }, (_, i) => [40 - i * 0.2, 10] as [number, number]);
  const pts = [...a, ...corner, ...b, ...back];
  const nA: [number, number] = [1, 0];
  const nB: [number, number] = [0, -1];
  const normals = pts.map((_, i) => (i < 40 ? nA : i < 43 ? ([0.7, -0.7] as [number, number]) : i < 83 ? nB : ([0, 1] as [number, number])));
  const measured = pts.map((_, i) => i < 40 || (i >= 43 && i < 83));
  const faces = pts.map(() => 0);
  test("a concave turn between two walls gives one run, with each wall's face as its line", () => {
    const runs = concaveRuns(pts, normals, faces, measured.map(() => false), measured, 20, 8, 5);
    expect(runs.length).toBe(1);
    expect(runs[0].a.n).toEqual(nA);
    expect(runs[0].b.n).toEqual(nB);
    // The face lines sit at the pixels' outer edges (half a pixel out).
    expect(runs[0].a.p[0]).toBeCloseTo(0.5, 9);
    expect(runs[0].b.p[1]).toBeCloseTo(-0.5, 9);
  });
  test("a fitted face moves its line; a convex turn, a short wall or a long run gives none", () => {
    const fitted = measured.map((m, i) => m && i < 40);
    const moved = faces.map((_, i) => (i < 40 ? -0.4 : 0));
    expect(concaveRuns(pts, normals, moved, fitted, measured, 20, 8, 5)[0].a.p[0]).toBeCloseTo(0.5 - 0.4 * 5, 9);
    const flipped = normals.map(([x, y]) => [-x, -y] as [number, number]);
    expect(concaveRuns(pts, flipped, faces, measured.map(() => false), measured, 20, 8, 5)).toEqual([]);
    // Wall B only 20 samples long and not fitted: no wall (4 x 8 samples needed).
    const shortB = measured.map((m, i) => m && i < 63);
    expect(concaveRuns(pts, normals, faces, measured.map(() => false), shortB, 20, 8, 5)).toEqual([]);
    expect(concaveRuns(pts, normals, faces, measured.map(() => false), measured, 2, 8, 5)).toEqual([]);
  });
});

describe("boundCorners: a corner run between fitted walls", () => {
  // A 40 mm square hull (5 px/mm) whose pad-plane slice is short of it near its right edge by
  // `shortMm`; the corner run is that edge's middle 10 mm, allowed `overhangMm` out of the slice.
  const cut = (shortMm: number, overhangMm = 0.5) => {
    const w = 300;
    const h = 300;
    const hull = new Uint8Array(w * h);
    const slice = new Uint8Array(w * h);
    for (let y = 50; y < 250; y++)
      for (let x = 50; x < 250; x++) {
        hull[y * w + x] = 1;
        if (x < 250 - Math.round(shortMm * K)) slice[y * w + x] = 1;
      }
    const out = Uint8Array.from(hull);
    const pts: [number, number][] = [];
    for (let y = 125; y < 175; y++) pts.push([249, y]);
    const removed = boundCorners(out, hull, slice, distanceToSet(slice, w, h, 5), w, h, K, [{ pts, overhangMm }]);
    return removed / (K * K);
  };
  test("a wedge of 2 mm is cut back to the allowed overhang; a slice short by 6 mm (a photo lost the part's base) keeps the hull", async () => {
    await loadOpenCv();
    expect(cut(2)).toBeGreaterThan(10);
    expect(cut(6)).toBe(0);
  });
  test("a hull standing out past the allowance by more than 2 mm and more than twice the allowance (a part unlike the walls) keeps its hull", async () => {
    await loadOpenCv();
    // 2.5 mm past an allowance of 0.5 (a socket's run cut so, 3.7 mm past 0.62: --oracle, held out);
    // 1.9 mm past it is a wedge, and so is 2.5 mm past an allowance of 1.5.
    expect(cut(3)).toBe(0);
    expect(cut(2.4)).toBeGreaterThan(15);
    expect(cut(4, 1.5)).toBeGreaterThan(15);
  });
});

describe("outlineDirection: a wall's normal along a pixel outline", () => {
  // A digital straight edge at atan(0.37) (20.3°), as an outline's pixels run along it.
  const pts: [number, number][] = Array.from({ length: 200 }, (_, i) => [i, Math.round(i * 0.37)]);
  const angle = (d: [number, number]) => (Math.atan2(d[1], d[0]) * 180) / Math.PI;
  const truth = (Math.atan(0.37) * 180) / Math.PI;
  const worst = (dir: (i: number) => [number, number]) => Math.max(...Array.from({ length: 120 }, (_, j) => Math.abs(angle(dir(40 + j)) - truth)));
  // What fitWalls took before: the chord between the pixels 4 before and 4 after.
  const chord = (i: number): [number, number] => [pts[i + 4][0] - pts[i - 4][0], pts[i + 4][1] - pts[i - 4][1]];
  test("over ±12 pixels it stays within a degree of the edge; the ±4 pixel chord swings by several", () => {
    expect(worst((i) => outlineDirection(pts, i, 12))).toBeLessThan(1);
    expect(worst(chord)).toBeGreaterThan(3);
  });
});
