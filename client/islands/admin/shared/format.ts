/** Display helpers for the admin console (SPEC section 9): en-US dates, '—' when missing, amounts to 2 decimals. */
const MISSING_DATE = "—";

function parseDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parseDate(value);
  return date ? date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }) : MISSING_DATE;
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parseDate(value);
  return date
    ? date.toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    : MISSING_DATE;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** '3 days ago'; future times read 'in 3 days'. */
export function formatRelative(value: string | number | Date | null | undefined, now = Date.now()): string {
  const date = parseDate(value);
  if (!date) return MISSING_DATE;
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** Two decimals with en-US grouping; '-' for anything that is not a finite number. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return "-";
  const number = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(number)) return "-";
  return number.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
