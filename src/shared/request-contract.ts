import type { Static, TObject } from "@sinclair/typebox";
import { t, type TSchema } from "elysia";
import { bodyFields } from "./credentials";
import { parseId } from "./ids";
import { DOCUMENTED_BODY_MARK as DOCUMENTED_BODY } from "./openapi-multipart";

/** The body as the rules see it: only the documented fields can be read (each still unchecked). */
export type WireFields<Wire extends TObject> = { [Key in keyof Static<Wire>]?: unknown };

/**
 * One contract per JSON body: `wire` documents what the route accepts (OpenAPI, and the input
 * type a client can derive), `decode` applies the SPEC rules and hands the service plain values.
 * Elysia runs the pair as a Standard Schema validator, so the handler receives the decoded value:
 *  - a rule's AppError reaches onError as it is (a 400 keeps its status and its product wording,
 *    "Item 2: Quantity must be at least 1."), where a TypeBox check would answer a generic 422;
 *  - there is no exact-mirror pass, which reshapes a value into the declared type before checking
 *    it (a 100 kB string sent where a list belongs became 100 000 empty items);
 *  - `decode` can only read the wire's own field names (WireFields), so docs and rules cannot drift
 *    apart by a field.
 * Rules run in the order `decode` reads the fields, so the first problem reported is the one the
 * product names first (a TypeBox pass would report shape problems before any rule).
 */
export function bodyContract<Wire extends TObject, Out>(wire: Wire, decode: (fields: WireFields<Wire>) => Out) {
  const document = () => wire as unknown as Record<string, unknown>;
  return {
    wire,
    decode,
    /** For the route's `detail`: the generated request body is empty behind a custom JSON parser. */
    doc: (description?: string) => ({
      [DOCUMENTED_BODY]: {
        required: false,
        ...(description ? { description } : {}),
        content: { "application/json": { schema: document() } },
      },
    }),
    "~standard": {
      version: 1 as const,
      vendor: "foam-request-contract",
      // parseJsonObject has already refused non-objects; no body at all reads as no fields.
      validate: (value: unknown) => ({ value: decode(bodyFields(value) as WireFields<Wire>) }),
      jsonSchema: { input: document, output: document },
      types: undefined as unknown as { input: Static<Wire>; output: Out },
    },
  };
}

/**
 * Path `{id}` as a validated, decoded parameter: anything but a positive whole number names no row,
 * so it is the same 404 (with the module's wording, "Product not found.") as an id that does not exist.
 */
export const idParams = (notFoundDetail: string, description = "Numeric id") =>
  t.Object({
    id: t
      .Transform(t.String({ description }))
      .Decode((raw) => parseId(raw, notFoundDetail))
      .Encode(String),
  });

/**
 * For a route's `detail`: the answer's schema from common/api/. Not a second validator: the
 * serializers are typed against the same schema and each module's contract test checks real
 * answers with it.
 */
export const answerDoc = (status: number, schema: TSchema, description: string) => ({
  responses: { [status]: { description, content: { "application/json": { schema } } } },
});

/**
 * A route option (`.macro({ existingBox: existingRow(BOX_NOT_FOUND, (id) => loadBox(db, id)) })`)
 * that answers the module's 404 for a path `{id}` naming no row. A transform, so it runs before
 * Elysia validates the body or query (an edit of a row that does not exist is a 404 whatever the
 * body holds); listed after `role` in the route options, so it runs after the role check (a caller
 * without the role never learns which rows exist). Params are decoded after transforms, so this
 * reads the raw text with the same rule as idParams.
 */
export const existingRow = (notFoundDetail: string, load: (id: number) => Promise<unknown>) => ({
  async transform({ params }: { params: Record<string, string | undefined> }) {
    await load(parseId(params.id, notFoundDetail));
  },
});
