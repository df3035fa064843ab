import { renderToReadableStream } from "react-dom/server";
import { App } from "../../client/app";
import { PAGE_COMPONENTS } from "../../client/pages";
import { findRoute } from "../../client/routes";
import type { SiteConfig } from "../../common/site-config";
import { Document } from "./document";

/** Streams the server-rendered page; the browser hydrates the same tree from /app/assets/entries/<page>.js. */
export async function renderPage(pathname: string, site: SiteConfig): Promise<Response> {
  const route = findRoute(pathname);
  const Page = PAGE_COMPONENTS[route.page];
  const stream = await renderToReadableStream(
    <Document title={route.title} page={route.page} site={site}>
      <App route={route} site={site}>
        <Page />
      </App>
    </Document>,
    { onError: (error) => console.error("SSR error", error) },
  );
  return new Response(stream, {
    status: route.page === "not-found" ? 404 : 200,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
