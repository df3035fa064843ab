import { t, type Static } from "elysia";
import { Id, OptionalNumber, Text, Timestamp } from "./fields";

/**
 * What the admin catalog routes answer (SPEC sections 3 and 7, /admin/catalog/boxes). The server's
 * serializer is typed against this schema (src/modules/catalog/serialize.ts), the OpenAPI document
 * prints it, a test checks real answers against it, and the admin client takes its types from it.
 * Strict (no additional properties), so that test also fails on a field the server sends that the
 * schema lacks.
 */
export const CatalogBoxAnswer = t.Object(
  {
    id: Id,
    name: t.String(),
    manufacturer: Text,
    sku: Text,
    internal_length_mm: OptionalNumber,
    internal_width_mm: OptionalNumber,
    internal_depth_mm: OptionalNumber,
    weight_capacity_kg: OptionalNumber,
    description: Text,
    /** False once archived (DELETE); a PATCH with is_active true reopens it. */
    is_active: t.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

/** GET /api/admin/catalog/boxes: active and archived products, sorted by name. */
export const CatalogBoxListAnswer = t.Object({ results: t.Array(CatalogBoxAnswer) });

export type CatalogBoxAnswer = Static<typeof CatalogBoxAnswer>;
export type CatalogBoxListAnswer = Static<typeof CatalogBoxListAnswer>;
