import { AppError } from "./errors";

/** Largest request body we read: a 25 MB photo plus multipart overhead. */
export const MAX_BODY_BYTES = 30 * 1024 * 1024;
/**
 * Bun's own cap, above ours: it answers with an empty 413, so it only catches bodies that announce
 * no length (chunked uploads); everything that states its size gets our message first.
 */
export const SERVER_BODY_CAP_BYTES = 64 * 1024 * 1024;

/** Refuses a declared oversize body before any of it is read, with a detail like every other error. */
export function refuseOversizeBody({ request }: { request: Request }) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError(413, "The request is larger than 30 MB. Photos may be at most 25 MB.");
}
