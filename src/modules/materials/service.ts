import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { materials } from "../../../db/schema";
import { notFound } from "../../shared/errors";
import { nowIso } from "../../../common/time";
import type { MaterialAnswer, MaterialListAnswer } from "../../../common/api/materials";
import type { MaterialInput, NewMaterialInput } from "./input";
import { serializeMaterial } from "./serialize";
import { invalidateReferenceData } from "../reference/cache";

export const MATERIAL_NOT_FOUND = "Material not found.";

// The services take the plain values the contracts in model.ts decoded (input.ts holds the rules).

/** `active` undefined lists every material, active and archived. */
export async function listMaterials(db: Db, active: boolean | undefined): Promise<MaterialListAnswer> {
  const rows = await db
    .select()
    .from(materials)
    .where(active === undefined ? undefined : eq(materials.isActive, active))
    .orderBy(asc(materials.name), asc(materials.id));
  return { results: rows.map(serializeMaterial) };
}

export async function loadMaterial(db: Db, id: number) {
  const row = await db.query.materials.findFirst({ where: eq(materials.id, id) });
  if (!row) throw notFound(MATERIAL_NOT_FOUND);
  return row;
}

export async function getMaterial(db: Db, id: number): Promise<MaterialAnswer> {
  return serializeMaterial(await loadMaterial(db, id));
}

export async function createMaterial(db: Db, input: NewMaterialInput): Promise<MaterialAnswer> {
  const now = nowIso();
  const [row] = await db.insert(materials).values({ ...input, createdAt: now, updatedAt: now }).returning();
  invalidateReferenceData();
  return serializeMaterial(row!);
}

export async function updateMaterial(db: Db, id: number, input: MaterialInput): Promise<MaterialAnswer> {
  await loadMaterial(db, id);
  if (!Object.keys(input).length) return getMaterial(db, id);
  const [row] = await db.update(materials).set({ ...input, updatedAt: nowIso() }).where(eq(materials.id, id)).returning();
  invalidateReferenceData();
  return serializeMaterial(row!);
}

/** DELETE archives: the calculator stops offering it; orders that reference it keep the link. */
export async function archiveMaterial(db: Db, id: number): Promise<MaterialAnswer> {
  await loadMaterial(db, id);
  const [row] = await db.update(materials).set({ isActive: false, updatedAt: nowIso() }).where(eq(materials.id, id)).returning();
  invalidateReferenceData();
  return serializeMaterial(row!);
}
