// Paper that several photos see at the pad's own height (the multi-photo protocol's pad-plane cue).
//
// A cast shadow, its soft rim and the ambient darkening hugging a tool lie on the pad: every photo
// sees them at the same pad place, shaded alike. A part of the tool at any height above the pad is
// seen at a different pad place from each camera (parallax, `(P - C) * z / (H - z)` on the
// rectified pad). Where a light-grey tool's shaded flank is as dark as the shadow beside it, no
// photo's segmenter could tell where the flank ends, and every photo kept the shadow's rim: the
// carve cannot take away what every photo keeps (3D bench, held-out hex key 5003: every photo's
// silhouette 0.5-1.5 mm out on its shadowed side, mean deviation 0.49 mm against 0.17 with true
// silhouettes). Two photos whose rectified pads agree over a shaded gradient there, when no height
// but the pad's explains them, both saw paper: their rays reach the pad there unobstructed.
//
// The test is a small plane sweep between two photos: the mean absolute difference of their
// paper-relative brightness over a 1 mm patch at the pad's height, and at the heights above it that
// would show a part's parallax. A pixel is proven paper for a pair when the pad's height explains
// the pair (within noise) and every other height explains it clearly worse. A uniform patch (a flat
// flank, a shadow's even core) explains every height alike and proves nothing; a tool's own surface
// looks different from two cameras and proves nothing either. Only what joins the paper outside the
// footprint through proven pixels counts, within a band along the footprint's edge. A part's edge at
// the pad's height (a wall's foot, a bevel, a part lying flat) agrees between photos too; a shadow's
// rim brightens away from the tool while a part's edge darkens toward the paper, and the kept
// footprint grows back through what darkens outward. Heavy enough to run only in the vision workers
// (a few hundred ms per five-photo scan), like the rest of the carve.
import type { CameraPose } from "./camera.ts";
import { sampleBilinear } from "../raster.ts";
import { SHADOW_MAX_CHROMA } from "../shadow-evidence.ts";
import { distanceToOutside } from "./slits.ts";

export type PlaneView = {
  /** Paper-relative brightness image (segmenter's edge image: paper ~ PAPER_LEVEL); undefined = no cue from this photo. */
  flat?: { width: number; height: number; data: Uint8Array | Uint8ClampedArray };
  camera: CameraPose;
  /** 1 = unknown for this photo (outside its frame, marker keep-outs). */
  unknown?: Uint8Array;
};

export type PlanePaperOptions = {
  /** How far inside the footprint's edge the cue looks (mm). */
  bandMm?: number;
  /** Heights tried against the pad's (mm). */
  heightsMm?: number[];
  /** Largest mean |difference| (paper = 1) that the pad's height may leave between two photos. */
  maxPlaneDiff?: number;
  /** How much worse every other height must explain the pair (absolute, and as a multiple of the pad's). */
  minOtherDiff?: number;
  otherRatio?: number;
  /**
   * The hull's height (mm, carve.ts `heightMm`: the median column along the pad-plane slice's edge).
   * Under MIN_PART_HEIGHT_MM nothing is proven; without it, the cue runs.
   */
  partHeightMm?: number;
  /** How far (px) kept footprint grows back through proven pixels no brighter than their neighbour kept. */
  innerMarginPx?: number;
  /** Least spread of a photo's patch (paper = 1) for it to be tested at all. */
  minPatchStd?: number;
};

/** The segmenter's edge image puts the paper at this level (segment-classic.ts, `flat`). */
const PAPER_LEVEL = 220;
/**
 * 3 mm: the rim of a hard shadow and the ambient darkening of the 3D bench's room light reach 1-2.5
 * mm past a thin tool's footprint; deeper in, the footprint is tool or slit, which other steps read.
 */
const BAND_MM = 3;
/**
 * Heights whose parallax the sweep tests: a part 0.8 mm up already moves 0.3-0.7 mm between two
 * protocol photos (corner cameras 250-450 mm up, 100-200 mm out); 4 mm is beyond what a shadow's
 * gradient (about 0.2 of the paper per mm) keeps distinguishable from a shifted copy of itself.
 */
