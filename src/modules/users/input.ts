import { badRequest } from "../../shared/errors";
import { isEmail, optionalBoolean, optionalText } from "../../shared/normalize";
import type { WireFields } from "../../shared/request-contract";
import { PASSWORD_MIN_LENGTH } from "../../../db/passwords";
import { ROLE_CODES } from "../../../common/roles";
import type { UserWire } from "./model";

// The rules of the user contracts in model.ts: each reads only its wire's documented fields.

const PASSWORD_MAX_LENGTH = 1024;

function parseEmail(value: unknown): string {
  const email = optionalText(value, "Email", 254)?.toLowerCase();
  if (!email) throw badRequest("Email is required.");
  if (!isEmail(email)) throw badRequest("Enter a valid email address.");
  return email;
}

function parseRole(value: unknown): string {
  const role = optionalText(value, "Role", 40);
  if (!role) throw badRequest("Select a role.");
  if (!ROLE_CODES.includes(role as never)) throw badRequest("Select a valid role.");
  return role;
}

function parsePassword(value: unknown, required: boolean): string | undefined {
  if (value !== undefined && value !== null && typeof value !== "string") throw badRequest("Password must be text.");
  // Passwords are not trimmed (spaces may be intended); blank on edit means "keep the current one".
  if (!value) {
    if (required) throw badRequest("Password is required when creating a user.");
    return undefined;
  }
  if (value.length < PASSWORD_MIN_LENGTH) throw badRequest(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (value.length > PASSWORD_MAX_LENGTH) throw badRequest(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
  return value;
}

function parseLocale(value: unknown): string | null {
  const locale = optionalText(value, "Locale", 35);
  if (locale === null) return null;
  try {
    return Intl.getCanonicalLocales(locale)[0]!;
  } catch {
    throw badRequest("Locale must be a language tag such as en-US.");
  }
}

function parseTimezone(value: unknown): string | null {
  const zone = optionalText(value, "Time zone", 64);
  if (zone === null) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw badRequest("Time zone must be an IANA name such as Europe/London.");
  }
}

/** What an edit may change, already normalised; the password is still plain text (the service hashes it). */
export type UserInput = Partial<{
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  locale: string | null;
  timezone: string | null;
  roleCode: string;
  isActive: boolean;
  isVerified: boolean;
  password: string;
}>;

/** A create's values: e-mail, role and password are always there. */
export type NewUserInput = UserInput & { email: string; roleCode: string; password: string };

/** SPEC section 5: e-mail, role and (on create) a password of ≥ 8 characters, checked in that order; text trimmed. */
export function parseUser(body: WireFields<typeof UserWire>, mode: "create"): NewUserInput;
export function parseUser(body: WireFields<typeof UserWire>, mode: "update"): UserInput;
export function parseUser(body: WireFields<typeof UserWire>, mode: "create" | "update"): UserInput {
  const out: UserInput = {};
  const has = (key: keyof typeof body) => body[key] !== undefined;
  if (mode === "create" || has("email")) out.email = parseEmail(body.email);
  if (mode === "create" || has("role")) out.roleCode = parseRole(body.role);
  const password = parsePassword(body.password, mode === "create");
  if (password) out.password = password;
  if (has("first_name")) out.firstName = optionalText(body.first_name, "First name", 100);
  if (has("last_name")) out.lastName = optionalText(body.last_name, "Last name", 100);
  if (has("company")) out.company = optionalText(body.company, "Company", 200);
  if (has("locale")) out.locale = parseLocale(body.locale);
  if (has("timezone")) out.timezone = parseTimezone(body.timezone);
  const active = optionalBoolean(body.is_active, "is_active");
  if (active !== undefined) out.isActive = active;
  const verified = optionalBoolean(body.is_verified, "is_verified");
  if (verified !== undefined) out.isVerified = verified;
  return out;
}
