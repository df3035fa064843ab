import type { orders } from "../../../db/schema";

type OrderRow = typeof orders.$inferSelect;

/**
 * What else changes when the production status moves, wherever the move comes from (operator
 * board, admin edit): in_progress stamps the start time if none, completed stamps the fulfilment
 * time if none, and leaving `issue` clears the recorded reason (the event keeps it).
 */
export function productionSideEffects(row: OrderRow, to: string, now: string): Partial<OrderRow> {
  const set: Partial<OrderRow> = { productionStatus: to };
  if (to === "in_progress" && !row.productionStartAt) set.productionStartAt = now;
  if (to === "completed") {
    if (!row.productionStartAt) set.productionStartAt = now;
    if (!row.fulfilledAt) set.fulfilledAt = now;
  }
  if (row.productionStatus === "issue" && to !== "issue") set.issueReason = null;
  return set;
}
