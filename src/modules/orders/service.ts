import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  catalogBoxes,
  materials,
  orderAddresses,
  orderEvents,
  orderItems,
  orders,
  projects,
  scannerJobs,
  users,
} from "../../../db/schema";
import { badRequest, conflict, notFound } from "../../shared/errors";
import type { BulkStatusAnswer, OrderDetailAnswer } from "../../../common/api/orders";
import { centsToDecimal } from "../../../common/money";
import { nowIso } from "../../../common/time";
import { appendEvent, type Actor, type DbLike } from "./events";
import type { AddressInput, BulkStatusChange, ItemInput, OrderInput } from "./input";
import { changeOrderStatus, syncProjectStatus } from "./change-order-status";
import { productionSideEffects } from "./production";
import {
  serializeAddress,
  serializeEvent,
  serializeItem,
  serializeOrderSummary,
  serializeScannerJobSummary,
  type OrderRow,
} from "./serialize";

export const ORDER_NOT_FOUND = "Order not found.";
const DUPLICATE_NUMBER = "An order with this number already exists.";

export async function loadOrderRow(db: DbLike, id: number): Promise<OrderRow> {
  const row = await db.query.orders.findFirst({ where: eq(orders.id, id) });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** The full Order entity of SPEC section 3: items, addresses, events (newest first), scanner job. */
export async function loadOrderDetail(db: DbLike, id: number): Promise<OrderDetailAnswer> {
  const row = await loadOrderRow(db, id);
  const [items, addresses, events, jobs, [jobTotal], project] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position), asc(orderItems.id)),
    db.select().from(orderAddresses).where(eq(orderAddresses.orderId, id)).orderBy(asc(orderAddresses.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(desc(orderEvents.createdAt), desc(orderEvents.id)),
    db.select().from(scannerJobs).where(eq(scannerJobs.orderId, id)).orderBy(desc(scannerJobs.id)).limit(1),
    db.select({ value: count() }).from(scannerJobs).where(eq(scannerJobs.orderId, id)),
    row.projectId ? db.query.projects.findFirst({ where: eq(projects.id, row.projectId) }) : Promise.resolve(undefined),
  ]);
  return {
    ...serializeOrderSummary(row),
    items_count: items.length,
    items: items.map(serializeItem),
    calculator_payload: row.calculatorPayload ?? null,
    layout: row.layout ?? null,
    scanner_job: serializeScannerJobSummary(jobs[0], jobTotal?.value ?? 0),
    project: project ? { id: project.id, reference_code: project.referenceCode, name: project.name, status: project.status } : null,
    addresses: addresses.map(serializeAddress),
    events: events.map(serializeEvent),
  };
}

export type OrderDetail = OrderDetailAnswer;

/** ORD- plus a UTC timestamp (SPEC section 5); a suffix only when two orders share a second. */
export async function generateOrderNumber(db: DbLike): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = attempt === 0 ? `ORD-${stamp}` : `ORD-${stamp}-${attempt + 1}`;
    const taken = await db.query.orders.findFirst({ columns: { id: true }, where: eq(orders.orderNumber, candidate) });
    if (!taken) return candidate;
  }
  return `ORD-${stamp}-${crypto.randomUUID().slice(0, 8)}`;
}

async function assertNumberFree(db: DbLike, number: string, exceptId?: number) {
  const taken = await db.query.orders.findFirst({
    columns: { id: true },
    where: exceptId ? and(eq(orders.orderNumber, number), ne(orders.id, exceptId)) : eq(orders.orderNumber, number),
  });
  if (taken) throw conflict(DUPLICATE_NUMBER);
}

