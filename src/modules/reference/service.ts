import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { catalogBoxes, materials } from "../../../db/schema";
import { serializeBox } from "../catalog/serialize";
import { serializeMaterial } from "../materials/serialize";

/** Active materials and catalog boxes only: archived items never reach the calculator or the shop. */
export async function loadReferenceData(db: Db) {
  const [materialRows, boxRows] = await Promise.all([
    db.select().from(materials).where(eq(materials.isActive, true)).orderBy(asc(materials.name)),
    db.select().from(catalogBoxes).where(eq(catalogBoxes.isActive, true)).orderBy(asc(catalogBoxes.name)),
  ]);
  return { materials: materialRows.map(serializeMaterial), boxes: boxRows.map(serializeBox) };
}
