import { badRequest } from "./errors";
import { toCents } from "../../common/money";

/**
 * Form normalisation of SPEC section 5: text trimmed and empty → null; numbers parsed, and empty
 * or non-numeric → null. Lengths and signs are still checked: a 100 kB "name" or a negative
 * size is an error with a message, not silently stored.
 */
export function optionalText(value: unknown, label: string, maxLength: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" && Number.isFinite(value)) value = String(value);
  if (typeof value !== "string") throw badRequest(`${label} must be text.`);
  const trimmed = value.trim();
  if (trimmed === "") return null;
  if (trimmed.length > maxLength) throw badRequest(`${label} must be at most ${maxLength} characters.`);
  return trimmed;
}

export function requiredText(value: unknown, requiredMessage: string, label: string, maxLength: number): string {
  const text = optionalText(value, label, maxLength);
  if (text === null) throw badRequest(requiredMessage);
  return text;
}

/** Number or numeric string → number; null, blank, non-numeric or non-finite → null. */
export function lenientNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

export function lenientNonNegative(value: unknown, label: string, max = 1e9): number | null {
  const parsed = lenientNumber(value);
  if (parsed === null) return null;
  if (parsed < 0) throw badRequest(`${label} must not be negative.`);
  if (parsed > max) throw badRequest(`${label} must be at most ${max}.`);
  return parsed;
}

export function lenientMoneyCents(value: unknown, label: string): number | null {
  const parsed = lenientNumber(value);
  if (parsed === null) return null;
  const cents = (typeof value === "string" ? toCents(value.trim()) : null) ?? toCents(parsed);
  if (cents === null) return null;
  if (cents < 0) throw badRequest(`${label} must not be negative.`);
  if (cents > 100_000_000_00) throw badRequest(`${label} is too large.`);
  return cents;
}

export function optionalBoolean(value: unknown, label: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === 1 || value === "1") return true;
  if (value === "false" || value === 0 || value === "0") return false;
  throw badRequest(`${label} must be true or false.`);
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Free-form JSON objects (diagnostics, calculator payload) are capped so one row cannot grow without bound. */
export function boundedObject(value: unknown, label: string, maxBytes: number): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (!isPlainObject(value)) throw badRequest(`${label} must be an object.`);
  if (JSON.stringify(value).length > maxBytes) throw badRequest(`${label} is too large (at most ${Math.floor(maxBytes / 1024)} kB).`);
  return value;
}

const EMAIL_RE = /^[^\s@"<>()\[\],;:\\]+@[^\s@"<>()\[\],;:\\]+\.[^\s@"<>()\[\],;:\\]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}
