import { createContext, type ReactNode, useContext } from "react";

import { DEFAULT_SITE_CONFIG, SITE_CONFIG_ELEMENT_ID, type SiteConfig } from "../../common/site-config";

export { DEFAULT_SITE_CONFIG, SITE_CONFIG_ELEMENT_ID, serializeSiteConfig, type SiteConfig } from "../../common/site-config";

const SiteConfigContext = createContext<SiteConfig>(DEFAULT_SITE_CONFIG);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
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
