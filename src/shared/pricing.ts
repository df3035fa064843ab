// Foam insert price estimate (SPEC section 9). Pure: imported by the server and the browser.
import { percentOfCents, toCents } from "./money";

export const MM_PER_INCH = 25.4;
export const BOX_COST_CENTS = 0;
export const PROCESSING_PERCENT = 20;

export type PriceInput = {
  drawers: { width_in: number; depth_in: number }[];
  material: {
    sheet_length_mm: number | null;
    sheet_width_mm: number | null;
    sheet_thickness_mm: number | null;
    sheet_cost: string | number | null;
  } | null;
  thickness_mm?: number | null;
};

export type PriceResult = {
  area_mm2: number;
  area_m2: number;
  volume_l: number;
  sheets: number;
  drawers: number;
  thickness_mm: number;
  box_cost_cents: number;
  material_cost_cents: number;
  processing_cents: number;
  total_cents: number;
};

// Areas come from inch * 25.4 products, so an area that is "exactly" N sheets can land a
// few ulps above N and would otherwise be charged N + 1 sheets.
const SHEET_RATIO_EPSILON = 1e-9;

/**
 * Rough quote for one foam insert.
 *
 * - area: sum over drawers of (width_in * 25.4) * (depth_in * 25.4) mm²; drawers with
 *   missing, negative or non-finite sizes add nothing.
 * - thickness: `thickness_mm` when a positive number, else the material's sheet thickness
 *   (0 when that is missing too).
 * - volume (L) = area mm² * thickness mm / 1e6.
 * - sheets = max(1, ceil(area / sheet area)); 1 when the sheet size is unknown or 0.
 * - money is integer cents: material = sheets * toCents(sheet_cost); a NULL, unparseable or
 *   negative sheet cost counts as 0 so the area/volume details still show.
 * - processing = 20 % of material cost, rounded half-up to whole cents (see percentOfCents;
 *   with an integer cent amount 20 % never lands on exactly half a cent, but the rule is
 *   stated so a changed rate keeps the same behaviour).
 * - total = box (0) + material + processing.
 *
 * Returns null when there is no material or no drawers; the UI then shows $0.00.
 */
export function calculatePrice(input: PriceInput): PriceResult | null {
  const { material, drawers } = input;
  if (!material || !drawers || drawers.length === 0) return null;

  const area_mm2 = drawers.reduce((sum, d) => {
    const w = positive(d.width_in);
    const dep = positive(d.depth_in);
    return sum + w * MM_PER_INCH * (dep * MM_PER_INCH);
  }, 0);

  const thickness_mm = positive(input.thickness_mm) || positive(material.sheet_thickness_mm);
  const volume_l = (area_mm2 * thickness_mm) / 1e6;

  const sheetArea = positive(material.sheet_length_mm) * positive(material.sheet_width_mm);
  const sheets =
    sheetArea > 0 ? Math.max(1, Math.ceil(area_mm2 / sheetArea - SHEET_RATIO_EPSILON)) : 1;

  const sheetCents = toCents(material.sheet_cost);
  const unitCents = sheetCents !== null && sheetCents > 0 ? sheetCents : 0;
  const material_cost_cents = sheets * unitCents;
  const processing_cents = percentOfCents(material_cost_cents, PROCESSING_PERCENT);
  const box_cost_cents = BOX_COST_CENTS;

  return {
    area_mm2,
    area_m2: area_mm2 / 1e6,
    volume_l,
    sheets,
    drawers: drawers.length,
    thickness_mm,
    box_cost_cents,
    material_cost_cents,
    processing_cents,
    total_cents: box_cost_cents + material_cost_cents + processing_cents,
  };
}

function positive(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}
