import { describe, expect, test } from "bun:test";
import { csvCell, csvNumber, toCsv } from "./csv";

describe("csv", () => {
  test("every text cell is quoted, quotes inside doubled; numbers and empty cells are not", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(Number.NaN)).toBe("");
  });

  test("formula-looking text is defused at the start; amounts are not", () => {
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("\t=1")).toBe(`"'\t'=1"`);
    expect(csvCell(csvNumber("-0.50"))).toBe("-0.50");
    expect(csvCell(csvNumber("12.50"))).toBe("12.50");
  });

  test("a formula after any separator a spreadsheet may split on is defused too", () => {
    expect(csvCell("x;=1+1")).toBe(`"x;'=1+1"`);
    expect(csvCell("x,=1+1")).toBe(`"x,'=1+1"`);
    expect(csvCell("x; =HYPERLINK(1)")).toBe(`"x; '=HYPERLINK(1)"`);
    expect(csvCell("x|+1")).toBe(`"x|'+1"`);
    expect(csvCell("note\n@cmd")).toBe(`"note\n'@cmd"`);
    expect(csvCell("x\t-1")).toBe(`"x\t'-1"`);
    // Dashes and at-signs inside words are data.
    expect(csvCell("a-b@c.example")).toBe('"a-b@c.example"');
  });

  test("full-width and small formula characters are defused like their ASCII forms", () => {
    expect(csvCell("＝1+1")).toBe(`"'＝1+1"`);
    expect(csvCell("＋1")).toBe(`"'＋1"`);
    expect(csvCell("－1")).toBe(`"'－1"`);
    expect(csvCell("＠SUM(A1)")).toBe(`"'＠SUM(A1)"`);
    expect(csvCell("x;＝1+1")).toBe(`"x;'＝1+1"`);
    expect(csvCell("﹦1")).toBe(`"'﹦1"`);
  });

  test("rows end with CRLF", () => {
    expect(toCsv([["a", "b"], [1, null]])).toBe('"a","b"\r\n1,\r\n');
  });
});
