/**
 * RFC 4180 CSV: CRLF line ends, quotes inside a field doubled. Every text cell is quoted, so a
 * separator inside it (`,`, or `;` in locales whose spreadsheets split on it) never starts a new
 * cell. Text a spreadsheet could run as a formula gets an apostrophe before the formula character,
 * wherever a cell could begin: at the start, and after any separator a spreadsheet may split on
 * (`,` `;` tab `|` line breaks), spaces allowed in between. The formula characters include the
 * full-width and small forms (＝ ＋ － ＠ …) that spreadsheets fold to ASCII (OWASP "CSV injection").
 * Numbers are written as they are, and `{ raw }` as is: a decimal amount like "-0.50" is data.
 */
export type CsvCell = string | number | boolean | null | undefined | { raw: string };

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_CHARS = "=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B";
const SEPARATORS = ",;\\t|\\r\\n";
const FORMULA_AT_CELL_START = new RegExp(`(^|[${SEPARATORS}])([ \\u00A0\\u3000]*)([${FORMULA_CHARS}])`, "g");
const LEADING_CONTROL = /^[\t\r\n]/;

export function neutraliseFormulas(text: string): string {
  const safe = text.replace(FORMULA_AT_CELL_START, "$1$2'$3");
  return LEADING_CONTROL.test(safe) ? `'${safe}` : safe;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "object") return NEEDS_QUOTES.test(value.raw) ? `"${value.raw.replace(/"/g, '""')}"` : value.raw;
  return `"${neutraliseFormulas(value).replace(/"/g, '""')}"`;
}

/** A money amount already formatted as a decimal string keeps its two decimals ("12.50"). */
export const csvNumber = (value: string | null | undefined): CsvCell => (value === null || value === undefined ? null : { raw: value });

export function toCsv(rows: CsvCell[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
