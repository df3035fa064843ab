import type { OrderRow } from "./serialize";

/** Does the order carry a layout at all (foam and a pocket list), cuttable or not? */
export function hasLayout(layout: unknown): boolean {
  const value = layout as { foam?: unknown; pockets?: unknown } | null;
  return Boolean(value && typeof value === "object" && value.foam && typeof value.foam === "object" && Array.isArray(value.pockets));
}

/**
 * The file status as the board and the customer see it: an order with no layout (admin-created,
 * calculator quote, or older rows stored as needs_generation/error) has nothing to cut, so its file
 * is `not_required` and Start does not wait for one.
 */
export function effectiveFileStatus(row: Pick<OrderRow, "layout" | "fileStatus">): string {
  if (!hasLayout(row.layout) && (row.fileStatus === "needs_generation" || row.fileStatus === "error" || row.fileStatus === "not_required")) return "not_required";
  return row.fileStatus;
}
