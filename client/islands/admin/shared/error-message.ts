import { ApiError } from "../../../lib/api";

/** Load failures show the server's own message first (SPEC section 8); network errors get the fallback. */
export function loadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.message !== "Request failed") return error.message;
  return fallback;
}

/** User save and toggle prefer a string `detail` from the error payload (SPEC section 8). */
export function detailOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const detail = (error.payload as { detail?: unknown } | null)?.detail;
    if (typeof detail === "string" && detail.trim()) return detail;
  }
  return fallback;
}
