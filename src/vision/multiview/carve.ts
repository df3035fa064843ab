// Visual hull carved in height, projected to the pad: the footprint estimate from several photos.
//
// A pad point p at height z is seen by view v at seen_v(p, z) = n + (p − n)·Hc/(Hc − z). On the output
// raster that means the slice of the hull at height z is the intersection over views of each view's
// silhouette scaled about its nadir by (1 − z/Hc). A scaling about a point maps raster rows to raster
// rows, so everything here runs on per-row interval lists (runs): a level costs rows × views × runs,
// not pixels, and the footprint (the union of the slices) is a union of runs.
//
// Never cutting the tool: every silhouette is grown by toleranceMm (+ tolerancePerMmHeight·z, since
// camera-centre error moves seen points in proportion to z); a view that sees a point outside its
// raster or in its `unknown` raster lets it pass (at least one view must see tool there, so keep-outs
// unknown to all stay out). A point a strict majority of the views sees as tool survives the others'
// misses where each of those is doubtful (`doubt`: that view could not tell a pale part from the
// paper there); one clear miss still carves it. Levels are ~1 px apart on the output raster. The
// carving stops a little above the tool's height (estimated from the pad-plane slice's edge columns): higher slices only hold
// the hull's roof and its ghosts (regions every view happens to see as tool or as unknown).

import type { CameraPose } from "./camera.ts";

/**
 * How many of n views may doubt their miss of a point the others see: a strict majority must see it.
 * At every height. Until session 13 only up to 2 mm above the pad ("a pale part resting on the pad
 * is there at its foot", while a wedge beside a tall wall that one photo alone can carve stands
 * higher: in session 8 at every height a screwdriver, a tape measure and a socket kept such wedges,
 * the screwdriver 0.44 against 0.38 mm). But a pale part need not rest on the pad: a screwdriver's
 * steel shaft is held up by its handle, 10-17 mm high, and two photos that lost its flank beside its
 * own shadow cut it (held out: 0.79 %). At every height, 3D bench, five photos: cut worst 0.79 ->
 * 0.41 % held out, 0.93 -> 0.22 % held out at 1280 x 960, 0.74 -> 0.49 % held out at 4000 x 3000,
 * 0.40 -> 0.19 % at 4000 x 3000; the median 0.423 -> 0.431 mm (held out 0.647 -> 0.647, 1280 x 960
 * 0.636 -> 0.657 mm). Up to 20 mm measured the same.
 */
export const doubtfulMissesAllowed = (n: number): number => Math.max(0, Math.floor((n - 1) / 2));

export type ViewSilhouette = {
  mask: Uint8Array;
  width: number;
  height: number;
  pxPerMm: number;
  camera: CameraPose;
  /** 1 = unknown for this view (outside the frame, marker keep-outs): never carves */
  unknown?: Uint8Array;
  /**
   * 1 = outside the silhouette, but where this view's segmentation may have lost a part (a pale
   * edge as light as the paper beside it). Doubtful misses do not carve a point that a strict
   * majority of the views sees as tool (or unknown) while the rest doubt their miss; one clear miss
   * (or more doubtful ones) still does.
   */
  doubt?: Uint8Array;
};

export type CarveOptions = {
  /** Growth of every silhouette (mm) for calibration and segmentation error. Default 0.6 mm. */
  toleranceMm?: number;
  /** Extra growth per mm of height: camera-centre error moves seen points in proportion to z. Default 0.01. */
  tolerancePerMmHeight?: number;
  /** Height step; default: the largest step that moves any silhouette edge by under 1 px between levels. */
  zStepMm?: number;
  /**
   * Views that must see a point as tool (the others seeing it as tool or unknown). Default 1, so that
   * unknown never carves; 2 also removes what only one view vouches for (tools crossing the frame edge).
   */
  minViewsSeeingTool?: number;
  /**
   * Views that may disagree at a point without carving it (default 0, the visual hull). 1 keeps what
   * one view's segmentation missed (a chrome tip, a thin hex key) at the cost of a looser outline.
   */
  allowedMisses?: number;
  /** Highest level carved (mm). Default 150 (and never above 90 % of the lowest camera); higher only adds ghosts of the hull. */
  maxHeightMm?: number;
};

