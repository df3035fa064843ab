import { describe, expect, test } from "bun:test";
import { csvCell, csvNumber, toCsv } from "./csv";

describe("csv", () => {
  test("quotes only when needed and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(Number.NaN)).toBe("");
  });

  test("formula-looking text is defused; amounts are not", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell(csvNumber("-0.50"))).toBe("-0.50");
    expect(csvCell(csvNumber("12.50"))).toBe("12.50");
  });

  test("rows end with CRLF", () => {
    expect(toCsv([["a", "b"], [1, null]])).toBe("a,b\r\n1,\r\n");
  });
});
