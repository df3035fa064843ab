/** SPEC 9: sensitivity 0-100 widens or narrows the contour area window sent with every scan. */
export const MIN_CONTOUR_AREA_FLOOR_MM2 = 10;
export const MAX_CONTOUR_AREA_CEILING_MM2 = 75000;

export type ContourAreaWindow = { contour_min_area_mm: number; contour_max_area_mm: number };

export function sensitivityFactor(sensitivity: number): number {
  const s = Number.isFinite(sensitivity) ? Math.min(100, Math.max(0, sensitivity)) : 45;
  return 0.5 + (s / 100) * 1.5;
}

export function contourAreaWindow(sensitivity: number): ContourAreaWindow {
  const factor = sensitivityFactor(sensitivity);
  return {
    contour_min_area_mm: Math.max(MIN_CONTOUR_AREA_FLOOR_MM2, 120 / factor),
    contour_max_area_mm: Math.min(MAX_CONTOUR_AREA_CEILING_MM2, 10000 * factor),
  };
}
