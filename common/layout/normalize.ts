import { MAX_FOAM_LAYERS, type CutLayout, type FingerPull, type FoamLayer, type LayoutFoam, type LayoutPocket, type PocketLabel, type PocketLedge, type Pt } from "./types";

export const MAX_FOAM_MM = 5000;
const EDGE_TOLERANCE_MM = 0.5;
const MAX_FINGERS = 8;
const MAX_LABEL_CHARS = 60;

/** A layout that cannot be cut; the message is meant for the person who has to fix it. */
export class LayoutInputError extends Error {}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function mm(value: unknown, label: string, min: number, max: number): number {
  if (!finite(value) || value < min || value > max) throw new LayoutInputError(`${label} must be between ${min} and ${max} mm.`);
  return round3(value);
}

function optionalMm(value: unknown, label: string, min: number, max: number): number | undefined {
  return value === undefined || value === null ? undefined : mm(value, label, min, max);
}

/** The foam's layer stack from a request or a stored layout (undefined when absent). */
export function readLayers(raw: unknown, thickness: number): FoamLayer[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_FOAM_LAYERS) throw new LayoutInputError(`The foam needs 1 to ${MAX_FOAM_LAYERS} layers.`);
  const layers = raw.map((layer, index) => {
    const value = (layer ?? {}) as { thickness_mm?: unknown; color?: unknown };
    const color = typeof value.color === "string" && /^[#\w\s(),.%-]{1,40}$/.test(value.color) ? value.color : null;
    return { thickness_mm: mm(value.thickness_mm, `Foam layer ${index + 1} thickness`, 1, MAX_FOAM_MM), color };
  });
  const total = layers.reduce((sum, layer) => sum + layer.thickness_mm, 0);
  if (Math.abs(total - thickness) > 0.01) throw new LayoutInputError(`The foam layers add up to ${round3(total)} mm, not the foam's ${thickness} mm.`);
  return layers;
}

export function readFoam(raw: unknown): LayoutFoam {
  const value = raw as Partial<Record<keyof LayoutFoam, unknown>>;
  for (const name of ["width", "depth", "thickness"] as const) {
    const size = value[`${name}_mm`];
    if (!finite(size) || size <= 0 || size > MAX_FOAM_MM) throw new LayoutInputError(`The foam ${name} is missing or invalid.`);
  }
  const foam: LayoutFoam = {
    width_mm: value.width_mm as number,
    depth_mm: value.depth_mm as number,
    thickness_mm: value.thickness_mm as number,
    label: typeof value.label === "string" ? value.label : null,
  };
  const layers = readLayers(value.layers, foam.thickness_mm);
  return layers ? { ...foam, layers } : foam;
}

function readFinger(raw: unknown, name: string, foam: LayoutFoam): FingerPull {
  const value = (raw ?? {}) as Record<string, unknown>;
  const label = `Pocket "${name}" finger pull`;
  const shape = value.shape === "oval" ? "oval" : "round";
  const finger: FingerPull = {
    x_mm: mm(value.x_mm, `${label} x`, -EDGE_TOLERANCE_MM, foam.width_mm + EDGE_TOLERANCE_MM),
    y_mm: mm(value.y_mm, `${label} y`, -EDGE_TOLERANCE_MM, foam.depth_mm + EDGE_TOLERANCE_MM),
    shape,
    width_mm: mm(value.width_mm, `${label} width`, 5, 100),
  };
  const length = optionalMm(value.length_mm, `${label} length`, 5, 200);
  if (shape === "oval" && length !== undefined) finger.length_mm = Math.max(length, finger.width_mm);
  if (finite(value.angle_deg)) finger.angle_deg = round3(value.angle_deg);
  const depth = optionalMm(value.depth_mm, `${label} depth`, 1, foam.thickness_mm);
  if (depth !== undefined) finger.depth_mm = depth;
  return finger;
}

function readLabel(raw: unknown, name: string): PocketLabel | null {
  if (raw === undefined || raw === null) return null;
  const value = raw as Record<string, unknown>;
  const text = typeof value.text === "string" ? value.text.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, MAX_LABEL_CHARS) : "";
  if (!text) return null;
  if (!finite(value.x_mm) || !finite(value.y_mm)) throw new LayoutInputError(`Pocket "${name}" label needs a position.`);
  const label: PocketLabel = { text, x_mm: round3(value.x_mm), y_mm: round3(value.y_mm) };
  const height = optionalMm(value.height_mm, `Pocket "${name}" label height`, 2, 50);
  if (height !== undefined) label.height_mm = height;
  if (finite(value.angle_deg)) label.angle_deg = round3(value.angle_deg);
  return label;
}

