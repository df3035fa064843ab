import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { readSiteConfig } from "./lib/site-config";
import { findRoute } from "./routes";

export function hydratePage(Page: ComponentType) {
  const root = document.getElementById("root");
  if (!root) return;
  hydrateRoot(
    root,
    <App route={findRoute(window.location.pathname)} site={readSiteConfig()}>
      <Page />
    </App>,
  );
}
