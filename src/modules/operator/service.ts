import { and, asc, eq, gte, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { materials, orderItems, orders } from "../../../db/schema";
import { badRequest, conflict, forbidden } from "../../shared/errors";
import { labelOf, PRODUCTION_STATUSES } from "../../../common/order-constants";
import { nowIso } from "../../../common/time";
import { readLayout, type Layout } from "../cutting-files/layout";
import { appendEvent, type Actor } from "../orders/events";
import { productionSideEffects } from "../orders/production";
import type { ItemRow, OrderRow } from "../orders/serialize";
import { loadOrderRow } from "../orders/service";
import { changeOrderStatus } from "../orders/change-order-status";
import { effectiveFileStatus } from "../orders/file-status";
import { scanAccuracyMm } from "../projects/scan-accuracy";
import { BOARD_PRIORITIES, boardPage, cardRows, largestAccuracy, type BoardCardRow, type Position } from "./board-query";
import { densityFromText, estimateMinutes } from "./estimate";
import type { OperatorBoardAnswer, OperatorCardAnswer } from "../../../common/api/operator";

/** Completed work stays on the board for this long after fulfilment, then drops off. */
export const COMPLETED_VISIBLE_DAYS = 30;
export const MAX_CARDS = 500;
export const REASON_MAX_LENGTH = 1000;

type MaterialInfo = { name: string; densityKgM3: number | null };

/** What stops this order from going into (or on in) production, in the operator's words. */
export function orderBlocks(row: OrderRow): string[] {
  const production = row.productionStatus || "pending";
  if (production === "completed") return [];
  const blocks: string[] = [];
  if (row.status === "draft" || row.status === "quoted") blocks.push("Order not approved");
  // Admin-created and calculator orders have nothing to cut until a layout is attached.
  if (row.status === "cancelled") blocks.push("Order cancelled");
  const fileStatus = effectiveFileStatus(row);
  if (fileStatus === "needs_generation") blocks.push("Cutting file missing");
  if (fileStatus === "generating") blocks.push("Cutting file being generated");
  if (fileStatus === "error") blocks.push(`Cutting file error: ${row.fileError ?? "unknown error"}`);
  if (production === "issue") blocks.push(`Production issue: ${row.issueReason ?? "no reason given"}`);
  return blocks;
}

/** What the operator should do next, in words, for a card that cannot simply be started. */
export function nextStep(row: OrderRow): string | null {
  const production = row.productionStatus || "pending";
  const fileStatus = effectiveFileStatus(row);
  if (production === "completed" || row.status === "cancelled") return null;
  if (fileStatus === "error") {
    return /no layout/i.test(row.fileError ?? "")
      ? "No layout to cut: an admin attaches one (Admin → Orders → order → Attach layout, DXF or SVG)."
      : "Fix the layout, then Generate File again: an admin uploads a corrected DXF/SVG (Attach layout) or the customer resubmits it.";
  }
  if (production === "issue") return "Resolve the issue, then set the status back to Pending or Preparing Files.";
  if (fileStatus === "needs_generation") return "Generate the cutting file.";
  if (row.status === "draft" || row.status === "quoted") return "Waiting for the customer to accept the quote (an admin may start with an override reason).";
  return null;
}

// Typed as the answer schema in common/api/operator.ts: a field added, renamed or retyped here
// without the schema (which the docs and the board's client read) does not compile.
export function buildCard(row: OrderRow, firstItem: ItemRow | undefined, material: MaterialInfo | undefined, accuracyMm: number | null = null): OperatorCardAnswer {
  const metadata = firstItem?.metadata ?? {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  const layout = readLayoutOnce(row.layout);
  const materialText = material?.name ?? text(metadata.material);
  const density = material?.densityKgM3 ?? densityFromText(text(metadata.material));
  const foamDimensions = layout ? `${layout.foam.width_mm} × ${layout.foam.depth_mm} × ${layout.foam.thickness_mm} mm` : null;
  const productionStatus = row.productionStatus || "pending";
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    orderType: row.orderType,
    status: row.status,
    customerEmail: row.customerEmail,
    productName: text(metadata.productName) ?? text(firstItem?.description) ?? "Custom Order",
    material: materialText,
    dimensions: text(metadata.dimensions) ?? foamDimensions,
    estimatedTime: estimateOnce(layout, density),
    fileStatus: effectiveFileStatus(row),
    fileError: effectiveFileStatus(row) === "not_required" ? null : row.fileError,
    nextStep: nextStep(row),
    scanAccuracyMm: accuracyMm,
    canStart: canStart(row),
    priority: row.priority,
    blocks: orderBlocks(row),
    issueReason: row.issueReason,
    productionStatus,
    productionStatusLabel: labelOf(PRODUCTION_STATUSES, productionStatus),
    createdAt: row.createdAt,
    productionStartedAt: row.productionStartAt,
    fulfilledAt: row.fulfilledAt,
  };
}

export type OperatorCard = OperatorCardAnswer;

async function cardsFor(db: Db, rows: OrderRow[]): Promise<OperatorCard[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const materialIds = [...new Set(rows.map((row) => row.materialId).filter((id): id is number => id !== null))];
  const [items, materialRows, accuracy] = await Promise.all([
    // Only each order's first item is shown: SQLite picks it, so the other items are never read.
    db
      .select()
      .from(orderItems)
      .where(
        sql`${orderItems.id} in (select id from (select ${orderItems.id} as id, row_number() over (partition by ${orderItems.orderId} order by ${orderItems.position}, ${orderItems.id}) as n from ${orderItems} where ${inArray(orderItems.orderId, ids)}) where n = 1)`,
      ),
    materialIds.length ? db.select().from(materials).where(inArray(materials.id, materialIds)) : Promise.resolve([]),
    scanAccuracyMm(db, ids.filter((_, index) => rows[index]!.orderType === "scanner")),
  ]);
  const firstItems = new Map<number, ItemRow>();
  for (const item of items) if (!firstItems.has(item.orderId)) firstItems.set(item.orderId, item);
  const materialById = new Map(materialRows.map((row) => [row.id, { name: row.name, densityKgM3: row.densityKgM3 }]));
  return rows.map((row) => buildCard(row, firstItems.get(row.id), row.materialId ? materialById.get(row.materialId) : undefined, accuracy.get(row.id) ?? null));
}

export async function loadCard(db: Db, id: number): Promise<OperatorCard> {
  const row = await loadOrderRow(db, id);
  return (await cardsFor(db, [row]))[0]!;
}

/**
 * The board: every order except cancelled ones and work completed more than 30 days ago;
 * urgent first, then high, then normal, oldest first within each; at most 500 cards. One query
 * per priority walks the (priority, created_at, …) index in order and stops at the limit, so a
 * 100k-order table is never sorted; the wide rows are read only for the chosen ids.
 */
export async function operatorDashboard(db: Db): Promise<OperatorCard[]> {
  const cutoff = new Date(Date.now() - COMPLETED_VISIBLE_DAYS * 86_400_000).toISOString();
  const ids: number[] = [];
  for (const priority of ["urgent", "high", "normal"]) {
    if (ids.length >= MAX_CARDS) break;
    const picked = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.priority, priority),
          ne(orders.status, "cancelled"),
          or(ne(orders.productionStatus, "completed"), isNull(orders.fulfilledAt), gte(orders.fulfilledAt, cutoff)),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(MAX_CARDS - ids.length);
    ids.push(...picked.map((row) => row.id));
  }
  // Orders with a priority outside the vocabulary (hand-edited data) still show, last.
  if (ids.length < MAX_CARDS) {
    const others = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(notInArray(orders.priority, ["urgent", "high", "normal"]), ne(orders.status, "cancelled")))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(MAX_CARDS - ids.length);
    ids.push(...others.map((row) => row.id));
  }
  // The cards' data in one statement, layouts from the cache, as the paged board reads them.
  const found = await cardRows(db, ids);
  const rows = await withCachedLayouts(db, found);
  return found.map((card) => buildCard(rows.get(card.id)!, (card.item ?? undefined) as ItemRow | undefined, card.material ?? undefined, largestAccuracy(card.accuracies)));
}

