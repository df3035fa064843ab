import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orderEvents, orders, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, expectAccess, parseCsv, tokenFor } from "./support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine; 5 s is too tight.
setDefaultTimeout(30_000);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, "admin");
});
afterAll(() => t.close());

const list = (query = "", token = admin) => t.request("GET", `/api/admin/orders${query}`, { token });
const create = (body: unknown, token = admin) => t.request("POST", "/api/admin/orders", { token, body });

describe("GET /api/admin/orders", () => {
  test("default page: 25 newest first with pagination, options and status counts", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const { results, pagination, options, summary } = response.json;
    expect(results).toHaveLength(25);
    expect(pagination).toEqual({ page: 1, per_page: 25, pages: 2, total: 40 });
    const created = results.map((row: { created_at: string }) => row.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(options.statuses.map((s: { value: string }) => s.value)).toEqual(["draft", "quoted", "approved", "in_production", "fulfilled", "cancelled"]);
    expect(options.statuses[0]).toEqual({ value: "draft", label: "Draft" });
    expect(options.order_types.length).toBeGreaterThan(0);
    expect(options.sorts.map((s: { value: string }) => s.value)).toContain("-created_at");
    expect(summary.status_counts).toEqual({ draft: 7, quoted: 7, approved: 7, in_production: 7, fulfilled: 6, cancelled: 6 });
    const row = results[0];
    for (const key of ["id", "order_number", "user_email", "customer_email", "order_type_label", "status_label", "production_status_label", "file_status", "priority", "items_count", "created_at", "updated_at"]) {
      expect(row).toHaveProperty(key);
    }
    expect(row.subtotal_amount).toMatch(/^\d+\.\d{2}$/);
    expect(row.events).toBeUndefined();
  });

  test("page 2 holds the rest; a page past the end is empty", async () => {
    expect((await list("?page=2")).json.results).toHaveLength(15);
    const past = await list("?page=9");
    expect(past.status).toBe(200);
    expect(past.json.results).toEqual([]);
    expect(past.json.pagination.pages).toBe(2);
  });

  test("status filter: repeated, comma-separated and blank values", async () => {
    const repeated = await list("?status=draft&status=cancelled&per_page=100");
    expect(repeated.json.pagination.total).toBe(13);
    expect(new Set(repeated.json.results.map((row: { status: string }) => row.status))).toEqual(new Set(["draft", "cancelled"]));
    expect((await list("?status=draft,cancelled")).json.pagination.total).toBe(13);
    expect((await list("?status=&order_type=&search=%20&date_from=")).json.pagination.total).toBe(40);
    // status counts ignore the status filter itself
    expect(repeated.json.summary.status_counts.approved).toBe(7);
  });

  test("order_type filter narrows results and status counts", async () => {
    const response = await list("?order_type=scanner&per_page=100");
    expect(response.json.pagination.total).toBe(10);
    expect(response.json.results.every((row: { order_type: string }) => row.order_type === "scanner")).toBe(true);
    const counts = Object.values(response.json.summary.status_counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counts).toBe(10);
  });

  test("every sort works and orders the rows", async () => {
    const sorts = ["created_at", "-created_at", "order_number", "-order_number", "total_amount", "-total_amount", "status", "-status", "updated_at", "-updated_at"];
    for (const sort of sorts) {
      const response = await list(`?sort=${sort}&per_page=100`);
      expect(response.status, sort).toBe(200);
      expect(response.json.results).toHaveLength(40);
    }
    const byTotal = (await list("?sort=-total_amount&per_page=100")).json.results.map((row: { total_amount: string }) => Number(row.total_amount));
    expect([...byTotal].sort((a, b) => b - a)).toEqual(byTotal);
    const byNumber = (await list("?sort=order_number&per_page=100")).json.results.map((row: { order_number: string }) => row.order_number);
    expect([...byNumber].sort()).toEqual(byNumber);
    const byStatus = (await list("?sort=status&per_page=100")).json.results.map((row: { status: string }) => row.status);
    expect(byStatus[0]).toBe("draft");
    expect(byStatus.at(-1)).toBe("cancelled");
  });

  test("search matches order number and customer e-mail, case-insensitively, with % and _ literal", async () => {
    const byEmail = await list("?search=NORTHWIND&per_page=100");
    expect(byEmail.json.pagination.total).toBeGreaterThan(0);
    expect(byEmail.json.results.every((row: { customer_email: string }) => row.customer_email.includes("northwind"))).toBe(true);
    const first = (await list("?per_page=1")).json.results[0];
    const byNumber = await list(`?search=${encodeURIComponent(first.order_number.toLowerCase())}`);
    expect(byNumber.json.results.map((row: { id: number }) => row.id)).toContain(first.id);
    expect((await list("?search=%25")).json.pagination.total).toBe(0);
    expect((await list("?search=_")).json.pagination.total).toBe(0);
    expect((await list("?search=nothing-matches-this")).json.results).toEqual([]);
  });

  test("date_from/date_to are inclusive UTC days", async () => {
    const all = (await list("?per_page=100&sort=created_at")).json.results;
    const day = all[10].created_at.slice(0, 10);
    const sameDay = all.filter((row: { created_at: string }) => row.created_at.startsWith(day)).length;
    const response = await list(`?date_from=${day}&date_to=${day}&per_page=100`);
    expect(response.json.pagination.total).toBe(sameDay);
    const from = await list(`?date_from=${day}&per_page=100`);
    expect(from.json.pagination.total).toBe(all.filter((row: { created_at: string }) => row.created_at.slice(0, 10) >= day).length);
  });

  test("bad query parameters are 400s naming the problem", async () => {
    const cases: [string, string][] = [
      ["?sort=price", 'Unknown sort "price"'],
      ["?sort=-id", 'Unknown sort "-id"'],
      ["?status=shipped", 'Unknown status "shipped"'],
      ["?status=draft&status=bogus", 'Unknown status "bogus"'],
      ["?order_type=boat", 'Unknown order type "boat"'],
      ["?page=0", "page must be a positive whole number."],
      ["?page=abc", "page must be a positive whole number."],
      ["?page=-1", "page must be a positive whole number."],
      ["?per_page=101", "per_page must be at most 100."],
      ["?per_page=1.5", "per_page must be a positive whole number."],
      ["?date_from=2024-02-30", "date_from must be a date in the form YYYY-MM-DD."],
      ["?date_to=yesterday", "date_to must be a date in the form YYYY-MM-DD."],
      ["?date_from=2025-02-01&date_to=2025-01-01", "date_from must not be after date_to."],
      [`?search=${"x".repeat(300)}`, "search must be at most 200 characters."],
    ];
    for (const [query, detail] of cases) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.json.detail, query).toStartWith(detail);
    }
  });

  test("access: admin and super_admin only", async () => {
    await expectAccess(t, "GET", "/api/admin/orders", ["admin", "super_admin"]);
    expect((await list("", await tokenFor(t, "super_admin"))).status).toBe(200);
  });
});

