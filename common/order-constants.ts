/** Order, production, file and priority vocabularies (SPEC section 4), each value with its label. */
export const ORDER_STATUSES = [
  { value: "draft", label: "Draft" },
  { value: "quoted", label: "Quoted" },
  { value: "approved", label: "Approved" },
  { value: "in_production", label: "In production" },
  { value: "fulfilled", label: "Fulfilled" },
  { value: "cancelled", label: "Cancelled" },
] as const;

export const PRODUCTION_STATUSES = [
  { value: "pending", label: "Pending" },
  { value: "preparing", label: "Preparing Files" },
  { value: "in_progress", label: "In Production" },
  { value: "completed", label: "Completed" },
  { value: "issue", label: "Requires Attention" },
] as const;

export const ORDER_TYPES = [
  { value: "calculator", label: "Calculator quote" },
  { value: "scanner", label: "Scanner layout" },
  { value: "catalog", label: "Catalog kit" },
  { value: "custom", label: "Custom order" },
] as const;

export const FILE_STATUSES = ["ready", "needs_generation", "generating", "error"] as const;
/**
 * An order with no layout (admin-created, calculator quote) has nothing to cut until one is
 * attached. Kept out of FILE_STATUSES: the demo seed cycles through that list for orders that do
 * have a layout.
 */
export const FILE_NOT_REQUIRED = "not_required";
export const PRIORITIES = ["normal", "high", "urgent"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number]["value"];
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number]["value"];
export type OrderType = (typeof ORDER_TYPES)[number]["value"];
export type FileStatus = (typeof FILE_STATUSES)[number] | typeof FILE_NOT_REQUIRED;
export type Priority = (typeof PRIORITIES)[number];

export const labelOf = (list: readonly { value: string; label: string }[], value: string | null | undefined) =>
  list.find((entry) => entry.value === value)?.label ?? value ?? "";