// The layout (kilobytes of JSON per scanner order) is what makes a card expensive: reading it,
// parsing it and checking it. It only changes together with updated_at (every writer stamps it),
// so each order's parsed layout is kept per database, keyed by updated_at and the stored size, and
// re-read only when either differs. Bounded: the least recently used entries go first.
const LAYOUT_CACHE_MAX = 5_000;
type CachedLayout = { key: string; layout: Record<string, unknown> | null };
const layoutCaches = new WeakMap<object, Map<number, CachedLayout>>();
const readLayouts = new WeakMap<object, Layout | null>();

/** estimateMinutes, remembered per read layout and density (read layouts are never changed in place). */
const estimates = new WeakMap<Layout, Map<number | null, number | null>>();
function estimateOnce(layout: Layout | null, density: number | null): number | null {
  if (!layout) return estimateMinutes(layout, density);
  let byDensity = estimates.get(layout);
  if (!byDensity) estimates.set(layout, (byDensity = new Map()));
  if (!byDensity.has(density)) byDensity.set(density, estimateMinutes(layout, density));
  return byDensity.get(density)!;
}

/** readLayout, remembered per parsed layout object (the cached ones come back request after request). */
function readLayoutOnce(raw: unknown): Layout | null {
  // Most cards have no layout: readLayout would build and catch an Error for each of them.
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "object") return readLayout(raw);
  if (readLayouts.has(raw)) return readLayouts.get(raw)!;
  const read = readLayout(raw);
  readLayouts.set(raw, read);
  return read;
}

