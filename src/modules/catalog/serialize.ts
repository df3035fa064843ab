import type { catalogBoxes } from "../../../db/schema";

type BoxRow = typeof catalogBoxes.$inferSelect;

export function serializeBox(row: BoxRow) {
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
