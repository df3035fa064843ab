import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders } from "../../../db/schema";
import { backlogCount } from "../scanner-jobs/service";
import type { MetricsAnswer } from "../../../common/api/metrics";

/** Orders in these statuses are work the shop has committed to and not yet delivered. */
export const ACTIVE_PROJECT_STATUSES = ["approved", "in_production"];

/**
 * The admin metrics strip:
 * - active_projects: orders whose status is approved or in_production. Every order counts as a
 *   project here, whether or not the customer's `projects` row exists (admin-created orders have none).
 * - quotes_pending: orders whose status is quoted (priced or submitted, waiting for a decision).
 * - scanner_queue: scanner jobs still in triage, status pending or queued (not processed or rejected).
 */
export async function loadMetrics(db: Db): Promise<MetricsAnswer> {
  const [[active], [quotes], queue] = await Promise.all([
    db.select({ value: count() }).from(orders).where(inArray(orders.status, ACTIVE_PROJECT_STATUSES)),
    db.select({ value: count() }).from(orders).where(eq(orders.status, "quoted")),
    backlogCount(db),
  ]);
  return { active_projects: active!.value, quotes_pending: quotes!.value, scanner_queue: queue };
}
