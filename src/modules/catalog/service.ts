import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { catalogBoxes } from "../../../db/schema";
import { notFound } from "../../shared/errors";
import { nowIso } from "../../../common/time";
import type { CatalogBoxAnswer, CatalogBoxListAnswer } from "../../../common/api/catalog";
import type { BoxInput, NewBoxInput } from "./input";
import { serializeBox } from "./serialize";
import { invalidateReferenceData } from "../reference/cache";

export const BOX_NOT_FOUND = "Product not found.";

// The services take the plain values the contracts in model.ts decoded (input.ts holds the rules).

/** `active` undefined lists every product, active and archived. */
export async function listBoxes(db: Db, active: boolean | undefined): Promise<CatalogBoxListAnswer> {
  const rows = await db
    .select()
    .from(catalogBoxes)
    .where(active === undefined ? undefined : eq(catalogBoxes.isActive, active))
    .orderBy(asc(catalogBoxes.name), asc(catalogBoxes.id));
  return { results: rows.map(serializeBox) };
}

export async function loadBox(db: Db, id: number) {
  const row = await db.query.catalogBoxes.findFirst({ where: eq(catalogBoxes.id, id) });
  if (!row) throw notFound(BOX_NOT_FOUND);
  return row;
}

export async function getBox(db: Db, id: number): Promise<CatalogBoxAnswer> {
  return serializeBox(await loadBox(db, id));
}

export async function createBox(db: Db, input: NewBoxInput): Promise<CatalogBoxAnswer> {
  const now = nowIso();
  const [row] = await db.insert(catalogBoxes).values({ ...input, createdAt: now, updatedAt: now }).returning();
  invalidateReferenceData();
  return serializeBox(row!);
}

/** Partial edit; reopening an archived product is a PATCH with is_active true. */
export async function updateBox(db: Db, id: number, input: BoxInput): Promise<CatalogBoxAnswer> {
  await loadBox(db, id);
  if (!Object.keys(input).length) return getBox(db, id);
  const [row] = await db.update(catalogBoxes).set({ ...input, updatedAt: nowIso() }).where(eq(catalogBoxes.id, id)).returning();
  invalidateReferenceData();
  return serializeBox(row!);
}

/** DELETE archives: the product leaves the shop and the active list but keeps its history. */
export async function archiveBox(db: Db, id: number): Promise<CatalogBoxAnswer> {
  await loadBox(db, id);
  const [row] = await db.update(catalogBoxes).set({ isActive: false, updatedAt: nowIso() }).where(eq(catalogBoxes.id, id)).returning();
  invalidateReferenceData();
  return serializeBox(row!);
}
