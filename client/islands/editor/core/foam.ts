import type { Drawer, ToolboxContainer, ToolboxModel } from "../../../../db/seed/reference/toolboxes";
import {
  FOAM_SIDE_MAX_MM,
  FOAM_SIDE_MIN_MM,
  FOAM_THICKNESS_MAX_MM,
  FOAM_THICKNESS_MIN_MM,
  MM_PER_INCH,
} from "./constants";
import { round } from "./polygon";
import type { Foam } from "./types";

export function inchesToMm(inches: number): number {
  return round(inches * MM_PER_INCH, 3);
}

export function mmToInches(mm: number): number {
  return round(mm / MM_PER_INCH, 3);
}

function formatInches(value: number): string {
  return String(round(value, 2));
}

export function customFoam(width_mm: number, depth_mm: number, thickness_mm: number): Foam {
  return {
    label: `Custom ${formatInches(mmToInches(width_mm))} × ${formatInches(mmToInches(depth_mm))} in`,
    width_mm: round(width_mm, 3),
    depth_mm: round(depth_mm, 3),
    thickness_mm: round(thickness_mm, 3),
    source: { kind: "custom" },
  };
}

/** SPEC 9: 12 x 18 in sheet, 1.25 in thick. */
export const DEFAULT_FOAM: Foam = customFoam(inchesToMm(12), inchesToMm(18), inchesToMm(1.25));

/** A drawer or compartment from the built-in database becomes the foam sheet. */
export function foamFromDrawer(container: ToolboxContainer, model: ToolboxModel, drawer: Drawer, thickness_mm: number): Foam {
  return {
    label: `${model.name} — ${drawer.label}`,
    width_mm: inchesToMm(drawer.width_in),
    depth_mm: inchesToMm(drawer.depth_in),
    thickness_mm: round(thickness_mm, 3),
    source: { kind: "catalog", brand: container.brand, modelId: model.id, drawerId: drawer.id },
  };
}

export function withThickness(foam: Foam, thickness_mm: number): Foam {
  return { ...foam, thickness_mm: round(thickness_mm, 3) };
}

/** Returns the first problem with a foam size, or null (thickness follows SPEC 5: 10-100 mm). */
export function validateFoam(width_mm: number, depth_mm: number, thickness_mm: number): string | null {
  const sides = [width_mm, depth_mm];
  if (sides.some((side) => !Number.isFinite(side) || side < FOAM_SIDE_MIN_MM || side > FOAM_SIDE_MAX_MM)) {
    return `Width and depth must be between ${mmToInches(FOAM_SIDE_MIN_MM)} and ${mmToInches(FOAM_SIDE_MAX_MM)} in.`;
  }
  if (!Number.isFinite(thickness_mm) || thickness_mm < FOAM_THICKNESS_MIN_MM || thickness_mm > FOAM_THICKNESS_MAX_MM) {
    return `Foam thickness must be between ${FOAM_THICKNESS_MIN_MM} and ${FOAM_THICKNESS_MAX_MM} mm.`;
  }
  return null;
}

/** Reads a stored foam back, rejecting anything malformed or out of range. */
export function parseFoam(value: unknown): Foam | null {
  if (!value || typeof value !== "object") return null;
  const foam = value as Partial<Foam>;
  const { width_mm, depth_mm, thickness_mm } = foam;
  if (typeof width_mm !== "number" || typeof depth_mm !== "number" || typeof thickness_mm !== "number") return null;
  if (validateFoam(width_mm, depth_mm, thickness_mm)) return null;
  const source = foam.source;
  const validSource =
    source?.kind === "catalog" && typeof source.brand === "string" && typeof source.modelId === "string" && typeof source.drawerId === "string"
      ? source
      : ({ kind: "custom" } as const);
  const label = typeof foam.label === "string" && foam.label.trim() ? foam.label : customFoam(width_mm, depth_mm, thickness_mm).label;
  return { label, width_mm, depth_mm, thickness_mm, source: validSource };
}