export const DEFAULT_TOLERANCE_MM = 0.6;
export const DEFAULT_TOLERANCE_PER_MM_HEIGHT = 0.01;

/** Runs of one row: [a0, b0, a1, b1, ...], half-open pixel intervals, sorted and disjoint. */
type Runs = number[];

const BIG = 1e9;

function rowRuns(mask: Uint8Array, width: number, y: number): Runs {
  const out: Runs = [];
  const o = y * width;
  let x = 0;
  while (x < width) {
    while (x < width && !mask[o + x]) x++;
    if (x >= width) break;
    const a = x;
    while (x < width && mask[o + x]) x++;
    out.push(a, x);
  }
  return out;
}

/** Sort and merge a list of intervals (touching ones merge). */
function mergeRuns(list: Runs): Runs {
  const n = list.length / 2;
  if (n <= 1) return list;
  const idx = Array.from({ length: n }, (_, i) => i).sort((i, j) => list[2 * i] - list[2 * j]);
  const out: Runs = [];
  let a = list[2 * idx[0]];
  let b = list[2 * idx[0] + 1];
  for (let k = 1; k < n; k++) {
    const i = idx[k];
    const s = list[2 * i];
    const e = list[2 * i + 1];
    if (s <= b) {
      if (e > b) b = e;
    } else {
      out.push(a, b);
      a = s;
      b = e;
    }
  }
  out.push(a, b);
  return out;
}

/** Union of two sorted, disjoint run lists (linear merge). */
function unionRuns(p: Runs, q: Runs): Runs {
  if (!p.length) return q;
  if (!q.length) return p;
  const out: Runs = [];
  let i = 0;
  let j = 0;
  while (i < p.length || j < q.length) {
    let a: number;
    let b: number;
    if (j >= q.length || (i < p.length && p[i] <= q[j])) {
      a = p[i];
      b = p[i + 1];
      i += 2;
    } else {
      a = q[j];
      b = q[j + 1];
      j += 2;
    }
    const n = out.length;
    if (n && a <= out[n - 1]) {
      if (b > out[n - 1]) out[n - 1] = b;
    } else out.push(a, b);
  }
  return out;
}

/** Is every run of q inside p? */
function containsRuns(p: Runs, q: Runs): boolean {
  let i = 0;
  for (let j = 0; j < q.length; j += 2) {
    while (i < p.length && p[i + 1] <= q[j]) i += 2;
    if (i >= p.length || p[i] > q[j] || p[i + 1] < q[j + 1]) return false;
  }
  return true;
}

function intersectRuns(p: Runs, q: Runs): Runs {
  const out: Runs = [];
  let i = 0;
  let j = 0;
  while (i < p.length && j < q.length) {
    const a = Math.max(p[i], q[j]);
    const b = Math.min(p[i + 1], q[j + 1]);
    if (a < b) out.push(a, b);
    if (p[i + 1] < q[j + 1]) i += 2;
    else j += 2;
  }
  return out;
}

/** Parts of the line covered by at least m of the (possibly overlapping) intervals. */
function coveredAtLeast(list: Runs, m: number): Runs {
  if (m <= 1) return mergeRuns(list);
  const n = list.length / 2;
  if (n < m) return [];
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    starts[i] = list[2 * i];
    ends[i] = list[2 * i + 1];
  }
  starts.sort();
  ends.sort();
  const out: Runs = [];
  let c = 0;
  let i = 0;
  let j = 0;
  let open = 0;
  while (i < n || j < n) {
    // Ends first at equal places: touching runs do not overlap.
    if (j < n && (i >= n || ends[j] <= starts[i])) {
      if (c === m && ends[j] > open) {
        if (out.length && out[out.length - 1] === open) out[out.length - 1] = ends[j];
        else out.push(open, ends[j]);
      }
      c--;
      j++;
    } else {
      c++;
      if (c === m) open = starts[i];
      i++;
    }
  }
  return out;
}

