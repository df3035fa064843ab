import { describe, expect, test } from "bun:test";
import { centsToDecimal, formatCents, percentOfCents, toCents } from "./money";

describe("toCents", () => {
  test("parses decimal strings exactly", () => {
    expect(toCents("42.50")).toBe(4250);
    expect(toCents("0.29")).toBe(29); // 0.29 * 100 = 28.999999999999996 as a float
    expect(toCents("33.33")).toBe(3333);
    expect(toCents("1234")).toBe(123400);
    expect(toCents("1234.5")).toBe(123450);
    expect(toCents(".5")).toBe(50);
    expect(toCents("7.")).toBe(700);
    expect(toCents("  19.99 ")).toBe(1999);
    expect(toCents("+3.10")).toBe(310);
    expect(toCents("-3.10")).toBe(-310);
    expect(toCents("0")).toBe(0);
    expect(toCents("-0.00")).toBe(0);
  });

  test("rounds digits past the cent half-up, away from zero", () => {
    expect(toCents("1.005")).toBe(101);
    expect(toCents("1.0049999")).toBe(100);
    expect(toCents("42.500")).toBe(4250);
    expect(toCents("0.995")).toBe(100);
    expect(toCents("-1.005")).toBe(-101);
  });

  test("accepts finite numbers using their decimal text", () => {
    expect(toCents(42.5)).toBe(4250);
    expect(toCents(1.005)).toBe(101); // Math.round(1.005 * 100) would give 100
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(0)).toBe(0);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(-12.34)).toBe(-1234);
  });

  test("returns null for missing or invalid input", () => {
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
    expect(toCents("")).toBeNull();
    expect(toCents("   ")).toBeNull();
    expect(toCents(".")).toBeNull();
    expect(toCents("abc")).toBeNull();
    expect(toCents("12.3.4")).toBeNull();
    expect(toCents("$12.00")).toBeNull();
    expect(toCents("1,234.00")).toBeNull();
    expect(toCents("1e3")).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents("9".repeat(20))).toBeNull();
  });
});

describe("percentOfCents", () => {
  test("20 % rounds half-up on whole cents", () => {
    expect(percentOfCents(9999, 20)).toBe(2000); // 1999.8
    expect(percentOfCents(7, 20)).toBe(1); // 1.4
    expect(percentOfCents(8, 20)).toBe(2); // 1.6
    expect(percentOfCents(2, 20)).toBe(0); // 0.4
    expect(percentOfCents(0, 20)).toBe(0);
  });

  test("exact halves go up, negatives away from zero", () => {
    expect(percentOfCents(5, 10)).toBe(1); // 0.5
    expect(percentOfCents(15, 10)).toBe(2); // 1.5
    expect(percentOfCents(-5, 10)).toBe(-1);
    expect(percentOfCents(4, 12.5)).toBe(1); // 0.5
    expect(percentOfCents(3, 12.5)).toBe(0); // 0.375
  });
});

describe("centsToDecimal", () => {
  test("formats fixed two decimals without grouping", () => {
    expect(centsToDecimal(123450)).toBe("1234.50");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(-1999)).toBe("-19.99");
    expect(centsToDecimal(100000000)).toBe("1000000.00");
  });

  test("round-trips with toCents", () => {
    for (const text of ["0.01", "42.50", "33.33", "99999.99"]) {
      expect(centsToDecimal(toCents(text)!)).toBe(text);
    }
  });
});

describe("formatCents", () => {
  test("en-US currency with grouping", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(-2500)).toBe("-$25.00");
    expect(formatCents(999999999)).toBe("$9,999,999.99");
  });

  test("other currencies use their symbol", () => {
    expect(formatCents(4250, "EUR")).toBe("€42.50");
  });

  test("missing or invalid amounts render as '-'", () => {
    expect(formatCents(null)).toBe("-");
    expect(formatCents(undefined)).toBe("-");
    expect(formatCents(Number.NaN)).toBe("-");
  });
});
