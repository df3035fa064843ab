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

/** The form fields of POST /scanner/scan or /scanner-ai/scan (SPEC 7). */
export function scanFormFields(variant: ScannerVariant, params: ScanParameters): Record<string, string> {
  const common = {
    rdp_tolerance_mm: String(params.rdp_tolerance_mm),
    allowance_mm: String(params.allowance_mm),
    inset_mm: String(params.inset_mm),
  };
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
