import { t } from "elysia";
import { bodyContract, idParams } from "../../shared/request-contract";
import { MAX_BULK, parseBulkStatus, parseOrderInput, parseStatusChange } from "./input";
import { toOrderListQuery, type OrderListQuery } from "./list";
import { ORDER_NOT_FOUND } from "./service";
import { ORDER_STATUSES, ORDER_TYPES, PRIORITIES, PRODUCTION_STATUSES } from "../../../common/order-constants";

// One contract per request: the wire schema documents the request (and types what the rules may
// read); the rules in input.ts and list.ts check it with the SPEC section 5 wording and status
// ('Customer email is required.', a 400) and turn it into the plain values the services take.
// The wire types stay lenient where the SPEC is lenient (numbers as numeric strings, blank = null).
const Money = t.Union([t.Number(), t.String(), t.Null()], { description: 'Decimal amount, e.g. "123.45" or 123.45' });
const Text = t.Union([t.String(), t.Null()]);
/** A vocabulary of common/order-constants.ts, documented as its values. */
const oneOf = (list: readonly ({ value: string } | string)[], description?: string) =>
  t.String({ enum: list.map((entry) => (typeof entry === "string" ? entry : entry.value)), ...(description ? { description } : {}) });

export const OrderItemBody = t.Object({
  description: t.Optional(Text),
  quantity: t.Optional(t.Union([t.Number(), t.String()], { description: "Whole number ≥ 1 (default 1)" })),
  unit_price: t.Optional(Money),
  metadata: t.Optional(
    t.Union([
      t.Object(
        { productName: t.Optional(Text), dimensions: t.Optional(Text), material: t.Optional(Text) },
        { additionalProperties: true },
      ),
      t.Null(),
    ]),
  ),
});

export const OrderAddressBody = t.Object({
  address_type: t.Optional(t.String({ description: "shipping or billing" })),
  first_name: t.Optional(Text),
  last_name: t.Optional(Text),
  line1: t.Optional(Text),
  line2: t.Optional(Text),
  city: t.Optional(Text),
  state: t.Optional(Text),
  postal_code: t.Optional(Text),
  country_code: t.Optional(Text),
  phone: t.Optional(Text),
  company: t.Optional(Text),
});

export const OrderWire = t.Object({
  order_number: t.Optional(t.String({ description: "Default ORD-<UTC timestamp> on create" })),
  customer_email: t.Optional(t.String({ description: "Required on create" })),
  user_email: t.Optional(t.String({ description: "Alias of customer_email" })),
  order_type: t.Optional(oneOf(ORDER_TYPES, "Default custom")),
  status: t.Optional(oneOf(ORDER_STATUSES, "Default draft")),
  production_status: t.Optional(oneOf(PRODUCTION_STATUSES, "Default pending")),
  priority: t.Optional(oneOf(PRIORITIES, "Default normal")),
  currency: t.Optional(t.String({ description: "ISO 4217, default USD" })),
  notes: t.Optional(Text),
  subtotal_amount: t.Optional(Money),
  total_amount: t.Optional(Money),
  items: t.Optional(t.Union([t.Array(OrderItemBody), t.Null()])),
  addresses: t.Optional(t.Union([t.Array(OrderAddressBody), t.Null()])),
  calculator_payload: t.Optional(t.Union([t.Record(t.String(), t.Unknown()), t.Null()])),
  material_id: t.Optional(t.Union([t.Number(), t.String(), t.Null()])),
  catalog_box_id: t.Optional(t.Union([t.Number(), t.String(), t.Null()])),
});

export const StatusWire = t.Object({ status: oneOf(ORDER_STATUSES) });

export const BulkStatusWire = t.Object({
  order_ids: t.Array(t.Union([t.Integer({ minimum: 1 }), t.String({ pattern: "^\\d+$" })]), { minItems: 1, maxItems: MAX_BULK, description: "Order ids" }),
  status: oneOf(ORDER_STATUSES),
});

/** POST: customer_email required, everything else defaults (SPEC section 5). */
export const CreateOrderBody = bodyContract(OrderWire, (fields) => parseOrderInput(fields, "create"));
/** PATCH: only the sent fields. */
export const EditOrderBody = bodyContract(OrderWire, (fields) => parseOrderInput(fields, "update"));
export const StatusBody = bodyContract(StatusWire, parseStatusChange);
export const BulkStatusBody = bodyContract(BulkStatusWire, parseBulkStatus);

// Lists: Elysia gathers repeated keys (and splits commas) into arrays; `status[]` is the form some
// query builders write.
const Filter = t.Optional(t.Array(t.String()));

export const OrderListWire = t.Object({
  page: t.Optional(t.String({ description: "1-based page (default 1)" })),
  per_page: t.Optional(t.String({ description: "1–100 (default 25)" })),
  sort: t.Optional(t.String({ description: "created_at, updated_at, order_number, total_amount or status; '-' prefix for descending (default -created_at)" })),
  status: Filter,
  "status[]": Filter,
  order_type: Filter,
  "order_type[]": Filter,
  date_from: t.Optional(t.String({ description: "YYYY-MM-DD, inclusive, UTC" })),
  date_to: t.Optional(t.String({ description: "YYYY-MM-DD, inclusive, UTC" })),
  search: t.Optional(
    t.String({
      description:
        "Case-insensitive, literal text. 3+ characters: a substring of the order number, customer e-mail, customer name or notes (FTS5 trigram index). 1–2 characters: the start of the order number or customer e-mail. At most 200 characters.",
    }),
  ),
});

/**
 * Validated by Elysia (every value is text, lists are lists), then decoded by the list rules:
 * unknown sort/status/type, bad dates or pages, a reversed range are 400s with the SPEC wording.
 */
export const OrderListQuerySchema = t
  .Transform(OrderListWire)
  .Decode((query): OrderListQuery => toOrderListQuery(query))
  .Encode((query) => ({
    page: String(query.page),
    per_page: String(query.perPage),
    sort: query.sort,
    status: query.statuses,
    order_type: query.orderTypes,
    ...(query.dateFrom ? { date_from: query.dateFrom } : {}),
    ...(query.dateTo ? { date_to: query.dateTo } : {}),
    ...(query.search ? { search: query.search } : {}),
  }));

/** Anything but a positive whole number names no order: the same 404 as an id that does not exist. */
export const IdParams = idParams(ORDER_NOT_FOUND);
