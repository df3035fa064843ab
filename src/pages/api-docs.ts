/** /api/docs: a same-origin page (no CDN, CSP-safe) that renders the OpenAPI JSON with assets/api-docs.js. */
export function apiDocsPage(): Response {
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Foam Intelligence Platform</title>
<link rel="icon" href="/app/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app/assets/api-docs.css">
</head><body>
<header><h1>Foam Intelligence Platform API</h1>
<p>Every route under <code>/api</code>. Send <code>Authorization: Bearer &lt;token&gt;</code> from <code>POST /api/auth/login</code>.
Machine-readable: <a href="/api/docs/json">OpenAPI JSON</a>.</p></header>
<main id="docs"><p>Loading…</p></main>
<script src="/app/assets/api-docs.js"></script>
</body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
