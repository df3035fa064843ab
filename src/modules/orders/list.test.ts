import { describe, expect, test } from "bun:test";
import { parseOrderListQuery } from "./list";

const parse = (query: string) => parseOrderListQuery(`http://x/api/admin/orders${query}`);

describe("parseOrderListQuery", () => {
  test("defaults", () => {
    expect(parse("")).toEqual({ page: 1, perPage: 25, sort: "-created_at", statuses: [], orderTypes: [], dateFrom: null, dateTo: null, search: null });
  });

  test("repeated, bracketed and comma-separated filters; blanks ignored", () => {
    expect(parse("?status=draft&status[]=quoted&status=approved,,cancelled&status=").statuses.sort()).toEqual(["approved", "cancelled", "draft", "quoted"]);
    expect(parse("?search=%20%20&date_from=&page=").search).toBeNull();
  });

  test("refuses what it cannot honour", () => {
    expect(() => parse("?sort=drop")).toThrow('Unknown sort "drop"');
    expect(() => parse("?status=lost")).toThrow('Unknown status "lost"');
    expect(() => parse("?per_page=0")).toThrow("per_page must be a positive whole number.");
    expect(() => parse("?date_from=2025-02-29")).toThrow("date_from must be a date in the form YYYY-MM-DD.");
  });
});

describe("listOrders", () => {
  test("items_count is each order's own number of items (found by bench/load: it was one constant for every row)", async () => {
    const { createTestApp } = await import("../../../tests/helpers/test-app");
    const { sessionToken } = await import("../../../tests/security/support");
    const t = await createTestApp();
    try {
      const token = await sessionToken(t, "admin@demo.foam");
      const counts: Record<string, number> = {};
      for (const lines of [1, 3, 0, 2]) {
        const items = Array.from({ length: lines }, (_, index) => ({ description: `Line ${index}`, quantity: 1, unit_price: "1.00" }));
        const created = await t.request("POST", "/api/admin/orders", { token, body: { order_number: `COUNT-${lines}`, customer_email: "count@example.com", items } });
        expect(created.status, created.text).toBe(201);
        counts[`COUNT-${lines}`] = lines;
      }
      const list = await t.request("GET", "/api/admin/orders?search=COUNT-", { token });
      const seen = Object.fromEntries(list.json.results.map((row: { order_number: string; items_count: number }) => [row.order_number, row.items_count]));
      expect(seen).toEqual(counts);
    } finally {
      t.close();
    }
  });
});

describe("ftsPhrase", () => {
  test("the user's text is one literal phrase: quotes doubled, operators and wildcards inert", async () => {
    const { ftsPhrase } = await import("./list");
    expect(ftsPhrase("acme")).toBe('"acme"');
    expect(ftsPhrase('say "hi" OR x*')).toBe('"say ""hi"" OR x*"');
  });
});

