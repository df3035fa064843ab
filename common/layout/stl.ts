import { cutPlan, flattenRing, ringArea, type CutPlan } from "./geometry";
import type { CutLayout, Pt } from "./types";

type V3 = [number, number, number];
export type Triangle = [V3, V3, V3];
type Edge = { x0: number; y0: number; x1: number; y1: number };

const STL_TOLERANCE_MM = 0.05;

/** Edges stored lowest-y first, so every face computes the same crossing for the same y. */
function edgesOf(rings: Pt[][]): Edge[] {
  const edges: Edge[] = [];
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      if (a[1] === b[1]) continue;
      edges.push(a[1] < b[1] ? { x0: a[0], y0: a[1], x1: b[0], y1: b[1] } : { x0: b[0], y0: b[1], x1: a[0], y1: a[1] });
    }
  }
  return edges.sort((p, q) => p.y0 - q.y0);
}

const xAt = (e: Edge, y: number) => (y === e.y0 ? e.x0 : y === e.y1 ? e.x1 : e.x0 + ((e.x1 - e.x0) * (y - e.y0)) / (e.y1 - e.y0));

/**
 * Triangulates an even-odd region (rings may be holes of others) by cutting it into horizontal
 * slabs at every y in `ys`; each slab's trapezoids are zipped against every vertex the neighbouring
 * slabs put on the shared line, so the surface has no T-junctions. Returns triangles in 2D, any winding.
 */
export function triangulateRegion(rings: Pt[][], ys: number[]): [Pt, Pt, Pt][] {
  const edges = edgesOf(rings);
  if (!edges.length) return [];
  const minY = edges[0]!.y0;
  const maxY = Math.max(...edges.map((e) => e.y1));
  const lines = ys.filter((y) => y >= minY && y <= maxY);
  type Trap = { yb: number; yt: number; bl: number; br: number; tl: number; tr: number };
  const traps: Trap[][] = [];
  let active: Edge[] = [];
  let next = 0;
  for (let k = 0; k + 1 < lines.length; k++) {
    const yb = lines[k]!;
    const yt = lines[k + 1]!;
    while (next < edges.length && edges[next]!.y0 <= yb) active.push(edges[next++]!);
    active = active.filter((e) => e.y1 > yb);
    const mid = (yb + yt) / 2;
    const crossing = active.filter((e) => e.y0 <= yb && e.y1 >= yt).sort((p, q) => xAt(p, mid) - xAt(q, mid));
    const slab: Trap[] = [];
    for (let i = 0; i + 1 < crossing.length; i += 2) {
      const l = crossing[i]!;
      const r = crossing[i + 1]!;
      slab.push({ yb, yt, bl: xAt(l, yb), br: xAt(r, yb), tl: xAt(l, yt), tr: xAt(r, yt) });
    }
    traps.push(slab);
  }
  // Every vertex on each line, from the slabs above and below it.
  const onLine = lines.map(() => new Set<number>());
  traps.forEach((slab, k) => {
    for (const t of slab) {
      onLine[k]!.add(t.bl).add(t.br);
      onLine[k + 1]!.add(t.tl).add(t.tr);
    }
  });
  const sorted = onLine.map((set) => [...set].sort((a, b) => a - b));
  const between = (list: number[], lo: number, hi: number) => list.filter((x) => x >= lo && x <= hi);
  const out: [Pt, Pt, Pt][] = [];
  traps.forEach((slab, k) => {
    for (const t of slab) {
      // Float noise can swap a touching pair's ends: take the span either way round.
      const bottom = between(sorted[k]!, Math.min(t.bl, t.br), Math.max(t.bl, t.br)).map((x): Pt => [x, t.yb]);
      const top = between(sorted[k + 1]!, Math.min(t.tl, t.tr), Math.max(t.tl, t.tr)).map((x): Pt => [x, t.yt]);
      if (!bottom.length || !top.length) continue;
      let i = 0;
      let j = 0;
      while (i < bottom.length - 1 || j < top.length - 1) {
        const advanceBottom = j >= top.length - 1 || (i < bottom.length - 1 && bottom[i + 1]![0] <= top[j + 1]![0]);
        if (advanceBottom) {
          if (bottom[i + 1]![0] > bottom[i]![0]) out.push([bottom[i]!, bottom[i + 1]!, top[j]!]);
          i++;
        } else {
          if (top[j + 1]![0] > top[j]![0]) out.push([bottom[i]!, top[j + 1]!, top[j]!]);
          j++;
        }
      }
    }
  });
  return out;
}

