import ClipperLib, { type Paths } from "clipper-lib";
import { clampDepth, pocketClearance, pocketDepth } from "./depth";
import { DEFAULT_LABEL_HEIGHT_MM, type CutLayout, type FingerPull, type LayoutFoam, type LayoutPocket, type Pt } from "./types";
import { signedPolygonArea } from "../geometry/polygon";
import { minMaxBounds } from "../geometry/bounds";

/** A closed outline; bulges[i] belongs to the segment points[i] → points[i+1] (DXF's bulge, in these y-down coordinates). */
export type Ring = { points: Pt[]; bulges: number[]; /** The polyline before arcs were fitted (what the STL meshes). */ chords?: Pt[] };
export type ContourKind = "pocket" | "finger";
/** One region cleared to one depth (from the top face): its boundary rings. */
export type CutContour = { kind: ContourKind; depth_mm: number; rings: Ring[]; pocketIndex: number; name: string };
export type CutLabel = { text: string; x_mm: number; y_mm: number; height_mm: number; angle_deg: number; pocketIndex: number };
export type CutPlan = { foam: LayoutFoam; contours: CutContour[]; labels: CutLabel[]; clearances: number[] };

const UNITS = 1000;
const ARC_TOLERANCE_MM = 0.02;
const ON_CIRCLE_MM = 0.006;

const toPath = (points: Pt[]) => points.map(([x, y]) => ({ X: Math.round(x * UNITS), Y: Math.round(y * UNITS) }));
const fromPath = (path: { X: number; Y: number }[]): Pt[] => path.map((p) => [p.X / UNITS, p.Y / UNITS]);

export function offsetPaths(paths: Paths, deltaMm: number): Paths {
  const clipper = new ClipperLib.ClipperOffset(2, ARC_TOLERANCE_MM * UNITS);
  for (const path of paths) clipper.AddPath(path, ClipperLib.JoinType.jtRound, ClipperLib.EndType.etClosedPolygon);
  const solution: Paths = [];
  clipper.Execute(solution, deltaMm * UNITS);
  return solution;
}

export function unionPaths(paths: Paths): Paths {
  const clipper = new ClipperLib.Clipper();
  clipper.AddPaths(paths, ClipperLib.PolyType.ptSubject, true);
  const solution: Paths = [];
  clipper.Execute(ClipperLib.ClipType.ctUnion, solution, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  return solution;
}

/** The scanned outline grown by the clearance with round joins (0 mm: the outline, cleaned). */
export function clearanceOutline(points: Pt[], clearanceMm: number): Pt[][] {
  const paths = unionPaths([toPath(points)]);
  return (clearanceMm > 0 ? offsetPaths(paths, clearanceMm) : paths).map(fromPath);
}

type Circle = { x: number; y: number; r: number };

/** A round notch is a circle; an oval one a stadium (slot) along angle_deg. */
export function fingerShape(finger: FingerPull): { polygon: Pt[]; circles: Circle[] } {
  const r = Math.max(0.5, finger.width_mm / 2);
  const half = finger.shape === "oval" ? Math.max(0, ((finger.length_mm ?? finger.width_mm) - finger.width_mm) / 2) : 0;
  const angle = ((finger.angle_deg ?? 0) * Math.PI) / 180;
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const ends = half > 0 ? [{ x: finger.x_mm + ux * half, y: finger.y_mm + uy * half }, { x: finger.x_mm - ux * half, y: finger.y_mm - uy * half }] : [{ x: finger.x_mm, y: finger.y_mm }];
  // Enough vertices that every chord stays within the arc tolerance.
  const steps = Math.max(24, Math.ceil(Math.PI / Math.acos(Math.max(-1, 1 - ARC_TOLERANCE_MM / r))));
  const polygon: Pt[] = [];
  if (ends.length === 1) {
    for (let i = 0; i < steps; i++) polygon.push([finger.x_mm + r * Math.cos((2 * Math.PI * i) / steps), finger.y_mm + r * Math.sin((2 * Math.PI * i) / steps)]);
  } else {
    const half_steps = Math.ceil(steps / 2);
    for (const [index, end] of ends.entries()) {
      const start = angle - Math.PI / 2 + index * Math.PI;
      for (let i = 0; i <= half_steps; i++) {
        const a = start + (Math.PI * i) / half_steps;
        polygon.push([end.x + r * Math.cos(a), end.y + r * Math.sin(a)]);
      }
    }
  }
  return { polygon, circles: ends.map((end) => ({ x: end.x, y: end.y, r })) };
}

/** Circles the offset and the notches are made of, looked up by position. */
export class CircleIndex {
  private readonly cells = new Map<string, Circle[]>();
  private readonly size: number;
  constructor(circles: Circle[]) {
    this.size = Math.max(1, ...circles.map((c) => c.r));
    for (const circle of circles) {
      const key = `${Math.floor(circle.x / this.size)},${Math.floor(circle.y / this.size)}`;
      const list = this.cells.get(key);
      if (list) list.push(circle);
      else this.cells.set(key, [circle]);
    }
  }
  /** Circles the point lies on. */
  on([x, y]: Pt): Circle[] {
    const cx = Math.floor(x / this.size);
    const cy = Math.floor(y / this.size);
    const found: Circle[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const c of this.cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (Math.abs(Math.hypot(x - c.x, y - c.y) - c.r) <= ON_CIRCLE_MM) found.push(c);
        }
      }
    }
    return found;
  }
}

