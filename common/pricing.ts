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

/** SPEC section 3, calculator state: labourMinutes 30, labourRate 35 ($/h), markupPercent 25. */
export const QUOTE_DEFAULTS = { labourMinutes: 30, labourRateCents: 3500, markupPercent: 25 } as const;

export type QuoteLineKind = "box" | "foam" | "processing" | "cutting" | "labour" | "markup";

/** One priced line of a quote; stored as an order item (metadata.kind says which). */
export type QuoteLine = {
  kind: QuoteLineKind;
  description: string;
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
  metadata: Record<string, unknown>;
};

export type QuoteMaterial = {
  id?: number | null;
  name: string | null;
  sheet_length_mm: number | null;
  sheet_width_mm: number | null;
  sheet_thickness_mm: number | null;
  sheet_cost: string | number | null;
};

export type LayoutQuoteInput = {
  foam: { width_mm: number; depth_mm: number; thickness_mm: number; label?: string | null };
  material: QuoteMaterial | null;
  /** The board's cutting-time estimate for this layout (whole minutes). */
  cutting_minutes: number;
  cut_length_mm: number;
  pockets: number;
  labourMinutes?: number;
  labourRateCents?: number;
  markupPercent?: number;
};

const r1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Foam pieces of w × d that fit on one sheet (either orientation); 0 when the piece is larger
 * than the sheet, in which case a piece needs several sheets (by area).
 */
export function piecesPerSheet(w: number, d: number, sheetL: number, sheetW: number): number {
  if (!(w > 0 && d > 0 && sheetL > 0 && sheetW > 0)) return 0;
  return Math.max(Math.floor(sheetL / w) * Math.floor(sheetW / d), Math.floor(sheetL / d) * Math.floor(sheetW / w));
}

/**
 * Price of a laid-out insert, as lines:
 * - foam: layers = ceil(insert thickness / sheet thickness) (1 when unknown); sheets = ceil(layers /
 *   pieces per sheet), or layers × ceil(insert area / sheet area) when the insert is larger than a
 *   sheet; cost = sheets × sheet_cost.
 * - cutting: the board's machine-time estimate (from the cut length) at the labour rate.
 * - labour: labourMinutes (30) at labourRate ($35/h).
 * - markup: markupPercent (25 %) of the lines above, half-up to the cent.
 */
