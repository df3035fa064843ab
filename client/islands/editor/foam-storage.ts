import { parseFoam } from "./core/foam";
import type { Foam } from "./core/types";

/** The chosen foam outlives a reload next to the queue, whose positions are percent of it. */
export const FOAM_STORAGE_KEY = "foam-editor-foam";

export function readStoredFoam(): Foam | null {
  if (typeof window === "undefined") return null;
  try {
    return parseFoam(JSON.parse(window.localStorage.getItem(FOAM_STORAGE_KEY) ?? "null"));
  } catch {
    return null;
  }
}

export function writeStoredFoam(foam: Foam): void {
  if (typeof window === "undefined") return;
  window.localStorage.setItem(FOAM_STORAGE_KEY, JSON.stringify(foam));
}
