import { API_BASE, apiRequest } from "../../../lib/api";
import { getToken } from "../../../lib/session";

export type SignedLink = { url: string; expires_at?: string };

/**
 * The fallback when a signed link cannot be had: the file is fetched with the session in the
 * Authorization header and saved from memory. The session token never goes into a URL (the server
 * refuses it there: URLs end up in logs and histories).
 */
export async function saveWithSession(path: string, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams(query).toString();
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}${params ? `?${params}` : ""}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const name = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? "download";
  const url = URL.createObjectURL(await response.blob());
  saveFrom(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Asks the server for a short-lived signed URL (POST …/download-link → {url}). */
export async function signedLink(linkPath: string, body?: unknown): Promise<SignedLink> {
  return apiRequest<SignedLink>(linkPath, { method: "POST", body });
}

export function isFresh(link: SignedLink | null, marginMs = 30_000): link is SignedLink {
  if (!link) return false;
  const expires = link.expires_at ? Date.parse(link.expires_at) : Number.NaN;
  return Number.isNaN(expires) || expires - marginMs > Date.now();
}

/** Saves a file through a temporary link: no pop-up blocker involved, the page stays put. */
export function saveFrom(url: string, filename = ""): void {
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = "noopener";
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** A download via a signed link, falling back to a fetch with the session header when the link call fails. */
export async function download(linkPath: string, body: unknown, fallbackPath: string, fallbackQuery: Record<string, string> = {}): Promise<void> {
  let url: string;
  try {
    url = (await signedLink(linkPath, body)).url;
  } catch (error) {
    console.warn("Signed download link failed; fetching with the session header", error);
    return saveWithSession(fallbackPath, fallbackQuery);
  }
  saveFrom(url);
}