export function priceLayout(input: LayoutQuoteInput): { lines: QuoteLine[]; total_cents: number; sheets: number; layers: number } {
  const { foam, material } = input;
  const labourMinutes = input.labourMinutes ?? QUOTE_DEFAULTS.labourMinutes;
  const rate = input.labourRateCents ?? QUOTE_DEFAULTS.labourRateCents;
  const markupPercent = input.markupPercent ?? QUOTE_DEFAULTS.markupPercent;
  const sheetThickness = positive(material?.sheet_thickness_mm);
  const layers = sheetThickness > 0 ? Math.max(1, Math.ceil(foam.thickness_mm / sheetThickness - SHEET_RATIO_EPSILON)) : 1;
  const sheetL = positive(material?.sheet_length_mm);
  const sheetW = positive(material?.sheet_width_mm);
  const perSheet = piecesPerSheet(foam.width_mm, foam.depth_mm, sheetL, sheetW);
  const sheets =
    perSheet > 0
      ? Math.ceil(layers / perSheet)
      : sheetL * sheetW > 0
        ? layers * Math.max(1, Math.ceil((foam.width_mm * foam.depth_mm) / (sheetL * sheetW) - SHEET_RATIO_EPSILON))
        : layers;
  const sheetCents = Math.max(0, toCents(material?.sheet_cost ?? null) ?? 0);
  const size = `${r1(foam.width_mm)} × ${r1(foam.depth_mm)} × ${r1(foam.thickness_mm)} mm`;
  const materialName = material?.name?.trim() || "Foam";
  const lines: QuoteLine[] = [
    {
      kind: "foam",
      description: `${materialName}, ${size}: ${layers} ${layers === 1 ? "layer" : "layers"}, ${sheets} ${sheets === 1 ? "sheet" : "sheets"} needed`,
      quantity: sheets,
      unit_price_cents: sheetCents,
      total_price_cents: sheets * sheetCents,
      metadata: {
        productName: foam.label?.trim() || "Custom foam insert",
        dimensions: size,
        material: material?.name ?? null,
        material_id: material?.id ?? null,
        layers,
        sheets,
        sheet_size_mm: sheetL && sheetW ? `${sheetL} × ${sheetW} × ${sheetThickness} mm` : null,
      },
    },
    {
      kind: "cutting",
      description: `Cutting: ${input.cutting_minutes} min (${Math.round(input.cut_length_mm)} mm of cut, ${input.pockets} ${input.pockets === 1 ? "pocket" : "pockets"}) at ${formatRate(rate)}`,
      quantity: 1,
      unit_price_cents: Math.round((input.cutting_minutes * rate) / 60),
      total_price_cents: Math.round((input.cutting_minutes * rate) / 60),
      metadata: { minutes: input.cutting_minutes, cut_length_mm: Math.round(input.cut_length_mm), rate_cents_per_hour: rate },
    },
    {
      kind: "labour",
      description: `Labour: ${labourMinutes} min at ${formatRate(rate)}`,
      quantity: 1,
      unit_price_cents: Math.round((labourMinutes * rate) / 60),
      total_price_cents: Math.round((labourMinutes * rate) / 60),
      metadata: { minutes: labourMinutes, rate_cents_per_hour: rate },
    },
  ];
  lines.push(markupLine(lines, markupPercent));
  return { lines, total_cents: lines.reduce((sum, line) => sum + line.total_price_cents, 0), sheets, layers };
}

/** The markup line over the given lines (those that are not markup themselves). */
export function markupLine(lines: QuoteLine[], markupPercent: number): QuoteLine {
  const base = lines.filter((line) => line.kind !== "markup").reduce((sum, line) => sum + line.total_price_cents, 0);
  const cents = percentOfCents(base, markupPercent);
  return { kind: "markup", description: `Markup ${markupPercent} %`, quantity: 1, unit_price_cents: cents, total_price_cents: cents, metadata: { percent: markupPercent } };
}

/**
 * The calculator's own result (SPEC section 9) as quote lines: Box, Foam, Processing, so the quote
 * totals exactly what the calculator showed (sales may add labour or adjust before sending).
 */
export function calculatorQuoteLines(result: PriceResult, args: { boxName: string; materialName: string | null }): QuoteLine[] {
  return [
    {
      kind: "box",
      description: `Box: ${args.boxName}`,
      quantity: 1,
      unit_price_cents: result.box_cost_cents,
      total_price_cents: result.box_cost_cents,
      metadata: { productName: args.boxName, dimensions: `${result.drawers} ${result.drawers === 1 ? "drawer" : "drawers"}, ${result.area_m2.toFixed(3)} m² × ${r1(result.thickness_mm)} mm`, material: args.materialName },
    },
    {
      kind: "foam",
      description: `${args.materialName ?? "Foam"}: ${result.sheets} ${result.sheets === 1 ? "sheet" : "sheets"} needed (${result.area_m2.toFixed(3)} m², ${result.volume_l.toFixed(2)} L)`,
      quantity: result.sheets,
      unit_price_cents: result.sheets ? Math.round(result.material_cost_cents / result.sheets) : 0,
      total_price_cents: result.material_cost_cents,
      metadata: { sheets: result.sheets, area_m2: result.area_m2, volume_l: result.volume_l, thickness_mm: result.thickness_mm },
    },
    {
      kind: "processing",
      description: `Processing (${PROCESSING_PERCENT} % of foam)`,
      quantity: 1,
      unit_price_cents: result.processing_cents,
      total_price_cents: result.processing_cents,
      metadata: { percent: PROCESSING_PERCENT },
    },
  ];
}

function formatRate(cents: number): string {
  return `$${(cents / 100).toFixed(2)}/h`;
}