const angleOf = (c: Circle, [x, y]: Pt) => Math.atan2(y - c.y, x - c.x);
function turn(a: number, b: number): number {
  let d = b - a;
  while (d > Math.PI) d -= 2 * Math.PI;
  while (d < -Math.PI) d += 2 * Math.PI;
  return d;
}

/**
 * Replaces runs of three or more vertices on one known circle (a round join of the clearance
 * offset, a notch's end) by one arc segment, so CAM gets true arcs instead of chords.
 */
export function fitArcs(points: Pt[], index: CircleIndex | null): Ring {
  const n = points.length;
  if (!index || n < 4) return { points, bulges: points.map(() => 0) };
  const found = points.map((p) => index.on(p));
  // Start where no arc runs across the start, or the wrap would cut that arc in two.
  const shares = (i: number) => found[i]!.some((circle) => found[(i + n - 1) % n]!.includes(circle));
  let start = 0;
  while (start < n && shares(start)) start++;
  if (start === n) start = 0;
  if (start) {
    points = [...points.slice(start), ...points.slice(0, start)];
    found.push(...found.splice(0, start));
  }
  const onCircles = found;
  const out: Pt[] = [];
  const bulges: number[] = [];
  let i = 0;
  while (i < n) {
    let best = { end: i + 1, sweep: 0 };
    for (const circle of onCircles[i]!) {
      let j = i;
      let sweep = 0;
      let direction = 0;
      while (j + 1 <= n) {
        const next = (j + 1) % n;
        if (!onCircles[next]!.includes(circle)) break;
        const step = turn(angleOf(circle, points[j % n]!), angleOf(circle, points[next]!));
        if (Math.abs(step) > Math.PI / 2 || (direction && Math.sign(step) !== direction) || Math.abs(sweep + step) > 2 * Math.PI - 0.05) break;
        direction = Math.sign(step);
        sweep += step;
        j++;
      }
      if (j - i >= 2 && j - i > best.end - i) best = { end: j, sweep };
    }
    out.push(points[i]!);
    bulges.push(best.end - i >= 2 ? Math.tan(best.sweep / 4) : 0);
    i = best.end;
  }
  return { points: out, bulges };
}

