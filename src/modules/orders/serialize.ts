import type { orderAddresses, orderEvents, orderItems, orders, scannerJobs } from "../../../db/schema";
import { centsToDecimal } from "../../../common/money";
import { effectiveFileStatus } from "./file-status";
import { labelOf, ORDER_STATUSES, ORDER_TYPES, PRODUCTION_STATUSES } from "../../../common/order-constants";
import type {
  OrderAddressAnswer,
  OrderEventAnswer,
  OrderItemAnswer,
  OrderSummaryAnswer,
  ScannerJobSummaryAnswer,
} from "../../../common/api/orders";

// Each serializer is typed as its answer schema in common/api/orders.ts: a field added, renamed or
// retyped here without the schema (which the docs and the admin client read) does not compile.

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type AddressRow = typeof orderAddresses.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
export type ScannerJobRow = typeof scannerJobs.$inferSelect;

const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/** Fields shared by the list row and the detail: ids, vocabularies with labels, money as decimal strings. */
export function serializeOrderSummary(row: OrderRow): OrderSummaryAnswer {
  return {
    id: row.id,
    order_number: row.orderNumber,
    user_email: row.customerEmail,
    customer_email: row.customerEmail,
    order_type: row.orderType,
    order_type_label: labelOf(ORDER_TYPES, row.orderType),
    status: row.status,
    status_label: labelOf(ORDER_STATUSES, row.status),
    production_status: row.productionStatus || "pending",
    production_status_label: labelOf(PRODUCTION_STATUSES, row.productionStatus || "pending"),
    file_status: effectiveFileStatus(row),
    file_error: effectiveFileStatus(row) === "not_required" ? null : row.fileError,
    priority: row.priority,
    currency: row.currency,
    notes: row.notes,
    subtotal_amount: money(row.subtotalCents),
    total_amount: money(row.totalCents),
    issue_reason: row.issueReason,
    project_id: row.projectId,
    material_id: row.materialId,
    catalog_box_id: row.catalogBoxId,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    production_start_at: row.productionStartAt,
    fulfilled_at: row.fulfilledAt,
  };
}

export function serializeItem(row: ItemRow): OrderItemAnswer {
  const metadata = row.metadata ?? {};
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    unit_price: centsToDecimal(row.unitPriceCents),
    total_price: centsToDecimal(row.totalPriceCents),
    metadata: {
      ...metadata,
      productName: typeof metadata.productName === "string" ? metadata.productName : null,
      dimensions: typeof metadata.dimensions === "string" ? metadata.dimensions : null,
      material: typeof metadata.material === "string" ? metadata.material : null,
    },
  };
}

export function serializeAddress(row: AddressRow): OrderAddressAnswer {
  return {
    id: row.id,
    address_type: row.addressType,
    first_name: row.firstName,
    last_name: row.lastName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country_code: row.countryCode,
    phone: row.phone,
    company: row.company,
  };
}

export function serializeEvent(row: EventRow): OrderEventAnswer {
  return {
    id: row.id,
    event_type: row.eventType,
    created_at: row.createdAt,
    payload: row.payload ?? {},
    actor_id: row.actorId,
    actor_email: row.actorEmail,
  };
}

export function serializeScannerJobSummary(row: ScannerJobRow | undefined, jobCount: number): ScannerJobSummaryAnswer | null {
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    captured_at: row.capturedAt,
    processed_at: row.processedAt,
    vector_path: row.vectorPath,
    jobs_count: jobCount,
  };
}
