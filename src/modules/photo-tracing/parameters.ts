import { badRequest } from "../../shared/errors";
import { areaLimitsForSensitivity } from "../../../common/sensitivity";

/** SPEC sections 5 and 9: ranges, defaults and the sensitivity → area-limit mapping. */
export const CLASSIC_DEFAULTS = { sensitivity: 45, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12 } as const;
export const AI_DEFAULTS = { confidence: 0.5, post_morph_px: 3, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12 } as const;


type Raw = Record<string, unknown>;

function readNumber(raw: Raw, field: string, fallback: number | undefined, min: number, max: number): number | undefined {
  const value = raw[field];
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return fallback;
  // Elysia turns a form value like "[]" or "{...}" into JSON: a list or object is not a number (String([]) is "" → 0).
  if (typeof value !== "number" && typeof value !== "string") throw badRequest(`${field} must be a number.`);
  const parsed = typeof value === "number" ? value : Number(value.trim());
  if (!Number.isFinite(parsed)) throw badRequest(`${field} must be a number.`);
  if (parsed < min || parsed > max) throw badRequest(`${field} must be between ${min} and ${max}.`);
  return parsed;
}

/** Optional: the tool's height typed by the user, for the accuracy estimate (and depth) when one photo cannot measure it. */
function toolHeight(raw: Raw): { tool_height_mm?: number } {
  const v = readNumber(raw, "tool_height_mm", undefined, 0.5, 300);
  return v === undefined ? {} : { tool_height_mm: v };
}

export function parseClassicParameters(raw: Raw) {
  const sensitivity = readNumber(raw, "sensitivity", CLASSIC_DEFAULTS.sensitivity, 0, 100)!;
  const limits = areaLimitsForSensitivity(sensitivity);
  const params = {
    mode: "classic" as const,
    sensitivity,
    rdp_tolerance_mm: readNumber(raw, "rdp_tolerance_mm", CLASSIC_DEFAULTS.rdp_tolerance_mm, 0.05, 5)!,
    allowance_mm: readNumber(raw, "allowance_mm", CLASSIC_DEFAULTS.allowance_mm, -2, 5)!,
    inset_mm: readNumber(raw, "inset_mm", CLASSIC_DEFAULTS.inset_mm, 0, 25)!,
    // Explicit limits from the client win over the sensitivity-derived ones.
    contour_min_area_mm: readNumber(raw, "contour_min_area_mm", limits.min, 0, 75000)!,
    contour_max_area_mm: readNumber(raw, "contour_max_area_mm", limits.max, 1, 75000)!,
    ...toolHeight(raw),
  };
  if (params.contour_min_area_mm >= params.contour_max_area_mm) {
    throw badRequest("contour_min_area_mm must be smaller than contour_max_area_mm.");
  }
  return params;
}

export function parseAiParameters(raw: Raw) {
  return {
    mode: "ai" as const,
    confidence: readNumber(raw, "confidence", AI_DEFAULTS.confidence, 0, 1)!,
    post_morph_px: readNumber(raw, "post_morph_px", AI_DEFAULTS.post_morph_px, 0, 10)!,
    rdp_tolerance_mm: readNumber(raw, "rdp_tolerance_mm", AI_DEFAULTS.rdp_tolerance_mm, 0.05, 5)!,
    allowance_mm: readNumber(raw, "allowance_mm", AI_DEFAULTS.allowance_mm, -2, 5)!,
    inset_mm: readNumber(raw, "inset_mm", AI_DEFAULTS.inset_mm, 0, 25)!,
    contour_min_area_mm: readNumber(raw, "contour_min_area_mm", 10, 0, 75000)!,
    contour_max_area_mm: readNumber(raw, "contour_max_area_mm", 75000, 1, 75000)!,
    ...toolHeight(raw),
  };
}

export type ScanParameters = ReturnType<typeof parseClassicParameters> | ReturnType<typeof parseAiParameters>;
