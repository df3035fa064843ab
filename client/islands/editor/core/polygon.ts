import type { Bounds, Placement, Pt, Vec } from "./types";
import { polygonArea, polygonCentroid as centroidOf, signedPolygonArea } from "../../../../common/geometry/polygon";
import { minMaxBounds } from "../../../../common/geometry/bounds";

/** Signed area (shoelace); positive when the points turn clockwise on a y-down screen. */
export const signedArea = signedPolygonArea;
export { polygonArea };

/** Area centroid as the editor's vector; degenerate outlines fall back to the vertex mean. */
export function polygonCentroid(points: Pt[]): Vec {
  const [x, y] = centroidOf(points);
  return { x, y };
}

function isFinitePoint(point: unknown): point is Pt {
  return Array.isArray(point) && Number.isFinite(point[0]) && Number.isFinite(point[1]);
}

/**
 * Recentres a scanned contour on its centroid. Without a usable contour a square of the scanned
 * area (or 30 mm) stands in, so the tool can still be placed and exported.
 */
export function normaliseOutline(points: unknown, fallbackAreaMm2 = 0): Pt[] {
  const clean = Array.isArray(points) ? points.filter(isFinitePoint).map(([x, y]) => [x, y] as Pt) : [];
  if (clean.length >= 3 && polygonArea(clean) > 1e-6) {
    const c = polygonCentroid(clean);
    return clean.map(([x, y]) => [x - c.x, y - c.y]);
  }
  const half = (fallbackAreaMm2 > 0 ? Math.sqrt(fallbackAreaMm2) : 30) / 2;
  return [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ];
}

/** Rotates and scales the centred outline about its centre, then moves it to the placement. */
export function transformOutline(outline: Pt[], placement: Placement): Pt[] {
  const angle = (placement.rotation * Math.PI) / 180;
  const cos = Math.cos(angle) * placement.scale;
  const sin = Math.sin(angle) * placement.scale;
  return outline.map(([x, y]) => [x * cos - y * sin + placement.x_mm, x * sin + y * cos + placement.y_mm]);
}

export function polygonBounds(points: Pt[]): Bounds {
  return minMaxBounds(points);
}

export function boundsOverlap(a: Bounds, b: Bounds, margin = 0): boolean {
  return a.minX - margin <= b.maxX && b.minX - margin <= a.maxX && a.minY - margin <= b.maxY && b.minY - margin <= a.maxY;
}

/** Even-odd ray casting. */
export function pointInPolygon(point: Vec, polygon: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > point.y !== yj > point.y && point.x < ((xj - xi) * (point.y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(p: Vec, [ax, ay]: Pt, [bx, by]: Pt): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / lengthSq));
  return Math.hypot(p.x - (ax + t * dx), p.y - (ay + t * dy));
}

export function distanceToOutline(point: Vec, polygon: Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < polygon.length; i++) {
    best = Math.min(best, distanceToSegment(point, polygon[i], polygon[(i + 1) % polygon.length]));
  }
  return best;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function snapToGrid(value: number, grid: number): number {
  return Math.round(value / grid) * grid;
}

/** Rounds away floating-point dust (0.30000000000000004) before values are stored or written. */
export function round(value: number, decimals = 3): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
