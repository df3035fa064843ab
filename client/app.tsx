import type { ReactNode } from "react";
import { AccessGate } from "./components/access-gate";
import { Shell } from "./components/shell/shell";
import { SessionProvider } from "./lib/session-context";
import { DEFAULT_SITE_CONFIG, type SiteConfig, SiteConfigProvider } from "./lib/site-config";
import type { PageRoute } from "./routes";

/** The same tree on the server and in the browser, so hydration matches. */
export function App({ route, site = DEFAULT_SITE_CONFIG, children }: { route: PageRoute; site?: SiteConfig; children: ReactNode }) {
  return (
    <SiteConfigProvider value={site}>
      <SessionProvider>
        <Shell route={route}>
          <AccessGate access={route.access}>{children}</AccessGate>
        </Shell>
      </SessionProvider>
    </SiteConfigProvider>
  );
}
