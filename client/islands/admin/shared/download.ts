import { API_BASE } from "../../../lib/api";
import { getToken } from "../../../lib/session";

/**
 * A direct link for a GET download (CSV, cutting file). A new window cannot send the bearer header,
 * so the token travels as ?token= (the server accepts it on GET only).
 */
export function downloadUrl(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  const token = getToken();
  if (token) params.set("token", token);
  const text = params.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ""}`;
}

/** Opens a download in a new window (SPEC section 7: "opened in a new window"). */
export function openDownload(path: string, query: Record<string, string> = {}): void {
  window.open(downloadUrl(path, query), "_blank", "noopener");
}
