import { and, asc, eq, gte, inArray, isNull, ne, notInArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { materials, orderItems, orders } from "../../../db/schema";
import { badRequest, conflict, forbidden } from "../../shared/errors";
import { labelOf, PRODUCTION_STATUSES } from "../../shared/order-constants";
import { nowIso } from "../../shared/time";
import { readLayout } from "../cutting-files/layout";
import { appendEvent, type Actor } from "../orders/events";
import { checkProductionStatus } from "../orders/input";
import { productionSideEffects } from "../orders/production";
import type { ItemRow, OrderRow } from "../orders/serialize";
import { loadOrderRow } from "../orders/service";
import { changeOrderStatus } from "../orders/change-order-status";
import { effectiveFileStatus } from "../orders/file-status";
import { scanAccuracyMm } from "../projects/scan-accuracy";
import { densityFromText, estimateMinutes } from "./estimate";

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

export function buildCard(row: OrderRow, firstItem: ItemRow | undefined, material: MaterialInfo | undefined, accuracyMm: number | null = null) {
  const metadata = firstItem?.metadata ?? {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  const layout = readLayout(row.layout);
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
    estimatedTime: estimateMinutes(layout, density),
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

export type OperatorCard = ReturnType<typeof buildCard>;

async function cardsFor(db: Db, rows: OrderRow[]): Promise<OperatorCard[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const materialIds = [...new Set(rows.map((row) => row.materialId).filter((id): id is number => id !== null))];
  const [items, materialRows, accuracy] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.position), asc(orderItems.id)),
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
  if (!ids.length) return [];
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return cardsFor(db, ids.map((id) => byId.get(id)).filter((row): row is OrderRow => row !== undefined));
}

/** Card selector or drag: any production status to any other; the same status is a no-op without an event. */
export async function setProductionStatus(db: Db, actor: Actor, id: number, rawStatus: unknown) {
  await loadOrderRow(db, id);
  const status = checkProductionStatus(rawStatus);
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
export async function startProduction(db: Db, actor: Actor, id: number, options: { overrideReason?: unknown; isAdmin?: boolean } = {}) {
  const override = options.overrideReason === undefined || options.overrideReason === null || options.overrideReason === "" ? null : parseReason(options.overrideReason);
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
export async function reportIssue(db: Db, actor: Actor, id: number, rawReason: unknown) {
  await loadOrderRow(db, id);
  const reason = parseReason(rawReason);
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, id);
    const now = nowIso();
    await tx.update(orders).set({ productionStatus: "issue", issueReason: reason, updatedAt: now }).where(eq(orders.id, id));
    await appendEvent(tx, id, actor, "issue_reported", { from: row.productionStatus || "pending", to: "issue", reason }, now);
  });
  return loadCard(db, id);
}