function runsLength(r: Runs): number {
  let s = 0;
  for (let i = 0; i < r.length; i += 2) s += r[i + 1] - r[i];
  return s;
}

function inRuns(r: Runs, x: number): boolean {
  for (let i = 0; i < r.length; i += 2) {
    if (x < r[i]) return false;
    if (x < r[i + 1]) return true;
  }
  return false;
}

/** Disc dilation (pixel-centre distance <= radiusPx) of per-row runs. */
function dilateRows(rows: Runs[], radiusPx: number): Runs[] {
  if (radiusPx < 0.5) return rows;
  const r = Math.floor(radiusPx);
  const reach = Array.from({ length: r + 1 }, (_, dy) => Math.floor(Math.sqrt(Math.max(0, radiusPx * radiusPx - dy * dy)) + 1e-9));
  const h = rows.length;
  const out: Runs[] = new Array(h);
  let first = h;
  let lastRow = -1;
  for (let y = 0; y < h; y++)
    if (rows[y].length) {
      first = Math.min(first, y);
      lastRow = y;
    }
  for (let y = 0; y < h; y++) {
    if (y < first - r || y > lastRow + r) {
      out[y] = [];
      continue;
    }
    const acc: Runs = [];
    for (let dy = -r; dy <= r; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      const src = rows[yy];
      const w = reach[Math.abs(dy)];
      for (let i = 0; i < src.length; i += 2) acc.push(src[i] - w, src[i + 1] + w);
    }
    out[y] = mergeRuns(acc);
  }
  return out;
}

type PreparedView = {
  index: number;
  silRows: Runs[];
  nx: number;
  ny: number;
  hc: number;
  /** Positive evidence (the grown silhouette) per row, by tolerance step. */
  pos: Runs[][];
  /** Not carving: grown silhouette, unknown, and outside the raster, per row, by tolerance step (filled on demand). */
  pass: (Runs | undefined)[][];
  unknownRows: Runs[] | null;
  doubtRows: Runs[] | null;
  y0: number;
  y1: number;
  x0: number;
  x1: number;
};

