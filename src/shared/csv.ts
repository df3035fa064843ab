/**
 * RFC 4180 CSV: CRLF line ends, a field is quoted when it holds a comma, quote, CR or LF, and
 * quotes inside are doubled. Text cells that a spreadsheet would run as a formula (leading
 * =, +, -, @, tab or CR) get a leading apostrophe: a customer-typed note must not become a
 * formula in an operator's Excel (OWASP "CSV injection"). Numbers are written as they are, and
 * `{ raw }` as is (still quoted when needed): a decimal amount like "-0.50" is data, not a formula.
 */
export type CsvCell = string | number | boolean | null | undefined | { raw: string };

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = typeof value === "object" ? value.raw : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A money amount already formatted as a decimal string keeps its two decimals ("12.50"). */
export const csvNumber = (value: string | null | undefined): CsvCell => (value === null || value === undefined ? null : { raw: value });

export function toCsv(rows: CsvCell[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
