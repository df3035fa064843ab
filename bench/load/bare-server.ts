// The baseline for the load bench: a bare Bun.serve answering each benchmarked URL with the exact
// bytes the app returned for it (serialised once, up front). Run as its own process:
//   bun bench/load/bare-server.ts <port> <bodies.json>
const [port, bodiesFile] = process.argv.slice(2);
const bodies = (await Bun.file(bodiesFile!).json()) as Record<string, string>;
const responses = new Map(Object.entries(bodies).map(([url, body]) => [url, new TextEncoder().encode(body)]));
const headers = { "content-type": "application/json; charset=utf-8" };

const server = Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  reusePort: false,
  fetch(request) {
    const url = new URL(request.url);
    const body = responses.get(url.pathname + url.search);
    return body ? new Response(body, { headers }) : new Response('{"detail":"Not found."}', { status: 404, headers });
  },
});
console.log(`bare server on ${server.port}`);

export {};
