import { orderEvents } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { nowIso } from "../../../common/time";

/** Anything that can run a query: the database or an open transaction. */
export type DbLike = Pick<Db, "select" | "insert" | "update" | "delete" | "query">;

export type Actor = { id: number; email: string } | null;

/**
 * The audit trail: every change to an order appends one row (never updated, never deleted
 * with the order's lifetime). Payloads carry `from`/`to` for status moves and `changes` for edits.
 */
export async function appendEvent(db: DbLike, orderId: number, actor: Actor, eventType: string, payload: Record<string, unknown>, at = nowIso()) {
  await db.insert(orderEvents).values({
    orderId,
    eventType,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    payload,
    createdAt: at,
  });
}
