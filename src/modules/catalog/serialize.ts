import type { catalogBoxes } from "../../../db/schema";
import type { CatalogBoxAnswer } from "../../../common/api/catalog";

type BoxRow = typeof catalogBoxes.$inferSelect;

// Typed as the answer schema in common/api/catalog.ts: a field added, renamed or retyped here without
// the schema (which the docs and the admin client read) does not compile.
export function serializeBox(row: BoxRow): CatalogBoxAnswer {
  return {
    id: row.id,
    name: row.name,
    manufacturer: row.manufacturer,
    sku: row.sku,
    internal_length_mm: row.internalLengthMm,
    internal_width_mm: row.internalWidthMm,
    internal_depth_mm: row.internalDepthMm,
    weight_capacity_kg: row.weightCapacityKg,
    description: row.description,
    is_active: row.isActive,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
