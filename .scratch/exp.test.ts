import { test, expect } from "bun:test";
import { createTestApp } from "../tests/helpers/test-app";
import { Elysia, t } from "elysia";

test("exp", async () => {
  const tApp = await createTestApp();
  const { auth } = tApp.deps;
  const mod = new Elysia({ prefix: "/x", tags: ["X"] }).use(auth)
    .post("/a/:id", ({ body, params, path, query }) => ({ body, params, path, query }), {
      role: "any",
      body: t.Object({ name: t.String(), n: t.Optional(t.Union([t.Number(), t.String(), t.Null()])) }),
      detail: { summary: "A" },
    })
    .get("/q", ({ query, path }) => ({ query, path }), { role: "any", query: t.Object({ status: t.Optional(t.Union([t.String(), t.Array(t.String())])), page: t.Optional(t.String()) }) , detail: {summary: "Q"}})
    .get("/raw", ({ query }) => ({ query }), { detail: {summary: "raw"} });
  const app = new Elysia().onError(({ code, error }) => { return new Response(JSON.stringify({ code, msg: String(error?.message).slice(0,300) }), { status: 499 }); }).use(mod);
  const h = async (m: string, p: string, body?: any, token?: string) => {
    const r = await app.handle(new Request("http://localhost" + p, { method: m, headers: { "content-type": "application/json", ...(token ? { authorization: "Bearer " + token } : {}) }, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) }));
    return [r.status, await r.text()];
  };
  console.log("noauth bad body", await h("POST", "/x/a/1", { nope: 1 }));
  console.log("noauth no body", await h("POST", "/x/a/1"));
  const tok = await tApp.login("admin@demo.foam");
  console.log("auth unknown field", await h("POST", "/x/a/1?z=1", { name: "a", extra: 5, n: "3" }, tok));
  console.log("q repeated", await h("GET", "/x/q?status=a&status=b&page=2&token=" + tok));
  console.log("q single", await h("GET", "/x/q?status=a&x=1&token=" + tok));
  console.log("raw", await h("GET", "/x/raw?status=a&status=b"));
  console.log("malformed", await h("POST", "/x/a/1", "{bad", tok));
  tApp.close();
});
