import { contourAreaWindow } from "./sensitivity";

/** One adjustable scan parameter with its SPEC 5 range and default. */
export type ParameterSpec = {
  key: string;
  label: string;
  min: number;
  max: number;
  step: number;
  defaultValue: number;
  unit: string;
  hint?: string;
};

export type ScanParameters = Record<string, number>;

export const CLASSIC_PARAMETERS: ParameterSpec[] = [
  { key: "sensitivity", label: "Sensitivity", min: 0, max: 100, step: 1, defaultValue: 45, unit: "", hint: "Higher finds smaller and larger objects." },
  { key: "rdp_tolerance_mm", label: "RDP tolerance", min: 0.05, max: 5, step: 0.1, defaultValue: 0.3, unit: "mm", hint: "Outline simplification." },
  { key: "allowance_mm", label: "Allowance", min: -2, max: 5, step: 0.1, defaultValue: 0, unit: "mm", hint: "Positive enlarges the pocket, negative shrinks it." },
  { key: "inset_mm", label: "Inset", min: 0, max: 25, step: 0.5, defaultValue: 12, unit: "mm", hint: "Band along the pad edge that is not searched." },
];

export const AI_PARAMETERS: ParameterSpec[] = [
  { key: "confidence", label: "Confidence", min: 0, max: 1, step: 0.05, defaultValue: 0.5, unit: "", hint: "Minimum model confidence for the tool mask." },
  { key: "post_morph_px", label: "Post-morph", min: 0, max: 10, step: 1, defaultValue: 3, unit: "px", hint: "Closes small gaps in the mask." },
  ...CLASSIC_PARAMETERS.slice(1),
];

export function defaultParameters(specs: ParameterSpec[]): ScanParameters {
  return Object.fromEntries(specs.map((spec) => [spec.key, spec.defaultValue]));
}

/** Keeps a typed value inside its range; a blank or invalid entry falls back to the default. */
export function clampParameter(spec: ParameterSpec, value: number): number {
  if (!Number.isFinite(value)) return spec.defaultValue;
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  // Round to the step's decimals so 0.1 steps do not accumulate float noise.
  const decimals = (String(spec.step).split(".")[1] ?? "").length;
  return Number(clamped.toFixed(Math.max(decimals, 2)));
}

export type ScannerVariant = "classic" | "ai";

/**
 * The tool's height as the user measured it (the scan's optional `tool_height_mm`). Blank means
 * "let the photos say": several photos measure it; one photo cannot, and then the accuracy figure
 * assumes the tallest the outline allows. Typed, it replaces both.
 */
export const TOOL_HEIGHT = { key: "tool_height_mm", min: 0.5, max: 300 } as const;
export const TOOL_HEIGHT_ERROR = `Enter the tool's height in millimetres, from ${TOOL_HEIGHT.min} to ${TOOL_HEIGHT.max}, or leave it blank.`;

/** A typed tool height: null for blank, a number in range, or an error to show (nothing is sent). */
export function parseToolHeight(text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return { value: null, error: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < TOOL_HEIGHT.min || value > TOOL_HEIGHT.max) return { value: null, error: TOOL_HEIGHT_ERROR };
  return { value: Number(value.toFixed(1)), error: null };
}

/** The typed tool height in a parameter set, when there is a valid one. */
export function toolHeightOf(params: ScanParameters): number | null {
  const value = params[TOOL_HEIGHT.key];
  return typeof value === "number" && Number.isFinite(value) && value >= TOOL_HEIGHT.min && value <= TOOL_HEIGHT.max ? value : null;
}

/** The form fields of POST /scanner/scan or /scanner-ai/scan (SPEC 7). */
export function scanFormFields(variant: ScannerVariant, params: ScanParameters): Record<string, string> {
  const common = {
    rdp_tolerance_mm: String(params.rdp_tolerance_mm),
    allowance_mm: String(params.allowance_mm),
    inset_mm: String(params.inset_mm),
  };
  const height = toolHeightOf(params);
  if (height !== null) Object.assign(common, { [TOOL_HEIGHT.key]: String(height) });
  if (variant === "ai") {
    return { confidence: String(params.confidence), post_morph_px: String(params.post_morph_px), ...common };
  }
  const window = contourAreaWindow(params.sensitivity);
  return {
    contour_min_area_mm: String(window.contour_min_area_mm),
    contour_max_area_mm: String(window.contour_max_area_mm),
    ...common,
    sensitivity: String(params.sensitivity),
  };
}
