import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { ROLE_EMAILS, sessionToken } from "./support";

setDefaultTimeout(60_000);

/**
 * The upload budget is given back whatever the answer was: with a 1 MB budget, a leak of any
 * 700 kB body would turn every later one into a 429. In-process requests carry no Content-Length,
 * so each body here goes through the chunk counter.
 */
let t: TestApp;
let customer: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_BUDGET_MB: "1" });
  customer = await sessionToken(t, ROLE_EMAILS.customer);
});
afterAll(() => t?.close());

const filler = new Uint8Array(700 * 1024).fill(0x41);
/** Elysia runs afterResponse hooks (where the budget is given back) in a setImmediate after the answer. */
const afterResponse = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

function imageForm(bytes: Uint8Array) {
  const form = new FormData();
  form.set("image", new Blob([bytes as BlobPart], { type: "image/jpeg" }), "a.jpg");
  return form;
}

describe("upload budget", () => {
  test("every way a request can end gives its bytes back", async () => {
    const outcomes: [string, () => Promise<{ status: number; json: { detail?: string } | null }>, number][] = [
      ["415 not an image", () => t.request("POST", "/api/scanner/preview", { form: imageForm(filler) }), 415],
      ["401 scan without credentials", () => t.request("POST", "/api/scanner/scan", { form: imageForm(filler) }), 401],
      ["404 unknown route", () => t.request("POST", "/api/no-such-route", { form: imageForm(filler) }), 404],
      ["400 malformed form", () => t.request("POST", "/api/scanner/preview", { body: `--x\r\n${"y".repeat(700 * 1024)}`, headers: { "content-type": "multipart/form-data; boundary=x" } }), 400],
      ["400 JSON body that is not JSON", () => t.request("POST", "/api/admin/orders", { token: customer, body: `{${"z".repeat(700 * 1024)}` }), 400],
      ["401 JSON without credentials", () => t.request("POST", "/api/admin/orders", { body: { notes: "n".repeat(700 * 1024) } }), 401],
      ["413 JSON over 4 MB… of a 1 MB budget", () => t.request("POST", "/api/admin/orders", { body: { notes: "n".repeat(5 * 1024 * 1024) } }), 429],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [label, send, status] of outcomes) {
        const response = await send();
        await afterResponse();
        expect(response.status, `${label} (round ${round + 1})`).toBe(status);
        expect(typeof response.json?.detail, label).toBe("string");
      }
    }
    // Two bodies that fit the budget together are fine, one after the other, forever.
    for (let index = 0; index < 5; index++) {
      expect((await t.request("POST", "/api/scanner/preview", { form: imageForm(filler) })).status).toBe(415);
      await afterResponse();
    }
  });
});
