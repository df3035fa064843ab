import { t } from "elysia";

const Text = t.Union([t.String(), t.Number(), t.Null()]);
const Num = t.Union([t.Number(), t.String(), t.Null()], { description: "Number; empty or non-numeric becomes null" });

export const MaterialBody = t.Optional(
  t.Object({
    name: t.Optional(Text),
    supplier: t.Optional(Text),
    density_kg_m3: t.Optional(Num),
    hardness_shore: t.Optional(Num),
    color: t.Optional(Text),
    sheet_length_mm: t.Optional(Num),
    sheet_width_mm: t.Optional(Num),
    sheet_thickness_mm: t.Optional(Num),
    sheet_cost: t.Optional(t.Union([t.Number(), t.String(), t.Null()], { description: 'USD per sheet, e.g. "46.50"' })),
    lead_time_days: t.Optional(t.Union([t.Number(), t.String(), t.Null()], { description: "Whole days" })),
    notes: t.Optional(Text),
    is_active: t.Optional(t.Union([t.Boolean(), t.String(), t.Number()])),
  }),
);
