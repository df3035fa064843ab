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
