import { asc, eq } from "drizzle-orm";
import { materials, orderItems, orders } from "../../../db/schema";
import { AppError } from "../../shared/errors";
import { describeProblems, findLayoutProblems } from "../../../common/layout-check";
import { markupLine, priceLayout, QUOTE_DEFAULTS, type QuoteLine, type QuoteLineKind } from "../../../common/pricing";
import type { QuoteAdjustment } from "./input";
import { checkLayout, cutLengthMm, LayoutError, type Layout } from "../cutting-files/layout";
import type { DbLike } from "../orders/events";
import type { ItemRow, OrderRow } from "../orders/serialize";
import { estimateMinutes } from "../operator/estimate";

/**
 * A layout that can be cut, or a 422 naming what is wrong: the cutting module's own checks (foam
 * size, points, area, edge) and then every pocket past the foam edge, overlapping another or
 * closer to it than the minimum wall. Nothing is changed when it throws.
 */
export function assertCuttable(raw: unknown): Layout {
  const value = raw as { pockets?: unknown } | null;
  // The cutting module stops at the first pocket past the edge; list all problems first so the
  // customer sees them together.
  if (value && Array.isArray(value.pockets) && (value as { foam?: { width_mm?: unknown; depth_mm?: unknown } }).foam) {
    const foam = (value as { foam: { width_mm: number; depth_mm: number } }).foam;
    const pockets = (value.pockets as { name?: unknown; points?: unknown }[]).map((pocket, index) => ({
      name: typeof pocket?.name === "string" && pocket.name.trim() ? pocket.name.trim() : `Pocket ${index + 1}`,
      points: Array.isArray(pocket?.points) ? (pocket.points as [number, number][]).filter((p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1])) : [],
    }));
    if (Number.isFinite(foam.width_mm) && Number.isFinite(foam.depth_mm) && pockets.every((pocket) => pocket.points.length >= 3)) {
      const problems = findLayoutProblems(foam, pockets);
      if (problems.length) throw new AppError(422, describeProblems(problems));
    }
  }
  let layout: Layout;
  try {
    layout = checkLayout(raw);
  } catch (error) {
    if (error instanceof LayoutError) throw new AppError(422, error.message);
    throw error;
  }
  if (!layout.pockets.length) throw new AppError(422, "The layout has no pockets: place at least one tool.");
  return layout;
}

/** A stable fingerprint of a layout: re-pricing happens only when the layout itself changed. */
export function layoutHash(layout: Layout): string {
  const text = JSON.stringify([layout.foam.width_mm, layout.foam.depth_mm, layout.foam.thickness_mm, layout.pockets.map((pocket) => pocket.points)]);
  return new Bun.CryptoHasher("sha1").update(text).digest("hex").slice(0, 16);
}

type MaterialRow = typeof materials.$inferSelect;

/** The order's material, else the first active one (the shop's default foam). */
async function quoteMaterial(db: DbLike, row: OrderRow): Promise<MaterialRow | undefined> {
  if (row.materialId) {
    const linked = await db.query.materials.findFirst({ where: eq(materials.id, row.materialId) });
    if (linked) return linked;
  }
  return db.query.materials.findFirst({ where: eq(materials.isActive, true), orderBy: asc(materials.id) });
}

export function linesToItems(orderId: number, lines: QuoteLine[]) {
  return lines.map((line, position) => ({
    orderId,
    position,
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unit_price_cents,
    totalPriceCents: line.total_price_cents,
    metadata: { ...line.metadata, kind: line.kind },
  }));
}

export function itemsToLines(items: ItemRow[]): QuoteLine[] {
  return items.map((item) => ({
    kind: (typeof item.metadata?.kind === "string" ? item.metadata.kind : "foam") as QuoteLineKind,
    description: item.description,
    quantity: item.quantity,
    unit_price_cents: item.unitPriceCents,
    total_price_cents: item.totalPriceCents,
    metadata: item.metadata ?? {},
  }));
}

/** Replaces the order's items by the lines and sets subtotal = total = their sum. */
export async function writeLines(db: DbLike, row: OrderRow, lines: QuoteLine[], extra: Partial<OrderRow> = {}, now: string) {
  const total = lines.reduce((sum, line) => sum + line.total_price_cents, 0);
  await db.delete(orderItems).where(eq(orderItems.orderId, row.id));
  if (lines.length) await db.insert(orderItems).values(linesToItems(row.id, lines));
  await db.update(orders).set({ ...extra, subtotalCents: total, totalCents: total, updatedAt: now }).where(eq(orders.id, row.id));
  return total;
}

/**
 * Prices a submitted layout (foam, cutting time from the board's estimate, labour, markup) unless it
 * was already priced for exactly this layout, so an admin's adjustments survive a repeated
 * POST /scanner/process. Returns the lines written, or null when the price was kept.
 */
export async function priceOrderLayout(db: DbLike, row: OrderRow, layout: Layout, now: string): Promise<{ lines: QuoteLine[]; total_cents: number; hash: string } | null> {
  const hash = layoutHash(layout);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.position), asc(orderItems.id));
  if (items.some((item) => item.metadata?.layout_hash === hash)) return null;
  const material = await quoteMaterial(db, row);
  const minutes = estimateMinutes(layout, material?.densityKgM3 ?? null) ?? 1;
  const { lines, total_cents } = priceLayout({
    foam: { ...layout.foam, label: layout.foam.label ?? null },
    material: material
      ? {
          id: material.id,
          name: material.name,
          sheet_length_mm: material.sheetLengthMm,
          sheet_width_mm: material.sheetWidthMm,
          sheet_thickness_mm: material.sheetThicknessMm,
          sheet_cost: material.sheetCostCents === null ? null : material.sheetCostCents / 100,
        }
      : null,
    cutting_minutes: minutes,
    cut_length_mm: cutLengthMm(layout),
    pockets: layout.pockets.length,
  });
  lines[0]!.metadata.layout_hash = hash;
  await writeLines(db, row, lines, material && !row.materialId ? { materialId: material.id } : {}, now);
  return { lines, total_cents, hash };
}

/**
 * The checked adjustment (input.ts) as the order's lines: a line keeps the metadata of the line it
 * replaces when the kind is the same (a foam line keeps its sheet details); markup_percent
 * recomputes the markup line over the others.
 */
export function adjustedLines(adjustment: QuoteAdjustment, previous: QuoteLine[]): QuoteLine[] {
  const lines: QuoteLine[] = adjustment.lines.map((line, index) => {
    const before = previous[index];
    // Stored as sent: a sales-named kind ("adjustment", "discount") is a line like any other, and
    // only markup's kind is acted on below.
    return { ...line, kind: line.kind as QuoteLineKind, metadata: before && before.kind === line.kind ? { ...before.metadata } : {} };
  });
  if (adjustment.markupPercent === null) return lines;
  const rest = lines.filter((line) => line.kind !== "markup");
  return [...rest, markupLine(rest, adjustment.markupPercent)];
}

export const DEFAULT_MARKUP_PERCENT = QUOTE_DEFAULTS.markupPercent;
