import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Limiter } from '../security/rate-limits.ts';

/**
 * Consecutive wrong passwords per account, on rate-limiter-flexible's counter: the failure that reaches
 * the threshold blocks the key for the lockout period (the library stores a block as one point over
 * the limit, with the block's end as the expiry), and a success deletes the counter.
 */
export interface Lockout {
  limiter: Limiter;
  lockoutMs: number;
}

/** The wrong passwords counted for `key`, and when its lock ends if it is locked now. */
export async function failureStatus(
  { limiter }: Lockout,
  key: string,
): Promise<{ failures: number; lockedUntil: Date | undefined }> {
  const counter = await limiter.get(key);
  const failures = counter?.consumedPoints ?? 0;
  const locked = counter !== null && failures > limiter.points;
  return { failures, lockedUntil: locked ? new Date(Date.now() + counter.msBeforeNext) : undefined };
}

/** Counts a wrong password; returns the end of the lock when this failure is the one that locks. */
export async function recordFailure(lockout: Lockout, key: string): Promise<Date | undefined> {
  const { limiter, lockoutMs } = lockout;
  if ((await consumedAfterOne(limiter, key)) < limiter.points) return undefined;
  await limiter.block(key, lockoutMs / 1000);
  return new Date(Date.now() + lockoutMs);
}

/**
 * What a lock refusal (374) says about its end: the instant, and how many seconds from now, which the
 * page turns into "try again in N minutes" without trusting the browser's clock.
 */
export const lockParameters = (until: Date): Record<string, string> => ({
  lockedUntil: until.toISOString(),
  retryAfterSeconds: String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))),
});

/** Forgets the count after a right password (callers skip it when nothing was counted: it is a write). */
export async function resetFailures({ limiter }: Lockout, key: string): Promise<void> {
  await limiter.delete(key);
}

/** The library rejects a consume past the limit with the counter itself; either way we want the count. */
async function consumedAfterOne(limiter: Limiter, key: string): Promise<number> {
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
    throw rejection;
  }
}
