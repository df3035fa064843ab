import { PRODUCTION_STATUSES, labelOf } from "../../../../common/order-constants";

/** The five kanban columns in board order (SPEC section 4); a missing status counts as pending. */
export const PRODUCTION_COLUMNS = PRODUCTION_STATUSES;

export function productionStatusOf(value: string | null | undefined): string {
  return PRODUCTION_STATUSES.some((entry) => entry.value === value) ? (value as string) : "pending";
}

export function productionLabel(value: string | null | undefined): string {
  return labelOf(PRODUCTION_STATUSES, productionStatusOf(value));
}
