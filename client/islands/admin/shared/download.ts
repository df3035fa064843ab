import { API_BASE, apiRequest } from "../../../lib/api";
import { getToken } from "../../../lib/session";

export type SignedLink = { url: string; expires_at?: string };

/**
 * A direct GET link carrying the session token as ?token= (the server accepts it on GET only).
 * Used only when a signed link cannot be had: the signed one is scoped to one file for 5 minutes.
 */
export function tokenUrl(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  const token = getToken();
  if (token) params.set("token", token);
  const text = params.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ""}`;
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
export function saveFrom(url: string): void {
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = "";
  anchor.rel = "noopener";
  anchor.style.display = "none";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** A download via a signed link, falling back to the token URL when the link call fails. */
export async function download(linkPath: string, body: unknown, fallbackPath: string, fallbackQuery: Record<string, string> = {}): Promise<void> {
  let url: string;
  try {
    url = (await signedLink(linkPath, body)).url;
  } catch (error) {
    console.warn("Signed download link failed; using the session link", error);
    url = tokenUrl(fallbackPath, fallbackQuery);
  }
  saveFrom(url);
}
