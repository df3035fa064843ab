import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { catalogBoxes } from "../../../db/schema";
import { badRequest, notFound } from "../../shared/errors";
import { lenientNonNegative, optionalBoolean, optionalText, requiredText } from "../../shared/normalize";
import { nowIso } from "../../../common/time";
import { serializeBox } from "./serialize";
import { invalidateReferenceData } from "../reference/cache";

export const BOX_NOT_FOUND = "Product not found.";
type BoxInsert = typeof catalogBoxes.$inferInsert;

/** ?is_active=true|false narrows the list; absent or blank means every product, active and archived. */
export function parseActiveFilter(raw: string | null | undefined): boolean | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw badRequest("is_active must be true or false.");
}

/** SPEC section 5: name required; other text trimmed, empty → null; numbers empty or non-numeric → null. */
function parseBox(body: Record<string, unknown>, mode: "create" | "update"): Partial<BoxInsert> {
  const out: Partial<BoxInsert> = {};
  const has = (key: string) => body[key] !== undefined;
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

export async function listBoxes(db: Db, active: boolean | undefined) {
  const rows = await db
    .select()
    .from(catalogBoxes)
    .where(active === undefined ? undefined : eq(catalogBoxes.isActive, active))
    .orderBy(asc(catalogBoxes.name), asc(catalogBoxes.id));
  return { results: rows.map(serializeBox) };
}

async function loadBox(db: Db, id: number) {
  const row = await db.query.catalogBoxes.findFirst({ where: eq(catalogBoxes.id, id) });
  if (!row) throw notFound(BOX_NOT_FOUND);
  return row;
}

export async function getBox(db: Db, id: number) {
  return serializeBox(await loadBox(db, id));
}

export async function createBox(db: Db, body: Record<string, unknown>) {
  const values = parseBox(body, "create");
  const now = nowIso();
  const [row] = await db.insert(catalogBoxes).values({ ...(values as BoxInsert), createdAt: now, updatedAt: now }).returning();
  invalidateReferenceData();
  return serializeBox(row!);
}

/** Partial edit; reopening an archived product is a PATCH with is_active true. */
export async function updateBox(db: Db, id: number, body: Record<string, unknown>) {
  await loadBox(db, id);
  const values = parseBox(body, "update");
  if (!Object.keys(values).length) return getBox(db, id);
  const [row] = await db.update(catalogBoxes).set({ ...values, updatedAt: nowIso() }).where(eq(catalogBoxes.id, id)).returning();
  invalidateReferenceData();
  return serializeBox(row!);
}

/** DELETE archives: the product leaves the shop and the active list but keeps its history. */
export async function archiveBox(db: Db, id: number) {
  await loadBox(db, id);
  const [row] = await db.update(catalogBoxes).set({ isActive: false, updatedAt: nowIso() }).where(eq(catalogBoxes.id, id)).returning();
  invalidateReferenceData();
  return serializeBox(row!);
}
