import type { catalogBoxes } from "../../../db/schema";
import { badRequest } from "../../shared/errors";
import { lenientNonNegative, optionalBoolean, optionalText, requiredText } from "../../shared/normalize";
import type { WireFields } from "../../shared/request-contract";
import type { BoxWire } from "./model";

// The rules of the catalog contracts in model.ts: each reads only its wire's documented fields.

type BoxInsert = typeof catalogBoxes.$inferInsert;

/** The columns an admin may set, already normalised; absent keys are left as they are. */
export type BoxInput = Partial<
  Pick<BoxInsert, "name" | "manufacturer" | "sku" | "internalLengthMm" | "internalWidthMm" | "internalDepthMm" | "weightCapacityKg" | "description" | "isActive">
>;

/** ?is_active=true|false narrows the list; absent or blank means every item, active and archived. */
export function parseActiveFilter(raw: string | null | undefined): boolean | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw badRequest("is_active must be true or false.");
}

/** A create's values: the name is always there. */
export type NewBoxInput = BoxInput & { name: string };

/** SPEC section 5: name required; other text trimmed, empty → null; numbers empty or non-numeric → null. */
export function parseBox(body: WireFields<typeof BoxWire>, mode: "create"): NewBoxInput;
export function parseBox(body: WireFields<typeof BoxWire>, mode: "update"): BoxInput;
export function parseBox(body: WireFields<typeof BoxWire>, mode: "create" | "update"): BoxInput {
  const out: BoxInput = {};
  const has = (key: keyof typeof body) => body[key] !== undefined;
  if (mode === "create" || has("name")) out.name = requiredText(body.name, "Name is required.", "Name", 200);
  if (has("manufacturer")) out.manufacturer = optionalText(body.manufacturer, "Manufacturer", 200);
  if (has("sku")) out.sku = optionalText(body.sku, "SKU", 100);
  if (has("internal_length_mm")) out.internalLengthMm = lenientNonNegative(body.internal_length_mm, "Internal length", 100_000);
  if (has("internal_width_mm")) out.internalWidthMm = lenientNonNegative(body.internal_width_mm, "Internal width", 100_000);
  if (has("internal_depth_mm")) out.internalDepthMm = lenientNonNegative(body.internal_depth_mm, "Internal depth", 100_000);
  if (has("weight_capacity_kg")) out.weightCapacityKg = lenientNonNegative(body.weight_capacity_kg, "Weight capacity", 100_000);
  if (has("description")) out.description = optionalText(body.description, "Description", 5000);
  const active = optionalBoolean(body.is_active, "is_active");
  if (active !== undefined) out.isActive = active;
  return out;
}
