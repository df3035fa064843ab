import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";

export const materials = sqliteTable("materials", {
  id: id(),
  name: text("name").notNull(),
  supplier: text("supplier"),
  densityKgM3: real("density_kg_m3"),
  hardnessShore: real("hardness_shore"),
  color: text("color"),
  sheetLengthMm: real("sheet_length_mm"),
  sheetWidthMm: real("sheet_width_mm"),
  sheetThicknessMm: real("sheet_thickness_mm"),
  // Money as integer cents: never a float that drifts.
  sheetCostCents: integer("sheet_cost_cents"),
  leadTimeDays: integer("lead_time_days"),
  notes: text("notes"),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const catalogBoxes = sqliteTable("catalog_boxes", {
  id: id(),
  name: text("name").notNull(),
  manufacturer: text("manufacturer"),
  sku: text("sku"),
  internalLengthMm: real("internal_length_mm"),
  internalWidthMm: real("internal_width_mm"),
  internalDepthMm: real("internal_depth_mm"),
  weightCapacityKg: real("weight_capacity_kg"),
  description: text("description"),
  isActive: bool("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
