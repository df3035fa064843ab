/** Fixed-window failure counter: per account and per client address, so neither can be brute-forced. */
export function createFailureLimiter(maxFailures: number, windowMs: number) {
  const failures = new Map<string, { count: number; resetAt: number }>();

  function entry(key: string, now: number) {
    const current = failures.get(key);
    if (!current || current.resetAt <= now) return null;
    return current;
  }

  return {
    /** Seconds until the key may try again, or 0 when it may try now. */
    retryAfter(keys: string[], now = Date.now()): number {
      let wait = 0;
      for (const key of keys) {
        const current = entry(key, now);
        if (current && current.count >= maxFailures) wait = Math.max(wait, Math.ceil((current.resetAt - now) / 1000));
      }
      return wait;
    },
    fail(keys: string[], now = Date.now()) {
      for (const key of keys) {
        const current = entry(key, now) ?? { count: 0, resetAt: now + windowMs };
        current.count += 1;
        failures.set(key, current);
      }
      if (failures.size > 50_000) {
        for (const [key, value] of failures) if (value.resetAt <= now) failures.delete(key);
      }
    },
    reset(keys: string[]) {
      for (const key of keys) failures.delete(key);
    },
  };
}
