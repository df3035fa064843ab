import { eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { revokedSessions, users } from "../../../db/schema";
import type { AuthSession } from "../../shared/auth";
import { AppError, badRequest } from "../../shared/errors";
import { hashPassword, verifyPassword } from "../../../db/passwords";
import { nowIso } from "../../../common/time";
import type { TokenService } from "../../shared/tokens";
import { serializeUser } from "../users/serialize";
import type { LoginBody } from "./model";
import { purgeThrottles, recordFailure, recordSuccess, retryAfterMs, throttleKeys } from "./throttle";

const INVALID = "Unable to log in with provided credentials.";
// Verifying against a real hash when the account is unknown keeps failures equally slow either way.
let dummyHash: Promise<string> | null = null;

export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
  return new AppError(429, `Too many failed sign-in attempts. Try again in ${when}.`);
}

/** Old throttle rows and revoked sessions past their token's expiry: at most every ten minutes per process. */
let lastPurgeMs = 0;
async function purgeAuthRows(db: Db, now: number) {
  if (now - lastPurgeMs < 10 * 60 * 1000) return;
  lastPurgeMs = now;
  await purgeThrottles(db, now);
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, Math.floor(now / 1000)));
}

export async function login(db: Db, tokens: TokenService, body: LoginBody, clientAddress: string, now = Date.now()) {
  const email = body.email.trim().toLowerCase();
  if (!email) throw badRequest("Email is required.");
  if (!body.password) throw badRequest("Password is required.");
  const keys = throttleKeys(email, clientAddress);
  const wait = await retryAfterMs(db, keys, now);
  if (wait > 0) throw tooManyAttempts(wait);
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  dummyHash ??= hashPassword("not-a-real-password");
  const valid = await verifyPassword(body.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid) {
    await recordFailure(db, keys, now);
    await purgeAuthRows(db, now);
    throw new AppError(401, INVALID);
  }
  if (!user.isActive) throw new AppError(403, "This account is deactivated.");
  await recordSuccess(db, keys, now);
  const lastLoginAt = nowIso();
  await db.update(users).set({ lastLoginAt }).where(eq(users.id, user.id));
  const token = await tokens.signSession(user.id, user.tokenVersion);
  return { token, user: serializeUser({ ...user, lastLoginAt }) };
}

/** Ends this one session: its token (and only it) is refused from now on, on every instance. */
export async function logout(db: Db, userId: number, session: AuthSession | null) {
  if (!session) throw new AppError(400, "Sign out needs the session token in the Authorization header.");
  await db.insert(revokedSessions).values({ sessionId: session.id, userId, expiresAt: session.expiresAt }).onConflictDoNothing();
}
