import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { materials } from "../../../db/schema";
import { badRequest, notFound } from "../../shared/errors";
import { lenientMoneyCents, lenientNonNegative, lenientNumber, optionalBoolean, optionalText, requiredText } from "../../shared/normalize";
import { nowIso } from "../../../common/time";
import { serializeMaterial } from "./serialize";
import { invalidateReferenceData } from "../reference/cache";

export const MATERIAL_NOT_FOUND = "Material not found.";
type MaterialInsert = typeof materials.$inferInsert;

function leadTime(value: unknown): number | null {
  const parsed = lenientNumber(value);
  if (parsed === null) return null;
  if (!Number.isInteger(parsed)) throw badRequest("Lead time must be a whole number of days.");
  if (parsed < 0 || parsed > 3650) throw badRequest("Lead time must be between 0 and 3650 days.");
  return parsed;
}

/** SPEC section 5: name required and trimmed; empty optional text → null; numbers parsed, empty or non-numeric → null. */
function parseMaterial(body: Record<string, unknown>, mode: "create" | "update"): Partial<MaterialInsert> {
  const out: Partial<MaterialInsert> = {};
  const has = (key: string) => body[key] !== undefined;
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

export async function listMaterials(db: Db, active: boolean | undefined) {
  const rows = await db
    .select()
    .from(materials)
    .where(active === undefined ? undefined : eq(materials.isActive, active))
    .orderBy(asc(materials.name), asc(materials.id));
  return { results: rows.map(serializeMaterial) };
}

async function loadMaterial(db: Db, id: number) {
  const row = await db.query.materials.findFirst({ where: eq(materials.id, id) });
  if (!row) throw notFound(MATERIAL_NOT_FOUND);
  return row;
}

export async function getMaterial(db: Db, id: number) {
  return serializeMaterial(await loadMaterial(db, id));
}

export async function createMaterial(db: Db, body: Record<string, unknown>) {
  const values = parseMaterial(body, "create");
  const now = nowIso();
  const [row] = await db.insert(materials).values({ ...(values as MaterialInsert), createdAt: now, updatedAt: now }).returning();
  invalidateReferenceData();
  return serializeMaterial(row!);
}

export async function updateMaterial(db: Db, id: number, body: Record<string, unknown>) {
  await loadMaterial(db, id);
  const values = parseMaterial(body, "update");
  if (!Object.keys(values).length) return getMaterial(db, id);
  const [row] = await db.update(materials).set({ ...values, updatedAt: nowIso() }).where(eq(materials.id, id)).returning();
  invalidateReferenceData();
  return serializeMaterial(row!);
}

/** DELETE archives: the calculator stops offering it; orders that reference it keep the link. */
export async function archiveMaterial(db: Db, id: number) {
  await loadMaterial(db, id);
  const [row] = await db.update(materials).set({ isActive: false, updatedAt: nowIso() }).where(eq(materials.id, id)).returning();
  invalidateReferenceData();
  return serializeMaterial(row!);
}
