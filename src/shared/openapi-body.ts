import type { TSchema } from "elysia";

/**
 * Documents a JSON body in OpenAPI without handing the schema to Elysia's validator. Elysia's
 * normaliser "mirrors" a value into the declared shape before validating, so a 100 kB string
 * sent where a list is expected became 100 000 empty items. Bodies are parsed by
 * parseJsonObject and checked field by field by each service (with the SPEC's messages), so the
 * schema here is the contract for readers, not a second, looser validator.
 */
export function jsonBody(schema: TSchema, description?: string) {
  return {
    requestBody: {
      required: false,
      ...(description ? { description } : {}),
      content: { "application/json": { schema: schema as unknown as Record<string, unknown> } },
    },
  };
}