describe("GET /api/admin/orders/{id}", () => {
  test("the full order entity", async () => {
    const response = await t.request("GET", "/api/admin/orders/1", { token: admin });
    expect(response.status).toBe(200);
    const order = response.json;
    expect(order).toMatchObject({ id: 1, currency: "USD", status: "draft", status_label: "Draft", order_type: "calculator" });
    expect(order.user_email).toBe(order.customer_email);
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.items[0]).toMatchObject({ quantity: expect.any(Number), unit_price: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(order.items[0].metadata).toHaveProperty("productName");
    expect(order.addresses.map((a: { address_type: string }) => a.address_type).sort()).toEqual(["billing", "shipping"]);
    expect(order.addresses[0]).toHaveProperty("postal_code");
    expect(order.events[0]).toMatchObject({ event_type: "created", actor_email: "admin@demo.foam" });
    expect(order.calculator_payload).toMatchObject({ labourMinutes: 30 });
    expect(order.scanner_job).toBeNull();
    const scanner = (await list("?order_type=scanner&per_page=1")).json.results[0];
    const withJob = await t.request("GET", `/api/admin/orders/${scanner.id}`, { token: admin });
    expect(withJob.json.scanner_job).toMatchObject({ status: expect.any(String), captured_at: expect.any(String) });
    expect(withJob.json.scanner_job).toHaveProperty("vector_path");
  });

  test("unknown and malformed ids are 404", async () => {
    for (const id of ["99999", "abc", "1.5", "-1", "0", "1e3", "99999999999999999999"]) {
      const response = await t.request("GET", `/api/admin/orders/${id}`, { token: admin });
      expect(response.status, id).toBe(404);
      expect(response.json.detail).toBe("Order not found.");
    }
  });

  test("access", async () => {
    await expectAccess(t, "GET", "/api/admin/orders/1", ["admin", "super_admin"]);
  });
});

describe("POST /api/admin/orders", () => {
  test("creates with computed totals, defaults, description fallbacks and a created event", async () => {
    const response = await create({
      customer_email: "  Buyer@Example.COM ",
      notes: "  rush  ",
      subtotal_amount: "999.99",
      total_amount: 5,
      items: [
        { description: "Insert A", quantity: 3, unit_price: "19.99", metadata: { productName: "Kit", dimensions: "10 x 5 in", material: "PE" } },
        { quantity: "2", unit_price: 0.1, metadata: { productName: "Fallback name" } },
        { unit_price: "0.2" },
      ],
      addresses: [{ address_type: "shipping", first_name: "Ann", line1: "1 Main St", city: "Austin", country_code: "us", line2: "  " }],
    });
    expect(response.status).toBe(201);
    const order = response.json;
    expect(order.order_number).toMatch(/^ORD-\d{14}/);
    expect(order.customer_email).toBe("buyer@example.com");
    expect(order).toMatchObject({ currency: "USD", status: "draft", production_status: "pending", order_type: "custom", priority: "normal", notes: "rush" });
    expect(order.items.map((item: { description: string }) => item.description)).toEqual(["Insert A", "Fallback name", "Order item"]);
    expect(order.items.map((item: { total_price: string }) => item.total_price)).toEqual(["59.97", "0.20", "0.20"]);
    expect(order.items[2].quantity).toBe(1);
    expect(order.subtotal_amount).toBe("60.37");
    expect(order.total_amount).toBe("60.37");
    expect(order.addresses[0]).toMatchObject({ address_type: "shipping", country_code: "US", line2: null });
    expect(order.events).toHaveLength(1);
    expect(order.events[0]).toMatchObject({ event_type: "created", actor_email: "admin@demo.foam" });
    expect((await t.request("GET", `/api/admin/orders/${order.id}`, { token: admin })).json.total_amount).toBe("60.37");
  });

  test("without items the sent amounts are kept; a known customer is linked", async () => {
    const response = await create({ order_number: "ORD-MANUAL-1", customer_email: "customer@demo.foam", subtotal_amount: "12.5", currency: "eur", status: "quoted", order_type: "catalog", priority: "urgent" });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ order_number: "ORD-MANUAL-1", subtotal_amount: "12.50", total_amount: "12.50", currency: "EUR", status: "quoted", priority: "urgent" });
    const row = await t.db.query.orders.findFirst({ where: eq(orders.id, response.json.id) });
    const customer = await t.db.query.users.findFirst({ where: eq(users.email, "customer@demo.foam") });
    expect(row!.userId).toBe(customer!.id);
  });

  test("SPEC validation messages", async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, "Customer email is required."],
      [{ customer_email: "   " }, 400, "Customer email is required."],
      [{ customer_email: "not-an-email" }, 400, "Enter a valid customer email address."],
      [{ customer_email: "a@b.co", order_number: "  " }, 400, "Order number is required."],
      [{ customer_email: "a@b.co", items: [{ quantity: 0 }] }, 400, "Item 1: Quantity must be at least 1."],
      [{ customer_email: "a@b.co", items: [{ quantity: 1.5 }] }, 400, "Item 1: Quantity must be a whole number."],
      [{ customer_email: "a@b.co", items: [{}, { unit_price: -0.01 }] }, 400, "Item 2: Unit price must be at least 0."],
      [{ customer_email: "a@b.co", items: [{ unit_price: "abc" }] }, 400, "Item 1: Unit price must be a number."],
      [{ customer_email: "a@b.co", status: "shipped" }, 400, 'Unknown status "shipped"'],
      [{ customer_email: "a@b.co", production_status: "done" }, 400, 'Unknown production status "done"'],
      [{ customer_email: "a@b.co", order_type: "boat" }, 400, 'Unknown order type "boat"'],
      [{ customer_email: "a@b.co", priority: "asap" }, 400, 'Unknown priority "asap"'],
      [{ customer_email: "a@b.co", currency: "dollars" }, 400, "Currency must be at most 3 characters."],
      [{ customer_email: "a@b.co", currency: "U$" }, 400, "Currency must be a three-letter ISO code such as USD."],
      [{ customer_email: "a@b.co", subtotal_amount: -1 }, 400, "Subtotal must be at least 0."],
      [{ customer_email: "a@b.co", addresses: [{ address_type: "home" }] }, 400, "Address 1: address_type must be shipping or billing."],
      [{ customer_email: "a@b.co", material_id: 99999 }, 400, "Unknown material_id."],
      [{ customer_email: "a@b.co", items: Array.from({ length: 201 }, () => ({})) }, 400, "An order may have at most 200 items."],
    ];
    const before = await dataDigest(t);
    for (const [body, status, detail] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json.detail).toStartWith(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("a taken order number is a 409", async () => {
    const response = await create({ customer_email: "a@b.co", order_number: "ORD-MANUAL-1" });
    expect(response.status).toBe(409);
    expect(response.json.detail).toBe("An order with this number already exists.");
  });

  test("access", async () => {
    await expectAccess(t, "POST", "/api/admin/orders", ["admin", "super_admin"], { customer_email: "a@b.co" });
  });
});