/** The board's rows with their layouts, from the cache when current (read for the others only). */
async function withCachedLayouts(db: Db, rows: BoardCardRow[]): Promise<Map<number, OrderRow>> {
  let cache = layoutCaches.get(db);
  if (!cache) layoutCaches.set(db, (cache = new Map()));
  const keyOf = (row: { updatedAt: string; layoutBytes: number | null }) => `${row.updatedAt}|${row.layoutBytes ?? "null"}`;
  const missing = rows.filter((row) => row.layoutBytes !== null && cache.get(row.id)?.key !== keyOf(row)).map((row) => row.id);
  if (missing.length) {
    const layouts = await db.select({ id: orders.id, updatedAt: orders.updatedAt, layout: orders.layout, layoutBytes: sql<number | null>`octet_length(${orders.layout})` }).from(orders).where(inArray(orders.id, missing));
    for (const row of layouts) cache.set(row.id, { key: keyOf(row), layout: row.layout ?? null });
  }
  const out = new Map<number, OrderRow>();
  for (const { col: _col, layoutBytes, item: _item, material: _material, accuracies: _accuracies, ...row } of rows) {
    const entry = layoutBytes === null ? undefined : cache.get(row.id);
    if (entry) {
      // Most recently used last; the oldest entries are dropped past the bound.
      cache.delete(row.id);
      cache.set(row.id, entry);
    }
    out.set(row.id, { ...row, layout: entry?.layout ?? null } as OrderRow);
  }
  for (const id of cache.keys()) {
    if (cache.size <= LAYOUT_CACHE_MAX) break;
    cache.delete(id);
  }
  return out;
}

export const BOARD_PER_COLUMN = 25;
export const BOARD_MAX_PER_COLUMN = 100;

export type BoardQuery = {
  /** Cards per column (1–100). */
  perColumn: number;
  /** Only this column (a production status); null: all five. */
  column: string | null;
  /** Continue the column after this order id (the last card shown): "load more". */
  after: number | null;
};

