import { centsToDecimal, toCents } from "../../../../common/money";
import { textOrNull } from "../shared/form-values";
import type { OrderFormItem as OrderItem, OrderFormSource as Order } from "../types";

export type ItemRow = {
  key: string;
  description: string;
  productName: string;
  dimensions: string;
  material: string;
  quantity: string;
  unitPrice: string;
};

export type OrderFormState = {
  orderNumber: string;
  customerEmail: string;
  orderType: string;
  status: string;
  productionStatus: string;
  currency: string;
  notes: string;
  items: ItemRow[];
};

export type OrderFormErrors = Partial<Record<"orderNumber" | "customerEmail" | "currency", string>> & { items?: Record<string, string> };

let rowCounter = 0;
const nextKey = () => `row-${++rowCounter}`;

export function emptyItemRow(): ItemRow {
  return { key: nextKey(), description: "", productName: "", dimensions: "", material: "", quantity: "1", unitPrice: "0.00" };
}

/** SPEC section 5: order number defaults to 'ORD-' plus a timestamp, currency to USD, one item of quantity 1. */
export function newOrderForm(defaults: { orderType: string; status: string }): OrderFormState {
  return {
    orderNumber: `ORD-${Date.now()}`,
    customerEmail: "",
    orderType: defaults.orderType,
    status: defaults.status,
    productionStatus: "pending",
    currency: "USD",
    notes: "",
    items: [emptyItemRow()],
  };
}

function metaText(item: OrderItem, key: "productName" | "dimensions" | "material"): string {
  const value = item.metadata?.[key];
  return typeof value === "string" ? value : "";
}

export function formFromOrder(order: Order): OrderFormState {
  return {
    orderNumber: order.order_number ?? "",
    customerEmail: order.customer_email ?? order.user_email ?? "",
    orderType: order.order_type ?? "",
    status: order.status ?? "draft",
    productionStatus: order.production_status ?? "pending",
    currency: order.currency || "USD",
    notes: order.notes ?? "",
    items: (order.items ?? []).map((item) => ({
      key: nextKey(),
      description: item.description ?? "",
      productName: metaText(item, "productName"),
      dimensions: metaText(item, "dimensions"),
      material: metaText(item, "material"),
      quantity: String(item.quantity ?? 1),
      unitPrice: toCents(item.unit_price ?? 0) === null ? "" : centsToDecimal(toCents(item.unit_price ?? 0)!),
    })),
  };
}

export function parseQuantity(text: string): number | null {
  const value = Number(text);
  return text.trim() !== "" && Number.isInteger(value) && value >= 1 ? value : null;
}

export function parseUnitPrice(text: string): number | null {
  const cents = toCents(text);
  return cents !== null && cents >= 0 ? cents : null;
}

/** Line total in cents, or null while the row holds an invalid quantity or price. */
export function lineCents(row: ItemRow): number | null {
  const quantity = parseQuantity(row.quantity);
  const unit = parseUnitPrice(row.unitPrice);
  return quantity === null || unit === null ? null : quantity * unit;
}

export function orderCents(rows: ItemRow[]): number | null {
  let sum = 0;
  for (const row of rows) {
    const line = lineCents(row);
    if (line === null) return null;
    sum += line;
  }
  return sum;
}

export function validateOrderForm(form: OrderFormState): OrderFormErrors {
  const errors: OrderFormErrors = {};
  if (!form.customerEmail.trim()) errors.customerEmail = "Customer email is required.";
  if (!form.orderNumber.trim()) errors.orderNumber = "Order number is required.";
  const items: Record<string, string> = {};
  for (const row of form.items) {
    if (parseQuantity(row.quantity) === null) items[`${row.key}:quantity`] = "Quantity must be a whole number of at least 1.";
    if (parseUnitPrice(row.unitPrice) === null) items[`${row.key}:unitPrice`] = "Unit price must be 0 or more.";
  }
  if (Object.keys(items).length > 0) errors.items = items;
  return errors;
}

export function hasErrors(errors: OrderFormErrors): boolean {
  return Boolean(errors.customerEmail || errors.orderNumber || errors.currency || (errors.items && Object.keys(errors.items).length > 0));
}

/**
 * Places the server's 400/409/422 sentence (SPEC 8) under the field it names, so "Failed to save
 * order." is not the only thing the user sees. The server names fields in plain words ("Enter a valid
 * customer email address.", "Item 2: Quantity must be at least 1."); a sentence naming no field of
 * this form gives an empty result and the banner alone is shown.
 */
export function serverFieldErrors(detail: string, form: OrderFormState): OrderFormErrors {
  const item = /^Item (\d+): (Quantity|Unit price)\b/i.exec(detail);
  if (item) {
    const row = form.items[Number(item[1]) - 1];
    if (!row) return {};
    const field = item[2]!.toLowerCase() === "quantity" ? "quantity" : "unitPrice";
    return { items: { [`${row.key}:${field}`]: detail.slice(item[0].indexOf(":") + 2) } };
  }
  if (/customer e-?mail/i.test(detail)) return { customerEmail: detail };
  if (/order number|order with this number/i.test(detail)) return { orderNumber: detail };
  if (/currency/i.test(detail)) return { currency: detail };
  return {};
}

/** The PATCH/POST body of SPEC section 7; totals are recomputed here so they always match the rows. */
export function orderPayload(form: OrderFormState, mode: "create" | "edit") {
  const items = form.items.map((row) => {
    const metadata: Record<string, string> = {};
    const productName = textOrNull(row.productName);
    const dimensions = textOrNull(row.dimensions);
    const material = textOrNull(row.material);
    if (productName) metadata.productName = productName;
    if (dimensions) metadata.dimensions = dimensions;
    if (material) metadata.material = material;
    return {
      description: textOrNull(row.description) ?? productName ?? "Order item",
      quantity: parseQuantity(row.quantity) ?? 1,
      unit_price: centsToDecimal(parseUnitPrice(row.unitPrice) ?? 0),
      metadata,
    };
  });
  const total = centsToDecimal(orderCents(form.items) ?? 0);
  return {
    order_number: form.orderNumber.trim(),
    customer_email: form.customerEmail.trim(),
    ...(mode === "create" && form.orderType ? { order_type: form.orderType } : {}),
    status: form.status,
    production_status: form.productionStatus,
    currency: form.currency.trim().toUpperCase() || "USD",
    notes: textOrNull(form.notes),
    subtotal_amount: total,
    total_amount: total,
    items,
  };
}