async function assertReferences(db: DbLike, input: OrderInput) {
  if (input.materialId) {
    const found = await db.query.materials.findFirst({ columns: { id: true }, where: eq(materials.id, input.materialId) });
    if (!found) throw badRequest("Unknown material_id.");
  }
  if (input.catalogBoxId) {
    const found = await db.query.catalogBoxes.findFirst({ columns: { id: true }, where: eq(catalogBoxes.id, input.catalogBoxId) });
    if (!found) throw badRequest("Unknown catalog_box_id.");
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""} ${(error as { cause?: Error })?.cause?.message ?? ""}`;
  return /UNIQUE constraint failed/i.test(text);
}

async function replaceItems(db: DbLike, orderId: number, items: ItemInput[]) {
  await db.delete(orderItems).where(eq(orderItems.orderId, orderId));
  if (items.length) {
    await db.insert(orderItems).values(items.map((item, position) => ({ orderId, position, ...item })));
  }
}

async function replaceAddresses(db: DbLike, orderId: number, addresses: AddressInput[]) {
  await db.delete(orderAddresses).where(eq(orderAddresses.orderId, orderId));
  if (addresses.length) await db.insert(orderAddresses).values(addresses.map((address) => ({ orderId, ...address })));
}

/** Totals: the sum of item totals whenever the order has items; otherwise what the client sent (≥ 0). */
function totalsFor(items: ItemInput[] | null, fallbackSubtotal: number, fallbackTotal: number) {
  if (items && items.length) {
    const subtotal = items.reduce((sum, item) => sum + item.totalPriceCents, 0);
    return { subtotalCents: subtotal, totalCents: subtotal };
  }
  return { subtotalCents: fallbackSubtotal, totalCents: fallbackTotal };
}

export { syncProjectStatus };

/** `input` comes checked from CreateOrderBody (model.ts): customer_email is always there. */
export async function createOrder(db: Db, actor: Actor, input: OrderInput) {
  await assertReferences(db, input);
  try {
    const id = await db.transaction(async (tx) => {
      const orderNumber = input.orderNumber ?? (await generateOrderNumber(tx));
      await assertNumberFree(tx, orderNumber);
      const customer = await tx.query.users.findFirst({ columns: { id: true }, where: eq(users.email, input.customerEmail!) });
      const items = input.items ?? [];
      const subtotal = input.subtotalCents ?? 0;
      const totals = totalsFor(items, subtotal, input.totalCents ?? subtotal);
      const now = nowIso();
      const status = input.status ?? "draft";
      const productionStatus = input.productionStatus ?? "pending";
      const draft = { productionStatus: "pending", productionStartAt: null, fulfilledAt: null } as OrderRow;
      const [row] = await tx
        .insert(orders)
        .values({
          orderNumber,
          customerEmail: input.customerEmail!,
          userId: customer?.id ?? null,
          orderType: input.orderType ?? "custom",
          status,
          priority: input.priority ?? "normal",
          currency: input.currency ?? "USD",
          notes: input.notes ?? null,
          ...totals,
          calculatorPayload: input.calculatorPayload ?? null,
          // Nothing to cut until a layout is attached (POST /admin/orders/{id}/layout).
          fileStatus: "not_required",
          materialId: input.materialId ?? null,
          catalogBoxId: input.catalogBoxId ?? null,
          ...productionSideEffects(draft, productionStatus, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      const orderId = row!.id;
      await replaceItems(tx, orderId, items);
      if (input.addresses) await replaceAddresses(tx, orderId, input.addresses);
      await appendEvent(tx, orderId, actor, "created", {
        status,
        production_status: productionStatus,
        items: items.length,
        total_amount: centsToDecimal(totals.totalCents),
      }, now);
      return orderId;
    });
    return loadOrderDetail(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_NUMBER);
    throw error;
  }
}

const EDITABLE: [keyof OrderInput, keyof OrderRow, string][] = [
  ["orderNumber", "orderNumber", "order_number"],
  ["customerEmail", "customerEmail", "customer_email"],
  ["orderType", "orderType", "order_type"],
  ["priority", "priority", "priority"],
  ["currency", "currency", "currency"],
  ["notes", "notes", "notes"],
  ["calculatorPayload", "calculatorPayload", "calculator_payload"],
  ["materialId", "materialId", "material_id"],
  ["catalogBoxId", "catalogBoxId", "catalog_box_id"],
];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * PATCH: only the sent keys change. Each kind of change is its own event: status_changed,
 * production_status_changed (from/to), and one `updated` event listing the other changed
 * fields with from/to (items and addresses as counts and totals, not whole copies).
 */
export async function updateOrder(db: Db, actor: Actor, id: number, input: OrderInput) {
  await loadOrderRow(db, id);
  await assertReferences(db, input);
  try {
    await db.transaction(async (tx) => {
      const row = await loadOrderRow(tx, id);
      if (input.orderNumber && input.orderNumber !== row.orderNumber) await assertNumberFree(tx, input.orderNumber, id);
      const now = nowIso();
      const set: Partial<OrderRow> = {};
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [inputKey, column, wire] of EDITABLE) {
        if (input[inputKey] === undefined) continue;
        if (same(row[column], input[inputKey])) continue;
        (set as Record<string, unknown>)[column] = input[inputKey];
        changes[wire] = { from: column === "calculatorPayload" ? "(previous)" : row[column], to: column === "calculatorPayload" ? "(updated)" : input[inputKey] };
      }
      if (set.customerEmail) {
        const customer = await tx.query.users.findFirst({ columns: { id: true }, where: eq(users.email, set.customerEmail) });
        set.userId = customer?.id ?? null;
      }

      const existingItems = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
      const items: ItemInput[] | null = input.items ?? (existingItems.length ? existingItems.map((item) => ({ ...item, metadata: item.metadata ?? {} })) : null);
      const totals = totalsFor(items, input.subtotalCents ?? row.subtotalCents, input.totalCents ?? input.subtotalCents ?? row.totalCents);
      if (input.items) {
        const before = existingItems.map((item) => [item.description, item.quantity, item.unitPriceCents, item.metadata]);
        const after = input.items.map((item) => [item.description, item.quantity, item.unitPriceCents, item.metadata]);
        if (!same(before, after)) {
          await replaceItems(tx, id, input.items);
          changes.items = { from: existingItems.length, to: input.items.length };
        }
      }
      if (totals.subtotalCents !== row.subtotalCents) {
        set.subtotalCents = totals.subtotalCents;
        changes.subtotal_amount = { from: centsToDecimal(row.subtotalCents), to: centsToDecimal(totals.subtotalCents) };
      }
      if (totals.totalCents !== row.totalCents) {
        set.totalCents = totals.totalCents;
        changes.total_amount = { from: centsToDecimal(row.totalCents), to: centsToDecimal(totals.totalCents) };
      }
      if (input.addresses) {
        const existing = await tx.select().from(orderAddresses).where(eq(orderAddresses.orderId, id));
        const strip = (list: Record<string, unknown>[]) => list.map(({ id: _id, orderId: _orderId, ...rest }) => rest);
        if (!same(strip(existing), strip(input.addresses as unknown as Record<string, unknown>[]))) {
          await replaceAddresses(tx, id, input.addresses);
          changes.addresses = { from: existing.length, to: input.addresses.length };
        }
      }

      const events: [string, Record<string, unknown>][] = [];
      const newStatus = input.status && input.status !== row.status ? input.status : null;
      const currentProduction = row.productionStatus || "pending";
      if (input.productionStatus && input.productionStatus !== currentProduction) {
        Object.assign(set, productionSideEffects(row, input.productionStatus, now));
        events.push(["production_status_changed", { from: currentProduction, to: input.productionStatus }]);
      }
      if (Object.keys(changes).length) events.unshift(["updated", { changes }]);
      if (!events.length && !newStatus) return;
      set.updatedAt = now;
      await tx.update(orders).set(set).where(eq(orders.id, id));
      for (const [type, payload] of events) await appendEvent(tx, id, actor, type, payload, now);
      if (newStatus) await changeOrderStatus(tx, actor, { ...row, ...set }, newStatus, { now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_NUMBER);
    throw error;
  }
  return loadOrderDetail(db, id);
}

export async function setOrderStatus(db: Db, actor: Actor, id: number, status: string) {
  await loadOrderRow(db, id);
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, id);
    await changeOrderStatus(tx, actor, row, status);
  });
  return loadOrderDetail(db, id);
}

/** `updated` counts orders whose status actually changed; unknown ids are listed, unchanged ones counted. */
export async function bulkSetStatus(db: Db, actor: Actor, { orderIds: ids, status }: BulkStatusChange): Promise<BulkStatusAnswer> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids));
    const changed = rows.filter((row) => row.status !== status);
    const now = nowIso();
    for (const row of changed) await changeOrderStatus(tx, actor, row, status, { now, payload: { bulk: true } });
    const found = new Set(rows.map((row) => row.id));
    return { updated: changed.length, unchanged: rows.length - changed.length, not_found: ids.filter((id) => !found.has(id)), status };
  });
}
