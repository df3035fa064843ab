import { sessionIdOf } from "./auth";

/** A file answer that the browser saves: attachment disposition with an ASCII and a UTF-8 name. */
export function attachment(body: BodyInit, filename: string, contentType: string, extraHeaders: Record<string, string> = {}): Response {
  const ascii = filename.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "") || "download";
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      ...extraHeaders,
    },
  });
}

type LinkSigner = { signScoped(userId: number, tokenVersion: number, path: string, ttlSeconds?: number, sessionId?: string): Promise<string> };

export const DOWNLOAD_LINK_TTL_SECONDS = 300;

/**
 * A link that opens in a new window cannot send a header: the answer is the path with a scoped
 * token good for that one path, for five minutes, for this user (a password change or
 * deactivation kills it with the session, and so does signing out of the session that asked for
 * it). `query` is appended as is (e.g. format=pdf).
 */
export async function signedDownloadLink(tokens: LinkSigner, user: { id: number; tokenVersion: number }, path: string, query: Record<string, string> = {}) {
  const token = await tokens.signScoped(user.id, user.tokenVersion, path, DOWNLOAD_LINK_TTL_SECONDS, sessionIdOf(user));
  const search = new URLSearchParams({ ...query, token });
  return { url: `${path}?${search}`, expires_at: new Date(Date.now() + DOWNLOAD_LINK_TTL_SECONDS * 1000).toISOString() };
}
