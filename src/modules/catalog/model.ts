import { t } from "elysia";

const Text = t.Union([t.String(), t.Number(), t.Null()]);
const Num = t.Union([t.Number(), t.String(), t.Null()], { description: "Number; empty or non-numeric becomes null" });

// Lenient on purpose: SPEC section 5 normalises (trim, empty → null, non-numeric → null) instead of refusing.
export const BoxBody = t.Optional(
  t.Object({
    name: t.Optional(Text),
    manufacturer: t.Optional(Text),
    sku: t.Optional(Text),
    internal_length_mm: t.Optional(Num),
    internal_width_mm: t.Optional(Num),
    internal_depth_mm: t.Optional(Num),
    weight_capacity_kg: t.Optional(Num),
    description: t.Optional(Text),
    is_active: t.Optional(t.Union([t.Boolean(), t.String(), t.Number()])),
  }),
);

export const ActiveQuery = t.Object({ is_active: t.Optional(t.String({ description: "true or false; omit for all" })) });
export const IdParams = t.Object({ id: t.String({ description: "Numeric id" }) });
