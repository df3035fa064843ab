import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { AppError, badRequest } from "../../shared/errors";
import { hashPassword, verifyPassword } from "../../shared/passwords";
import { nowIso } from "../../shared/time";
import type { TokenService } from "../../shared/tokens";
import { serializeUser } from "../users/serialize";
import type { LoginBody } from "./model";
import { createFailureLimiter } from "./rate-limit";

const INVALID = "Unable to log in with provided credentials.";
// Verifying against a real hash when the account is unknown keeps failures equally slow either way.
let dummyHash: Promise<string> | null = null;

export const loginLimiter = createFailureLimiter(10, 15 * 60 * 1000);

export async function login(db: Db, tokens: TokenService, body: LoginBody, clientIp: string) {
  const email = body.email.trim().toLowerCase();
  if (!email) throw badRequest("Email is required.");
  if (!body.password) throw badRequest("Password is required.");
  const keys = [`email:${email}`, `ip:${clientIp}`];
  const wait = loginLimiter.retryAfter(keys);
  if (wait > 0) {
    throw new AppError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`);
  }
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  dummyHash ??= hashPassword("not-a-real-password");
  const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid) {
    loginLimiter.fail(keys);
    throw new AppError(401, INVALID);
  }
  if (!user.isActive) throw new AppError(403, "This account is deactivated.");
  // Only the account's count is cleared: clearing the address's too let one valid account
  // reset the per-address limit between rounds of password spraying (tests/security/headers-and-limits.test.ts).
  loginLimiter.reset([`email:${email}`]);
  const lastLoginAt = nowIso();
  await db.update(users).set({ lastLoginAt }).where(eq(users.id, user.id));
  const token = await tokens.signSession(user.id, user.tokenVersion);
  return { token, user: serializeUser({ ...user, lastLoginAt }) };
}