const HEIGHTS_MM = [0.8, 1.6, 2.4, 3.2, 4];
/**
 * The pad's height must explain the pair within 0.05 of the paper (the bench's JPEG and sensor
 * noise, 1.5-3.5 levels, give 0.01-0.02 mean absolute difference; each photo's own paper estimate
 * under a shadow adds a few hundredths: a hex key's rim agreed to 0.03-0.05 between two corner
 * photos), and every other height must leave at least 0.06 and twice as much: a part's shaded flank
 * seen by two cameras is explained by some height as well as by the pad's, or better.
 */
const MAX_PLANE_DIFF = 0.05;
const MIN_OTHER_DIFF = 0.06;
const OTHER_RATIO = 2;
/**
 * A patch is tested only where both photos' brightness spreads by 0.03 of the paper over it (the
 * rim of a hard shadow, about 0.2 of the paper per mm, spreads 0.05-0.06 over 1 mm; the bench's
 * noise, 0.01-0.016).
 */
const MIN_PATCH_STD = 0.03;
/**
 * The cue needs parallax: the photos of a tool whose hull stands under 2 mm at its edge (a plate or
 * a blade lying flat; the 3D bench's shadows-only photos, whose tools are seen without parallax)
 * show its own surface at the pad's height as alike as paper, and the flood went through it (shadows
 * only, five photos: every tool cut 1-12 %). A part that low casts no rim worth taking.
 */
const MIN_PART_HEIGHT_MM = 2;
/** What is kept grows back this far through proven pixels that darken outward (see padPlanePaper). */
const INNER_MARGIN_PX = 3;
/** "No brighter" allows the photos' noise (paper = 1). */
const NOT_BRIGHTER = 0.02;
/** Patch half-size in px (5 x 5 at 5 px/mm: 1 mm). */
const PATCH_R = 2;

/**
 * For each photo, the pixels of `foot`'s edge band that it and at least one other photo saw as paper
 * at the pad's height, joined to the paper outside `foot` through such pixels (4-connected). null
 * for a photo without such pixels. Raster: `w` x `h` at `k` px/mm, pixel x at (x + 0.5) / k mm.
 */
