// Money helpers shared by server and browser code: pure, no Node/Bun APIs.
//
// Amounts travel as decimal strings ("42.50", the libSQL/drizzle numeric form) and are
// computed as integer cents so sums and products never pick up binary float drift
// (0.1 + 0.2 style errors, or 33.33 * 3 = 99.99000000000001).

// Optional sign, digits, optional fraction. No thousands separators or currency symbols:
// "1,234" is ambiguous between locales, so it is rejected rather than guessed.
const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a money amount into integer cents.
 *
 * Strings are parsed digit by digit, so "0.29" is exactly 29 and never 28.999...
 * Digits past the second decimal are rounded half-up (away from zero for negatives):
 * "1.005" -> 101, "-1.005" -> -101.
 * Numbers go through their shortest round-trip text (1.005 -> "1.005"), so they round
 * the way the decimal a person typed would.
 *
 * Returns null for null/undefined, blank strings, non-numeric text and non-finite numbers.
 */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    const text = String(value);
    // Exponent form only appears for |x| < 1e-6 or >= 1e21; plain rounding is fine there.
    if (/e/i.test(text)) return normaliseZero(Math.round(value * 100));
    return toCents(text);
  }
  if (typeof value !== "string") return null;
  const match = DECIMAL_RE.exec(value.trim());
  if (!match) return null;
  const [, sign = "", intPart = "", fracPart = ""] = match;
  if (intPart === "" && fracPart === "") return null;

  const whole = intPart === "" ? 0 : Number(intPart);
  const firstTwo = Number((fracPart + "00").slice(0, 2));
  const roundUp = fracPart.length > 2 && fracPart.charCodeAt(2) >= 53; // third decimal >= '5'
  const magnitude = whole * 100 + firstTwo + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) return null;
  return normaliseZero(sign === "-" ? -magnitude : magnitude);
}

/**
 * `percent` % of an amount in cents, rounded half-up (half away from zero for negatives).
 * Integer cents times an integer percent is an exact integer, so the only rounding is
 * the final division by 100, done here on integers rather than with Math.round on a float.
 */
export function percentOfCents(cents: number, percent: number): number {
  const product = cents * percent;
  if (Number.isInteger(product)) {
    const magnitude = Math.floor((Math.abs(product) + 50) / 100);
    return normaliseZero(product < 0 ? -magnitude : magnitude);
  }
  // Only fractional percents get here (12.5 % of 3 cents); exact halves such as 12.5 % of
  // 4 cents have an integer product and took the exact path above.
  const raw = product / 100;
  return normaliseZero(Math.sign(raw) * Math.floor(Math.abs(raw) + 0.5));
}

/** Integer cents -> fixed two-decimal string without grouping: 123450 -> "1234.50". */
export function centsToDecimal(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const units = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, "0");
  return `${whole < 0 ? "-" : ""}${units}.${rest}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Integer cents -> display string in en-US: 123450 -> "$1,234.50".
 * Non-finite or missing amounts render as "-" (SPEC: invalid amount shows '-').
 */
export function formatCents(cents: number | null | undefined, currency = "USD"): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "-";
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  // k/100 as a double is within 1e-16 relative of the true value, far from the .005
  // boundary, so two-decimal formatting of it is exact for every integer k we handle.
  return formatter.format(Math.round(cents) / 100);
}

// -0 would print as "-0.00" in some paths; money has no signed zero.
function normaliseZero(n: number): number {
  return n === 0 ? 0 : n;
}
