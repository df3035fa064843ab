/**
 * Light/dark theme (SPEC section 3): stored under localStorage 'theme'; without a stored choice the
 * system preference applies. assets/theme-init.js applies it before first paint; this module reads
 * and changes it afterwards. Everything is SSR-safe (no window access at import time).
 */
import { useCallback, useEffect, useState } from "react";

export type Theme = "light" | "dark";
export const THEME_KEY = "theme";
const EVENT = "theme-change";

export function systemTheme(): Theme {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return "light";
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === "dark" || value === "light" ? value : null;
  } catch {
    return null;
  }
}

/** The theme in force: the <html data-theme> set by theme-init.js, else stored, else system. */
export function currentTheme(): Theme {
  if (typeof document === "undefined") return "light";
  const applied = document.documentElement.dataset.theme;
  if (applied === "dark" || applied === "light") return applied;
  return storedTheme() ?? systemTheme();
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme(theme);
  window.dispatchEvent(new Event(EVENT));
}

/**
 * The theme for components: null until mounted, because the server cannot know it and the first
 * client render must match the server's HTML.
 */
export function useTheme(): { theme: Theme | null; toggle(): void } {
  const [theme, setState] = useState<Theme | null>(null);
  useEffect(() => {
    const sync = () => setState(currentTheme());
    sync();
    const media = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;
    // Follow the system only while the user has not chosen explicitly.
    const onSystem = () => {
      if (storedTheme() === null) {
        applyTheme(systemTheme());
        sync();
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_KEY) {
        applyTheme(storedTheme() ?? systemTheme());
        sync();
      }
    };
    window.addEventListener(EVENT, sync);
    window.addEventListener("storage", onStorage);
    media?.addEventListener?.("change", onSystem);
    return () => {
      window.removeEventListener(EVENT, sync);
      window.removeEventListener("storage", onStorage);
      media?.removeEventListener?.("change", onSystem);
    };
  }, []);
  const toggle = useCallback(() => setTheme(currentTheme() === "dark" ? "light" : "dark"), []);
  return { theme, toggle };
}
