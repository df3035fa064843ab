import type { TObject, TSchema } from "@sinclair/typebox";

type JsonSchema = Record<string, unknown>;
const KIND = Symbol.for("TypeBox.Kind");
/** Where a route's detail carries its documented body until `applyDocumentedBodies` moves it. */
export const DOCUMENTED_BODY_MARK = "x-request-body";
const MARK = DOCUMENTED_BODY_MARK;

function toOpenApi(schema: TSchema): JsonSchema {
  const kind = (schema as { [KIND]?: unknown })[KIND];
  if (kind === "File") return { type: "string", format: "binary" };
  // A repeated file field (the scanners' photos): OpenAPI's array of binaries, sent as repeated parts.
  if (kind === "Files") {
    const { minItems, maxItems } = schema as JsonSchema;
    return Object.fromEntries(Object.entries({ type: "array", items: { type: "string", format: "binary" }, minItems, maxItems }).filter(([, v]) => v !== undefined));
  }
  const { type, format, maxLength, anyOf } = schema as JsonSchema;
  if (Array.isArray(anyOf)) return { anyOf: (anyOf as TSchema[]).map(toOpenApi) };
  return Object.fromEntries(Object.entries({ type, format, maxLength }).filter(([, v]) => v !== undefined));
}

/**
 * Elysia's OpenAPI generator leaves a multipart body with a t.File empty. Spread this into a route's
 * `detail` to document it as multipart/form-data, from the same TypeBox schema the route validates
 * with (so the docs cannot drift from the validation).
 */
export function multipartBodyDoc(schema: TObject, description: string) {
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, toOpenApi(property)]));
  return {
    [MARK]: {
      required: true,
      description,
      content: { "multipart/form-data": { schema: { type: "object", properties, required: schema.required ?? [] } } },
    },
  };
}

/**
 * Moves every operation's documented body into place in a generated OpenAPI document (in place,
 * idempotent). Anything that is not an OpenAPI document is left alone.
 */
export function applyDocumentedBodies(spec: unknown): void {
  if (typeof spec !== "object" || spec === null || !("openapi" in spec) || !("paths" in spec)) return;
  const paths = (spec as { paths?: Record<string, Record<string, JsonSchema>> }).paths;
  if (!paths) return;
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations)) {
      if (!operation || typeof operation !== "object" || !(MARK in operation)) continue;
      operation.requestBody = operation[MARK];
      delete operation[MARK];
    }
}
