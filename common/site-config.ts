/** Operator-level settings the server renders into every page (README, "Configuration"). */
export type SiteConfig = { contactEmail: string };

export const DEFAULT_SITE_CONFIG: SiteConfig = { contactEmail: "support@foam-intelligence.example" };
export const SITE_CONFIG_ELEMENT_ID = "site-config";

/** JSON for a `<script type="application/json">`: "<" escaped so no value can close the element. */
export function serializeSiteConfig(config: SiteConfig): string {
  return JSON.stringify(config).replace(/</g, "\\u003c");
}
