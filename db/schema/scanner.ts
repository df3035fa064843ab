import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, json, updatedAt } from "./columns";
import { orders, projects } from "./orders";
import { users } from "./users";

/** A traced tool submitted from the layout page or the foam editor (SPEC section 3, scanner job payload). */
export const scannerJobs = sqliteTable(
  "scanner_jobs",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    // Regenerated on the server from contour_points_mm: client SVG is never stored as sent.
    contourSvg: text("contour_svg"),
    contourPointsMm: json<[number, number][]>("contour_points_mm"),
    calibrationPayload: json<Record<string, unknown>>("calibration_payload"),
    processingNotes: text("processing_notes"),
    capturedAt: text("captured_at"),
    processedAt: text("processed_at"),
    vectorPath: text("vector_path"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("scanner_jobs_user_idx").on(table.userId),
    index("scanner_jobs_status_idx").on(table.status),
    index("scanner_jobs_order_idx").on(table.orderId),
    index("scanner_jobs_project_idx").on(table.projectId),
  ],
);

/** An image being traced: state lives here, not in process memory, so any instance can serve its progress. */
export const scanRuns = sqliteTable(
  "scan_runs",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("classic"),
    status: text("status").notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    message: text("message").notNull().default("Queued"),
    parameters: json<Record<string, unknown>>("parameters"),
    image: blob("image", { mode: "buffer" }),
    result: json<Record<string, unknown>>("result"),
    claimedBy: text("claimed_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("scan_runs_status_idx").on(table.status)],
);
