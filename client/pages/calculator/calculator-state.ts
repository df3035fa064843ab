/** Calculator state (SPEC section 3) and its local save slot. */
import type { ToolboxModel } from "../../../db/seed/reference/toolboxes";
import type { FoamMaterial } from "../reference-data";

export const CALCULATOR_STORAGE_KEY = "foam-calculator";
export const THICKNESS_MIN = 10;
export const THICKNESS_MAX = 100;
export const THICKNESS_STEP = 5;
export const DEFAULT_LABOUR_MINUTES = 30;
export const DEFAULT_LABOUR_RATE = 35;
export const DEFAULT_MARKUP_PERCENT = 25;

export type CalculatorState = {
  toolboxModelId: string | null;
  selectedDrawerIds: string[];
  /** Tools per drawer id; the calculator itself places none, the editor may. */
  drawers: Record<string, { tools: unknown[] }>;
  foamMaterialId: number | null;
  labourMinutes: number;
  labourRate: number;
  markupPercent: number;
  thicknessMm: number | null;
  color: string;
};

export type SavedCalculation = CalculatorState & {
  brand: string | null;
  savedAt: string;
  result: { total_cents: number; box_cost_cents: number; material_cost_cents: number; processing_cents: number } | null;
};

export function emptyState(): CalculatorState {
  return {
    toolboxModelId: null,
    selectedDrawerIds: [],
    drawers: {},
    foamMaterialId: null,
    labourMinutes: DEFAULT_LABOUR_MINUTES,
    labourRate: DEFAULT_LABOUR_RATE,
    markupPercent: DEFAULT_MARKUP_PERCENT,
    thicknessMm: null,
    color: "",
  };
}

/** First two drawers are selected by default (SPEC section 3). */
export function defaultDrawerIds(model: ToolboxModel | null | undefined): string[] {
  return model ? model.drawers.slice(0, 2).map((drawer) => drawer.id) : [];
}

export function drawersMap(model: ToolboxModel | null | undefined): Record<string, { tools: unknown[] }> {
  return Object.fromEntries((model?.drawers ?? []).map((drawer) => [drawer.id, { tools: [] }]));
}

export function clampThickness(value: number): number {
  return Math.min(THICKNESS_MAX, Math.max(THICKNESS_MIN, value));
}

/** The material's sheet thickness clamped into the input's range; the minimum when unknown. */
export function defaultThickness(material: FoamMaterial | null | undefined): number {
  const sheet = material?.sheet_thickness_mm;
  return typeof sheet === "number" && Number.isFinite(sheet) && sheet > 0 ? clampThickness(sheet) : THICKNESS_MIN;
}

/** A typed thickness: a finite number clamped into range, or null for blank/garbage. */
export function parseThickness(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? clampThickness(value) : null;
}

export function saveCalculation(saved: SavedCalculation): void {
  window.localStorage.setItem(CALCULATOR_STORAGE_KEY, JSON.stringify(saved));
}

export function loadCalculation(): SavedCalculation | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(CALCULATOR_STORAGE_KEY) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    return parsed as SavedCalculation;
  } catch {
    return null;
  }
}
