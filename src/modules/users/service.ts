import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import type { AuthUser } from "../../shared/auth";
import { badRequest, conflict, forbidden, notFound } from "../../shared/errors";
import { hashPassword } from "../../../db/passwords";
import { ROLES } from "../../../common/roles";
import { nowIso } from "../../../common/time";
import type { RoleListAnswer, UserAnswer, UserListAnswer } from "../../../common/api/users";
import type { NewUserInput, UserInput } from "./input";
import { serializeUser } from "./serialize";

export const USER_NOT_FOUND = "User not found.";
const DUPLICATE_EMAIL = "A user with this email already exists.";
const SUPER_ONLY = "Only a super administrator can create or change super administrator accounts.";

// The services take the plain values the contracts in model.ts decoded (input.ts holds the rules).

type UserRow = typeof users.$inferSelect;

/**
 * The roles the caller may assign, least privileged first: the console's create form defaults to
 * the first in this list (SPEC section 5), which must never be an elevated role, and an admin may
 * assign every role listed (section 6) because super_admin is listed only for a super_admin.
 */
export function listRoles(actor: AuthUser): RoleListAnswer {
  const assignable = ROLES.filter((role) => role.code !== "super_admin" || actor.roleCode === "super_admin");
  return { results: [...assignable].sort((a, b) => b.rank - a.rank).map(({ code, name }) => ({ code, name })) };
}

export async function listUsers(db: Db): Promise<UserListAnswer> {
  const rows = await db.select().from(users).orderBy(asc(users.email));
  return { results: rows.map(serializeUser) };
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

export async function createUser(db: Db, actor: AuthUser, input: NewUserInput): Promise<UserAnswer> {
  if (input.roleCode === "super_admin" && actor.roleCode !== "super_admin") throw forbidden(SUPER_ONLY);
  await assertEmailFree(db, input.email);
  const { password, ...fields } = input;
  const now = nowIso();
  try {
    const [row] = await db
      .insert(users)
      .values({
        ...fields,
        passwordHash: await hashPassword(password),
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
export async function updateUser(db: Db, actor: AuthUser, id: number, input: UserInput): Promise<UserAnswer> {
  const row = await loadUser(db, id);
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

export async function loadUser(db: Db, id: number): Promise<UserRow> {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function getUser(db: Db, id: number): Promise<UserAnswer> {
  return serializeUser(await loadUser(db, id));
}
