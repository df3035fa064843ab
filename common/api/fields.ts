import { t } from "elysia";

/**
 * Field schemas every answer in common/api/ shares. Only `elysia` is imported here (as in every
 * file of this folder): the client takes its types from these files with type-only imports, so
 * nothing of TypeBox reaches the browser bundle.
 */
export const Text = t.Union([t.String(), t.Null()]);
export const Id = t.Integer({ minimum: 1 });
export const OptionalId = t.Union([Id, t.Null()]);
/** Money travels as a decimal string with two places ("12.50"), never a float. */
export const Money = t.Union([t.String({ pattern: "^-?\\d+\\.\\d{2}$" }), t.Null()]);
/** A measurement or other plain number the admin may leave empty. */
export const OptionalNumber = t.Union([t.Number(), t.Null()]);
/** Stored and answered as ISO 8601 UTC text ("2025-01-31T12:00:00.000Z"). */
export const Timestamp = t.String({ description: "ISO 8601, UTC" });
export const OptionalTimestamp = t.Union([Timestamp, t.Null()]);