/** Visual hull carved in height; returns its vertical projection (the footprint estimate) as a mask on the same raster, and the hull's height. It must never cut the tool: grow each silhouette (or the test) by `toleranceMm` for calibration and segmentation error. */
export function carveFootprint(
  views: ViewSilhouette[],
  opts: CarveOptions = {},
): { mask: Uint8Array; heightMm: number; topMm?: Float32Array; diagnostics: Record<string, unknown> } {
  const started = performance.now();
  const tol = opts.toleranceMm ?? DEFAULT_TOLERANCE_MM;
  const tolPerZ = opts.tolerancePerMmHeight ?? DEFAULT_TOLERANCE_PER_MM_HEIGHT;
  const ref = views.find((v) => v?.mask && v.width > 0 && v.height > 0 && v.mask.length === v.width * v.height);
  const leftOut: { view: number; reason: string }[] = [];
  if (!ref) {
    const size = views[0] && views[0].width > 0 && views[0].height > 0 ? views[0].width * views[0].height : 0;
    return { mask: new Uint8Array(size), heightMm: 0, diagnostics: { views: views.length, used: 0, leftOut: views.map((_, i) => ({ view: i, reason: "no usable mask" })) } };
  }
  const W = ref.width;
  const H = ref.height;
  const k = ref.pxPerMm;
  const usable: ViewSilhouette[] = [];
  const usableIndex: number[] = [];
  views.forEach((v, i) => {
    let reason = "";
    if (!v?.mask || v.mask.length !== W * H || v.width !== W || v.height !== H || v.pxPerMm !== k) reason = "mask missing or on a different raster";
    else if (v.unknown && v.unknown.length !== W * H) reason = "unknown raster has the wrong size";
    else if (v.doubt && v.doubt.length !== W * H) reason = "doubt raster has the wrong size";
    else if (!(v.camera?.heightMm > 0) || !v.camera.nadirMm.every(Number.isFinite)) reason = "camera pose unknown";
    else {
      let n = 0;
      for (let j = 0; j < v.mask.length && n < 4; j++) n += v.mask[j];
      if (n < 4) reason = "empty silhouette";
    }
    if (reason) leftOut.push({ view: i, reason });
    else {
      usable.push(v);
      usableIndex.push(i);
    }
  });
  const base = { views: views.length, used: usable.length, usedViews: usableIndex, leftOut };
  if (usable.length === 0) return { mask: new Uint8Array(W * H), heightMm: 0, diagnostics: { ...base, method: "none" } };
  if (usable.length === 1) {
    // One photo has no depth: its silhouette is the outline (a cone alone would only add the area
    // between the silhouette and the nadir).
    return { mask: usable[0].mask.slice(), heightMm: 0, diagnostics: { ...base, method: "single view", heightKnown: false } };
  }

  const hcMin = Math.min(...usable.map((v) => v.camera.heightMm));
  const maxZ = Math.min(opts.maxHeightMm ?? 150, 0.9 * hcMin);
  // Growth in half-pixel steps: the base, then half a pixel more every 1/(2·k·tolPerZ) mm of height
  // (each step is one more dilation of every silhouette, made when a level first needs it).
  const baseR = tol * k;
  const radiusAt = (z: number) => Math.round((tol + tolPerZ * z) * k * 2) / 2;
  const radii = new Map<number, number>();
  const radiusIndex = (r: number) => {
    if (!radii.has(r)) radii.set(r, radii.size);
    return radii.get(r) as number;
  };

  const prepared: PreparedView[] = usable.map((v, i) => {
    const silRows = Array.from({ length: H }, (_, y) => rowRuns(v.mask, W, y));
    const unknownRows = v.unknown ? Array.from({ length: H }, (_, y) => rowRuns(v.unknown as Uint8Array, W, y)) : null;
    const doubtRows = v.doubt ? Array.from({ length: H }, (_, y) => rowRuns(v.doubt as Uint8Array, W, y)) : null;
    let y0 = H;
    let y1 = -1;
    let x0 = W;
    let x1 = -1;
    for (let y = 0; y < H; y++) {
      const r = silRows[y];
      if (!r.length) continue;
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      x0 = Math.min(x0, r[0]);
      x1 = Math.max(x1, r[r.length - 1]);
    }
    return { index: usableIndex[i], silRows, nx: v.camera.nadirMm[0] * k, ny: v.camera.nadirMm[1] * k, hc: v.camera.heightMm * k, pos: [], pass: [], unknownRows, doubtRows, y0, y1, x0, x1 };
  });
  const grownFor = (pv: PreparedView, ri: number, r: number) => {
    if (pv.pos[ri]) return;
    const td = performance.now();
    const grown = dilateRows(pv.silRows, r);
    dilateMs += performance.now() - td;
    pv.pos[ri] = grown;
    pv.pass[ri] = new Array(H);
  };
  const outside: Runs = [-BIG, 0, W, BIG];
  const passRow = (pv: PreparedView, ri: number, y: number): Runs => {
    let r = pv.pass[ri][y];
    if (!r) {
      r = unionRuns(unionRuns(outside, pv.pos[ri][y]), pv.unknownRows ? pv.unknownRows[y] : []);
      pv.pass[ri][y] = r;
    }
    return r;
  };

  const prepMs = performance.now() - started;
  let dilateMs = 0;
  // Level step: between levels, a silhouette point q moves by |q − n|·dz/Hc on the output raster.
  let dz = opts.zStepMm ?? Infinity;
  if (!(dz > 0) || !Number.isFinite(dz)) {
    dz = Infinity;
    for (const pv of prepared) {
      const g = baseR + tolPerZ * maxZ * k + 1;
      let far = 1;
      for (const [x, y] of [
        [pv.x0 - g, pv.y0 - g],
        [pv.x1 + g, pv.y0 - g],
        [pv.x0 - g, pv.y1 + 1 + g],
        [pv.x1 + g, pv.y1 + 1 + g],
      ])
        far = Math.max(far, Math.hypot(x - pv.nx, y - pv.ny));
      dz = Math.min(dz, pv.hc / far / k);
    }
  }

  // Some view must see tool there: a point every view sees as unknown (a marker keep-out) is not tool.
  const minPositive = Math.max(1, Math.min(opts.minViewsSeeingTool ?? 1, prepared.length));
  // At least two views must still agree on every point.
  const misses = Math.max(0, Math.min(Math.floor(opts.allowedMisses ?? 0), prepared.length - 2));
  // Views may also miss a point where their miss is doubtful (ViewSilhouette.doubt) while a strict
  // majority sees it: 1 of 3 or 4 views, 2 of 5, at every height (see doubtfulMissesAllowed). 3D bench, five
  // photos (with the wall fit's corners): the caliper's cut 1.20 -> 0.44 % (its pale jaw tips were
  // lost in two photos), the median mean deviation 0.528 -> 0.538 mm (pale tools keep a little
  // more: a hex key's light shadow band, 0.40 -> 0.51 mm).
  const doubtMisses = doubtfulMissesAllowed(prepared.length - misses);
  const withDoubt = doubtMisses > 0 && prepared.some((pv) => pv.doubtRows);
  const nLevels = Math.floor(maxZ / dz) + 1;
  const levelRi: number[] = [];
  for (let level = 0; level < nLevels; level++) levelRi.push(radiusIndex(radiusAt(level * dz)));
  const ensureLevel = (level: number) => {
    const ri = levelRi[level];
    const rPx = radiusAt(level * dz);
    for (const pv of prepared) grownFor(pv, ri, rPx);
    return ri;
  };
  let slowRows = 0;
  let rowsVisited = 0;
  const bufA = new Int32Array(W + 8);
  const bufB = new Int32Array(W + 8);
  const tmp = new Int32Array(W + 8);
  const xl = new Float64Array(prepared.length);
  const xr = new Float64Array(prepared.length);

  /** The hull's slice at a level, row by row (rows with nothing are left out), and its area in px. */
  const sliceAt = (level: number, visit: (y: number, row: Runs) => void): number => {
    const z = level * dz;
    const ri = ensureLevel(level);
    const rPx = radiusAt(z);
    const gs = prepared.map((pv) => 1 - (z * k) / pv.hc);
    // Rows that some view's grown silhouette reaches at this level (positive evidence is required).
    let ya = H;
    let yb = -1;
    prepared.forEach((pv, i) => {
      const g = gs[i];
      const m = rPx + 1;
      ya = Math.min(ya, Math.floor(pv.ny + (pv.y0 - m - pv.ny) * g) - 1);
      yb = Math.max(yb, Math.ceil(pv.ny + (pv.y1 + 1 + m - pv.ny) * g) + 1);
    });
    ya = Math.max(0, ya);
    yb = Math.min(H - 1, yb);
    let area = 0;
    for (let y = ya; y <= yb; y++) {
      rowsVisited++;
      if (misses > 0 || withDoubt) {
        // k-of-n: a pixel survives when all but `misses` views pass it (the generic, slower path);
        // with doubt, all but `misses` must pass it or doubt their miss, and all but doubtMisses of
        // those pass it.
        const all: Runs = [];
        const soft: Runs = [];
        const posAcc: Runs = [];
        for (let i = 0; i < prepared.length; i++) {
          const pv = prepared[i];
          const g = gs[i];
          const ys = Math.floor(pv.ny + (y + 0.5 - pv.ny) / g);
          if (ys < 0 || ys >= H) {
            all.push(0, W);
            soft.push(0, W);
            continue;
          }
          const pass = passRow(pv, ri, ys);
          for (const [src, out] of [
            [pass, all],
            [withDoubt && pv.doubtRows?.[ys].length ? unionRuns(pass, pv.doubtRows[ys]) : pass, soft],
            [pv.pos[ri][ys], posAcc],
          ] as [Runs, Runs][])
            for (let j = 0; j < src.length; j += 2) {
              const a = Math.max(0, Math.ceil(pv.nx + (src[j] - pv.nx) * g - 0.5));
              const b = Math.min(W, Math.ceil(pv.nx + (src[j + 1] - pv.nx) * g - 0.5));
              if (a < b) out.push(a, b);
            }
        }
        const n = prepared.length - misses;
        let row = intersectRuns(coveredAtLeast(all, withDoubt ? n - doubtMisses : n), coveredAtLeast(posAcc, minPositive));
        if (withDoubt) row = intersectRuns(row, coveredAtLeast(soft, n));
        if (!row.length) continue;
        area += runsLength(row);
        visit(y, row);
        continue;
      }
      // cur: scratch runs (Int32 pairs), intersected view by view.
      let cur = bufA;
      let other = bufB;
      cur[0] = 0;
      cur[1] = W;
      let curLen = 2;
      let fullyPositive = 0;
      let inRaster = 0;
      for (let i = 0; i < prepared.length && curLen; i++) {
        const pv = prepared[i];
        const g = gs[i];
        const ys = Math.floor(pv.ny + (y + 0.5 - pv.ny) / g);
        if (ys < 0 || ys >= H) continue;
        // pixel u passes when its seen x, nx + (u + 0.5 − nx)/g, lies in [a, b).
        const src = passRow(pv, ri, ys);
        let tl = 0;
        for (let j = 0; j < src.length; j += 2) {
          const a = Math.max(0, Math.ceil(pv.nx + (src[j] - pv.nx) * g - 0.5));
          const b = Math.min(W, Math.ceil(pv.nx + (src[j + 1] - pv.nx) * g - 0.5));
          if (a < b) {
            tmp[tl++] = a;
            tmp[tl++] = b;
          }
        }
        let ol = 0;
        let p = 0;
        let q = 0;
        while (p < curLen && q < tl) {
          const a = cur[p] > tmp[q] ? cur[p] : tmp[q];
          const b = cur[p + 1] < tmp[q + 1] ? cur[p + 1] : tmp[q + 1];
          if (a < b) {
            other[ol++] = a;
            other[ol++] = b;
          }
          if (cur[p + 1] < tmp[q + 1]) p += 2;
          else q += 2;
        }
        const sw = cur;
        cur = other;
        other = sw;
        curLen = ol;
        // Inside the raster and with nothing unknown on this row, passing means being in the silhouette.
        xl[i] = Math.ceil(pv.nx - pv.nx * g - 0.5);
        xr[i] = Math.ceil(pv.nx + (W - pv.nx) * g - 0.5);
        inRaster |= 1 << i;
        if (!pv.unknownRows || !pv.unknownRows[ys].length) fullyPositive |= 1 << i;
      }
      if (!curLen) continue;
      // Runs inside the raster of at least minPositive views with nothing unknown there are certain;
      // the rest (raster edges, keep-outs) need the explicit count of views that see tool.
      let row: Runs = [];
      let doubtful: Runs | null = null;
      for (let j = 0; j < curLen; j += 2) {
        let count = 0;
        let possible = 0;
        for (let i = 0; i < prepared.length; i++) {
          if (!(inRaster & (1 << i)) || cur[j + 1] <= xl[i] || cur[j] >= xr[i]) continue;
          possible++;
          if (fullyPositive & (1 << i) && cur[j] >= xl[i] && cur[j + 1] <= xr[i]) count++;
        }
        if (count >= minPositive) row.push(cur[j], cur[j + 1]);
        else if (possible >= minPositive) (doubtful ??= []).push(cur[j], cur[j + 1]);
      }
      if (doubtful) {
        slowRows++;
        const posAcc: Runs = [];
        for (let i = 0; i < prepared.length; i++) {
          const pv = prepared[i];
          const g = gs[i];
          const ys = Math.floor(pv.ny + (y + 0.5 - pv.ny) / g);
          if (ys < 0 || ys >= H) continue;
          const pos = pv.pos[ri][ys];
          for (let j = 0; j < pos.length; j += 2) {
            const a = Math.max(0, Math.ceil(pv.nx + (pos[j] - pv.nx) * g - 0.5));
            const b = Math.min(W, Math.ceil(pv.nx + (pos[j + 1] - pv.nx) * g - 0.5));
            if (a < b) posAcc.push(a, b);
          }
        }
        row = unionRuns(row, intersectRuns(doubtful, coveredAtLeast(posAcc, minPositive)));
      }
      if (!row.length) continue;
      area += runsLength(row);
      visit(y, row);
    }
    return area;
  };

  /** Does the column at pixel centre (px, py) survive at this level? */
  const survives = (px: number, py: number, level: number): boolean => {
    const z = level * dz;
    const ri = ensureLevel(level);
    let positive = 0;
    let failed = 0;
    for (const pv of prepared) {
      const g = 1 - (z * k) / pv.hc;
      const ys = Math.floor(pv.ny + (py - pv.ny) / g);
      if (ys < 0 || ys >= H) continue;
      const xs = pv.nx + (px - pv.nx) / g;
      if (!inRuns(passRow(pv, ri, ys), xs) && ++failed > misses) return false;
      if (inRuns(pv.pos[ri][ys], xs)) positive++;
    }
    return positive >= minPositive;
  };

  // The pad-plane slice first: the height comes from its edge columns, and the height bounds the carving.
  const foot: Runs[] = Array.from({ length: H }, () => []);
  const slice0: Runs[] = Array.from({ length: H }, () => []);
  const sliceArea: number[] = [
    sliceAt(0, (y, row) => {
      slice0[y] = row;
      foot[y] = row;
    }) /
      (k * k),
  ];
  const height = estimateHeight(slice0, W, H, nLevels, dz, survives);
  // Slices above the tool only add the hull's roof or its ghosts (regions every view happens to see
  // as tool or as unknown); the true footprint lies in the slices up to the tool's top. The cap uses
  // the taller estimates of the edge columns, with a margin, so a tool of uneven height keeps its top.
  // No edge column at all (no pad-plane overlap: a tool held off the pad?) gives no height: carve it all.
  const capMm = height.samples ? Math.min(maxZ, height.upperMm * 1.15 + 3) : maxZ;
  const capLevels = Math.min(nLevels, Math.floor(capMm / dz) + 1);
  // Each column's top: the height of the highest level its pixel is still in the hull's slice (for
  // the photos' consistency check, which raises every column to its own top). Every pixel a slice
  // fills is in the footprint; the pad-plane slice's own pixels stay at 0.
  const topMm = new Float32Array(W * H);
  for (let level = 1; level < capLevels; level++) {
    const area = sliceAt(level, (y, row) => {
      const f = foot[y];
      if (!f.length) foot[y] = row;
      else if (!containsRuns(f, row)) foot[y] = unionRuns(f, row);
      for (let i = 0; i < row.length; i += 2) topMm.fill(level * dz, y * W + Math.max(0, row[i]), y * W + Math.min(W, row[i + 1]));
    });
    sliceArea.push(area / (k * k));
    if (!area) break;
  }

  const mask = new Uint8Array(W * H);
  let footArea = 0;
  for (let y = 0; y < H; y++) {
    const r = foot[y];
    for (let i = 0; i < r.length; i += 2) {
      mask.fill(1, y * W + r[i], y * W + r[i + 1]);
      footArea += r[i + 1] - r[i];
    }
  }
  footArea /= k * k;
  const totalMs = performance.now() - started;
  return {
    mask,
    heightMm: height.heightMm,
    topMm,
    diagnostics: {
      ...base,
      method: misses ? `visual hull, ${misses} view(s) may disagree` : withDoubt ? `visual hull, ${doubtMisses} doubtful miss(es) kept` : "visual hull",
      toleranceMm: tol,
      tolerancePerMmHeight: tolPerZ,
      zStepMm: +dz.toFixed(4),
      levels: sliceArea.length,
      carvedToMm: +((sliceArea.length - 1) * dz).toFixed(2),
      heightMm: +height.heightMm.toFixed(2),
      heightUpperMm: +height.upperMm.toFixed(2),
      heightSamples: height.samples,
      heightPercentilesMm: height.percentiles,
      footprintAreaMm2: +footArea.toFixed(1),
      sliceAreaAtZeroMm2: +sliceArea[0].toFixed(1),
      rowsVisited,
      slowRows,
      phasesMs: { prepare: +prepMs.toFixed(1), dilate: +dilateMs.toFixed(1), total: +totalMs.toFixed(1) },
      totalMs: +totalMs.toFixed(1),
    },
  };
}