export function parseBoardQuery(raw: { per_column?: string; column?: string; after?: string }): BoardQuery {
  const perText = raw.per_column?.trim();
  let perColumn = BOARD_PER_COLUMN;
  if (perText) {
    if (!/^\d{1,9}$/.test(perText) || Number(perText) < 1) throw badRequest("per_column must be a positive whole number.");
    perColumn = Number(perText);
    if (perColumn > BOARD_MAX_PER_COLUMN) throw badRequest(`per_column must be at most ${BOARD_MAX_PER_COLUMN}.`);
  }
  const column = raw.column?.trim() || null;
  const known = PRODUCTION_STATUSES.map((entry) => entry.value as string);
  if (column && !known.includes(column)) throw badRequest(`Unknown column "${column.slice(0, 60)}". Use one of: ${known.join(", ")}.`);
  const afterText = raw.after?.trim();
  let after: number | null = null;
  if (afterText) {
    if (!column) throw badRequest("after needs column: it continues one column.");
    if (!/^\d{1,15}$/.test(afterText) || !Number.isSafeInteger(Number(afterText)) || Number(afterText) < 1) throw badRequest("after must be an order id.");
    after = Number(afterText);
  }
  return { perColumn, column, after };
}

const rankOf = (priority: string) => {
  const index = (BOARD_PRIORITIES as readonly string[]).indexOf(priority);
  return index < 0 ? BOARD_PRIORITIES.length : index;
};

/**
 * The board grouped by column (production status), each column paged in board order (urgent,
 * then high, then normal, oldest first) with the column's total. `after` continues one column
 * from a card: the page starts after that order's position, wherever the order is now.
 * One statement answers every column's page with the cards' data and the totals (board-query.ts).
 */
export async function operatorBoard(db: Db, query: BoardQuery): Promise<OperatorBoardAnswer> {
  const cutoff = new Date(Date.now() - COMPLETED_VISIBLE_DAYS * 86_400_000).toISOString();
  let position: Position | null = null;
  if (query.after !== null) {
    const [row] = await db.select({ priority: orders.priority, createdAt: orders.createdAt }).from(orders).where(eq(orders.id, query.after));
    if (!row) throw badRequest("after must be the id of an order on the board.");
    position = { rank: rankOf(row.priority), createdAt: row.createdAt, id: query.after };
  }
  const wanted = query.column ? PRODUCTION_STATUSES.filter((entry) => entry.value === query.column) : PRODUCTION_STATUSES;
  const limit = query.perColumn + 1; // one more than the page tells whether there is more
  const page = await boardPage(db, { columns: wanted.map((column) => column.value), cutoff, position, limit, withTotals: true });
  const totals = page.totals ?? {};
  const found = new Map<string, BoardCardRow[]>(wanted.map((column) => [column.value, []]));
  for (const card of page.cards) found.get(card.col)?.push(card);
  // A column that did not fill its page may hold unlisted priorities too; from its first card on,
  // its total (every priority) says whether any are left.
  const short = wanted.filter((column) => {
    if (column.value === "completed") return false;
    const count = found.get(column.value)!.length;
    return count <= query.perColumn && (position !== null || count < (totals[column.value] ?? 0));
  });
  if (short.length) {
    const unlisted = await boardPage(db, { columns: short.map((column) => column.value), cutoff, position, limit, unlisted: true });
    for (const card of unlisted.cards) found.get(card.col)?.push(card);
  }
  const pages = wanted.map((column) => {
    const cards = found.get(column.value)!;
    return { column, cards: cards.slice(0, query.perColumn), hasMore: cards.length > query.perColumn };
  });
  const shownRows = pages.flatMap((entry) => entry.cards);
  const rows = await withCachedLayouts(db, shownRows);
  return {
    per_column: query.perColumn,
    columns: pages.map(({ column, cards, hasMore }) => {
      const shown = cards.map((card) => buildCard(rows.get(card.id)!, (card.item ?? undefined) as ItemRow | undefined, card.material ?? undefined, largestAccuracy(card.accuracies)));
      return {
        status: column.value,
        label: column.label,
        total: totals[column.value] ?? 0,
        cards: shown,
        has_more: hasMore,
        next_after: hasMore ? (shown.at(-1)?.id ?? null) : null,
      };
    }),
  };
}

/** Card selector or drag: any production status to any other; the same status is a no-op without an event. */
export async function setProductionStatus(db: Db, actor: Actor, id: number, status: string) {
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, id);
    const from = row.productionStatus || "pending";
    if (from === status) return;
    const now = nowIso();
    await tx.update(orders).set({ ...productionSideEffects(row, status, now), updatedAt: now }).where(eq(orders.id, id));
    await appendEvent(tx, id, actor, "production_status_changed", { from, to: status }, now);
  });
  return loadCard(db, id);
}

