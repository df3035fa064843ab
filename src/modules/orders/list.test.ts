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
