import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import type { AuthUser } from "../../shared/auth";
import { badRequest, conflict, forbidden, notFound } from "../../shared/errors";
import { isEmail, optionalBoolean, optionalText } from "../../shared/normalize";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../../../db/passwords";
import { ROLE_CODES, ROLES } from "../../../common/roles";
import { nowIso } from "../../../common/time";
import { serializeUser } from "./serialize";

export const USER_NOT_FOUND = "User not found.";
const DUPLICATE_EMAIL = "A user with this email already exists.";
const SUPER_ONLY = "Only a super administrator can create or change super administrator accounts.";
const PASSWORD_MAX_LENGTH = 1024;

type UserRow = typeof users.$inferSelect;

/**
 * The roles the caller may assign, least privileged first: the console's create form defaults to
 * the first in this list (SPEC section 5), which must never be an elevated role, and an admin may
 * assign every role listed (section 6) because super_admin is listed only for a super_admin.
 */
export function listRoles(actor: AuthUser) {
  const assignable = ROLES.filter((role) => role.code !== "super_admin" || actor.roleCode === "super_admin");
  return { results: [...assignable].sort((a, b) => b.rank - a.rank).map(({ code, name }) => ({ code, name })) };
}

export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(asc(users.email));
  return { results: rows.map(serializeUser) };
}

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

type Parsed = Partial<{
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

function parseUser(body: Record<string, unknown>, mode: "create" | "update"): Parsed {
  const out: Parsed = {};
  const has = (key: string) => body[key] !== undefined;
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

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const taken = await db.query.users.findFirst({
    columns: { id: true },
    where: exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email),
  });
  if (taken) throw conflict(DUPLICATE_EMAIL);
}

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${(error as { cause?: Error })?.cause?.message ?? ""}`;
  return /UNIQUE constraint failed/i.test(text);
}

export async function createUser(db: Db, actor: AuthUser, body: Record<string, unknown>) {
  const input = parseUser(body, "create");
  if (input.roleCode === "super_admin" && actor.roleCode !== "super_admin") throw forbidden(SUPER_ONLY);
  await assertEmailFree(db, input.email!);
  const { password, ...fields } = input;
  const now = nowIso();
  try {
    const [row] = await db
      .insert(users)
      .values({
        ...fields,
        email: input.email!,
        roleCode: input.roleCode!,
        passwordHash: await hashPassword(password!),
        isActive: input.isActive ?? true,
        isVerified: input.isVerified ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return serializeUser(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

/**
 * Rules: only a super_admin may touch a super_admin account or grant that role; nobody
 * deactivates themself or changes their own role (no self-lock-out); the last active
 * super_admin cannot be demoted or deactivated. Deactivation and password changes bump
 * token_version, which kills every token issued before.
 */
export async function updateUser(db: Db, actor: AuthUser, id: number, body: Record<string, unknown>) {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw notFound(USER_NOT_FOUND);
  const input = parseUser(body, "update");
  const actorIsSuper = actor.roleCode === "super_admin";
  if (!actorIsSuper && (row.roleCode === "super_admin" || input.roleCode === "super_admin")) throw forbidden(SUPER_ONLY);
  const self = actor.id === row.id;
  if (self && input.isActive === false) throw badRequest("You cannot deactivate your own account.");
  if (self && input.roleCode && input.roleCode !== row.roleCode) throw badRequest("You cannot change your own role.");
  const losesSuper = row.roleCode === "super_admin" && row.isActive && ((input.roleCode && input.roleCode !== "super_admin") || input.isActive === false);
  if (losesSuper) {
    const [{ value }] = await db.select({ value: count() }).from(users).where(and(eq(users.roleCode, "super_admin"), eq(users.isActive, true)));
    if (value <= 1) throw badRequest("At least one active super administrator must remain.");
  }
  if (input.email && input.email !== row.email) await assertEmailFree(db, input.email, id);

  const { password, ...fields } = input;
  const set: Partial<UserRow> = { ...fields };
  const revoke = (input.isActive === false && row.isActive) || password !== undefined;
  if (password !== undefined) set.passwordHash = await hashPassword(password);
  if (revoke) set.tokenVersion = row.tokenVersion + 1;
  if (!Object.keys(set).length) return serializeUser(row);
  set.updatedAt = nowIso();
  try {
    const [updated] = await db.update(users).set(set).where(eq(users.id, id)).returning();
    return serializeUser(updated!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

export async function getUser(db: Db, id: number) {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw notFound(USER_NOT_FOUND);
  return serializeUser(row);
}
