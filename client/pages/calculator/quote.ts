/** The quote as text: the e-mail draft body and the printed quote use the same lines. */
import type { PriceResult } from "../../../common/pricing";
import { formatCents } from "../../../common/money";

export const QUOTE_SUBJECT = "Foam Insert Calculator Quote";

export type QuoteInput = {
  brand: string | null;
  modelName: string | null;
  drawerLabels: string[];
  foamName: string | null;
  thicknessMm: number | null;
  color: string;
  result: PriceResult | null;
};

export const formatArea = (result: PriceResult | null) => (result ? result.area_m2.toFixed(3) : "0.000");
export const formatVolume = (result: PriceResult | null) => (result ? result.volume_l.toFixed(2) : "0.00");
export const money = (cents: number | null | undefined) => formatCents(cents ?? 0);

export function quoteLines(quote: QuoteInput): string[] {
  const { result } = quote;
  return [
    QUOTE_SUBJECT,
    "",
    `Toolbox / case: ${[quote.brand, quote.modelName].filter(Boolean).join(" — ") || "not selected"}`,
    `Drawers: ${quote.drawerLabels.length ? quote.drawerLabels.join(", ") : "none"}`,
    `Foam type: ${quote.foamName ?? "not selected"}`,
    `Foam thickness: ${quote.thicknessMm ?? "-"} mm`,
    `Colour: ${quote.color.trim() || "-"}`,
    "",
    "Price Breakdown",
    `Box Cost: ${money(result?.box_cost_cents)}`,
    `Foam Cost: ${money(result?.material_cost_cents)}`,
    `Processing: ${money(result?.processing_cents)}`,
    `Total: ${money(result?.total_cents)}`,
    "",
    "Calculation Details",
    `Total Area (m²): ${formatArea(result)}`,
    `Volume (L): ${formatVolume(result)}`,
    `Sheets Needed: ${result?.sheets ?? 0}`,
    `Drawers: ${result?.drawers ?? quote.drawerLabels.length}`,
  ];
}

export function mailtoHref(quote: QuoteInput): string {
  return `mailto:?subject=${encodeURIComponent(QUOTE_SUBJECT)}&body=${encodeURIComponent(quoteLines(quote).join("\r\n"))}`;
}
