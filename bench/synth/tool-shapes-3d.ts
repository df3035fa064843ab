// Tools with thickness for the 3D bench: each tool is a union of parts, every part a footprint
// polygon (pad plane) lifted to [z0, z0 + h] with a vertical profile. The footprint (vertical
// projection) is what a foam pocket must hold; the renderer derives what a camera sees from it.
import { offsetPaths, polygonDifference, polygonUnion } from "../../src/vision/clipper-ops.ts";
import { signedPolygonArea } from "../../common/geometry/polygon.ts";
import type { Rng } from "./rng.ts";
import { capsule, rect, taper } from "./tool-shapes.ts";

type P = [number, number];

export const TOOL3D_KINDS = ["spanner", "screwdriver", "pliers", "hex-key", "socket", "knife", "tape-measure", "hammer", "caliper", "drill"] as const;
export type Tool3dKind = (typeof TOOL3D_KINDS)[number];

/** body: drawn in the photo's finish; handle: the handle colour under the "coloured" finish; steel: always bare metal (satin, or chrome under "chrome"). */
export type PartMaterial = "body" | "handle" | "steel";

export type Part3d = {
  /** Footprint in the tool frame (outer outlines positive, holes negative, as Clipper returns them). */
  polys: P[][];
  /** Lowest point above the pad (a screwdriver shaft floats at its handle's axis height). */
  z0: number;
  h: number;
  /**
   * Edge radius of the vertical profile: 0 = vertical walls; h/2 = round (the slice at height z is the
   * footprint eroded by R - sqrt(R^2 - (z - R)^2)); in between = a box with rounded edges.
   */
  edge: number;
  mat: PartMaterial;
};

export type Tool3d = { kind: Tool3dKind; parts: Part3d[] };

const STEP_MM = 0.25;

function circle(cx: number, cy: number, r: number): P[] {
  const n = Math.max(24, Math.ceil((2 * Math.PI * r) / STEP_MM));
  return Array.from({ length: n }, (_, i) => [cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n)] as P);
}


function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number): P[][] {
  return offsetPaths([rect(x0 + r, y0 + r, x1 - r, y1 - r)], r, 0.02);
}

function transform(poly: P[], angle: number, tx: number, ty: number): P[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return poly.map(([x, y]) => [tx + c * x - s * y, ty + s * x + c * y]);
}

function part(shapes: P[][], z0: number, h: number, edge: number, mat: PartMaterial = "body", cut: P[][] = []): Part3d {
  let polys = polygonUnion(shapes);
  if (cut.length) polys = polygonDifference(polys, cut);
  return { polys, z0, h, edge: Math.min(edge, h / 2), mat };
}

function spanner(rng: Rng): Tool3d {
  const L = rng.range(110, 160);
  const w = rng.range(10, 15);
  const rOpen = rng.range(13, 17);
  const rRing = rng.range(10, 13);
  const th = rng.range(8, 10);
  const jawW = rOpen * rng.range(0.75, 0.95);
  const jaw = transform(rect(0, -jawW / 2, rOpen * 2.5, jawW / 2), rng.range(-0.3, 0.3), L / 2 + rOpen * 0.6, 0);
  const ringHole = circle(-L / 2 - rRing * 0.5, 0, rRing * 0.55);
  return {
    kind: "spanner",
    parts: [
      part([taper(-L / 2, L / 2, w * 1.1, w * 0.9)], 0, th - rng.range(1.5, 3), 0.8),
      part([circle(L / 2 + rOpen * 0.55, 0, rOpen)], 0, th, 0.6, "body", [jaw]),
      part([circle(-L / 2 - rRing * 0.5, 0, rRing)], 0, th, 0.6, "body", [ringHole]),
    ],
  };
}

function screwdriver(rng: Rng): Tool3d {
  const hl = rng.range(85, 110);
  const d = rng.range(26, 30);
  const sl = rng.range(60, 95);
  const sd = rng.range(5, 7);
  const axis = d / 2;
  const fl = rng.range(10, 16);
  return {
    kind: "screwdriver",
    parts: [
      part([capsule(-hl / 2 + d / 2, hl / 2 - d / 2, d / 2)], 0, d, d / 2, "handle"),
      // Ferrule between handle and shaft, round, on the handle's axis.
      part([taper(hl / 2 - 4, hl / 2 + fl, d * 0.62, sd * 1.7)], axis - d * 0.31, d * 0.62, d * 0.31, "handle"),
      part([rect(hl / 2, -sd / 2, hl / 2 + sl, sd / 2)], axis - sd / 2, sd, sd / 2, "steel"),
      // Flat blade tip, thin.
      part([taper(hl / 2 + sl, hl / 2 + sl + 9, sd, sd * rng.range(0.55, 0.9))], axis - 0.8, 1.6, 0, "steel"),
    ],
  };
}