/**
 * Start is offered (and allowed without an override) when the order is approved, its file is ready
 * or not required, and production is neither running nor completed.
 */
export function canStart(row: OrderRow): boolean {
  const production = row.productionStatus || "pending";
  const fileStatus = effectiveFileStatus(row);
  return (row.status === "approved" || row.status === "in_production") && production !== "in_progress" && production !== "completed" && (fileStatus === "ready" || fileStatus === "not_required");
}

export const NOT_APPROVED = "The order is not approved: the customer must accept the quote first (an admin may start it with an override reason).";

/**
 * Start: needs a ready (or not required) cutting file and an approved order. An admin may start an
 * unapproved order by giving `override_reason`; the override is its own event. Sets in_progress and
 * the start time; the order moves to in_production through changeOrderStatus.
 */
export async function startProduction(db: Db, actor: Actor, id: number, options: { overrideReason?: string | null; isAdmin?: boolean } = {}) {
  const override = options.overrideReason ?? null;
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, id);
    const from = row.productionStatus || "pending";
    if (from === "in_progress") throw conflict("Production is already in progress.");
    if (from === "completed") throw conflict("Production is already completed.");
    if (row.status === "cancelled") throw conflict("The order is cancelled.");
    if (row.status === "fulfilled") throw conflict("The order is already fulfilled.");
    const fileStatus = effectiveFileStatus(row);
    if (fileStatus !== "ready" && fileStatus !== "not_required") throw conflict("The cutting file is not ready: generate it first.");
    const approved = row.status === "approved" || row.status === "in_production";
    if (!approved && !override) throw conflict(NOT_APPROVED);
    if (!approved && !options.isAdmin) throw forbidden("Only an admin may start an order that is not approved.");
    const now = nowIso();
    if (!approved) await appendEvent(tx, id, actor, "approval_overridden", { from: row.status, reason: override }, now);
    await appendEvent(tx, id, actor, "production_started", { from, to: "in_progress" }, now);
    const production = { productionStatus: "in_progress", productionStartAt: now, fulfilledAt: null, issueReason: null } as Partial<OrderRow>;
    await changeOrderStatus(tx, actor, row, "in_production", { now, set: production, reason: approved ? "production started" : `production started with override: ${override}` });
  });
  return loadCard(db, id);
}

/** Complete: only from in_progress. Sets completed and the fulfilment time; the order becomes fulfilled. */
export async function completeProduction(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, id);
    const from = row.productionStatus || "pending";
    if (from !== "in_progress") throw conflict("Production has not been started.");
    if (row.status === "cancelled") throw conflict("The order is cancelled.");
    const now = nowIso();
    await appendEvent(tx, id, actor, "production_completed", { from, to: "completed" }, now);
    await changeOrderStatus(tx, actor, row, "fulfilled", { now, set: { productionStatus: "completed", fulfilledAt: now }, reason: "production completed" });
  });
  return loadCard(db, id);
}

export function parseReason(raw: unknown): string {
  if (raw !== undefined && raw !== null && typeof raw !== "string") throw badRequest("Reason must be text.");
  const reason = (raw ?? "").trim();
  if (!reason) throw badRequest("Reason is required.");
  if (reason.length > REASON_MAX_LENGTH) throw badRequest(`Reason must be at most ${REASON_MAX_LENGTH} characters.`);
  return reason;
}

/** Issue: status `issue`, the reason on the order (shown as a block) and in the event. */
export async function reportIssue(db: Db, actor: Actor, id: number, reason: string) {
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, id);
    const now = nowIso();
    await tx.update(orders).set({ productionStatus: "issue", issueReason: reason, updatedAt: now }).where(eq(orders.id, id));
    await appendEvent(tx, id, actor, "issue_reported", { from: row.productionStatus || "pending", to: "issue", reason }, now);
  });
  return loadCard(db, id);
}
