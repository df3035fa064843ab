/** Form text to the wire (SPEC section 5): trimmed, empty becomes null. */
export function textOrNull(value: string): string | null {
  const text = value.trim();
  return text === "" ? null : text;
}

/** Empty or non-numeric input becomes null rather than 0 or NaN. */
export function numberOrNull(value: string): number | null {
  const text = value.trim();
  if (text === "") return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

export function integerOrNull(value: string): number | null {
  const number = numberOrNull(value);
  return number === null ? null : Math.round(number);
}

/** A wire value back into an input's text. */
export function toInput(value: string | number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value);
}
