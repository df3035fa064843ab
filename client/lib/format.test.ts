import { describe, expect, test } from "bun:test";
import { formatAmount, formatDate, formatDateTime, formatMoney, formatNumber, formatRelative, toNumber } from "./format";

describe("dates", () => {
  test("en-US, '—' when missing or invalid", () => {
    expect(formatDate("2025-03-04T12:00:00Z")).toBe("Mar 4, 2025");
    expect(formatDate(null)).toBe("—");
    expect(formatDate(undefined)).toBe("—");
    expect(formatDate("")).toBe("—");
    expect(formatDate("not a date")).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("2025-03-04T12:00:00Z")).toMatch(/^Mar 4, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
  });

  test("relative times in 'x ago' wording", () => {
    const now = Date.parse("2025-03-04T12:00:00Z");
    expect(formatRelative(now - 10_000, now)).toBe("just now");
    expect(formatRelative(now - 60_000, now)).toBe("1 minute ago");
    expect(formatRelative(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelative(now - 2 * 3600_000, now)).toBe("2 hours ago");
    expect(formatRelative(now - 3 * 86400_000, now)).toBe("3 days ago");
    expect(formatRelative(now - 400 * 86400_000, now)).toBe("1 year ago");
    expect(formatRelative(now + 3 * 3600_000, now)).toBe("in 3 hours");
    expect(formatRelative(null, now)).toBe("—");
  });
});

describe("amounts", () => {
  test("two decimals, '-' when invalid", () => {
    expect(formatAmount("1234.5")).toBe("1,234.50");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount("-3")).toBe("-3.00");
    expect(formatAmount("abc")).toBe("-");
    expect(formatAmount(null)).toBe("-");
    expect(formatAmount(Number.NaN)).toBe("-");
    expect(formatAmount("")).toBe("-");
    expect(formatAmount("12abc")).toBe("-");
    expect(formatMoney("42.5")).toBe("$42.50");
    expect(formatMoney("42.5", "EUR")).toBe("€42.50");
    expect(formatMoney(undefined)).toBe("-");
    expect(formatNumber(1.23456, 3)).toBe("1.235");
    expect(toNumber(" 7 ")).toBe(7);
  });
});