/**
 * The hull's top is a poor height: views from above see a wide roof over any tool (a 10 mm bar
 * 20 mm wide seen from the corners carves to ~40 mm). The columns on the edge of the pad-plane slice
 * (z = 0, all silhouettes intersected) are better: beside a vertical wall that edge is the wall's foot
 * and its column survives exactly up to the wall's top; under a round flank the edge is the undercut
 * the views make, and its column reaches where the tangent rays from the two sides cross, 2R for a
 * cylinder of radius R seen from equal elevations on both sides. The median over the edge resists
 * ends, corners and the over-reach of flanks seen from unequal elevations.
 */
function estimateHeight(
  slice0: Runs[],
  W: number,
  H: number,
  nLevels: number,
  dz: number,
  survives: (px: number, py: number, level: number) => boolean,
): { heightMm: number; upperMm: number; samples: number; percentiles: number[] } {
  const inSlice = (x: number, y: number) => y >= 0 && y < H && inRuns(slice0[y], x);
  const estimates: number[] = [];
  const boundary: number[] = [];
  for (let y = 0; y < H; y++) {
    const r = slice0[y];
    for (let j = 0; j < r.length; j += 2)
      for (let x = r[j]; x < r[j + 1]; x++)
        if (x === r[j] || x === r[j + 1] - 1 || !inSlice(x, y - 1) || !inSlice(x, y + 1)) boundary.push(x, y);
  }
  const n = boundary.length / 2;
  if (!n) return { heightMm: 0, upperMm: 0, samples: 0, percentiles: [] };
  const stride = Math.max(1, Math.floor(n / 2000));
  for (let b = 0; b < n; b += stride) {
    const px = boundary[2 * b] + 0.5;
    const py = boundary[2 * b + 1] + 0.5;
    let last = -1;
    for (let level = 0; level < nLevels && survives(px, py, level); level++) last = level;
    if (last >= 0) estimates.push(last * dz);
  }
  if (!estimates.length) return { heightMm: 0, upperMm: 0, samples: 0, percentiles: [] };
  estimates.sort((a, b) => a - b);
  const q = (f: number) => estimates[Math.min(estimates.length - 1, Math.floor(f * estimates.length))];
  return { heightMm: q(0.5), upperMm: q(0.9), samples: estimates.length, percentiles: [0.1, 0.25, 0.5, 0.75, 0.9].map((f) => +q(f).toFixed(2)) };
}
