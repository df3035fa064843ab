import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, projects } from "../../../db/schema";
import { labelOf, ORDER_STATUSES } from "../../../common/order-constants";
import { backlogCount } from "../scanner-jobs/service";

export const DASHBOARD_PROJECT_LIMIT = 20;

/** The signed-in user's projects (newest activity first, at most 20) and their scanner jobs still waiting. */
export async function loadDashboardSummary(db: Db, userId: number) {
  const [rows, backlog] = await Promise.all([
    db
      .select({ project: projects, orderId: orders.id, orderNumber: orders.orderNumber })
      .from(projects)
      .leftJoin(orders, eq(orders.projectId, projects.id))
      .where(eq(projects.userId, userId))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(DASHBOARD_PROJECT_LIMIT * 2),
    backlogCount(db, userId),
  ]);
  // A project normally has one order; the join may repeat a project, keep its first row.
  const seen = new Set<number>();
  const list = [];
  for (const { project, orderId, orderNumber } of rows) {
    if (seen.has(project.id) || list.length >= DASHBOARD_PROJECT_LIMIT) continue;
    seen.add(project.id);
    list.push({
      id: project.id,
      reference_code: project.referenceCode,
      name: project.name,
      status: project.status,
      status_label: labelOf(ORDER_STATUSES, project.status),
      order_id: orderId,
      order_number: orderNumber,
      created_at: project.createdAt,
      updated_at: project.updatedAt,
    });
  }
  return { projects: list, scanner_backlog: backlog };
}
