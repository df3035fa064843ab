/**
 * The cut layout kept on an order (orders.layout): foam block and pocket outlines in millimetres,
 * origin at the foam's top-left corner, x to the right, y down (the editor's and SVG's axes).
 */
export type Point = [number, number];
export type Pocket = { name: string; points: Point[]; job_id?: number };
export type Foam = { width_mm: number; depth_mm: number; thickness_mm: number; label?: string | null };
export type Layout = { foam: Foam; pockets: Pocket[] };

export const MAX_FOAM_MM = 5000;
const EDGE_TOLERANCE_MM = 0.5;

export class LayoutError extends Error {}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export function perimeter(points: Point[]): number {
  let length = 0;
  for (let index = 0; index < points.length; index++) {
    const [x1, y1] = points[index]!;
    const [x2, y2] = points[(index + 1) % points.length]!;
    length += Math.hypot(x2 - x1, y2 - y1);
  }
  return length;
}

export function area(points: Point[]): number {
  let twice = 0;
  for (let index = 0; index < points.length; index++) {
    const [x1, y1] = points[index]!;
    const [x2, y2] = points[(index + 1) % points.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

export function bounds(points: Point[]) {
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** Total knife path: the foam outline plus every pocket outline (closed). */
export function cutLengthMm(layout: Layout): number {
  const foam = 2 * (layout.foam.width_mm + layout.foam.depth_mm);
  return foam + layout.pockets.reduce((sum, pocket) => sum + perimeter(pocket.points), 0);
}

/** Reads an order's stored layout leniently (null when there is nothing usable), for estimates. */
export function readLayout(raw: unknown): Layout | null {
  try {
    return checkLayout(raw);
  } catch {
    return null;
  }
}

/** Validates a stored layout before cutting: any problem is a LayoutError whose message the operator sees. */
export function checkLayout(raw: unknown): Layout {
  const value = raw as { foam?: Partial<Foam>; pockets?: unknown } | null;
  if (!value || typeof value !== "object" || !value.foam || typeof value.foam !== "object") {
    throw new LayoutError("The order has no layout to cut: submit a scanner layout for it first.");
  }
  const { width_mm, depth_mm, thickness_mm } = value.foam;
  for (const [name, size] of [["width", width_mm], ["depth", depth_mm], ["thickness", thickness_mm]] as const) {
    if (!finite(size) || size <= 0 || size > MAX_FOAM_MM) throw new LayoutError(`The foam ${name} is missing or invalid.`);
  }
  const foam: Foam = { width_mm: width_mm!, depth_mm: depth_mm!, thickness_mm: thickness_mm!, label: typeof value.foam.label === "string" ? value.foam.label : null };
  const rawPockets = value.pockets ?? [];
  if (!Array.isArray(rawPockets)) throw new LayoutError("The layout's pockets are not a list.");
  const pockets = rawPockets.map((rawPocket, index): Pocket => {
    const pocket = rawPocket as { name?: unknown; points?: unknown; job_id?: unknown };
    const name = typeof pocket?.name === "string" && pocket.name.trim() ? pocket.name.trim() : `Pocket ${index + 1}`;
    const points = Array.isArray(pocket?.points)
      ? pocket.points.filter((point): point is Point => Array.isArray(point) && point.length >= 2 && finite(point[0]) && finite(point[1])).map(([x, y]) => [x, y] as Point)
      : [];
    if (points.length < 3 || points.length !== (pocket.points as unknown[]).length) {
      throw new LayoutError(`Pocket "${name}" needs at least 3 valid points.`);
    }
    if (area(points) < 1) throw new LayoutError(`Pocket "${name}" has no area.`);
    const box = bounds(points);
    if (box.minX < -EDGE_TOLERANCE_MM || box.minY < -EDGE_TOLERANCE_MM || box.maxX > foam.width_mm + EDGE_TOLERANCE_MM || box.maxY > foam.depth_mm + EDGE_TOLERANCE_MM) {
      throw new LayoutError(`Pocket "${name}" extends beyond the foam (${foam.width_mm} × ${foam.depth_mm} mm).`);
    }
    return typeof pocket.job_id === "number" ? { name, points, job_id: pocket.job_id } : { name, points };
  });
  return { foam, pockets };
}
