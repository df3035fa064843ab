import { t, type Static } from "elysia";
import { Id, OptionalId, OptionalNumber, Text, Timestamp } from "./fields";

/**
 * What the operator routes answer (SPEC section 8: the production board and its actions). The
 * server's card and board builders are typed against these (src/modules/operator/service.ts), the
 * OpenAPI document prints them, a test checks real answers against them (the board's cards come
 * out of SQL as JSON text, board-query.ts), and the admin client takes its types from them with
 * type-only imports. Field names are camelCase here: the card is the original board's answer.
 * Strict, so that test also fails on a field the server sends that the schema lacks.
 */
export const OperatorCardAnswer = t.Object(
  {
    id: Id,
    orderNumber: t.String(),
    orderType: t.String(),
    /** The order's status (draft, quoted, approved, …): Start needs approved. */
    status: t.String(),
    customerEmail: t.String(),
    /** The first item's product name or description, else "Custom Order". */
    productName: t.String(),
    material: Text,
    dimensions: Text,
    /** Whole minutes from the layout's cut length and the material; null without a layout. */
    estimatedTime: t.Union([t.Integer({ minimum: 1 }), t.Null()]),
    fileStatus: t.String(),
    fileError: Text,
    /** What to do next when the card cannot simply be started (the server's words). */
    nextStep: Text,
    /** Largest calibration_payload.accuracy_mm over the order's scanner jobs (± mm). */
    scanAccuracyMm: OptionalNumber,
    canStart: t.Boolean(),
    priority: t.String(),
    /** What stops production, in the operator's words; empty when nothing does. */
    blocks: t.Array(t.String()),
    issueReason: Text,
    productionStatus: t.String({ description: "pending, preparing, in_progress, completed or issue" }),
    productionStatusLabel: t.String(),
    createdAt: Timestamp,
    productionStartedAt: Text,
    fulfilledAt: Text,
  },
  { additionalProperties: false },
);

/** One production-status column of the paged board. */
export const OperatorColumnAnswer = t.Object(
  {
    status: t.String(),
    label: t.String(),
    /** Cards the column holds in all (not just this page). */
    total: t.Integer({ minimum: 0 }),
    cards: t.Array(OperatorCardAnswer),
    has_more: t.Boolean(),
    /** Pass as `after` (with `column`) for the next page; null when there is none. */
    next_after: OptionalId,
  },
  { additionalProperties: false },
);

/** GET /operator/dashboard with per_column, column or after. */
export const OperatorBoardAnswer = t.Object(
  { per_column: t.Integer({ minimum: 1, maximum: 100 }), columns: t.Array(OperatorColumnAnswer) },
  { additionalProperties: false },
);

/** GET /operator/dashboard without parameters: the original answer, at most 500 cards in board order. */
export const OperatorCardListAnswer = t.Array(OperatorCardAnswer);

/** Either answer of GET /operator/dashboard (the OpenAPI document lists both). */
export const OperatorDashboardAnswer = t.Union([OperatorCardListAnswer, OperatorBoardAnswer]);

export type OperatorCardAnswer = Static<typeof OperatorCardAnswer>;
export type OperatorColumnAnswer = Static<typeof OperatorColumnAnswer>;
export type OperatorBoardAnswer = Static<typeof OperatorBoardAnswer>;
export type OperatorCardListAnswer = Static<typeof OperatorCardListAnswer>;
