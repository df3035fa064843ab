// Shared by the modules' contract tests (src/modules/*/contract.test.ts).
import { expect } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { TSchema } from "elysia";
import { AppError } from "../../src/shared/errors";

/** The contract's own verdict, as Elysia gets it: a value, or the rule's AppError. */
export function decode<Out>(contract: { "~standard": { validate: (value: unknown) => { value: Out } } }, body: unknown): Out {
  return contract["~standard"].validate(body).value;
}

/** The AppError a contract (or any rule) answers with; fails when it accepts. */
export function refusal(run: () => unknown): { status: number; detail: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, detail: error.detail };
    throw error;
  }
  throw new Error("accepted");
}

/** A real answer checked against its answer schema; `where` names it in the failure. */
export function expectMatches(schema: TSchema, value: unknown, where: string): void {
  const problem = Value.Errors(schema, value).First();
  expect(problem ? `${where}: ${problem.path} ${problem.message}` : null).toBeNull();
}

type OpenApiDocument = { paths: Record<string, Record<string, any>> };

/** The fields a route documents for its JSON body, sorted. */
export function documentedBodyFields(spec: OpenApiDocument, path: string, method: string): string[] {
  return Object.keys(spec.paths[path][method].requestBody.content["application/json"].schema.properties).sort();
}

/** The schema a route documents for its JSON answer with this status. */
export function documentedAnswer(spec: OpenApiDocument, path: string, method: string, status = 200) {
  return spec.paths[path][method].responses[status].content["application/json"].schema;
}

export type StatusCase = [method: string, path: string, token: string | null, body: unknown, status: number, detail: string | null];

/** Each request answers its status (and its detail, when given); `who` names the token in a failure. */
export async function expectStatuses(
  request: (method: string, path: string, options: { token?: string | null; body?: unknown }) => Promise<{ status: number; json: any }>,
  cases: StatusCase[],
  who: (token: string | null) => string,
): Promise<void> {
  for (const [method, path, token, body, status, detail] of cases) {
    const response = await request(method, path, { token, body });
    const where = `${method} ${path} as ${who(token)}`;
    expect(response.status, where).toBe(status);
    if (detail) expect(response.json.detail, where).toBe(detail);
  }
}
