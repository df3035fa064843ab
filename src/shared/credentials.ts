import { unauthorized } from "./errors";

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
