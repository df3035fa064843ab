import { t, type Static } from "elysia";
import { Id, Money, OptionalId, Text } from "./fields";

/**
 * What the admin order routes answer (SPEC sections 3 and 7): one schema per answer, shared by the
 * server and the client. The server's serializers are typed against these (src/modules/orders/
 * serialize.ts, a compile error when they drift), the OpenAPI document prints them, a test checks
 * real answers against them, and the admin client takes its types from them (type-only imports, so
 * nothing of TypeBox reaches the browser bundle). Money travels as decimal strings ("12.50").
 */

export const OptionAnswer = t.Object({ value: t.String(), label: t.String() });

/** Fields shared by the list row and the detail: ids, vocabularies with their labels, money as decimal strings. */
export const OrderSummaryAnswer = t.Object({
  id: Id,
  order_number: t.String(),
  /** Same as customer_email (older clients read this name). */
  user_email: t.String(),
  customer_email: t.String(),
  order_type: t.String(),
  order_type_label: t.String(),
  status: t.String(),
  status_label: t.String(),
  production_status: t.String(),
  production_status_label: t.String(),
  file_status: t.String(),
  file_error: Text,
  priority: t.String(),
  currency: t.String(),
  notes: Text,
  subtotal_amount: Money,
  total_amount: Money,
  issue_reason: Text,
  project_id: OptionalId,
  material_id: OptionalId,
  catalog_box_id: OptionalId,
  created_at: t.String(),
  updated_at: t.String(),
  production_start_at: Text,
  fulfilled_at: Text,
});

export const OrderListRowAnswer = t.Composite([OrderSummaryAnswer, t.Object({ items_count: t.Integer({ minimum: 0 }) })]);

export const OrderItemAnswer = t.Object({
  id: Id,
  description: t.String(),
  quantity: t.Integer({ minimum: 1 }),
  unit_price: t.String(),
  total_price: t.String(),
  /** The three named keys are always present (null when unset); anything else the client stored is kept. */
  metadata: t.Object({ productName: Text, dimensions: Text, material: Text }, { additionalProperties: true }),
});

export const OrderAddressAnswer = t.Object({
  id: Id,
  address_type: t.String({ description: "shipping or billing" }),
  first_name: Text,
  last_name: Text,
  line1: Text,
  line2: Text,
  city: Text,
  state: Text,
  postal_code: Text,
  country_code: Text,
  phone: Text,
  company: Text,
});

export const OrderEventAnswer = t.Object({
  id: Id,
  event_type: t.String(),
  created_at: t.String(),
  payload: t.Record(t.String(), t.Unknown()),
  actor_id: OptionalId,
  actor_email: Text,
});

export const ScannerJobSummaryAnswer = t.Object({
  id: Id,
  status: t.String(),
  captured_at: Text,
  processed_at: Text,
  vector_path: Text,
  jobs_count: t.Integer({ minimum: 1 }),
});

export const OrderProjectAnswer = t.Object({ id: Id, reference_code: t.String(), name: Text, status: t.String() });

/** GET/PATCH /api/admin/orders/{id}, POST /api/admin/orders: the full Order entity (events newest first). */
export const OrderDetailAnswer = t.Composite([
  OrderSummaryAnswer,
  t.Object({
    items_count: t.Integer({ minimum: 0 }),
    items: t.Array(OrderItemAnswer),
    calculator_payload: t.Union([t.Record(t.String(), t.Unknown()), t.Null()]),
    layout: t.Union([t.Record(t.String(), t.Unknown()), t.Null()]),
    scanner_job: t.Union([ScannerJobSummaryAnswer, t.Null()]),
    project: t.Union([OrderProjectAnswer, t.Null()]),
    addresses: t.Array(OrderAddressAnswer),
    events: t.Array(OrderEventAnswer),
  }),
]);

export const PaginationAnswer = t.Object({
  page: t.Integer({ minimum: 1 }),
  per_page: t.Integer({ minimum: 1 }),
  pages: t.Integer({ minimum: 1 }),
  total: t.Integer({ minimum: 0 }),
});

/** GET /api/admin/orders. */
export const OrderListAnswer = t.Object({
  results: t.Array(OrderListRowAnswer),
  pagination: PaginationAnswer,
  options: t.Object({ statuses: t.Array(OptionAnswer), order_types: t.Array(OptionAnswer), sorts: t.Array(OptionAnswer) }),
  /** Counts apply every filter except status itself. */
  summary: t.Object({ status_counts: t.Record(t.String(), t.Integer({ minimum: 0 })) }),
});

/** POST /api/admin/orders/bulk-status. */
export const BulkStatusAnswer = t.Object({
  updated: t.Integer({ minimum: 0 }),
  unchanged: t.Integer({ minimum: 0 }),
  not_found: t.Array(Id),
  status: t.String(),
});

export type OptionAnswer = Static<typeof OptionAnswer>;
export type OrderSummaryAnswer = Static<typeof OrderSummaryAnswer>;
export type OrderListRowAnswer = Static<typeof OrderListRowAnswer>;
export type OrderItemAnswer = Static<typeof OrderItemAnswer>;
export type OrderAddressAnswer = Static<typeof OrderAddressAnswer>;
export type OrderEventAnswer = Static<typeof OrderEventAnswer>;
export type ScannerJobSummaryAnswer = Static<typeof ScannerJobSummaryAnswer>;
export type OrderProjectAnswer = Static<typeof OrderProjectAnswer>;
export type OrderDetailAnswer = Static<typeof OrderDetailAnswer>;
export type PaginationAnswer = Static<typeof PaginationAnswer>;
export type OrderListAnswer = Static<typeof OrderListAnswer>;
export type BulkStatusAnswer = Static<typeof BulkStatusAnswer>;
