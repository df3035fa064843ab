import { t, type Static } from "elysia";
import { Id, Money, OptionalNumber, Text, Timestamp } from "./fields";

/**
 * What the admin material routes answer (SPEC sections 3 and 7, /admin/calculator/materials). The
 * server's serializer is typed against this schema (src/modules/materials/serialize.ts), the OpenAPI
 * document prints it, a test checks real answers against it, and the admin client takes its types
 * from it. Strict (no additional properties), so that test also fails on a field the server sends
 * that the schema lacks. The sheet cost is USD as a decimal string ("46.50").
 */
export const MaterialAnswer = t.Object(
  {
    id: Id,
    name: t.String(),
    supplier: Text,
    density_kg_m3: OptionalNumber,
    hardness_shore: OptionalNumber,
    color: Text,
    sheet_length_mm: OptionalNumber,
    sheet_width_mm: OptionalNumber,
    sheet_thickness_mm: OptionalNumber,
    sheet_cost: Money,
    lead_time_days: t.Union([t.Integer({ minimum: 0 }), t.Null()]),
    notes: Text,
    /** False once archived (DELETE); a PATCH with is_active true reopens it. */
    is_active: t.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

/** GET /api/admin/calculator/materials: active and archived materials, sorted by name. */
export const MaterialListAnswer = t.Object({ results: t.Array(MaterialAnswer) });

export type MaterialAnswer = Static<typeof MaterialAnswer>;
export type MaterialListAnswer = Static<typeof MaterialListAnswer>;