describe("PATCH /api/admin/orders/{id}", () => {
  let id: number;
  beforeAll(async () => {
    id = (await create({ customer_email: "edit@example.com", items: [{ description: "One", quantity: 1, unit_price: 10 }] })).json.id;
  });

  test("changes only the sent fields and records each kind of change", async () => {
    const response = await t.request("PATCH", `/api/admin/orders/${id}`, {
      token: admin,
      body: { notes: "Call first", status: "approved", production_status: "in_progress", priority: "high" },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ notes: "Call first", status: "approved", production_status: "in_progress", priority: "high", customer_email: "edit@example.com", total_amount: "10.00" });
    expect(response.json.production_start_at).toBeTruthy();
    const types = response.json.events.map((event: { event_type: string }) => event.event_type);
    expect(types.slice(0, 3).sort()).toEqual(["production_status_changed", "status_changed", "updated"]);
    const status = response.json.events.find((event: { event_type: string }) => event.event_type === "status_changed");
    expect(status.payload).toEqual({ from: "draft", to: "approved" });
    const updated = response.json.events.find((event: { event_type: string }) => event.event_type === "updated");
    expect(updated.payload.changes.notes).toEqual({ from: null, to: "Call first" });
  });

  test("items replace the old ones and recompute totals; client totals are ignored", async () => {
    const response = await t.request("PATCH", `/api/admin/orders/${id}`, {
      token: admin,
      body: { items: [{ description: "Two", quantity: 4, unit_price: "2.50" }, { metadata: { productName: "Extra" }, unit_price: 1 }], total_amount: "1000" },
    });
    expect(response.status).toBe(200);
    expect(response.json.items.map((item: { description: string }) => item.description)).toEqual(["Two", "Extra"]);
    expect(response.json.subtotal_amount).toBe("11.00");
    expect(response.json.total_amount).toBe("11.00");
    expect(response.json.events[0].payload.changes.items).toEqual({ from: 1, to: 2 });
  });

  test("sending the same values changes nothing and adds no event", async () => {
    const before = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    const response = await t.request("PATCH", `/api/admin/orders/${id}`, { token: admin, body: { notes: "Call first", status: "approved", unknown_field: 1 } });
    expect(response.status).toBe(200);
    const after = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(after.length).toBe(before.length);
  });

  test("validation messages and conflicts", async () => {
    const before = await dataDigest(t);
    const cases: [unknown, number, string][] = [
      [{ customer_email: "" }, 400, "Customer email is required."],
      [{ order_number: "" }, 400, "Order number is required."],
      [{ order_number: "ORD-MANUAL-1" }, 409, "An order with this number already exists."],
      [{ status: "nope" }, 400, 'Unknown status "nope"'],
      [{ items: [{ quantity: -3 }] }, 400, "Item 1: Quantity must be at least 1."],
    ];
    for (const [body, status, detail] of cases) {
      const response = await t.request("PATCH", `/api/admin/orders/${id}`, { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.json.detail).toStartWith(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("404 and access", async () => {
    expect((await t.request("PATCH", "/api/admin/orders/424242", { token: admin, body: { notes: "x" } })).status).toBe(404);
    expect((await t.request("PATCH", "/api/admin/orders/x", { token: admin, body: { notes: "x" } })).status).toBe(404);
    await expectAccess(t, "PATCH", `/api/admin/orders/${id}`, ["admin", "super_admin"], { notes: "x" });
  });
});

describe("status changes", () => {
  test("PATCH /status sets the status once and logs from/to; the project follows", async () => {
    const order = (await list("?status=draft&per_page=100")).json.results.find((row: { project_id: number | null }) => row.project_id);
    const response = await t.request("PATCH", `/api/admin/orders/${order.id}/status`, { token: admin, body: { status: "approved" } });
    expect(response.status).toBe(200);
    expect(response.json.status).toBe("approved");
    expect(response.json.events[0]).toMatchObject({ event_type: "status_changed", payload: { from: "draft", to: "approved" }, actor_email: "admin@demo.foam" });
    expect(response.json.project.status).toBe("approved");
    const again = await t.request("PATCH", `/api/admin/orders/${order.id}/status`, { token: admin, body: { status: "approved" } });
    expect(again.json.events.length).toBe(response.json.events.length);
  });

  test("PATCH /status validation, 404 and access", async () => {
    const missing = await t.request("PATCH", "/api/admin/orders/1/status", { token: admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.detail).toBe("Status is required.");
    const bad = await t.request("PATCH", "/api/admin/orders/1/status", { token: admin, body: { status: "lost" } });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toStartWith('Unknown status "lost"');
    expect((await t.request("PATCH", "/api/admin/orders/999999/status", { token: admin, body: { status: "draft" } })).status).toBe(404);
    await expectAccess(t, "PATCH", "/api/admin/orders/1/status", ["admin", "super_admin"], { status: "draft" });
  });

  test("POST /bulk-status answers {updated} and logs one event per changed order", async () => {
    const ids = (await list("?status=quoted&per_page=3")).json.results.map((row: { id: number }) => row.id);
    const response = await t.request("POST", "/api/admin/orders/bulk-status", { token: admin, body: { order_ids: [...ids, 987654], status: "cancelled" } });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ updated: 3, unchanged: 0, not_found: [987654] });
    const again = await t.request("POST", "/api/admin/orders/bulk-status", { token: admin, body: { order_ids: ids, status: "cancelled" } });
    expect(again.json.updated).toBe(0);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, ids[0]));
    expect(events.filter((event) => event.eventType === "status_changed" && event.payload?.bulk).length).toBe(1);
  });

  test("bulk-status validation and access", async () => {
    const cases: [unknown, string][] = [
      [{ status: "draft" }, "Select at least one order."],
      [{ order_ids: [], status: "draft" }, "Select at least one order."],
      [{ order_ids: ["abc"], status: "draft" }, "order_ids must be a list of order ids."],
      [{ order_ids: [1], status: "zzz" }, 'Unknown status "zzz"'],
      [{ order_ids: Array.from({ length: 1001 }, (_, i) => i + 1), status: "draft" }, "At most 1000 orders"],
    ];
    for (const [body, detail] of cases) {
      const response = await t.request("POST", "/api/admin/orders/bulk-status", { token: admin, body });
      expect(response.status).toBe(400);
      expect(response.json.detail).toStartWith(detail);
    }
    await expectAccess(t, "POST", "/api/admin/orders/bulk-status", ["admin", "super_admin"], { order_ids: [1], status: "draft" });
  });
});

describe("CSV download", () => {
  let id: number;
  beforeAll(async () => {
    const response = await create({
      order_number: "ORD-CSV-1",
      customer_email: "csv@example.com",
      notes: 'Line one\r\nLine "two", with comma',
      items: [
        { description: "=HYPERLINK(\"http://evil\")", quantity: 2, unit_price: "1.50", metadata: { productName: "Kit, large", dimensions: '10" x 5"', material: "PE" } },
        { description: "Plain", quantity: 1, unit_price: 3 },
      ],
    });
    id = response.json.id;
  });

  test("a real CSV: header, one row per item, RFC 4180 quoting, attachment name", async () => {
    const response = await t.request("GET", `/api/admin/orders/${id}/download-csv`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/csv");
    expect(response.headers.get("content-disposition")).toContain('attachment; filename="ORD-CSV-1.csv"');
    expect(response.text).toContain("\r\n");
    const rows = parseCsv(response.text);
    expect(rows).toHaveLength(3);
    const header = rows[0]!;
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    expect(header).toContain("order_number");
    expect(col(rows[1]!, "order_number")).toBe("ORD-CSV-1");
    expect(col(rows[1]!, "notes")).toBe('Line one\r\nLine "two", with comma');
    expect(col(rows[1]!, "product_name")).toBe("Kit, large");
    expect(col(rows[1]!, "dimensions")).toBe('10" x 5"');
    expect(col(rows[1]!, "item_description")).toBe("'=HYPERLINK(\"http://evil\")");
    expect(col(rows[1]!, "item_total")).toBe("3.00");
    expect(col(rows[2]!, "item_description")).toBe("Plain");
    expect(col(rows[2]!, "order_total")).toBe("6.00");
    expect(rows.every((row) => row.length === header.length)).toBe(true);
  });

  test("a session token in ?token= is refused (links use scoped tokens); never without a token", async () => {
    expect((await t.request("GET", `/api/admin/orders/${id}/download-csv?token=${admin}`)).status).toBe(401);
    expect((await t.request("GET", `/api/admin/orders/${id}/download-csv`)).status).toBe(401);
    expect((await t.request("GET", "/api/admin/orders/999999/download-csv", { token: admin })).status).toBe(404);
    await expectAccess(t, "GET", `/api/admin/orders/${id}/download-csv`, ["admin", "super_admin"]);
  });

  test("download-link gives a scoped URL valid for that path only", async () => {
    const link = await t.request("POST", `/api/admin/orders/${id}/download-link`, { token: admin });
    expect(link.status).toBe(200);
    expect(link.json.url).toStartWith(`/api/admin/orders/${id}/download-csv?token=`);
    expect(Date.parse(link.json.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);
    expect((await t.request("GET", link.json.url)).status).toBe(200);
    const scoped = new URL(link.json.url, "http://x").searchParams.get("token")!;
    expect((await t.request("GET", `/api/admin/orders/1/download-csv?token=${scoped}`)).status).toBe(401);
    expect((await t.request("GET", `/api/admin/orders?token=${scoped}`)).status).toBe(401);
    expect((await t.request("GET", `/api/admin/orders/${id}/download-csv`, { token: scoped })).status).toBe(401);
    expect((await t.request("POST", "/api/admin/orders/999999/download-link", { token: admin })).status).toBe(404);
    await expectAccess(t, "POST", `/api/admin/orders/${id}/download-link`, ["admin", "super_admin"]);
  });
});
