import type { ReactNode } from "react";
import { type SiteConfig, SITE_CONFIG_ELEMENT_ID, serializeSiteConfig } from "../../common/site-config";

export const BUILD_NUMBER = 23;
const PRODUCT_NAME = "Foam Intelligence Platform";

/** The HTML document around a page; the theme is set by a blocking script before first paint. */
export function Document({ title, page, site, children }: { title: string; page: string; site: SiteConfig; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content="Custom foam inserts for toolboxes, tool cases and gun cases: scan, lay out, price and order." />
        <title>{title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}`}</title>
        <link rel="icon" href="/app/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/app/assets/app.css" />
        <script src="/app/assets/theme-init.js" />
      </head>
      <body>
        <div id="root">{children}</div>
        {/* Data, not code (type application/json): allowed by the CSP, read before hydration. */}
        <script id={SITE_CONFIG_ELEMENT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serializeSiteConfig(site) }} />
        <script type="module" src={`/app/assets/entries/${page}.js`} />
      </body>
    </html>
  );
}
