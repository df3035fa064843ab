import { test, expect } from "bun:test";
import { createTestApp } from "../tests/helpers/test-app";
import { Elysia, t } from "elysia";

test("exp", async () => {
  const tApp = await createTestApp();
  const { auth } = tApp.deps;
  const mod = new Elysia({ prefix: "/x", tags: ["X"] }).use(auth)
    .onTransform(({ request }) => { if (!request.headers.get("authorization")) throw new Error("nocred"); })
    .post("/a/:id", ({ body }) => ({ body: body ?? "undef" }), {
      role: "any",
      body: t.Optional(t.Object({ name: t.Optional(t.String()) })),
      detail: { summary: "A" },
    });
  const app = new Elysia().onError(({ code, error }) => { return new Response(JSON.stringify({ code, msg: String(error?.message).slice(0,100) }), { status: 499 }); }).use(mod).get("/other", () => "ok");
  const h = async (m: string, p: string, body?: any, token?: string, ct = "application/json") => {
    const r = await app.handle(new Request("http://localhost" + p, { method: m, headers: { ...(body !== undefined ? {"content-type": ct} : {}), ...(token ? { authorization: "Bearer " + token } : {}) }, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) }));
    return [r.status, await r.text()];
  };
  const tok = await tApp.login("admin@demo.foam");
  console.log("no body", await h("POST", "/x/a/1", undefined, tok));
  console.log("no cred", await h("POST", "/x/a/1", { name: 5 }));
  console.log("other", await h("GET", "/other"));
  console.log("array body", await h("POST", "/x/a/1", [1,2], tok));
  console.log("text body", await h("POST", "/x/a/1", "hello", tok, "text/plain"));
  console.log("null body", await h("POST", "/x/a/1", "null", tok));
  const r = await tApp.request("GET", "/api/docs/json"); console.log("docs", r.status, r.text.slice(0, 200));
  const r2 = await tApp.request("GET", "/api/docs"); console.log("docs html", r2.status, r2.text.slice(0, 100));
  tApp.close();
});
