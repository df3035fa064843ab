import { badRequest } from "../../shared/errors";
import {
  boundedObject,
  isEmail,
  isPlainObject,
  lenientNumber,
  optionalText,
} from "../../shared/normalize";
import { toCents } from "../../../common/money";
import { ORDER_STATUSES, ORDER_TYPES, PRIORITIES, PRODUCTION_STATUSES } from "../../../common/order-constants";
import type { WireFields } from "../../shared/request-contract";
import type { BulkStatusWire, OrderWire, StatusWire } from "./model";

// The rules of the order contracts in model.ts: each reads only its wire's documented fields.

export type ItemInput = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
  metadata: Record<string, unknown>;
};

export type AddressInput = {
  addressType: "shipping" | "billing";
  firstName: string | null;
  lastName: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  countryCode: string | null;
  phone: string | null;
  company: string | null;
};

export type OrderInput = Partial<{
  orderNumber: string;
  customerEmail: string;
  orderType: string;
  status: string;
  productionStatus: string;
  priority: string;
  currency: string;
  notes: string | null;
  subtotalCents: number;
  totalCents: number;
  items: ItemInput[];
  addresses: AddressInput[];
  calculatorPayload: Record<string, unknown> | null;
  materialId: number | null;
  catalogBoxId: number | null;
}>;

export const MAX_ITEMS = 200;
const MAX_QUANTITY = 100_000;
const MAX_UNIT_CENTS = 10_000_000_00;

const values = (list: readonly { value: string }[] | readonly string[]) =>
  list.map((entry) => (typeof entry === "string" ? entry : entry.value));

export function checkVocabulary(value: unknown, list: readonly { value: string }[] | readonly string[], what: string): string {
  const allowed = values(list);
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    throw badRequest(`${what.charAt(0).toUpperCase()}${what.slice(1)} is required.`);
  }
  if (typeof value !== "string" || !allowed.includes(value.trim())) {
    // String() on a parsed object runs its "toString" and throws when that is not a function (a 500).
    const shown = typeof value === "string" ? value : JSON.stringify(value);
    throw badRequest(`Unknown ${what} "${shown.slice(0, 60)}". Use one of: ${allowed.join(", ")}.`);
  }
  return value.trim();
}

export const checkStatus = (value: unknown) => checkVocabulary(value, ORDER_STATUSES, "status");
export const checkProductionStatus = (value: unknown) => checkVocabulary(value, PRODUCTION_STATUSES, "production status");

export function normaliseEmail(value: unknown, requiredMessage: string, invalidMessage: string): string {
  const email = optionalText(value, "Email", 254)?.toLowerCase() ?? null;
  if (!email) throw badRequest(requiredMessage);
  if (!isEmail(email)) throw badRequest(invalidMessage);
  return email;
}

function money(value: unknown, label: string): number | null {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
  const parsed = lenientNumber(value);
  const cents = parsed === null ? null : ((typeof value === "string" ? toCents(value.trim()) : null) ?? toCents(parsed));
  if (cents === null) throw badRequest(`${label} must be a number.`);
  if (cents < 0) throw badRequest(`${label} must be at least 0.`);
  if (cents > MAX_UNIT_CENTS) throw badRequest(`${label} is too large.`);
  return cents;
}

/** Item description falls back to the product name, then 'Order item' (SPEC section 5). */
function parseItem(raw: unknown, index: number): ItemInput {
  const label = `Item ${index + 1}`;
  if (!isPlainObject(raw)) throw badRequest(`${label} must be an object.`);
  const metadataRaw = raw.metadata === undefined || raw.metadata === null ? {} : raw.metadata;
  if (!isPlainObject(metadataRaw)) throw badRequest(`${label}: metadata must be an object.`);
  const metadata = boundedObject(metadataRaw, `${label}: metadata`, 8 * 1024) ?? {};
  for (const key of ["productName", "dimensions", "material"] as const) {
    if (key in metadata) metadata[key] = optionalText(metadata[key], `${label}: ${key}`, 300);
  }
  const description =
    optionalText(raw.description, `${label}: description`, 500) ??
    (typeof metadata.productName === "string" ? metadata.productName : null) ??
    "Order item";

  let quantity = 1;
  if (raw.quantity !== undefined && raw.quantity !== null && raw.quantity !== "") {
    const parsed = lenientNumber(raw.quantity);
    if (parsed === null || !Number.isInteger(parsed)) throw badRequest(`${label}: Quantity must be a whole number.`);
    if (parsed < 1) throw badRequest(`${label}: Quantity must be at least 1.`);
    if (parsed > MAX_QUANTITY) throw badRequest(`${label}: Quantity must be at most ${MAX_QUANTITY}.`);
    quantity = parsed;
  }
  const unitPriceCents = money(raw.unit_price, `${label}: Unit price`) ?? 0;
  return { description, quantity, unitPriceCents, totalPriceCents: unitPriceCents * quantity, metadata };
}

