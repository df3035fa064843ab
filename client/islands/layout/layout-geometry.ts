import type { ScannedTool, ToolPosition } from "../../lib/scanner-queue";
import { polygonArea, polygonCentroid } from "../../../common/geometry/polygon";

/** The drop zone is the default foam sheet of SPEC 9 (12 × 18 in), so tools appear at true scale. */
export const LAYOUT_FOAM = { label: "Default foam 12 × 18 in", width_mm: 304.8, depth_mm: 457.2, thickness_mm: 31.75 } as const;
export type LayoutFoam = { label: string; width_mm: number; depth_mm: number; thickness_mm: number };

/** Keyboard nudges in percent of the sheet (Shift for the large step). */
export const NUDGE_PERCENT = 1;
export const NUDGE_PERCENT_LARGE = 5;

type Pt = [number, number];

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}

/** Area centroid (vertex mean for degenerate outlines): the same anchor the foam editor uses. */
export { polygonCentroid };

function validPoints(tool: ScannedTool): Pt[] {
  const points = Array.isArray(tool.contourPointsMm) ? tool.contourPointsMm : [];
  return points.filter((p): p is Pt => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1])).map(([x, y]) => [x, y]);
}

/** The tool's outline in mm around its centroid; a square of its area when the outline is missing. */
export function centredOutline(tool: ScannedTool): Pt[] {
  const points = validPoints(tool);
  if (points.length >= 3 && Math.abs(polygonArea(points)) > 1e-6) {
    const [cx, cy] = polygonCentroid(points);
    return points.map(([x, y]) => [x - cx, y - cy]);
  }
  const area = Number(tool.parameters?.contour_area_mm);
  const half = (area > 0 ? Math.sqrt(area) : 30) / 2;
  return [
    [-half, -half],
    [half, -half],
    [half, half],
    [-half, half],
  ];
}

/** The outline as placed (rotation and scale about the centroid), relative to the centroid, in mm. */
export function placedOutline(tool: ScannedTool, position: ToolPosition): Pt[] {
  const angle = ((Number(position.rotation) || 0) * Math.PI) / 180;
  const scale = Number(position.scale) || 1;
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  return centredOutline(tool).map(([x, y]) => [x * cos - y * sin, x * sin + y * cos]);
}

export type Box = { minX: number; minY: number; maxX: number; maxY: number };

export function bounds(points: Pt[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/** SVG path data of a closed outline. */
export { pathData } from "../../lib/scanner-job-body";

export function newPosition(x: number, y: number, previous?: ToolPosition | null): ToolPosition {
  return { x: clampPercent(x), y: clampPercent(y), rotation: previous?.rotation ?? 0, scale: previous?.scale ?? 1 };
}

/** Pointer coordinates inside the drop zone as percent of the sheet, clamped to it. */
export function percentFromPoint(rect: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): { x: number; y: number } {
  return {
    x: clampPercent(((clientX - rect.left) / Math.max(1, rect.width)) * 100),
    y: clampPercent(((clientY - rect.top) / Math.max(1, rect.height)) * 100),
  };
}

export function isInside(rect: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): boolean {
  return clientX >= rect.left && clientX <= rect.left + rect.width && clientY >= rect.top && clientY <= rect.top + rect.height;
}

/** Arrow-key moves of a placed tool; null for any other key. */
export function nudge(position: ToolPosition, key: string, large: boolean): ToolPosition | null {
  const step = large ? NUDGE_PERCENT_LARGE : NUDGE_PERCENT;
  const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const move = delta[key];
  if (!move) return null;
  return newPosition(position.x + move[0], position.y + move[1], position);
}
