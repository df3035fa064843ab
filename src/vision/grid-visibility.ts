import { FRAME_H_MM, FRAME_W_MM, GRID_STEP_MM } from "./pad-spec.ts";
import type { RgbaImage } from "./raster.ts";

/** Grid visibility samples: NaN where no line is measured, else the line's dip relative to the paper's. */
export type GridVisibility = {
  /** Per pixel of the rectified frame; only pixels on a printed line carry a value. */
  visibility: Float32Array;
  /** The paper's own line dip (1 - line/sides) over the whole frame (tiles refine it locally). */
  paperDip: number;
  /** How many line pixels were measured. */
  samples: number;
};

/** A sample this close to the paper's dip says "grid seen": paper or a shadow on it. */
export const GRID_VISIBLE = 0.55;
/** A sample below this says "grid hidden": something lies on the pad there. */
export const GRID_HIDDEN = 0.2;

/**
 * How visible the printed grid is along every line, in the rectified raster (k px/mm, pixel u covers
 * pad mm [u/k, (u+1)/k)). A cast shadow only scales the paper's brightness, so a line keeps the same
 * *relative* dip (1 - line/sides) in it as on lit paper; a tool hides the line, and the dip drops to
 * zero whatever the tool's brightness. Each line pixel's dip is averaged along the line over ±1 mm
 * (noise), divided by the paper's dip (median over line pixels in `paperHint`, per 40 mm tile where
 * the tile has enough paper, else over the frame), and stored on the two pixels the 0.2 mm line
 * straddles. The pixel offsets across the line (line ±0.1 mm, sides 0.5-0.7 mm) are sized for the
 * scanner's working scale of 5 px/mm (trace-pipeline's WORK_PX_PER_MM). Not measured: excluded pixels (markers: no grid is printed
 * there), line crossings (the other line darkens the sides), pixels darker than `minLevel` of the
 * paper (too little signal), clipped highlights and places where the two sides differ (a tool edge
 * next to the line). A sample whose surroundings (1.4 mm to either side) swing as much as the line
 * is textured: it is only kept as "visible" when the line clearly stands out, and never as "hidden".
 * "Visible" also needs 2 mm of line in a row, reaching lit paper (see below).
 * `level` is the pixel brightness relative to the fitted paper (1 = lit paper).
 */