function parseAddress(raw: unknown, index: number): AddressInput {
  const label = `Address ${index + 1}`;
  if (!isPlainObject(raw)) throw badRequest(`${label} must be an object.`);
  const type = raw.address_type;
  if (type !== "shipping" && type !== "billing") throw badRequest(`${label}: address_type must be shipping or billing.`);
  const text = (key: string, max = 200) => optionalText(raw[key], `${label}: ${key}`, max);
  const country = text("country_code", 2)?.toUpperCase() ?? null;
  if (country !== null && !/^[A-Z]{2}$/.test(country)) throw badRequest(`${label}: country_code must be a two-letter code.`);
  return {
    addressType: type,
    firstName: text("first_name"),
    lastName: text("last_name"),
    line1: text("line1"),
    line2: text("line2"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code", 20),
    countryCode: country,
    phone: text("phone", 40),
    company: text("company"),
  };
}

function optionalId(value: unknown, label: string): number | null {
  if (value === null || value === "") return null;
  const parsed = lenientNumber(value);
  if (parsed === null || !Number.isSafeInteger(parsed) || parsed < 1) throw badRequest(`${label} must be a positive whole number.`);
  return parsed;
}

/**
 * Normalises a create or patch body. Only keys present in the body appear in the result, so a
 * PATCH changes exactly what was sent. Client subtotal/total are kept here but the service
 * ignores them whenever the order has items (totals are computed from the items).
 */
export function parseOrderInput(body: WireFields<typeof OrderWire>, mode: "create" | "update"): OrderInput {
  const input: OrderInput = {};
  const has = (key: keyof typeof body) => body[key] !== undefined;

  if (has("order_number") || mode === "update") {
    if (has("order_number")) {
      const number = optionalText(body.order_number, "Order number", 64);
      if (!number) throw badRequest("Order number is required.");
      if (!/^[\w.\-\/#]+$/.test(number)) throw badRequest("Order number may contain letters, digits and - _ . / # only.");
      input.orderNumber = number;
    }
  }
  const emailRaw = has("customer_email") ? body.customer_email : body.user_email;
  if (emailRaw !== undefined || mode === "create") {
    input.customerEmail = normaliseEmail(emailRaw, "Customer email is required.", "Enter a valid customer email address.");
  }
  if (has("order_type")) input.orderType = checkVocabulary(body.order_type, ORDER_TYPES, "order type");
  if (has("status")) input.status = checkStatus(body.status);
  if (has("production_status")) input.productionStatus = checkProductionStatus(body.production_status);
  if (has("priority")) input.priority = checkVocabulary(body.priority, PRIORITIES, "priority");
  if (has("currency")) {
    const currency = optionalText(body.currency, "Currency", 3)?.toUpperCase() ?? "USD";
    if (!/^[A-Z]{3}$/.test(currency)) throw badRequest("Currency must be a three-letter ISO code such as USD.");
    input.currency = currency;
  }
  if (has("notes")) input.notes = optionalText(body.notes, "Notes", 5000);
  if (has("subtotal_amount")) input.subtotalCents = money(body.subtotal_amount, "Subtotal") ?? 0;
  if (has("total_amount")) input.totalCents = money(body.total_amount, "Total") ?? 0;
  if (has("items")) {
    if (body.items === null) input.items = [];
    else if (!Array.isArray(body.items)) throw badRequest("items must be a list.");
    else if (body.items.length > MAX_ITEMS) throw badRequest(`An order may have at most ${MAX_ITEMS} items.`);
    else input.items = body.items.map(parseItem);
  }
  if (has("addresses")) {
    if (body.addresses === null) input.addresses = [];
    else if (!Array.isArray(body.addresses)) throw badRequest("addresses must be a list.");
    else if (body.addresses.length > 4) throw badRequest("An order may have at most 4 addresses.");
    else input.addresses = body.addresses.map(parseAddress);
  }
  if (has("calculator_payload")) input.calculatorPayload = boundedObject(body.calculator_payload, "calculator_payload", 64 * 1024);
  if (has("material_id")) input.materialId = optionalId(body.material_id, "material_id");
  if (has("catalog_box_id")) input.catalogBoxId = optionalId(body.catalog_box_id, "catalog_box_id");
  return input;
}

export type StatusChange = { status: string };

export const parseStatusChange = (body: WireFields<typeof StatusWire>): StatusChange => ({ status: checkStatus(body.status) });

export const MAX_BULK = 1000;

export type BulkStatusChange = { orderIds: number[]; status: string };

/** Ids as numbers or digit strings, duplicates dropped; the status as for one order. */
export function parseBulkStatus(body: WireFields<typeof BulkStatusWire>): BulkStatusChange {
  const rawIds = body.order_ids;
  if (!Array.isArray(rawIds) || rawIds.length === 0) throw badRequest("Select at least one order.");
  if (rawIds.length > MAX_BULK) throw badRequest(`At most ${MAX_BULK} orders can be updated at once.`);
  const ids = [...new Set(rawIds.map((raw) => (typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : raw)))];
  if (!ids.every((value): value is number => typeof value === "number" && Number.isSafeInteger(value) && value > 0)) {
    throw badRequest("order_ids must be a list of order ids.");
  }
  return { orderIds: ids, status: checkStatus(body.status) };
}