describe("search, counts and their upkeep at scale (issue 17)", () => {
  test("FTS search, short prefixes, and status counts that follow every write", async () => {
    const { createTestApp } = await import("../../../tests/helpers/test-app");
    const { sessionToken } = await import("../../../tests/security/support");
    const { orders } = await import("../../../db/schema");
    const { sql, eq } = await import("drizzle-orm");
    const t = await createTestApp();
    try {
      const token = await sessionToken(t, "admin@demo.foam");
      const list = async (query: string) => {
        const answer = await t.request("GET", `/api/admin/orders${query}`, { token });
        expect(answer.status, answer.text).toBe(200);
        return answer.json as { results: { id: number; order_number: string; status: string }[]; pagination: { total: number }; summary: { status_counts: Record<string, number> } };
      };
      const numbers = (answer: { results: { order_number: string }[] }) => answer.results.map((row) => row.order_number).sort();
      // What status_counts must say, straight from the table.
      const truth = async (where = sql`1 = 1`) =>
        Object.fromEntries(((await t.db.all(sql`select status, count(*) as count from orders where ${where} group by status`)) as { status: string; count: number }[]).map((row) => [row.status, Number(row.count)]));
      const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));

      const create = async (body: Record<string, unknown>) => {
        const created = await t.request("POST", "/api/admin/orders", { token, body: { items: [{ description: "Insert", quantity: 1, unit_price: "1.00" }], ...body } });
        expect(created.status, created.text).toBe(201);
        return created.json as { id: number; order_number: string };
      };
      const noted = await create({ order_number: "FTS-NOTE-1", customer_email: "someone@northwind.example", notes: "Laser-etch the Zebracorp logo" });
      const named = await create({
        order_number: "FTS-NAME-1",
        customer_email: "buyer@plain.example",
        addresses: [{ address_type: "shipping", first_name: "Gwendolyn", last_name: "Okonkwo", line1: "1 Road", city: "Town", country_code: "US" }],
      });
      const literal = await create({ order_number: "FTS-PCT-1", customer_email: "pct@example.com", notes: "Discount 100%-off applied" });
      await create({ order_number: "FTS-PCT-2", customer_email: "pct@example.com", notes: "Discount 100X-off applied" });

      // Substring, case-insensitive, over notes, the names on the addresses, e-mail and number.
      expect(numbers(await list("?search=zebraCORP"))).toEqual(["FTS-NOTE-1"]);
      expect(numbers(await list("?search=okonk"))).toEqual(["FTS-NAME-1"]);
      expect(numbers(await list("?search=NORTHWIND.exa"))).toEqual(["FTS-NOTE-1"]);
      expect(numbers(await list("?search=fts-name"))).toEqual(["FTS-NAME-1"]);
      // % is a character to find, not a wildcard; quotes and FTS syntax are text too.
      expect(numbers(await list("?search=100%25-"))).toEqual([literal.order_number]);
      expect((await list(`?search=${encodeURIComponent('"OR" NEAR(a b) *')}`)).results).toEqual([]);
      // A customer account's name is searchable (the demo customer has one).
      const [customer] = (await t.db.all(sql`select first_name as first from users where email = 'customer@demo.foam'`)) as { first: string }[];
      if (customer?.first && customer.first.length >= 3) {
        const byName = await list(`?search=${encodeURIComponent(customer.first)}&per_page=100`);
        expect(byName.pagination.total).toBeGreaterThan(0);
      }

      // Edits re-index: the old number no longer matches, the new one does.
      const renamed = await t.request("PATCH", `/api/admin/orders/${noted.id}`, { token, body: { order_number: "FTS-RENAMED-9", notes: "plain" } });
      expect(renamed.status, renamed.text).toBe(200);
      expect((await list("?search=zebracorp")).results).toEqual([]);
      expect(numbers(await list("?search=renamed-9"))).toEqual(["FTS-RENAMED-9"]);
      // Replacing the addresses replaces the searchable names.
      await t.request("PATCH", `/api/admin/orders/${named.id}`, { token, body: { addresses: [] } });
      expect((await list("?search=okonkwo")).results).toEqual([]);

      // One or two characters: the start of the order number or the e-mail, either case.
      const short = await list("?search=ft&per_page=100");
      expect(short.results.length).toBe(4);
      expect(short.results.every((row) => row.order_number.startsWith("FTS-"))).toBe(true);
      expect((await list("?search=TS")).results).toEqual([]);
      // Two characters outside the BMP are still two characters: a prefix search, not an empty FTS one.
      const emoji = await create({ order_number: "FTS-EMOJI", customer_email: "😀😀@example.com" });
      expect(numbers(await list(`?search=${encodeURIComponent("😀😀")}`))).toEqual([emoji.order_number]);
      await t.db.delete(orders).where(eq(orders.id, emoji.id));

      // Counts: unfiltered and by type come from the trigger-kept table; search and dates are cached per revision.
      expect(nonZero((await list("")).summary.status_counts)).toEqual(await truth());
      expect(nonZero((await list("?order_type=custom")).summary.status_counts)).toEqual(await truth(sql`order_type = 'custom'`));
      const before = await list("?search=fts-");
      expect(before.pagination.total).toBe(4);
      expect(before.summary.status_counts.draft).toBe(4);

      const moved = await t.request("PATCH", `/api/admin/orders/${literal.id}/status`, { token, body: { status: "approved" } });
      expect(moved.status, moved.text).toBe(200);
      const bulk = await t.request("POST", "/api/admin/orders/bulk-status", { token, body: { order_ids: [named.id], status: "cancelled" } });
      expect(bulk.json.updated).toBe(1);
      const after = await list("?search=fts-");
      expect(nonZero(after.summary.status_counts)).toEqual({ draft: 2, approved: 1, cancelled: 1 });
      expect((await list("?search=fts-&status=approved")).pagination.total).toBe(1);
      expect(nonZero((await list("")).summary.status_counts)).toEqual(await truth());

      // A write that bypasses the services (another module, another instance) is seen as well.
      await t.db.update(orders).set({ status: "fulfilled" }).where(eq(orders.id, literal.id));
      expect(nonZero((await list("?search=fts-")).summary.status_counts)).toEqual({ draft: 2, fulfilled: 1, cancelled: 1 });
      expect(nonZero((await list("")).summary.status_counts)).toEqual(await truth());
      await t.db.delete(orders).where(eq(orders.id, literal.id));
      expect((await list("?search=100%25")).results).toEqual([]);
      expect(nonZero((await list("")).summary.status_counts)).toEqual(await truth());
      const today = new Date().toISOString().slice(0, 10);
      expect(nonZero((await list(`?date_from=${today}`)).summary.status_counts)).toEqual(await truth(sql`created_at >= ${`${today}T00:00:00.000Z`}`));
    } finally {
      t.close();
    }
  });
});
