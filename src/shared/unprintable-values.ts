/**
 * Elysia builds its validation messages with `${value}`. A JSON object whose "toString" (or
 * "valueOf") is not a function cannot be turned into text, so building the message throws a
 * TypeError and the caller got a 500 instead of a 422 (tests/security/fuzz.test.ts). Requests
 * carrying such an object are noted before validation so onError can answer them as bad input,
 * after the credentials checks have had their say.
 */
const noted = new WeakSet<Request>();

function hasUnprintableObject(root: unknown): boolean {
  // Iterative: a body may nest thousands of levels deep.
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (!value || typeof value !== "object") continue;
    if (!Array.isArray(value)) {
      for (const key of ["toString", "valueOf"]) {
        if (Object.hasOwn(value, key) && typeof (value as Record<string, unknown>)[key] !== "function") return true;
      }
    }
    for (const child of Object.values(value)) if (child && typeof child === "object") stack.push(child);
  }
  return false;
}

export function noteUnprintableValues({ request, body }: { request: Request; body: unknown }): void {
  if (hasUnprintableObject(body)) noted.add(request);
}

export const carriesUnprintableValues = (request: Request) => noted.has(request);
