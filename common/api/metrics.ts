import { t, type Static } from "elysia";

/**
 * GET /api/admin/metrics (SPEC section 7, the admin metrics strip). The server's service is typed
 * against this schema (src/modules/metrics/service.ts), the OpenAPI document prints it, a test checks
 * the real answer against it, and the admin client takes its type from it. Strict, so that test also
 * fails on a count the server sends that the schema lacks.
 */
const Count = (description: string) => t.Integer({ minimum: 0, description });

export const MetricsAnswer = t.Object(
  {
    active_projects: Count("Orders with status approved or in_production"),
    quotes_pending: Count("Orders with status quoted"),
    scanner_queue: Count("Scanner jobs with status pending or queued"),
  },
  { additionalProperties: false },
);

export type MetricsAnswer = Static<typeof MetricsAnswer>;
