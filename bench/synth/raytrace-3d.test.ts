import { describe, expect, test } from "bun:test";
import { polygonUnion } from "../../src/vision/clipper-ops.ts";
import { decodeImage } from "../../src/vision/decode-image.ts";
import { applyHomography } from "../../src/vision/homography.ts";
import { loadOpenCv } from "../../src/vision/opencv.ts";
import { rgbaToGrey, sampleBilinear } from "../../src/vision/raster.ts";
import { buildRayScene, dist2d, padIrradianceMap, padLightAt, PartGeom, partSdf, renderPadPhotoRay, renderRayView } from "./raytrace-3d.ts";
import { buildScene, type LightSpec, partSlices, renderPadPhoto3d, type Render3dOptions, type Scene } from "./render-3d.ts";
import { capsule, rect } from "./tool-shapes.ts";
import { erosionAt, type Part3d } from "./tool-shapes-3d.ts";

type P = [number, number];

/** x in [a, b] where f changes sign (f(a) > 0 >= f(b) or the reverse), by bisection. */
function root(f: (x: number) => number, a: number, b: number): number {
  let fa = f(a);
  for (let i = 0; i < 80; i++) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (fm > 0 === fa > 0) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return (a + b) / 2;
}

function distToPolyline(poly: P[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i];
    const [bx, by] = poly[(i + 1) % poly.length];
    const ex = bx - ax;
    const ey = by - ay;
    const l2 = ex * ex + ey * ey;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / l2)) : 0;
    best = Math.min(best, Math.hypot(ax + ex * t - x, ay + ey * t - y));
  }
  return best;
}

/** A scene from render-3d.ts with its tool replaced by one box part (for exact expectations). */
function boxScene(seed: number, light: LightSpec, box: [number, number, number, number], h: number): Scene {
  const base = buildScene({ seed, toolKind: "socket", finish: "dark", light });
  const part: Part3d = { polys: [rect(box[0], box[1], box[2], box[3])], z0: 0, h, edge: 0, mat: "body" };
  return { ...base, tool: { kind: "socket", parts: [part] }, slices: [partSlices(part)], footprint: polygonUnion(part.polys), heightMm: h, light };
}

