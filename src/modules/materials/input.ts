import type { materials } from "../../../db/schema";
import { badRequest } from "../../shared/errors";
import { lenientMoneyCents, lenientNonNegative, lenientNumber, optionalBoolean, optionalText, requiredText } from "../../shared/normalize";
import type { WireFields } from "../../shared/request-contract";
import type { MaterialWire } from "./model";

// The rules of the material contracts in model.ts: each reads only its wire's documented fields.

type MaterialInsert = typeof materials.$inferInsert;

/** The columns an admin may set, already normalised (the cost in cents); absent keys are left as they are. */
export type MaterialInput = Partial<
  Pick<
    MaterialInsert,
    | "name"
    | "supplier"
    | "densityKgM3"
    | "hardnessShore"
    | "color"
    | "sheetLengthMm"
    | "sheetWidthMm"
    | "sheetThicknessMm"
    | "sheetCostCents"
    | "leadTimeDays"
    | "notes"
    | "isActive"
  >
>;

/** A create's values: the name is always there. */
export type NewMaterialInput = MaterialInput & { name: string };

function leadTime(value: unknown): number | null {
  const parsed = lenientNumber(value);
  if (parsed === null) return null;
  if (!Number.isInteger(parsed)) throw badRequest("Lead time must be a whole number of days.");
  if (parsed < 0 || parsed > 3650) throw badRequest("Lead time must be between 0 and 3650 days.");
  return parsed;
}

/** SPEC section 5: name required and trimmed; empty optional text → null; numbers parsed, empty or non-numeric → null. */
export function parseMaterial(body: WireFields<typeof MaterialWire>, mode: "create"): NewMaterialInput;
export function parseMaterial(body: WireFields<typeof MaterialWire>, mode: "update"): MaterialInput;
export function parseMaterial(body: WireFields<typeof MaterialWire>, mode: "create" | "update"): MaterialInput {
  const out: MaterialInput = {};
  const has = (key: keyof typeof body) => body[key] !== undefined;
  if (mode === "create" || has("name")) out.name = requiredText(body.name, "Material name is required.", "Material name", 200);
  if (has("supplier")) out.supplier = optionalText(body.supplier, "Supplier", 200);
  if (has("density_kg_m3")) out.densityKgM3 = lenientNonNegative(body.density_kg_m3, "Density", 10_000);
  if (has("hardness_shore")) out.hardnessShore = lenientNonNegative(body.hardness_shore, "Hardness", 100);
  if (has("color")) out.color = optionalText(body.color, "Colour", 100);
  if (has("sheet_length_mm")) out.sheetLengthMm = lenientNonNegative(body.sheet_length_mm, "Sheet length", 100_000);
  if (has("sheet_width_mm")) out.sheetWidthMm = lenientNonNegative(body.sheet_width_mm, "Sheet width", 100_000);
  if (has("sheet_thickness_mm")) out.sheetThicknessMm = lenientNonNegative(body.sheet_thickness_mm, "Sheet thickness", 10_000);
  if (has("sheet_cost")) out.sheetCostCents = lenientMoneyCents(body.sheet_cost, "Sheet cost");
  if (has("lead_time_days")) out.leadTimeDays = leadTime(body.lead_time_days);
  if (has("notes")) out.notes = optionalText(body.notes, "Notes", 5000);
  const active = optionalBoolean(body.is_active, "is_active");
  if (active !== undefined) out.isActive = active;
  return out;
}
