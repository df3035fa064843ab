import type { materials } from "../../../db/schema";
import { centsToDecimal } from "../../../common/money";
import type { MaterialAnswer } from "../../../common/api/materials";

type MaterialRow = typeof materials.$inferSelect;

// Typed as the answer schema in common/api/materials.ts: a field added, renamed or retyped here
// without the schema (which the docs and the admin client read) does not compile.
export function serializeMaterial(row: MaterialRow): MaterialAnswer {
  return {
    id: row.id,
    name: row.name,
    supplier: row.supplier,
    density_kg_m3: row.densityKgM3,
    hardness_shore: row.hardnessShore,
    color: row.color,
    sheet_length_mm: row.sheetLengthMm,
    sheet_width_mm: row.sheetWidthMm,
    sheet_thickness_mm: row.sheetThicknessMm,
    sheet_cost: row.sheetCostCents === null ? null : centsToDecimal(row.sheetCostCents),
    lead_time_days: row.leadTimeDays,
    notes: row.notes,
    is_active: row.isActive,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