/** Splits a ring edge at the same points the faces on either side of it put there. */
function edgePoints(a: Pt, b: Pt, ys: number[], horizontal: Set<number>[] | null, lineIndex: Map<number, number>): Pt[] {
  if (a[1] === b[1]) {
    const k = lineIndex.get(a[1]);
    const xs = new Set<number>([a[0], b[0]]);
    const lo = Math.min(a[0], b[0]);
    const hi = Math.max(a[0], b[0]);
    if (k !== undefined && horizontal) for (const x of horizontal[k]!) if (x > lo && x < hi) xs.add(x);
    const list = [...xs].sort((p, q) => p - q);
    return (a[0] <= b[0] ? list : list.reverse()).map((x): Pt => [x, a[1]]);
  }
  const e: Edge = a[1] < b[1] ? { x0: a[0], y0: a[1], x1: b[0], y1: b[1] } : { x0: b[0], y0: b[1], x1: a[0], y1: a[1] };
  const inner = ys.filter((y) => y > e.y0 && y < e.y1).map((y): Pt => [xAt(e, y), y]);
  const list: Pt[] = [[e.x0, e.y0], ...inner, [e.x1, e.y1]];
  return a[1] < b[1] ? list : list.reverse();
}

/** Triangles between the same 2D polyline at two heights (a vertical wall), zipped by position. */
function wall(upper: Pt[], lower: Pt[], zu: number, zl: number, out: Triangle[], outward: Pt): void {
  const along = (p: Pt) => p[0] * outward[1] - p[1] * outward[0];
  let i = 0;
  let j = 0;
  const dir = Math.sign(along(upper[upper.length - 1]!) - along(upper[0]!)) || 1;
  while (i < upper.length - 1 || j < lower.length - 1) {
    const advanceUpper = j >= lower.length - 1 || (i < upper.length - 1 && dir * along(upper[i + 1]!) <= dir * along(lower[j + 1]!));
    if (advanceUpper) {
      pushOriented(out, [[...upper[i]!, zu], [...upper[i + 1]!, zu], [...lower[j]!, zl]], [outward[0], outward[1], 0]);
      i++;
    } else {
      pushOriented(out, [[...upper[i]!, zu], [...lower[j + 1]!, zl], [...lower[j]!, zl]], [outward[0], outward[1], 0]);
      j++;
    }
  }
}

function normal([a, b, c]: Triangle): V3 {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
}

function pushOriented(out: Triangle[], tri: Triangle, want: V3): void {
  const n = normal(tri);
  const dot = n[0] * want[0] + n[1] * want[1] + n[2] * want[2];
  if (Math.abs(n[0]) + Math.abs(n[1]) + Math.abs(n[2]) < 1e-12) return;
  out.push(dot >= 0 ? tri : [tri[0], tri[2], tri[1]]);
}

const WELD_MM = 0.003;

/**
 * Where a pocket's depths share a stretch of outline (a notch reaching past its ledge), Clipper
 * puts a vertex on one ring that lies mid-edge on the other. Inserting it there too lets the two
 * walls meet vertex to vertex, so the mesh stays closed.
 */
function weldLevels<L extends { rings: Pt[][] }>(levels: L[]): L[] {
  if (levels.length < 2) return levels;
  const cell = 2;
  const grid = new Map<string, { p: Pt; ring: Pt[] }[]>();
  const all = levels.flatMap((level) => level.rings);
  for (const ring of all) {
    for (const p of ring) {
      const key = `${Math.floor(p[0] / cell)},${Math.floor(p[1] / cell)}`;
      const list = grid.get(key) ?? [];
      list.push({ p, ring });
      grid.set(key, list);
    }
  }
  const weld = (ring: Pt[]): Pt[] => {
    const out: Pt[] = [];
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      out.push(a);
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const length2 = dx * dx + dy * dy;
      if (length2 === 0) continue;
      const inserts: { t: number; p: Pt }[] = [];
      for (let gx = Math.floor(Math.min(a[0], b[0]) / cell) - 1; gx <= Math.floor(Math.max(a[0], b[0]) / cell) + 1; gx++) {
        for (let gy = Math.floor(Math.min(a[1], b[1]) / cell) - 1; gy <= Math.floor(Math.max(a[1], b[1]) / cell) + 1; gy++) {
          for (const { p, ring: other } of grid.get(`${gx},${gy}`) ?? []) {
            if (other === ring) continue;
            const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2;
            if (t <= 1e-9 || t >= 1 - 1e-9) continue;
            const distance = Math.abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) / Math.sqrt(length2);
            if (distance < WELD_MM && !inserts.some((item) => item.p[0] === p[0] && item.p[1] === p[1])) inserts.push({ t, p });
          }
        }
      }
      inserts.sort((u, v) => u.t - v.t);
      for (const item of inserts) out.push(item.p);
    }
    return out;
  };
  return levels.map((level) => ({ ...level, rings: level.rings.map(weld) }));
}

/**
 * The insert as a closed triangle mesh: the foam block (all layers) with every pocket, ledge and
 * finger notch sunk into its top face. Millimetres; x right, y away from the viewer (CAD's y up),
 * z up with the top face at z = thickness. Labels are not modelled (engraving is a CAM text op).
 */
