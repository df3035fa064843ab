import { ApiError } from "./api-error";
import { getToken } from "./session";

export { ApiError };

export type ApiRequestOptions = {
  method?: string;
  body?: unknown;
  formData?: FormData;
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  /** Send the bearer token when one is stored (default true). */
  auth?: boolean;
  signal?: AbortSignal;
};

export const API_BASE = "/api";

/** Builds a query string that omits empty, blank and empty-array filters (SPEC section 5). */
export function buildQuery(query: ApiRequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      const text = String(item).trim();
      if (text !== "") params.append(key, text);
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${API_BASE}${path}${buildQuery(options.query)}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = text;
  }
  if (!response.ok) {
    const detail = (payload as { detail?: unknown } | null)?.detail;
    throw new ApiError(typeof detail === "string" && detail ? detail : "Request failed", response.status, payload);
  }
  return payload as T;
}