describe("ray tracer geometry", () => {
  test("the part SDF's slices are erosionAt's profile (round and rounded-box parts); 2D distances are exact", () => {
    const round: Part3d = { polys: polygonUnion([capsule(20, 80, 10)]), z0: 2, h: 20, edge: 10, mat: "handle" };
    const box: Part3d = { polys: polygonUnion([rect(0, 0, 40, 20)]), z0: 0, h: 10, edge: 3, mat: "body" };
    for (const part of [round, box]) {
      const g = new PartGeom(part, 0);
      for (const zRel of [0.05, 0.5, 1, 2, 3, 5, part.h / 2, part.h - 2, part.h - 0.3]) {
        const z = part.z0 + zRel;
        const e = erosionAt(part, zRel);
        // Straight side: the footprint's edge is y = -10 (capsule) or y = 0 (box); walk in from outside.
        const [x, y0] = part === round ? [50, -10] : [20, 0];
        const yHit = root((y) => partSdf(g, x, y, z), y0 - 3, y0 + Math.min(e + 2, part === round ? 9.9 : 9.9));
        expect(Math.abs(yHit - (y0 + e))).toBeLessThan(1e-3);
        // Any direction (round ends, corners): the surface lies where the 2D distance is -erosion.
        for (const a of [0.3, 1.1, 2.2, 3.5, 4.4, 5.6]) {
          const c: P = part === round ? [80, 0] : [20, 10];
          const f = (t: number) => partSdf(g, c[0] + t * Math.cos(a), c[1] + t * Math.sin(a), z);
          if (f(0) > 0) continue; // the slice is empty along this ray
          const t = root(f, 0, 40);
          expect(Math.abs(dist2d(g, c[0] + t * Math.cos(a), c[1] + t * Math.sin(a)) + e)).toBeLessThan(1e-3);
          // The round end's slice is a circle of radius R - e (R = 10), up to the 0.25 mm polygon's sagitta.
          if (part === round && Math.cos(a) > 0.2) expect(Math.abs(t - (10 - e))).toBeLessThan(2e-3);
        }
      }
    }
    // 2D distance against the truth, holes included (a ring part, edge 2): exact where the surface can
    // be (-edge - 0.5 < d < 0.5), the right sign elsewhere in the grid, a lower bound beyond it.
    const ring: Part3d = { polys: polygonUnion([capsule(0, 0, 12)]).concat(polygonUnion([capsule(0, 0, 6)]).map((q) => q.slice().reverse())), z0: 0, h: 8, edge: 2, mat: "body" };
    const gr = new PartGeom(ring, 0);
    let worst = 0;
    let exact = 0;
    for (let i = 0; i < 20000; i++) {
      const x = -15 + ((i * 7919) % 3000) / 100;
      const y = -15 + ((i * 104729) % 3000) / 100;
      const r = Math.hypot(x, y);
      const truth = r < 9 ? 6 - r : r - 12;
      const d = dist2d(gr, x, y);
      if (Math.max(Math.abs(x), Math.abs(y)) >= 13.4) expect(d).toBeLessThanOrEqual(truth + 0.002);
      else if (truth > -2.5 && truth < 0.5) {
        // Circles are 0.25 mm polygons: within their sagitta of the true circles.
        worst = Math.max(worst, Math.abs(d - truth));
        exact++;
      } else expect(Math.sign(d)).toBe(Math.sign(truth));
    }
    expect(exact).toBeGreaterThan(5000);
    expect(worst).toBeLessThan(0.002);
    // An L (a reflex corner at (5, 5)): exact distance and sign all round its corners, edge 3.
    const L: P[] = [
      [0, 0],
      [20, 0],
      [20, 5],
      [5, 5],
      [5, 20],
      [0, 20],
    ];
    const gl = new PartGeom({ polys: polygonUnion([L]), z0: 0, h: 6, edge: 3, mat: "body" }, 0);
    const inL = (x: number, y: number) => x > 0 && y > 0 && ((x < 20 && y < 5) || (x < 5 && y < 20));
    let worstL = 0;
    let nL = 0;
    for (let i = 0; i < 20000; i++) {
      const x = -1 + ((i * 7919) % 2300) / 100;
      const y = -1 + ((i * 104729) % 2300) / 100;
      const truth = (inL(x, y) ? -1 : 1) * distToPolyline(L, x, y);
      if (truth <= -3.5 || truth >= 0.5) continue;
      worstL = Math.max(worstL, Math.abs(dist2d(gl, x, y) - truth));
      nL++;
    }
    expect(nL).toBeGreaterThan(8000);
    expect(worstL).toBeLessThan(1e-6);
  });
});