export function padPlanePaper(views: PlaneView[], foot: Uint8Array, w: number, h: number, k: number, opts: PlanePaperOptions = {}): (Uint8Array | null)[] {
  const bandPx = (opts.bandMm ?? BAND_MM) * k;
  const heights = opts.heightsMm ?? HEIGHTS_MM;
  const maxPlane = opts.maxPlaneDiff ?? MAX_PLANE_DIFF;
  const minOther = opts.minOtherDiff ?? MIN_OTHER_DIFF;
  const ratio = opts.otherRatio ?? OTHER_RATIO;
  const minStd = opts.minPatchStd ?? MIN_PATCH_STD;
  const n = w * h;
  const none = views.map(() => null);
  const usable = views.map((v) => !!v.flat && v.flat.width === w && v.flat.height === h);
  if (usable.filter(Boolean).length < 2) return none;
  if (opts.partHeightMm !== undefined && !(opts.partHeightMm >= MIN_PART_HEIGHT_MM)) return none;

  // The band: footprint pixels within bandPx of the outside.
  const toOutside = distanceToOutside(foot, w, h);
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  const band = new Uint8Array(n);
  for (let y = 0, q = 0; y < h; y++)
    for (let x = 0; x < w; x++, q++)
      if (foot[q] && toOutside[q] <= bandPx) {
        band[q] = 1;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return none;

  // Paper-relative brightness of each photo over the band's box (with room for the sweep's shifts).
  const pad = PATCH_R + 2 + Math.ceil(Math.max(...heights) * k);
  const bx0 = Math.max(0, x0 - pad);
  const by0 = Math.max(0, y0 - pad);
  const bw = Math.min(w, x1 + pad + 1) - bx0;
  const bh = Math.min(h, y1 + pad + 1) - by0;
  // A shadow keeps the paper's hue (shadow-evidence.ts): a coloured pixel is no shadowed paper, and
  // a coloured part lying flat at the hull's edge is never given away with it.
  const neutral = views.map(() => new Uint8Array(0));
  const grey = views.map((v, j) => {
    if (!usable[j]) return null;
    const d = (v.flat as PlaneView["flat"] & object).data;
    const g = new Float32Array(bw * bh);
    const nt = new Uint8Array(bw * bh);
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++) {
        const o = ((y + by0) * w + x + bx0) * 4;
        const r = d[o] / PAPER_LEVEL;
        const gg = d[o + 1] / PAPER_LEVEL;
        const b = d[o + 2] / PAPER_LEVEL;
        const lum = 0.299 * r + 0.587 * gg + 0.114 * b;
        g[y * bw + x] = lum;
        nt[y * bw + x] = Math.hypot(r - lum, gg - lum, b - lum) <= SHADOW_MAX_CHROMA ? 1 : 0;
      }
    neutral[j] = nt;
    return g;
  });
  // The box's rasters for bilinear reads (box coordinates, pixel centres at integers).
  const boxes = grey.map((g) => g && { width: bw, height: bh, data: g });

  // Pixel (x, y) of the raster at height z is seen by camera c at its nadir + (p - nadir) * H / (H - z).
  const cams = views.map((v) => ({ nx: v.camera.nadirMm[0] * k, ny: v.camera.nadirMm[1] * k, hc: v.camera.heightMm * k }));
  const pairs: [number, number][] = [];
  for (let a = 0; a < views.length; a++) for (let b = a + 1; b < views.length; b++) if (usable[a] && usable[b]) pairs.push([a, b]);
  const proven = views.map(() => new Uint8Array(0));
  const provenAny = new Uint8Array(n);
  const zPx = heights.map((z) => z * k);
  const patchDiff = (a: number, b: number, x: number, y: number, zp: number) => {
    // Mean |difference| over the patch around raster pixel (x, y) at height zp (px).
    const ca = cams[a];
    const cb = cams[b];
    const ga = boxes[a] as NonNullable<(typeof boxes)[number]>;
    const gb = boxes[b] as NonNullable<(typeof boxes)[number]>;
    const fa = zp ? zp / (ca.hc - zp) : 0;
    const fb = zp ? zp / (cb.hc - zp) : 0;
    let s = 0;
    let m = 0;
    for (let dy = -PATCH_R; dy <= PATCH_R; dy++)
      for (let dx = -PATCH_R; dx <= PATCH_R; dx++) {
        const px = x + dx + 0.5;
        const py = y + dy + 0.5;
        const xa = px + (px - ca.nx) * fa - 0.5 - bx0;
        const ya = py + (py - ca.ny) * fa - 0.5 - by0;
        const xb = px + (px - cb.nx) * fb - 0.5 - bx0;
        const yb = py + (py - cb.ny) * fb - 0.5 - by0;
        s += Math.abs(sampleBilinear(ga, xa, ya) - sampleBilinear(gb, xb, yb));
        m++;
      }
    return s / m;
  };
  // The patch's own spread at the pad's height: an even patch (a flat flank, a shadow's core, lit
  // paper) explains every height alike, and beside a gradient the sweep's shifted reads would find it.
  const patchStd = (g: Float32Array, x: number, y: number) => {
    let s = 0;
    let s2 = 0;
    for (let dy = -PATCH_R; dy <= PATCH_R; dy++)
      for (let dx = -PATCH_R; dx <= PATCH_R; dx++) {
        const v = g[(y + dy - by0) * bw + x + dx - bx0];
        s += v;
        s2 += v * v;
      }
    const m = (2 * PATCH_R + 1) ** 2;
    return Math.sqrt(Math.max(0, s2 / m - (s / m) ** 2));
  };
  const testable = new Uint8Array(views.length);
  for (let y = Math.max(y0, PATCH_R); y <= Math.min(y1, h - 1 - PATCH_R); y++)
    for (let x = Math.max(x0, PATCH_R); x <= Math.min(x1, w - 1 - PATCH_R); x++) {
      const q = y * w + x;
      if (!band[q]) continue;
      // Which photos may take part here: known, neutral and with a spread patch (once per photo).
      const bq = (y - by0) * bw + x - bx0;
      for (let j = 0; j < views.length; j++) testable[j] = usable[j] && !views[j].unknown?.[q] && neutral[j][bq] && patchStd(grey[j] as Float32Array, x, y) >= minStd ? 1 : 0;
      for (const [a, b] of pairs) {
        if (!testable[a] || !testable[b]) continue;
        if (proven[a].length && proven[a][q] && proven[b].length && proven[b][q]) continue;
        const d0 = patchDiff(a, b, x, y, 0);
        if (d0 > maxPlane) continue;
        const need = Math.max(minOther, ratio * d0);
        let ok = true;
        for (const zp of zPx)
          if (patchDiff(a, b, x, y, zp) < need) {
            ok = false;
            break;
          }
        if (!ok) continue;
        for (const j of [a, b]) {
          if (!proven[j].length) proven[j] = new Uint8Array(n);
          proven[j][q] = 1;
        }
        provenAny[q] = 1;
      }
    }

  // Joined to the paper outside the footprint through proven pixels.
  const reached = new Uint8Array(n);
  const stack: number[] = [];
  for (let y = Math.max(1, y0); y <= Math.min(h - 2, y1); y++)
    for (let x = Math.max(1, x0); x <= Math.min(w - 2, x1); x++) {
      const q = y * w + x;
      if (provenAny[q] && (!foot[q - 1] || !foot[q + 1] || !foot[q - w] || !foot[q + w])) {
        reached[q] = 1;
        stack.push(q);
      }
    }
  while (stack.length) {
    const q = stack.pop() as number;
    const x = q % w;
    for (const p of [x > 0 ? q - 1 : -1, x < w - 1 ? q + 1 : -1, q - w, q + w])
      if (p >= 0 && p < n && provenAny[p] && !reached[p]) {
        reached[p] = 1;
        stack.push(p);
      }
  }
  // The patch reads PATCH_R px to either side: where a part's edge meets the pad (a wall's foot, a
  // bevel, at the pad's height too) the step proves the part's first pixels with the paper's. A
  // shadow's rim brightens away from the tool; a part's edge darkens toward the paper. So, in each
  // photo's own brightness, what is kept grows back up to `margin` px outward through proven pixels
  // no brighter than the kept pixel next to them (3D bench: a light caliper beam's wall lost 1-2 px
  // along 3 mm, cut 0.18 -> 0.24 %).
  const margin = opts.innerMarginPx ?? INNER_MARGIN_PX;
  return proven.map((m, j) => {
    if (!m.length) return null;
    for (let q = 0; q < n; q++) if (m[q] && !reached[q]) m[q] = 0;
    const g = grey[j] as Float32Array;
    const at = (q: number) => {
      const x = q % w;
      return g[((q - x) / w - by0) * bw + x - bx0];
    };
    // The kept pixels beside proven ones (all inside the band's box: the band holds the hull's edge).
    let frontier: number[] = [];
    for (let y = Math.max(1, y0); y <= Math.min(h - 2, y1); y++)
      for (let x = Math.max(1, x0); x <= Math.min(w - 2, x1); x++) {
        const q = y * w + x;
        if (foot[q] && !m[q] && (m[q - 1] || m[q + 1] || m[q - w] || m[q + w] || m[q - w - 1] || m[q - w + 1] || m[q + w - 1] || m[q + w + 1])) frontier.push(q);
      }
    for (let step = 0; step < margin && frontier.length; step++) {
      const next: number[] = [];
      for (const f of frontier) {
        const x = f % w;
        const gf = at(f) + NOT_BRIGHTER;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const p = f + dy * w + dx;
            if (p < 0 || p >= n || x + dx < 0 || x + dx >= w || !m[p]) continue;
            if (at(p) <= gf) {
              m[p] = 0;
              next.push(p);
            }
          }
      }
      frontier = next;
    }
    let any = false;
    for (let q = 0; q < n && !any; q++) if (m[q]) any = true;
    return any ? m : null;
  });
}
