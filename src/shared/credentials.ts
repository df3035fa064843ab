import { AppError, unauthorized } from "./errors";

/**
 * Elysia validates the body before the role macro resolves the user, so a request with no
 * credentials and a bad body would answer 422. Modules run this in onTransform (before
 * validation) so an anonymous caller always gets 401 first; the macro still does the real check.
 */
export function requireCredentials(request: Request): void {
  if (request.headers.get("authorization")?.trim()) return;
  if (request.method === "GET" && new URL(request.url).searchParams.get("token")) return;
  throw unauthorized();
}

/**
 * The API speaks JSON (SPEC section 7). A body sent as a form or plain text is refused with 415
 * instead of being half-parsed into fields, so a browser form post can never edit data.
 */
export function requireJsonBody(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "DELETE") return;
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (!type || type === "application/json" || type.endsWith("+json")) return;
  throw new AppError(415, "Send the request body as JSON (Content-Type: application/json).");
}

// Elysia wraps anything thrown while parsing into a generic 400; the verdict is kept here and
// thrown from onTransform instead, after the credentials check (so an anonymous caller gets 401).
const bodyProblems = new WeakMap<Request, AppError>();

/**
 * JSON bodies are parsed here (an onParse hook) rather than by Elysia's default: a malformed body
 * is a 400, and a body that is valid JSON but not an object ([1, 2], "text", 42) is a 400 too,
 * instead of being coerced into an empty object and treated as "no changes". Empty or `null`
 * bodies mean "no body".
 */
export async function parseJsonObject({ request, contentType }: { request: Request; contentType: string }) {
  if (!contentType.toLowerCase().includes("json")) return;
  const text = await request.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    bodyProblems.set(request, new AppError(400, "The request body is not valid JSON."));
    return {};
  }
  if (value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    bodyProblems.set(request, new AppError(400, "The request body must be a JSON object."));
    return {};
  }
  return value;
}

/** A module's onTransform hook: credentials first, then the body's type and parse verdict. */
export function guardRequest({ request }: { request: Request }): void {
  requireCredentials(request);
  requireJsonBody(request);
  const problem = bodyProblems.get(request);
  if (problem) throw problem;
}

/** The parsed body as a field map (parseJsonObject guarantees an object or nothing). */
export const bodyFields = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