export function measureGridVisibility(img: RgbaImage, k: number, excluded: Uint8Array, level: Float32Array, paperHint: Uint8Array, minLevel = 0.16): GridVisibility {
  const { width: W, height: H, data } = img;
  const n = W * H;
  const grey = new Float32Array(n);
  for (let i = 0, o = 0; i < n; i++, o += 4) grey[i] = data[o] * 0.299 + data[o + 1] * 0.587 + data[o + 2] * 0.114;
  const vis = new Float32Array(n).fill(Number.NaN);
  const half = Math.max(1, Math.round(1.0 * k));
  const off = Math.round(1.4 * k);
  const minRun = Math.round(2 * k);
  const maxGap = Math.round(3 * k);
  const longRun = Math.round(5 * k);
  const crossGap = 1.0; // mm around a crossing line where the sides are darkened by it
  const nearCrossing = (mm: number) => {
    const r = mm - Math.round(mm / GRID_STEP_MM) * GRID_STEP_MM;
    return Math.abs(r) < crossGap;
  };
  // Each line: its length in pixels and the pixel index at position t along it, `off` pixels across.
  type Line = { along: number; at: (t: number, off: number) => number };
  const lines: Line[] = [];
  for (let x = GRID_STEP_MM; x < FRAME_W_MM - 0.5; x += GRID_STEP_MM) {
    const c = Math.round(x * k);
    if (c - off - 4 < 0 || c + off + 3 >= W) continue;
    lines.push({ along: H, at: (t, off) => t * W + c + off });
  }
  for (let y = GRID_STEP_MM; y < FRAME_H_MM - 0.5; y += GRID_STEP_MM) {
    const c = Math.round(y * k);
    if (c - off - 4 < 0 || c + off + 3 >= H) continue;
    lines.push({ along: W, at: (t, off) => (c + off) * W + t });
  }
  // Dip at the line, and the same measure 1.4 mm to either side (no line there): on paper and in a
  // shadow those stay near zero, on a textured tool they swing as much as the line's position does.
  const dipAt = (L: Line, t: number, o: number) => {
    const left = (grey[L.at(t, o - 4)] + grey[L.at(t, o - 3)]) / 2;
    const right = (grey[L.at(t, o + 2)] + grey[L.at(t, o + 3)]) / 2;
    const side = (left + right) / 2;
    if (side < 4) return Number.NaN;
    return 1 - (grey[L.at(t, o - 1)] + grey[L.at(t, o)]) / 2 / side;
  };
  const raw: Float32Array[] = [];
  const rawOff: Float32Array[] = [];
  const paperDips: number[] = [];
  // The line's contrast varies over the photo (focus, exposure, a washed-out corner): each sample is
  // also compared with the paper's dip in its own 40 mm tile when that tile has enough paper.
  const tile = Math.round(40 * k);
  const tilesX = Math.ceil(W / tile);
  const tileOf = (i: number) => Math.floor(Math.floor(i / W) / tile) * tilesX + Math.floor((i % W) / tile);
  const tileDips: number[][] = Array.from({ length: tilesX * Math.ceil(H / tile) }, () => []);
  for (const L of lines) {
    const dips = new Float32Array(L.along).fill(Number.NaN);
    const offs = new Float32Array(L.along);
    for (let t = 0; t < L.along; t++) {
      if (nearCrossing((t + 0.5) / k)) continue;
      const a = L.at(t, -1);
      const b = L.at(t, 0);
      if (excluded[L.at(t, -off - 4)] || excluded[L.at(t, off + 3)]) continue;
      if (level[b] < minLevel) continue;
      const left = (grey[L.at(t, -4)] + grey[L.at(t, -3)]) / 2;
      const right = (grey[L.at(t, 2)] + grey[L.at(t, 3)]) / 2;
      const side = (left + right) / 2;
      if (side < 4 || Math.abs(left - right) > 0.08 * side) continue;
      // Clipped highlights flatten the line away: no evidence either way.
      if (Math.max(left, right) >= 250) continue;
      const d = 1 - (grey[a] + grey[b]) / 2 / side;
      const oL = dipAt(L, t, -off);
      const oR = dipAt(L, t, off);
      if (Number.isNaN(oL) || Number.isNaN(oR)) continue;
      dips[t] = d;
      offs[t] = Math.max(Math.abs(oL), Math.abs(oR));
      if (paperHint[a] && paperHint[b] && paperHint[L.at(t, -off - 4)] && paperHint[L.at(t, off + 3)]) {
        paperDips.push(d);
        tileDips[tileOf(b)].push(d);
      }
    }
    raw.push(dips);
    rawOff.push(offs);
  }
  paperDips.sort((p, q) => p - q);
  const paperDip = paperDips.length >= 50 ? paperDips[Math.floor(paperDips.length / 2)] : 0;
  const tileRef = tileDips.map((d) => {
    if (d.length < 40) return Math.max(paperDip, 0.005);
    d.sort((p, q) => p - q);
    return d[Math.floor(d.length / 2)];
  });
  let samples = 0;
  if (paperDip > 0.01) {
    for (let li = 0; li < lines.length; li++) {
      const L = lines[li];
      const dips = raw[li];
      const offs = rawOff[li];
      const outs = new Float32Array(L.along).fill(Number.NaN);
      for (let t = 0; t < L.along; t++) {
        if (Number.isNaN(dips[t])) continue;
        let s = 0;
        let so = 0;
        let m = 0;
        for (let u = Math.max(0, t - half); u <= Math.min(L.along - 1, t + half); u++) {
          if (Number.isNaN(dips[u])) continue;
          s += dips[u];
          so += offs[u];
          m++;
        }
        // Too few neighbours: an isolated sample says little.
        if (m < half + 1) continue;
        const ref = tileRef[tileOf(L.at(t, 0))];
        const v = s / m / ref;
        const texture = so / m / ref;
        // Texture as strong as the line itself: neither "seen" nor "hidden" can be told.
        if (v >= GRID_VISIBLE ? v > 2 * texture : texture < 0.6) outs[t] = v;
      }
      // A line seen through a shadow is seen all the way across it; shading on a smooth tool can
      // mimic it for a millimetre or so. Shorter "seen" runs are dropped.
      for (let t = 0; t < L.along; ) {
        if (!(outs[t] >= GRID_VISIBLE)) {
          t++;
          continue;
        }
        let e = t;
        while (e + 1 < L.along && outs[e + 1] >= GRID_VISIBLE) e++;
        if (e - t + 1 < minRun) for (let u = t; u <= e; u++) outs[u] = Number.NaN;
        t = e + 1;
      }
      // ... and it runs on into lit paper (gaps up to 3 mm, where a crossing line or an edge beside
      // the line spoils the measure, but no hidden stretch) or spans 5 mm or more: a short "seen"
      // stretch inside a grey tool, boxed in by hidden or unreadable line, is its texture.
      for (let t = 0; t < L.along; ) {
        if (!(outs[t] >= GRID_VISIBLE)) {
          t++;
          continue;
        }
        let e = t;
        let lit = false;
        let last = t;
        for (let u = t; u < L.along && u - last <= maxGap; u++) {
          if (outs[u] <= GRID_HIDDEN) break;
          if (outs[u] >= GRID_VISIBLE) {
            last = u;
            e = u;
            if (level[L.at(u, 0)] >= 0.93) lit = true;
          }
        }
        if (!lit && e - t < longRun) for (let u = t; u <= e; u++) if (outs[u] >= GRID_VISIBLE) outs[u] = Number.NaN;
        t = e + 1;
      }
      for (let t = 0; t < L.along; t++) {
        if (Number.isNaN(outs[t])) continue;
        vis[L.at(t, -1)] = outs[t];
        vis[L.at(t, 0)] = outs[t];
        samples++;
      }
    }
  }
  return { visibility: vis, paperDip, samples };
}
