import { areaLimitsForSensitivity } from "../../common/sensitivity.ts";
import type { TraceParams } from "./types.ts";
import { VisionError } from "./vision-error.ts";

export type ResolvedParams = {
  mode: "classic" | "ai";
  sensitivity: number;
  rdpToleranceMm: number;
  allowanceMm: number;
  insetMm: number;
  minAreaMm2: number;
  maxAreaMm2: number;
  confidence: number;
  postMorphPx: number;
  /** Whether the caller gave sensitivity (the AI scanner has none). */
  sensitivityGiven: boolean;
};

function num(name: string, v: unknown, lo: number, hi: number, unit = ""): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < lo || v > hi) {
    throw new VisionError(`${name} must be a number between ${lo} and ${hi}${unit}.`);
  }
  return v;
}

/** Validate ranges (SPEC 5) and derive the area limits (SPEC 9) unless given explicitly. */
export function resolveTraceParams(p: TraceParams): ResolvedParams {
  const mode = p.mode ?? "classic";
  if (mode !== "classic" && mode !== "ai") throw new VisionError(`mode must be "classic" or "ai".`);
  const sensitivityGiven = p.sensitivity !== undefined && p.sensitivity !== null;
  const sensitivity = sensitivityGiven ? num("sensitivity", p.sensitivity, 0, 100) : 45;
  const rdpToleranceMm = num("rdp_tolerance_mm", p.rdp_tolerance_mm ?? 0.3, 0.05, 5, " mm");
  const allowanceMm = num("allowance_mm", p.allowance_mm ?? 0, -2, 5, " mm");
  const insetMm = num("inset_mm", p.inset_mm ?? 12, 0, 25, " mm");
  const confidence = p.confidence === undefined ? 0.5 : num("confidence", p.confidence, 0, 1);
  const postMorphPx = p.post_morph_px === undefined ? 3 : num("post_morph_px", p.post_morph_px, 0, 10, " px");
  const limits = areaLimitsForSensitivity(sensitivity);
  const minAreaMm2 = p.contour_min_area_mm === undefined || p.contour_min_area_mm === null ? limits.min : num("contour_min_area_mm", p.contour_min_area_mm, 0, 1e6, " mm²");
  const maxAreaMm2 = p.contour_max_area_mm === undefined || p.contour_max_area_mm === null ? limits.max : num("contour_max_area_mm", p.contour_max_area_mm, 0, 1e6, " mm²");
  if (minAreaMm2 >= maxAreaMm2) throw new VisionError("contour_min_area_mm must be smaller than contour_max_area_mm.");
  return { mode, sensitivity, rdpToleranceMm, allowanceMm, insetMm, minAreaMm2, maxAreaMm2, confidence, postMorphPx, sensitivityGiven };
}
