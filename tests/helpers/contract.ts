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
