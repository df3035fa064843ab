import { describe, expect, test } from "bun:test";
import { AppError } from "./errors";
import { parseMultipart, formBody } from "./multipart-stream";
async function* split(bytes: Uint8Array, size: number) { for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size); }
describe("parseMultipart", () => {
test("reads what the browser's FormData sends, however the bytes are split (repeated files, text, JSON text)", async () => {
  const form = new FormData();
  form.append("image", new File([new Uint8Array(300000).map((_, i) => (i * 7) & 255)], "a.jpg", { type: "image/jpeg" }));
  form.append("image", new File([new TextEncoder().encode("\r\n--notit\r\n--")], "b.png", { type: "image/png" }));
  form.append("sensitivity", "45");
  form.append("json", '{"a":1}');
  form.append("empty", "");
  const req = new Request("http://x/", { method: "POST", body: form });
  const ct = req.headers.get("content-type")!;
  const bytes = new Uint8Array(await req.arrayBuffer());
  const boundary = ct.split("boundary=")[1]!;
  for (const size of [1, 2, 3, 7, 50, 1000, 65536, bytes.length]) {
    const body = formBody(await parseMultipart(split(bytes, size), boundary)) as any;
    expect(body.image.length).toBe(2);
    expect(new Uint8Array(await body.image[0].arrayBuffer())).toEqual(new Uint8Array(300000).map((_, i) => (i * 7) & 255));
    expect(body.image[0].name).toBe("a.jpg"); expect(body.image[0].type).toBe("image/jpeg");
    expect(await body.image[1].text()).toBe("\r\n--notit\r\n--");
    expect(body.sensitivity).toBe("45"); expect(body.json).toEqual({ a: 1 }); expect(body.empty).toBe("");
  }
});

test("malformed or unterminated bodies are a 400 with a detail; a huge text field a 413", async () => {
  const enc = (text: string) => new TextEncoder().encode(text);
  const cases: [string, number][] = [
    ["no boundary at all", 400],
    ['--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue without an end', 400],
    ["--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--", 400],
    [`--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"x".repeat(1024 * 1024 + 1)}\r\n--b--`, 413],
  ];
  for (const [body, status] of cases) {
    const error = await parseMultipart(split(enc(body), 4096), "b").catch((caught) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(status);
  }
});
});