describe("ray-traced photos", () => {
  test("the tool's 50 % coverage contour lies on the analytic silhouette (within 0.3 px)", async () => {
    await loadOpenCv();
    for (const o of [
      { seed: 41, toolKind: "screwdriver", camera: "middle" },
      { seed: 42, toolKind: "tape-measure", camera: "corner3" },
      { seed: 43, toolKind: "pliers", camera: "corner0" },
    ] as const) {
      const opts: Render3dOptions = { ...o, width: 640, height: 480, cause: "parallax" };
      const rs = buildRayScene(buildScene(opts), { seed: opts.seed, cause: "parallax" });
      const { photo, debug } = await renderRayView(rs, opts, o.camera, o.camera === "middle" ? 0 : Number(o.camera.slice(6)) + 1);
      const sil = photo.silhouetteMm.map((p) => applyHomography(photo.camera.padToImage, p) as P);
      const { coverage: cov, width: W, height: H } = debug;
      // Crossings of 0.5 between horizontally and vertically adjacent pixel centres.
      const errs: number[] = [];
      for (let y = 0; y < H - 1; y++)
        for (let x = 0; x < W - 1; x++) {
          const c = cov[y * W + x];
          for (const [nx, ny] of [
            [x + 1, y],
            [x, y + 1],
          ]) {
            const d = cov[ny * W + nx];
            if ((c - 0.5) * (d - 0.5) >= 0) continue;
            const t = (0.5 - c) / (d - c);
            const px = x + 0.5 + (nx - x) * t;
            const py = y + 0.5 + (ny - y) * t;
            const e = distToPolyline(sil, px, py);
            // Inner outlines (the pliers' throat, between the arms) are not part of the outer silhouette.
            if (e < 2) errs.push(e);
          }
        }
      errs.sort((a, b) => a - b);
      const q = (f: number) => errs[Math.floor(f * (errs.length - 1))];
      expect(errs.length).toBeGreaterThan(300);
      expect(q(0.5)).toBeLessThan(0.08);
      expect(q(0.99)).toBeLessThan(0.2);
      expect(errs[errs.length - 1]).toBeLessThan(0.3);
    }
  }, 60000);

  test("a hard lamp's shadow of a box is h / tan(elevation) long, and the grid stays visible inside it", async () => {
    await loadOpenCv();
    // Box 20 x 10 mm, 30 mm tall; lamp from -x at 45 deg: the shadow ends 30 mm beyond x = 80.
    const light: LightSpec = { kind: "hard", elevationDeg: 45, azimuthDeg: 180, strength: 0.6 };
    const scene = boxScene(5, light, [60, 100, 80, 110], 30);
    const rs = buildRayScene(scene, { seed: 5 });
    const map = padIrradianceMap(rs);
    expect(map).not.toBeNull();
    let len = 0;
    let rows = 0;
    for (let y = 101; y <= 109; y += 1) {
      let dark = 0;
      for (let x = 80; x < 125; x += 0.01) dark += (1 - padLightAt(rs, x, y).lamp) * 0.01;
      len += dark;
      rows++;
      // Umbra inside, lit well outside.
      expect(padLightAt(rs, 95, y).lamp).toBeLessThan(0.02);
      expect(padLightAt(rs, 118, y).lamp).toBeGreaterThan(0.98);
    }
    expect(Math.abs(len / rows - 30)).toBeLessThan(0.3);

    // The photo: grid lines x = 90 and 100 inside the shadow are darker than the paper between them.
    const opts: Render3dOptions = { seed: 5, width: 1280, height: 960, camera: "middle", light, noiseSigma: 1.5 };
    const { photo } = await renderRayView(rs, opts, "middle", 0);
    const dec = await decodeImage(photo.jpeg);
    const grey = rgbaToGrey(dec.image);
    const at = (x: number, y: number) => {
      const [u, v] = applyHomography(photo.camera.padToImage, [x, y]);
      return sampleBilinear(grey, u - 0.5, v - 0.5);
    };
    const mean = (xs: number[], ys: number[]) => {
      let s = 0;
      for (const x of xs) for (const y of ys) s += at(x, y);
      return s / (xs.length * ys.length);
    };
    const ys = Array.from({ length: 29 }, (_, i) => 101.5 + i * 0.25);
    // Paper 3 mm either side of each line: the shadow's own gradient cancels out.
    const onLines = mean([90, 100], ys);
    const between = mean([87, 93, 97, 103], ys);
    const litPaper = mean([87, 93, 97, 103], ys.map((y) => y - 20));
    expect(between).toBeLessThan(0.8 * litPaper);
    expect(between - onLines).toBeGreaterThan(4);
    // Lit paper as a phone exposes it.
    expect(litPaper).toBeGreaterThan(215);
  }, 60000);

  test("the same options give the same JPEG bytes", async () => {
    const opts: Render3dOptions = { seed: 3, width: 320, height: 240, toolKind: "hex-key" };
    const a = await renderPadPhotoRay(opts);
    const b = await renderPadPhotoRay(opts);
    expect(Buffer.from(a.jpeg).equals(Buffer.from(b.jpeg))).toBe(true);
    const c = await renderPadPhotoRay({ ...opts, seed: 4 });
    expect(Buffer.from(a.jpeg).equals(Buffer.from(c.jpeg))).toBe(false);
  }, 60000);

  test("truth fields equal render-3d.ts's for the same options", async () => {
    for (const opts of [
      { seed: 9, width: 320, height: 240, toolKind: "spanner", camera: "corner2" },
      { seed: 10, width: 320, height: 240, toolKind: "socket", cause: "shadows", square: true },
      { seed: 11, width: 400, height: 300, cause: "parallax", plainPaper: true },
    ] as Render3dOptions[]) {
      const a = await renderPadPhoto3d(opts);
      const b = await renderPadPhotoRay(opts);
      expect(b.footprintMm).toEqual(a.footprintMm);
      expect(b.silhouetteMm).toEqual(a.silhouetteMm);
      expect(b.heightMm).toBe(a.heightMm);
      expect(b.camera).toEqual(a.camera);
      expect(b.toolKind).toBe(a.toolKind);
      expect(b.finish).toBe(a.finish);
      expect(b.light).toEqual(a.light);
    }
  }, 60000);
});