export function layoutMesh(layout: CutLayout, plan: CutPlan = cutPlan(layout)): Triangle[] {
  const { width_mm: W, depth_mm: D, thickness_mm: T } = layout.foam;
  // y flipped once here so the mesh is not mirrored; every ring lives in these coordinates.
  // Snapped to 0.1 µm: ys that differ only by float noise would make slabs of zero height.
  const snap = (value: number) => Math.round(value * 1e4) / 1e4;
  const flip = (points: Pt[]): Pt[] => {
    const out: Pt[] = [];
    for (const [x, y] of points) {
      const p: Pt = [snap(x), snap(D - y)];
      const last = out[out.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
    }
    while (out.length > 1 && out[0]![0] === out[out.length - 1]![0] && out[0]![1] === out[out.length - 1]![1]) out.pop();
    return out;
  };
  type Level = { depth: number; rings: Pt[][] };
  const byPocket = new Map<number, Level[]>();
  for (const contour of plan.contours) {
    const rings = contour.rings.map((ring) => flip(ring.chords ?? flattenRing(ring, STL_TOLERANCE_MM))).filter((r) => r.length >= 3 && Math.abs(ringArea(r)) > 1e-6);
    if (!rings.length) continue;
    const list = byPocket.get(contour.pocketIndex) ?? [];
    list.push({ depth: contour.depth_mm, rings });
    byPocket.set(contour.pocketIndex, list);
  }
  const pockets = [...byPocket.values()].map((levels) => weldLevels(levels.sort((a, b) => a.depth - b.depth)));
  const foamRing: Pt[] = [[0, 0], [W, 0], [W, D], [0, D]];
  const ysSet = new Set<number>([0, D]);
  for (const levels of pockets) for (const level of levels) for (const ring of level.rings) for (const [, y] of ring) ysSet.add(y);
  const ys = [...ysSet].sort((a, b) => a - b);
  const lineIndex = new Map(ys.map((y, i) => [y, i]));
  const out: Triangle[] = [];

  const face = (rings: Pt[][], z: number, up: boolean) => {
    const tris = triangulateRegion(rings, ys);
    const horizontal = ys.map(() => new Set<number>());
    for (const tri of tris) for (const [x, y] of tri) horizontal[lineIndex.get(y)!]!.add(x);
    for (const [a, b, c] of tris) pushOriented(out, [[...a, z], [...b, z], [...c, z]], [0, 0, up ? 1 : -1]);
    return horizontal;
  };
  const topRings = [foamRing, ...pockets.flatMap((levels) => levels[0]!.rings)];
  const topLines = face(topRings, T, true);
  const bottomLines = face([foamRing], 0, false);
  // The block's four sides.
  for (let i = 0; i < 4; i++) {
    const a = foamRing[i]!;
    const b = foamRing[(i + 1) % 4]!;
    const outwardSide: Pt = [b[1] - a[1], -(b[0] - a[0])];
    wall(edgePoints(a, b, ys, topLines, lineIndex), edgePoints(a, b, ys, bottomLines, lineIndex), T, 0, out, outwardSide);
  }
  for (const levels of pockets) {
    let upperLines = topLines;
    levels.forEach((level, index) => {
      const z = T - level.depth;
      const zTop = T - (index ? levels[index - 1]!.depth : 0);
      const deeper = levels[index + 1]?.rings ?? [];
      const floorLines = face([...level.rings, ...deeper], z, true);
      for (const ring of level.rings) {
        const inside = ringArea(ring) > 0;
        for (let i = 0; i < ring.length; i++) {
          const a = ring[i]!;
          const b = ring[(i + 1) % ring.length]!;
          // The wall faces into the pocket: left of a counter-clockwise outer ring.
          const left: Pt = [-(b[1] - a[1]), b[0] - a[0]];
          const into: Pt = inside ? left : [-left[0], -left[1]];
          wall(edgePoints(a, b, ys, upperLines, lineIndex), edgePoints(a, b, ys, floorLines, lineIndex), zTop, z, out, into);
        }
      }
      upperLines = floorLines;
    });
  }
  return out;
}

/** Binary STL (little-endian, float32 vertices). */
export function meshStl(triangles: Triangle[], header = "foam insert"): Uint8Array {
  const buffer = new ArrayBuffer(84 + 50 * triangles.length);
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const text = new TextEncoder().encode(header.slice(0, 79));
  bytes.set(text, 0);
  view.setUint32(80, triangles.length, true);
  let offset = 84;
  for (const tri of triangles) {
    const n = normal(tri);
    const length = Math.hypot(n[0], n[1], n[2]) || 1;
    for (const value of [n[0] / length, n[1] / length, n[2] / length]) {
      view.setFloat32(offset, value, true);
      offset += 4;
    }
    for (const vertex of tri) {
      for (const value of vertex) {
        view.setFloat32(offset, value, true);
        offset += 4;
      }
    }
    offset += 2;
  }
  return bytes;
}

export function layoutStl(layout: CutLayout, plan: CutPlan = cutPlan(layout)): Uint8Array {
  const { width_mm, depth_mm, thickness_mm } = layout.foam;
  return meshStl(layoutMesh(layout, plan), `foam insert ${width_mm}x${depth_mm}x${thickness_mm} mm, ${layout.pockets.length} pockets`);
}
