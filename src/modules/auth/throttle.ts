import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { loginThrottles } from "../../../db/schema";

/**
 * Sign-in throttling, kept in the database so every instance shares the counts.
 *
 * - Per (account, address): a few free mistakes, then a delay that doubles with every further
 *   failure (1 s, 2 s, 4 s … capped at 15 minutes). Only that address is slowed down for that
 *   account: the owner signing in from anywhere else is never refused.
 * - Per address, across accounts (password spraying): after ADDRESS_MAX_FAILURES failures in an
 *   hour the address may not try accounts it has not signed in to before, until the hour is over.
 *   It never blocks an account for other addresses, and an account that has signed in from this
 *   address (e.g. colleagues behind one proxy) keeps its own per-pair budget.
 *
 * An address that has not failed is never refused, whatever happens elsewhere.
 */
export const PAIR_FREE_FAILURES = 3;
export const PAIR_MAX_DELAY_MS = 15 * 60 * 1000;
/** A pair's failures are forgotten after a day without a failure. */
export const PAIR_FORGET_MS = 24 * 3600 * 1000;
export const ADDRESS_MAX_FAILURES = 30;
export const ADDRESS_WINDOW_MS = 3600 * 1000;
/** How long a successful sign-in keeps the pair exempt from the per-address cap. */
export const TRUSTED_PAIR_MS = 30 * 24 * 3600 * 1000;

export type ThrottleKeys = { pair: string; address: string };

export function throttleKeys(email: string, address: string): ThrottleKeys {
  return { pair: `pair:${email}|${address}`, address: `addr:${address}` };
}

/** Delay after the n-th consecutive failure of a pair: none for the first few, then doubling. */
export function pairDelayMs(failures: number): number {
  if (failures <= PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_MAX_DELAY_MS, 1000 * 2 ** Math.min(30, failures - PAIR_FREE_FAILURES - 1));
}

/** Milliseconds until this pair may try again (0: it may try now). */
export async function retryAfterMs(db: Db, keys: ThrottleKeys, now = Date.now()): Promise<number> {
  const rows = await db.select().from(loginThrottles).where(inArray(loginThrottles.key, [keys.pair, keys.address]));
  const pair = rows.find((row) => row.key === keys.pair);
  const address = rows.find((row) => row.key === keys.address);
  let wait = pair && pair.blockedUntilMs > now ? pair.blockedUntilMs - now : 0;
  const trusted = pair?.lastSuccessMs != null && now - pair.lastSuccessMs < TRUSTED_PAIR_MS;
  if (!trusted && address && address.blockedUntilMs > now) wait = Math.max(wait, address.blockedUntilMs - now);
  return wait;
}

/** Counts one failure for the pair and the address (atomic upserts: instances may race). */
export async function recordFailure(db: Db, keys: ThrottleKeys, now = Date.now()) {
  const [pair] = (await db.all(sql`
    insert into login_throttles (key, failures, window_start_ms, blocked_until_ms, updated_ms)
    values (${keys.pair}, 1, ${now}, 0, ${now})
    on conflict(key) do update set
      failures = case when updated_ms < ${now - PAIR_FORGET_MS} then 1 else failures + 1 end,
      window_start_ms = case when updated_ms < ${now - PAIR_FORGET_MS} then ${now} else window_start_ms end,
      updated_ms = ${now}
    returning failures`)) as { failures: number }[];
  const delay = pairDelayMs(Number(pair?.failures ?? 1));
  if (delay > 0) {
    await db.run(sql`update login_throttles set blocked_until_ms = max(blocked_until_ms, ${now + delay}) where key = ${keys.pair}`);
  }
  const [address] = (await db.all(sql`
    insert into login_throttles (key, failures, window_start_ms, blocked_until_ms, updated_ms)
    values (${keys.address}, 1, ${now}, 0, ${now})
    on conflict(key) do update set
      failures = case when window_start_ms < ${now - ADDRESS_WINDOW_MS} then 1 else failures + 1 end,
      window_start_ms = case when window_start_ms < ${now - ADDRESS_WINDOW_MS} then ${now} else window_start_ms end,
      updated_ms = ${now}
    returning failures, window_start_ms as windowStartMs`)) as { failures: number; windowStartMs: number }[];
  if (address && Number(address.failures) >= ADDRESS_MAX_FAILURES) {
    const until = Number(address.windowStartMs) + ADDRESS_WINDOW_MS;
    await db.run(sql`update login_throttles set blocked_until_ms = max(blocked_until_ms, ${until}) where key = ${keys.address}`);
  }
}

/**
 * A correct password clears the pair's failures and marks it trusted. The address's count stays:
 * clearing it let one valid account reset the per-address cap between rounds of spraying.
 */
export async function recordSuccess(db: Db, keys: ThrottleKeys, now = Date.now()) {
  await db.run(sql`
    insert into login_throttles (key, failures, window_start_ms, blocked_until_ms, last_success_ms, updated_ms)
    values (${keys.pair}, 0, ${now}, 0, ${now}, ${now})
    on conflict(key) do update set failures = 0, blocked_until_ms = 0, window_start_ms = ${now}, last_success_ms = ${now}, updated_ms = ${now}`);
}

/** Rows nobody needs any more: no failure for two days and no recent success to remember. */
export async function purgeThrottles(db: Db, now = Date.now()) {
  await db.run(sql`
    delete from login_throttles
    where updated_ms < ${now - 2 * PAIR_FORGET_MS} and blocked_until_ms < ${now}
      and (last_success_ms is null or last_success_ms < ${now - TRUSTED_PAIR_MS})`);
}
