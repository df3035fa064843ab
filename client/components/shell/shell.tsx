import type { ReactNode } from "react";
import type { PageRoute } from "../../routes";

/** Placeholder shell: the web-shell work replaces it with the full header, navigation and footer. */
export function Shell({ route, children }: { route: PageRoute; children: ReactNode }) {
  return (
    <div className="app-shell" data-page={route.page}>
      <main id="main" className="app-main">
        {children}
      </main>
    </div>
  );
}