function pliers(rng: Rng): Tool3d {
  const jawL = rng.range(38, 52);
  const pivotR = rng.range(9, 12);
  const armL = rng.range(95, 120);
  const spread = rng.range(0.1, 0.18);
  const gap = rng.range(0.8, 2.5);
  const jawH = rng.range(10, 12);
  const tipW = rng.range(2, 3.5);
  // Two jaw halves with a narrow gap opening towards the tips.
  const half = (s: number): P[] => [
    [0, s * 0.3],
    [jawL, s * gap * 0.5],
    [jawL, s * (gap * 0.5 + tipW)],
    [0, s * pivotR * 0.85],
  ];
  const arm = (sign: number) => transform(taper(0, armL, rng.range(12, 14), rng.range(14, 17)), Math.PI + sign * spread, 0, 0);
  const grip = (sign: number) => transform(taper(armL * 0.35, armL, 16, 18.5), Math.PI + sign * spread, 0, 0);
  const gripH = rng.range(13, 15);
  return {
    kind: "pliers",
    parts: [
      part([half(1)], 0, jawH, 1, "body"),
      part([half(-1)], 0, jawH, 1, "body"),
      part([circle(0, 0, pivotR)], 0, rng.range(13, 15), 1.5, "body"),
      part([arm(1)], 0, jawH - 1, 2, "body"),
      part([arm(-1)], 0, jawH - 1, 2, "body"),
      part([grip(1)], 0, gripH, gripH / 2, "handle"),
      part([grip(-1)], 0, gripH, gripH / 2, "handle"),
    ],
  };
}

function hexKey(rng: Rng): Tool3d {
  const d = rng.range(4, 8);
  const long = rng.range(60, 120);
  const short = rng.range(20, 35);
  const r = d / 2;
  return {
    kind: "hex-key",
    parts: [part([rect(-long / 2, -r, long / 2, r), rect(long / 2 - d, -r, long / 2, short), circle(long / 2 - r, 0, r)], 0, d, r, "body")],
  };
}

function socket(rng: Rng): Tool3d {
  const D = rng.range(20, 30);
  const len = rng.range(28, 45);
  const dd = D * rng.range(0.75, 0.9);
  return {
    kind: "socket",
    parts: [
      part([rect(-len / 2, -D / 2, len / 2 - 8, D / 2)], 0, D, D / 2, "body"),
      part([rect(len / 2 - 9, -dd / 2, len / 2, dd / 2)], (D - dd) / 2, dd, dd / 2, "body"),
    ],
  };
}

function knife(rng: Rng): Tool3d {
  const hl = rng.range(90, 110);
  const hw = rng.range(19, 24);
  const hh = rng.range(12, 15);
  const bl = rng.range(85, 115);
  const bw = rng.range(17, 24);
  // The blade's tang runs into the handle, so the two are one piece in the footprint.
  const blade: P[] = [
    [-hw, -bw / 2],
    [bl * 0.7, -bw / 2],
    [bl, bw / 2 - 1.2],
    [bl, bw / 2 - 0.6],
    [-hw, bw / 2],
  ];
  return {
    kind: "knife",
    parts: [
      part([capsule(-hl + hw / 2, -hw / 2, hw / 2)], 0, hh, hh * 0.4, "handle"),
      part([blade], hh / 2 - 1.5, rng.range(2, 3), 0, "steel"),
    ],
  };
}

function tapeMeasure(rng: Rng): Tool3d {
  const a = rng.range(60, 72);
  const b = rng.range(62, 76);
  const h = rng.range(36, 40);
  return {
    kind: "tape-measure",
    parts: [
      part(roundedRect(-a / 2, -b / 2, a / 2, b / 2, rng.range(12, 18)), 0, h, rng.range(4, 7), "body"),
      // The tape's end hook sticks out at the bottom.
      part([rect(a / 2 - 2, -b / 2 + 4, a / 2 + 3, -b / 2 + 26)], 0, 4, 0, "steel"),
    ],
  };
}

function hammer(rng: Rng): Tool3d {
  const hl = rng.range(150, 175);
  const sw = rng.range(26, 30);
  const sh = rng.range(24, 28);
  const headL = rng.range(90, 105);
  const headW = rng.range(25, 30);
  const headH = rng.range(25, 30);
  return {
    kind: "hammer",
    parts: [
      part([capsule(-hl / 2 + sw / 2, hl / 2, sw / 2)], 0, sh, sh / 2, "handle"),
      part([rect(hl / 2, -headL / 2, hl / 2 + headW, headL * 0.5)], 0, headH, 2, "body"),
    ],
  };
}

