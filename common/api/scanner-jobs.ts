import { t, type Static } from "elysia";
import { Id, Money, OptionalId, Text, Timestamp } from "./fields";
import { PaginationAnswer } from "./orders";

/**
 * What the scanner job routes answer (SPEC section 3, /scanner/jobs and /scanner/process). The
 * server's serializers are typed against these (src/modules/scanner-jobs/service.ts), the OpenAPI
 * document prints them, a test checks real answers against them, and clients can take their types
 * from them with type-only imports. Strict where the server builds every field, so that test also
 * fails on a field the server sends that the schema lacks.
 */

/** [x, y] in foam millimetres. */
export const PointMm = t.Tuple([t.Number(), t.Number()]);

export const ScannerJobAnswer = t.Object(
  {
    id: Id,
    status: t.String({ description: "pending, queued, processed or rejected" }),
    /** Rebuilt by the server from contour_points_mm. */
    contour_svg: Text,
    contour_points_mm: t.Array(PointMm),
    /** As submitted (checked and bounded); preview_data_url only on GET /scanner/jobs/{id}. */
    calibration_payload: t.Record(t.String(), t.Unknown()),
    has_preview: t.Boolean(),
    processing_notes: Text,
    captured_at: Text,
    processed_at: Text,
    vector_path: Text,
    layout_id: Text,
    project_id: OptionalId,
    project_reference: Text,
    order_id: OptionalId,
    order_number: Text,
    user_email: Text,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

/** GET /scanner/jobs: newest first, previews left out. */
export const ScannerJobListAnswer = t.Object({ results: t.Array(ScannerJobAnswer), pagination: PaginationAnswer }, { additionalProperties: false });

/** One order a POST /scanner/process touched. */
export const ProcessedOrderAnswer = t.Object(
  {
    order_id: Id,
    order_number: t.String(),
    project_id: OptionalId,
    reference_code: Text,
    status: t.String(),
    file_status: t.String(),
    total: Money,
    /** Whether the layout was priced as order items by this call. */
    priced: t.Boolean(),
    /** Jobs that went from pending to queued. */
    queued: t.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** POST /scanner/process. */
export const ProcessLayoutAnswer = t.Object(
  { layout_id: Text, queued: t.Integer({ minimum: 0 }), orders: t.Array(ProcessedOrderAnswer) },
  { additionalProperties: false },
);

export type ScannerJobAnswer = Static<typeof ScannerJobAnswer>;
export type ScannerJobListAnswer = Static<typeof ScannerJobListAnswer>;
export type ProcessedOrderAnswer = Static<typeof ProcessedOrderAnswer>;
export type ProcessLayoutAnswer = Static<typeof ProcessLayoutAnswer>;
