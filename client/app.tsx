import type { ReactNode } from "react";
import { AccessGate } from "./components/access-gate";
import { Shell } from "./components/shell/shell";
import { SessionProvider } from "./lib/session-context";
import type { PageRoute } from "./routes";

/** The same tree on the server and in the browser, so hydration matches. */
export function App({ route, children }: { route: PageRoute; children: ReactNode }) {
  return (
    <SessionProvider>
      <Shell route={route}>
        <AccessGate access={route.access}>{children}</AccessGate>
      </Shell>
    </SessionProvider>
  );
}
