import { cutLengthMm, type Layout } from "../cutting-files/layout";

/** Reference cutting feed: 5000 mm/min through 25 mm of 30 kg/m³ foam on an oscillating-knife table. */
export const BASE_FEED_MM_PER_MIN = 5000;
export const REFERENCE_THICKNESS_MM = 25;
export const REFERENCE_DENSITY_KG_M3 = 30;
export const SETUP_MINUTES = 5;
export const MINUTES_PER_POCKET = 0.5;
export const DEFAULT_DENSITY_KG_M3 = 35;
const MIN_FEED = 400;
const MAX_FEED = 10_000;

export function feedRate(thicknessMm: number, densityKgM3: number): number {
  const feed = BASE_FEED_MM_PER_MIN * (REFERENCE_THICKNESS_MM / thicknessMm) * (REFERENCE_DENSITY_KG_M3 / densityKgM3);
  return Math.min(MAX_FEED, Math.max(MIN_FEED, feed));
}

/**
 * Estimated machine time in whole minutes:
 *   L    = foam outline perimeter + Σ pocket perimeters (mm)
 *   feed = 5000 mm/min × (25 mm / thickness) × (30 kg/m³ / density), clamped to 400–10 000 mm/min
 *   time = round(5 min set-up + L / feed + 0.5 min per pocket), at least 1
 * Thicker and denser foam cuts slower; thickness is the layout's foam, density the order's
 * material (35 kg/m³ when unknown). Null when the order has no usable layout.
 */
export function estimateMinutes(layout: Layout | null, densityKgM3: number | null): number | null {
  if (!layout) return null;
  const density = densityKgM3 && densityKgM3 > 0 ? densityKgM3 : DEFAULT_DENSITY_KG_M3;
  const minutes = SETUP_MINUTES + cutLengthMm(layout) / feedRate(layout.foam.thickness_mm, density) + MINUTES_PER_POCKET * layout.pockets.length;
  return Math.max(1, Math.round(minutes));
}

/** "XLPE 45 kg/m³ charcoal" → 45: item metadata often names the density when no material row is linked. */
export function densityFromText(text: string | null | undefined): number | null {
  const match = text ? /(\d+(?:\.\d+)?)\s*kg\s*\/\s*m/i.exec(text) : null;
  return match ? Number(match[1]) : null;
}
