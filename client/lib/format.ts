/**
 * Display formatting shared by every screen (SPEC section 9): dates in en-US, '—' when a date is
 * missing or invalid; amounts to two decimals, '-' when invalid; relative times as 'x ago'.
 *
 *   formatDate("2025-03-04T10:00:00Z")        -> "Mar 4, 2025"
 *   formatDateTime("2025-03-04T10:00:00Z")    -> "Mar 4, 2025, 10:00 AM" (browser time zone)
 *   formatRelative(date, now)                 -> "just now" | "5 minutes ago" | "2 days ago" | "in 3 hours"
 *   formatAmount("1234.5")                    -> "1,234.50";  formatAmount("abc") -> "-"
 *   formatMoney("1234.5", "USD")              -> "$1,234.50"; formatMoney(null) -> "-"
 *   formatNumber(1.23456, 3)                  -> "1.235"
 *
 * Dates accept ISO strings, epoch milliseconds (number) or Date. Pure; safe on the server.
 */

import { formatCents, toCents } from "../../common/money";

export const MISSING_DATE = "—";
export const INVALID_AMOUNT = "-";

export type DateInput = string | number | Date | null | undefined;

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : MISSING_DATE;
}

export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : MISSING_DATE;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const reference = toDate(now) ?? new Date();
  if (!date) return MISSING_DATE;
  const seconds = Math.round((date.getTime() - reference.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === "minute") {
      const count = Math.max(1, Math.round(abs / size));
      const label = `${count} ${unit}${count === 1 ? "" : "s"}`;
      return seconds < 0 ? `${label} ago` : `in ${label}`;
    }
  }
  return "just now";
}

/** A finite number from a number or a plain decimal string; null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  if (!/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAmount(value: unknown): string {
  const number = toNumber(value);
  return number === null ? INVALID_AMOUNT : amountFormat.format(number);
}

/** Money to 2 decimals with its currency sign, '-' when invalid; formatted by the shared money module. */
export function formatMoney(value: unknown, currency = "USD"): string {
  const number = toNumber(value);
  if (number === null) return INVALID_AMOUNT;
  return formatCents(toCents(number), /^[A-Z]{3}$/.test(currency) ? currency : "USD");
}

export function formatNumber(value: unknown, maximumFractionDigits = 2): string {
  const number = toNumber(value);
  if (number === null) return INVALID_AMOUNT;
  return new Intl.NumberFormat("en-US", { maximumFractionDigits }).format(number);
}
