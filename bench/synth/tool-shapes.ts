import { largestPolygon, offsetPaths, polygonDifference, polygonUnion } from "../../src/vision/clipper-ops.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";
import { densifyClosed } from "../metrics.ts";
import type { Rng } from "./rng.ts";

export const TOOL_KINDS = ["wrench", "screwdriver", "pliers", "blob"] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

type P = [number, number];

/** A tool in its own frame (mm, centred near the origin, long axis along x). */
export type ToolShape = {
  /** Silhouette parts: outer outline plus holes (even-odd). */
  silhouette: P[][];
  /** The outer outline only: the ground truth the scanner must recover (holes are ignored). */
  outer: P[];
  /** Regions drawn in the handle colour (coloured-handle finish). */
  handle: P[][];
};

const STEP_MM = 0.25;

function circle(cx: number, cy: number, r: number): P[] {
  const n = Math.max(24, Math.ceil((2 * Math.PI * r) / STEP_MM));
  const out: P[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}

export function rect(x0: number, y0: number, x1: number, y1: number): P[] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** Quad from a centre line (x0 -> x1 along x) with widths w0 and w1. */
export function taper(x0: number, x1: number, w0: number, w1: number, y = 0): P[] {
  return [
    [x0, y - w0 / 2],
    [x1, y - w1 / 2],
    [x1, y + w1 / 2],
    [x0, y + w0 / 2],
  ];
}

/** Capsule/stadium between two centres with radius r. */
export function capsule(x0: number, x1: number, r: number, y = 0): P[] {
  const out: P[] = [];
  const n = Math.max(12, Math.ceil((Math.PI * r) / STEP_MM));
  for (let i = 0; i <= n; i++) {
    const a = Math.PI / 2 + (Math.PI * i) / n;
    out.push([x0 + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  for (let i = 0; i <= n; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / n;
    out.push([x1 + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return out;
}

function transform(poly: P[], angle: number, tx: number, ty: number): P[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return poly.map(([x, y]) => [tx + c * x - s * y, ty + s * x + c * y]);
}


function finish(parts: P[][], cut: P[][], handle: P[][], closeRadius = 0): ToolShape {
  let sil = polygonUnion(parts);
  if (cut.length) sil = polygonDifference(sil, cut);
  if (closeRadius > 0) sil = offsetPaths(offsetPaths(sil, closeRadius, 0.005), -closeRadius, 0.005);
  const outer = largestPolygon(sil);
  if (!outer) throw new Error("degenerate tool");
  const outerSign = Math.sign(signedPolygonArea(outer));
  // Holes are the polygons wound opposite to the outer boundary.
  const holes = sil.filter((p) => p !== outer && Math.sign(signedPolygonArea(p)) !== outerSign);
  return { silhouette: [outer, ...holes], outer: densifyClosed(outer, STEP_MM), handle };
}

function wrench(rng: Rng): ToolShape {
  const L = rng.range(110, 165);
  const w = rng.range(10, 16);
  const rOpen = rng.range(13, 18);
  const rRing = rng.range(10, 14);
  const shaft = taper(-L / 2, L / 2, w * 1.1, w * 0.9);
  const headA = circle(L / 2 + rOpen * 0.55, 0, rOpen);
  const headB = circle(-L / 2 - rRing * 0.5, 0, rRing);
  const jawW = rOpen * rng.range(0.75, 0.95);
  const jawAngle = rng.range(-0.35, 0.35);
  const jaw = transform(rect(0, -jawW / 2, rOpen * 2.5, jawW / 2), jawAngle, L / 2 + rOpen * 0.55 + rOpen * 0.05, 0);
  const ringHole = circle(-L / 2 - rRing * 0.5, 0, rRing * 0.55);
  return finish([shaft, headA, headB], [jaw, ringHole], []);
}

function screwdriver(rng: Rng): ToolShape {
  const hl = rng.range(75, 105);
  const hw = rng.range(22, 30);
  const sl = rng.range(60, 100);
  const sw = rng.range(5, 7.5);
  const handleParts: P[] = capsule(-hl / 2 + hw / 2, hl / 2 - hw / 2, hw / 2);
  const flare = taper(hl / 2 - 6, hl / 2 + 8, hw * 0.7, sw * 1.8);
  const shaft = rect(hl / 2, -sw / 2, hl / 2 + sl, sw / 2);
  const tip = taper(hl / 2 + sl, hl / 2 + sl + 8, sw, sw * rng.range(0.5, 0.9));
  const handleColour = [handleParts, flare];
  return finish([handleParts, flare, shaft, tip], [], handleColour);
}

function pliers(rng: Rng): ToolShape {
  const jawL = rng.range(38, 55);
  const pivotR = rng.range(9, 12);
  const armL = rng.range(95, 120);
  const spread = rng.range(0.1, 0.2);
  const jaw = taper(0, jawL, pivotR * 1.6, rng.range(4, 7));
  const pivot = circle(0, 0, pivotR);
  const armW0 = rng.range(12, 15);
  const armW1 = rng.range(14, 18);
  const arm = (sign: number) => transform(taper(0, armL, armW0, armW1), Math.PI + sign * spread, 0, 0);
  const grip = (sign: number) => transform(taper(armL * 0.35, armL, armW0 + 2, armW1 + 2.5), Math.PI + sign * spread, 0, 0);
  // Real pliers have a rounded throat where the handles part, not a hairline V: a morphological
  // closing (grow then shrink by 1.5 mm) fills the V where it is narrower than 3 mm and rounds it.
  const parts = [jaw, pivot, arm(1), arm(-1), grip(1), grip(-1)];
  return finish(parts, [], [grip(1), grip(-1)], 1.5);
}

function blob(rng: Rng): ToolShape {
  const r0 = rng.range(22, 42);
  const aspect = rng.range(1, 2.2);
  const terms = [2, 3, 4, 5, 6].map((k) => ({ k, a: rng.range(0, 0.22) / (k - 1), ph: rng.range(0, 2 * Math.PI) }));
  const n = Math.ceil((2 * Math.PI * r0 * aspect) / 0.2);
  const out: P[] = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    let r = 1;
    for (const { k, a, ph } of terms) r += a * Math.cos(k * t + ph);
    out.push([r0 * aspect * r * Math.cos(t), r0 * r * Math.sin(t)]);
  }
  return finish([out], [], [out]);
}

export function makeToolShape(kind: ToolKind, rng: Rng): ToolShape {
  switch (kind) {
    case "wrench":
      return wrench(rng);
    case "screwdriver":
      return screwdriver(rng);
    case "pliers":
      return pliers(rng);
    case "blob":
      return blob(rng);
  }
}

/** Place a tool: rotate by `angle`, translate so its bounding box centre is at (cx, cy). */
export function placeTool(shape: ToolShape, angle: number, cx: number, cy: number): ToolShape {
  const rot = (p: P[]) => transform(p, angle, 0, 0);
  const o = rot(shape.outer);
  const xs = o.map((p) => p[0]);
  const ys = o.map((p) => p[1]);
  const dx = cx - (Math.min(...xs) + Math.max(...xs)) / 2;
  const dy = cy - (Math.min(...ys) + Math.max(...ys)) / 2;
  const mv = (p: P[]) => transform(p, angle, dx, dy);
  return { silhouette: shape.silhouette.map(mv), outer: mv(shape.outer), handle: shape.handle.map(mv) };
}

export function bbox(poly: P[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of poly) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}
