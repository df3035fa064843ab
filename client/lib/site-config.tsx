import { createContext, type ReactNode, useContext } from "react";

/** Operator-level settings the server renders into every page (README, "Configuration"). */
export type SiteConfig = { contactEmail: string };

export const DEFAULT_SITE_CONFIG: SiteConfig = { contactEmail: "support@foam-intelligence.example" };
export const SITE_CONFIG_ELEMENT_ID = "site-config";

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}

/** JSON for a `<script type="application/json">`: "<" escaped so no value can close the element. */
export function serializeSiteConfig(config: SiteConfig): string {
  return JSON.stringify(config).replace(/</g, "\\u003c");
}

/** The server's settings as rendered into the page, so hydration sees the same values. */
export function readSiteConfig(doc: Document = document): SiteConfig {
  const text = doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_SITE_CONFIG;
  try {
    const parsed = JSON.parse(text) as Partial<SiteConfig>;
    return { ...DEFAULT_SITE_CONFIG, ...(typeof parsed.contactEmail === "string" ? { contactEmail: parsed.contactEmail } : {}) };
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
}
