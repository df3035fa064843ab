// SPEC 9: sensitivity 0-100 widens or narrows the contour area window sent with every scan.
import { areaLimitsForSensitivity } from "../../../common/sensitivity";

export type ContourAreaWindow = { contour_min_area_mm: number; contour_max_area_mm: number };

export function sensitivityFactor(sensitivity: number): number {
  const s = Number.isFinite(sensitivity) ? Math.min(100, Math.max(0, sensitivity)) : 45;
  return 0.5 + (s / 100) * 1.5;
}

/** The same formula the server applies (src/vision/sensitivity.ts); an unreadable slider value counts as the default 45. */
export function contourAreaWindow(sensitivity: number): ContourAreaWindow {
  const { min, max } = areaLimitsForSensitivity(Number.isFinite(sensitivity) ? sensitivity : 45);
  return { contour_min_area_mm: min, contour_max_area_mm: max };
}