function readLedge(raw: unknown, name: string, foam: LayoutFoam): PocketLedge | null {
  if (raw === undefined || raw === null) return null;
  const value = raw as Record<string, unknown>;
  return {
    width_mm: mm(value.width_mm, `Pocket "${name}" ledge width`, 1, 100),
    depth_mm: mm(value.depth_mm, `Pocket "${name}" ledge depth`, 1, foam.thickness_mm),
  };
}

export function readPocket(raw: unknown, index: number, foam: LayoutFoam): LayoutPocket {
  const pocket = (raw ?? {}) as Record<string, unknown>;
  const name = typeof pocket.name === "string" && pocket.name.trim() ? pocket.name.trim() : `Pocket ${index + 1}`;
  const rawPoints = Array.isArray(pocket.points) ? (pocket.points as unknown[]) : [];
  const points = rawPoints
    .filter((point): point is Pt => Array.isArray(point) && point.length >= 2 && finite(point[0]) && finite(point[1]))
    .map(([x, y]) => [x, y] as Pt);
  if (points.length < 3 || points.length !== rawPoints.length) throw new LayoutInputError(`Pocket "${name}" needs at least 3 valid points.`);
  let twice = 0;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  points.forEach(([x, y], i) => {
    const [x2, y2] = points[(i + 1) % points.length]!;
    twice += x * y2 - x2 * y;
    minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
  });
  if (Math.abs(twice) / 2 < 1) throw new LayoutInputError(`Pocket "${name}" has no area.`);
  if (minX < -EDGE_TOLERANCE_MM || minY < -EDGE_TOLERANCE_MM || maxX > foam.width_mm + EDGE_TOLERANCE_MM || maxY > foam.depth_mm + EDGE_TOLERANCE_MM) {
    throw new LayoutInputError(`Pocket "${name}" extends beyond the foam (${foam.width_mm} × ${foam.depth_mm} mm).`);
  }
  const out: LayoutPocket = { name, points };
  if (typeof pocket.job_id === "number") out.job_id = pocket.job_id;
  const depth = optionalMm(pocket.depth_mm, `Pocket "${name}" depth`, 1, foam.thickness_mm);
  if (depth !== undefined) out.depth_mm = depth;
  const clearance = optionalMm(pocket.clearance_mm, `Pocket "${name}" clearance`, 0, 20);
  if (clearance !== undefined) out.clearance_mm = clearance;
  if (pocket.finger_pulls !== undefined && pocket.finger_pulls !== null) {
    if (!Array.isArray(pocket.finger_pulls) || pocket.finger_pulls.length > MAX_FINGERS) throw new LayoutInputError(`Pocket "${name}" may have at most ${MAX_FINGERS} finger pulls.`);
    out.finger_pulls = pocket.finger_pulls.map((finger) => readFinger(finger, name, foam));
  }
  const label = readLabel(pocket.label, name);
  if (label) out.label = label;
  const ledge = readLedge(pocket.ledge, name, foam);
  if (ledge) out.ledge = ledge;
  return out;
}

/** Validates a stored or submitted layout: any problem is a LayoutInputError naming it. */
export function readCutLayout(raw: unknown): CutLayout {
  const value = raw as { foam?: unknown; pockets?: unknown } | null;
  if (!value || typeof value !== "object" || !value.foam || typeof value.foam !== "object") {
    throw new LayoutInputError("The order has no layout to cut: submit a scanner layout for it first.");
  }
  const foam = readFoam(value.foam);
  const rawPockets = value.pockets ?? [];
  if (!Array.isArray(rawPockets)) throw new LayoutInputError("The layout's pockets are not a list.");
  return { foam, pockets: rawPockets.map((pocket, index) => readPocket(pocket, index, foam)) };
}

/**
 * Only the cutting fields of a pocket (depth, clearance, finger pulls, label, ledge), for the
 * server to copy from a submitted job (body.pocket) onto the order's layout; absent fields stay absent.
 */
export function readPocketExtras(raw: unknown, name: string, foam: LayoutFoam): Omit<LayoutPocket, "name" | "points" | "job_id"> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw new LayoutInputError("pocket must be an object.");
  // A square far inside the foam stands in for the outline: only the extras are read here.
  const probe = readPocket({ ...(raw as object), name, points: [[0, 0], [1, 0], [1, 1], [0, 1]].map(([x, y]) => [x! + foam.width_mm / 2, y! + foam.depth_mm / 2]) }, 0, foam);
  const { name: _name, points: _points, job_id: _job, ...extras } = probe;
  return extras;
}
