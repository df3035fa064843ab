import { t } from "elysia";

// Bodies are described for the OpenAPI docs and kept lenient on purpose: the service applies the
// SPEC section 5 rules itself so each failure carries the product's wording ('Customer email is required.').
const Money = t.Union([t.Number(), t.String(), t.Null()], { description: 'Decimal amount, e.g. "123.45" or 123.45' });
const Text = t.Union([t.String(), t.Null()]);

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

export const OrderBody = t.Optional(t.Object({
  order_number: t.Optional(t.String({ description: "Default ORD-<UTC timestamp> on create" })),
  customer_email: t.Optional(t.String({ description: "Required on create" })),
  user_email: t.Optional(t.String({ description: "Alias of customer_email" })),
  order_type: t.Optional(t.String({ description: "calculator, scanner, catalog or custom" })),
  status: t.Optional(t.String()),
  production_status: t.Optional(t.String()),
  priority: t.Optional(t.String({ description: "normal, high or urgent" })),
  currency: t.Optional(t.String({ description: "ISO 4217, default USD" })),
  notes: t.Optional(Text),
  subtotal_amount: t.Optional(Money),
  total_amount: t.Optional(Money),
  items: t.Optional(t.Union([t.Array(OrderItemBody), t.Null()])),
  addresses: t.Optional(t.Union([t.Array(OrderAddressBody), t.Null()])),
  calculator_payload: t.Optional(t.Union([t.Record(t.String(), t.Unknown()), t.Null()])),
  material_id: t.Optional(t.Union([t.Number(), t.String(), t.Null()])),
  catalog_box_id: t.Optional(t.Union([t.Number(), t.String(), t.Null()])),
}));

export const StatusBody = t.Optional(t.Object({ status: t.Optional(t.Unknown({ description: "An order status value" })) }));

export const BulkStatusBody = t.Optional(
  t.Object({
    order_ids: t.Optional(t.Array(t.Union([t.Number(), t.String()]))),
    status: t.Optional(t.Unknown()),
  }),
);

const Filter = t.Optional(t.Union([t.String(), t.Array(t.String())]));

export const OrderListQuery = t.Object({
  page: t.Optional(t.String({ description: "1-based page (default 1)" })),
  per_page: t.Optional(t.String({ description: "1–100 (default 25)" })),
  sort: t.Optional(t.String({ description: "created_at, updated_at, order_number, total_amount or status; '-' prefix for descending (default -created_at)" })),
  status: Filter,
  order_type: Filter,
  date_from: t.Optional(t.String({ description: "YYYY-MM-DD, inclusive, UTC" })),
  date_to: t.Optional(t.String({ description: "YYYY-MM-DD, inclusive, UTC" })),
  search: t.Optional(
    t.String({
      description:
        "Case-insensitive, literal text. 3+ characters: a substring of the order number, customer e-mail, customer name or notes (FTS5 trigram index). 1–2 characters: the start of the order number or customer e-mail. At most 200 characters.",
    }),
  ),
});

export const IdParams = t.Object({ id: t.String({ description: "Numeric id" }) });