/** The region a pocket clears to each of its depths: core (+ clearance), notches, ledge. */
export function pocketContours(pocket: LayoutPocket, foam: LayoutFoam, pocketIndex: number): CutContour[] {
  const clearance = pocketClearance(pocket);
  const depth = pocketDepth(pocket, foam);
  const core = unionPaths([toPath(pocket.points)]);
  const grown = clearance > 0 ? offsetPaths(core, clearance) : core;
  const circles: Circle[] = [];
  if (clearance > 0) for (const [x, y] of pocket.points) circles.push({ x, y, r: clearance });
  const features: { paths: Paths; depth: number; kind: ContourKind }[] = [{ paths: grown, depth, kind: "pocket" }];
  const ledge = pocket.ledge;
  if (ledge && ledge.width_mm > 0 && ledge.depth_mm > 0 && ledge.depth_mm < depth) {
    features.push({ paths: offsetPaths(grown, ledge.width_mm), depth: clampDepth(ledge.depth_mm, foam), kind: "pocket" });
    for (const [x, y] of pocket.points) circles.push({ x, y, r: clearance + ledge.width_mm });
  }
  for (const finger of pocket.finger_pulls ?? []) {
    const shape = fingerShape(finger);
    circles.push(...shape.circles);
    features.push({ paths: [toPath(shape.polygon)], depth: clampDepth(finger.depth_mm ?? depth, foam), kind: "finger" });
  }
  const index = new CircleIndex(circles);
  const levels = [...new Set(features.map((f) => f.depth))].sort((a, b) => a - b);
  return levels.map((level) => {
    const region = unionPaths(features.filter((f) => f.depth >= level).flatMap((f) => f.paths));
    const kind: ContourKind = features.some((f) => f.kind === "pocket" && f.depth === level) ? "pocket" : "finger";
    return { kind, depth_mm: level, pocketIndex, name: pocket.name, rings: region.map((path) => {
      const chords = fromPath(path);
      return { ...fitArcs(chords, circles.length ? index : null), chords };
    }) };
  });
}

/** Everything the writers draw, computed once per layout. */
export function cutPlan(layout: CutLayout): CutPlan {
  const contours = layout.pockets.flatMap((pocket, index) => pocketContours(pocket, layout.foam, index));
  const labels: CutLabel[] = [];
  layout.pockets.forEach((pocket, pocketIndex) => {
    const label = pocket.label;
    if (!label || !label.text.trim()) return;
    labels.push({ text: label.text.trim(), x_mm: label.x_mm, y_mm: label.y_mm, height_mm: label.height_mm ?? DEFAULT_LABEL_HEIGHT_MM, angle_deg: label.angle_deg ?? 0, pocketIndex });
  });
  return { foam: layout.foam, contours, labels, clearances: layout.pockets.map(pocketClearance) };
}

/** Points along a ring with its arcs expanded into chords (for PDF, STL and previews). */
export function flattenRing(ring: Ring, tolerance = ARC_TOLERANCE_MM): Pt[] {
  const out: Pt[] = [];
  const n = ring.points.length;
  for (let i = 0; i < n; i++) {
    const a = ring.points[i]!;
    out.push(a);
    const bulge = ring.bulges[i] ?? 0;
    if (!bulge) continue;
    const b = ring.points[(i + 1) % n]!;
    const sweep = 4 * Math.atan(bulge);
    const chord = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const radius = chord / (2 * Math.abs(Math.sin(sweep / 2)));
    // Centre: from the chord's midpoint along its normal, on the side the arc turns about.
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    const sagittaToCentre = radius * Math.cos(sweep / 2);
    const nx = -(b[1] - a[1]) / chord;
    const ny = (b[0] - a[0]) / chord;
    const sign = sweep > 0 ? 1 : -1;
    const cx = mx + nx * sagittaToCentre * sign;
    const cy = my + ny * sagittaToCentre * sign;
    const start = Math.atan2(a[1] - cy, a[0] - cx);
    const steps = Math.max(2, Math.ceil(Math.abs(sweep) / (2 * Math.acos(Math.max(-1, 1 - tolerance / radius)))));
    for (let s = 1; s < steps; s++) {
      const angle = start + (sweep * s) / steps;
      out.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
  }
  return out;
}

/** Signed area of a ring (the shared shoelace). */
export const ringArea = signedPolygonArea;

/** The ring's box by its extremes (the shared bounds). */
export const ringBounds = minMaxBounds;

/** Total knife path of the cut contours plus the foam outline, arcs flattened. */
export function planCutLength(plan: CutPlan): number {
  let length = 2 * (plan.foam.width_mm + plan.foam.depth_mm);
  for (const contour of plan.contours) {
    for (const ring of contour.rings) {
      const pts = flattenRing(ring);
      for (let i = 0; i < pts.length; i++) {
        const a = pts[i]!;
        const b = pts[(i + 1) % pts.length]!;
        length += Math.hypot(b[0] - a[0], b[1] - a[1]);
      }
    }
  }
  return length;
}