function caliper(rng: Rng): Tool3d {
  const L = rng.range(170, 205);
  const bw = 16;
  const open = rng.range(0.6, 3);
  const jawL = rng.range(38, 45);
  const th = rng.range(3, 3.8);
  // Fixed jaw at x = -L/2, pointing to -y below the beam; the sliding jaw parallel, `open` mm away.
  const fixedJaw: P[] = [
    [-L / 2, 0],
    [-L / 2 + 12, 0],
    [-L / 2 + 12, -bw / 2 - jawL * 0.6],
    [-L / 2 + 1.2, -bw / 2 - jawL],
    [-L / 2, -bw / 2 - jawL],
  ];
  const x1 = -L / 2 + 12 + open;
  const slideJaw: P[] = [
    [x1, 0],
    [x1 + 14, 0],
    [x1 + 14, -bw / 2 - jawL * 0.55],
    [x1 + 1.2, -bw / 2 - jawL],
    [x1, -bw / 2 - jawL],
  ];
  // Small inner-measuring jaws pointing up, thin tips.
  // Both jaws reach 2 mm into the beam so that the parts overlap rather than touch.
  const innerFixed: P[] = [
    [-L / 2 + 12, bw / 2 - 2],
    [-L / 2 + 4, bw / 2 - 2],
    [-L / 2 + 11, bw / 2 + 16],
    [-L / 2 + 12, bw / 2 + 16],
  ];
  const innerSlide: P[] = [
    [x1, bw / 2 - 2],
    [x1 + 8, bw / 2 - 2],
    [x1 + 1, bw / 2 + 16],
    [x1, bw / 2 + 16],
  ];
  return {
    kind: "caliper",
    parts: [
      part([rect(-L / 2, -bw / 2, L / 2, bw / 2)], 0, th, 0.3, "steel"),
      part([fixedJaw, innerFixed], 0, th, 0.3, "steel"),
      part([slideJaw, innerSlide], 0, th, 0.3, "steel"),
      // Slider body with the thumb wheel and display: the thickest part.
      part(roundedRect(x1, -bw / 2 - 4, x1 + 62, bw / 2 + 5, 3), 0, rng.range(7, 8), 1.5, "body"),
    ],
  };
}

function drill(rng: Rng): Tool3d {
  // A compact drill: the pad is only A4, and its top is seen up to ~20 mm further out.
  const bl = rng.range(82, 92);
  const bd = rng.range(52, 56);
  const hw = rng.range(32, 36);
  const hlen = rng.range(34, 40);
  const bat = rng.range(58, 66);
  const hx = -bl / 2 + rng.range(18, 28);
  const axis = bd / 2;
  return {
    kind: "drill",
    parts: [
      part([capsule(-bl / 2 + bd / 2, bl / 2 - bd / 4, bd / 2)], 0, bd, 16, "body"),
      part([rect(hx - hw / 2, bd / 2 - 5, hx + hw / 2, bd / 2 + hlen)], 0, rng.range(40, 46), 10, "handle"),
      part(roundedRect(hx - bat / 2, bd / 2 + hlen - 2, hx + bat / 2, bd / 2 + hlen + rng.range(36, 42), 5), 0, rng.range(54, 58), 5, "body"),
      part([rect(bl / 2 - bd / 4 - 3, -15, bl / 2 + 20, 15)], axis - 15, 30, 15, "steel"),
      part([rect(bl / 2 + 19, -3, bl / 2 + 19 + rng.range(14, 22), 3)], axis - 3, 6, 3, "steel"),
    ],
  };
}

export function makeTool3d(kind: Tool3dKind, rng: Rng): Tool3d {
  switch (kind) {
    case "spanner":
      return spanner(rng);
    case "screwdriver":
      return screwdriver(rng);
    case "pliers":
      return pliers(rng);
    case "hex-key":
      return hexKey(rng);
    case "socket":
      return socket(rng);
    case "knife":
      return knife(rng);
    case "tape-measure":
      return tapeMeasure(rng);
    case "hammer":
      return hammer(rng);
    case "caliper":
      return caliper(rng);
    case "drill":
      return drill(rng);
  }
}

/** Rotate by `angle` and move so the footprint's bounding-box centre is at (cx, cy). */
export function placeTool3d(tool: Tool3d, angle: number, cx: number, cy: number): Tool3d {
  const rot = tool.parts.flatMap((p) => p.polys.flatMap((q) => transform(q, angle, 0, 0)));
  const b = bounds(rot);
  const dx = cx - (b.x0 + b.x1) / 2;
  const dy = cy - (b.y0 + b.y1) / 2;
  return { kind: tool.kind, parts: tool.parts.map((p) => ({ ...p, polys: p.polys.map((q) => transform(q, angle, dx, dy)) })) };
}

export function bounds(pts: P[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of pts) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

export function toolHeight(tool: Tool3d): number {
  return Math.max(...tool.parts.map((p) => p.z0 + p.h));
}

/** Erosion of a part's footprint at height z above its base (0 outside the rounded edges). */
export function erosionAt(p: Part3d, zRel: number): number {
  const r = p.edge;
  if (r <= 0) return 0;
  const zz = Math.min(zRel, p.h - zRel);
  if (zz >= r) return 0;
  return r - Math.sqrt(Math.max(0, r * r - (r - zz) * (r - zz)));
}

/** Outer polygons of a Clipper result have this sign of signedPolygonArea (the largest one's). */
export function outerSign(polys: P[][]): number {
  let best = 0;
  let sign = 1;
  for (const q of polys) {
    const a = signedPolygonArea(q);
    if (Math.abs(a) > best) {
      best = Math.abs(a);
      sign = Math.sign(a) || 1;
    }
  }
  return sign;
}
