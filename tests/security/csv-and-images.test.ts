import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { encodeJpeg } from "../../bench/synth/bmp-encode";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { ROLE_EMAILS, sessionToken } from "./support";

setDefaultTimeout(60_000);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionToken(t, ROLE_EMAILS.admin);
});
afterAll(() => t?.close());

describe("orders CSV (issue 16, item 6)", () => {
  test("every text cell is quoted; a formula after a separator or in full-width form is defused", async () => {
    const hostile = ["x;=1+1", "＝1+1", "ok, =HYPERLINK(\"http://evil\")", "a\t@SUM(A1)", "plain"];
    const created = await t.request("POST", "/api/admin/orders", {
      token: admin,
      body: {
        order_number: "ORD-CSV-INJECT",
        customer_email: "csv@example.com",
        notes: "note;-2+3",
        items: hostile.map((description) => ({ description, quantity: 1, unit_price: "1.00" })),
      },
    });
    expect(created.status, created.text).toBe(201);
    const csv = await t.request("GET", `/api/admin/orders/${created.json.id}/download-csv`, { token: admin });
    expect(csv.status).toBe(200);
    const lines = csv.text.split("\r\n");
    expect(lines[0]).toStartWith('"order_number","order_type",');
    expect(csv.text).toContain(`"x;'=1+1"`);
    expect(csv.text).toContain(`"'＝1+1"`);
    expect(csv.text).toContain(`"ok, '=HYPERLINK(""http://evil"")"`);
    expect(csv.text).toContain(`"a\t'@SUM(A1)"`);
    expect(csv.text).toContain(`"note;'-2+3"`);
    expect(csv.text).toContain(`"plain"`);
    // Amounts stay numbers a spreadsheet can add up.
    expect(csv.text).toMatch(/,1\.00,1\.00\r\n/);
    // No unquoted text cell anywhere: split outside quotes, every non-empty, non-numeric cell is quoted.
    for (const line of lines.filter(Boolean)) {
      const cells = line.match(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)!.map((cell) => cell.replace(/,$/, ""));
      for (const cell of cells) if (cell && !/^-?\d+(\.\d+)?$/.test(cell)) expect(cell, line).toMatch(/^".*"$/s);
    }
  });
});

describe("truncated photos (issue 16, item 7)", () => {
  test("a JPEG cut off in transit is 'truncated or damaged', not 'markers missing'", async () => {
    const width = 1280;
    const height = 960;
    const data = new Uint8Array(width * height * 4);
    for (let index = 0; index < data.length; index++) data[index] = (index * 31) & 255;
    const jpeg = await encodeJpeg({ width, height, data }, 90);
    const form = new FormData();
    form.set("image", new Blob([jpeg.slice(0, Math.floor(jpeg.length * 0.7)) as BlobPart], { type: "image/jpeg" }), "cut.jpg");
    const response = await t.request("POST", "/api/scanner/preview", { form });
    expect(response.status, response.text).toBe(422);
    expect(response.json.detail).toMatch(/truncated or damaged/);
  });
});
