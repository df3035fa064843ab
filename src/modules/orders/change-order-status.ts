import { eq } from "drizzle-orm";
import { orders, projects } from "../../../db/schema";
import { nowIso } from "../../../common/time";
import { appendEvent, type Actor, type DbLike } from "./events";
import type { OrderRow } from "./serialize";

/** A project's status follows its order so the customer's dashboard shows where the work is. */
export async function syncProjectStatus(db: DbLike, projectId: number | null, status: string, now: string) {
  if (!projectId) return;
  await db.update(projects).set({ status, updatedAt: now }).where(eq(projects.id, projectId));
}

export type StatusChange = {
  /** Why, in words (recorded in the event): "quote accepted", "production started", an override reason… */
  reason?: string;
  /** Extra event payload (bulk: true, override: true…). */
  payload?: Record<string, unknown>;
  /** Other columns to set in the same update (production status, file status…). */
  set?: Partial<OrderRow>;
  now?: string;
};

/**
 * The one place an order's status changes: sets it, stamps production times (in_production →
 * production_start_at, fulfilled → fulfilled_at, each only when still empty), appends the
 * status_changed event {from, to, reason} and moves the customer's project along. Returns false
 * (and writes nothing) when the order already has that status and there is nothing else to set.
 */
export async function changeOrderStatus(db: DbLike, actor: Actor, row: OrderRow, to: string, change: StatusChange = {}): Promise<boolean> {
  const now = change.now ?? nowIso();
  const extra = change.set ?? {};
  if (row.status === to && !Object.keys(extra).length) return false;
  const set: Partial<OrderRow> = { ...extra, status: to, updatedAt: now };
  if (to === "in_production" && !row.productionStartAt && !extra.productionStartAt) set.productionStartAt = now;
  if (to === "fulfilled" && !row.fulfilledAt && !extra.fulfilledAt) set.fulfilledAt = now;
  await db.update(orders).set(set).where(eq(orders.id, row.id));
  if (row.status !== to) {
    await appendEvent(db, row.id, actor, "status_changed", { from: row.status, to, ...(change.reason ? { reason: change.reason } : {}), ...change.payload }, now);
    await syncProjectStatus(db, row.projectId, to, now);
  }
  return true;
}
