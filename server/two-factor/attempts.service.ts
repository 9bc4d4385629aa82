import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { Database } from '../db/client.ts';
import { mfaFailures } from '../db/schema.two-factor.ts';
import { ApiFailure } from '../http/errors.ts';
import { LIMITS } from './two-factor.settings.ts';

/**
 * Wrong security codes per user, one row each, in the database: they survive a restart and count the
 * same behind any number of server processes. Five within LIMITS.wrongCodeWindowMs lock every code
 * (authenticator and sent alike) until the oldest of those five leaves the window; while locked,
 * attempts are neither checked nor counted, so a right code cannot be found by guessing through the lock.
 */

/** When the lock ends, if the user is locked now. */
export async function wrongCodeLockEnd(db: Database, userId: number, now: Date): Promise<Date | undefined> {
  const since = new Date(now.getTime() - LIMITS.wrongCodeWindowMs);
  const recent = await db
    .select({ at: mfaFailures.at })
    .from(mfaFailures)
    .where(and(eq(mfaFailures.userId, userId), gt(mfaFailures.at, since)))
    .orderBy(asc(mfaFailures.at));
  if (recent.length < LIMITS.wrongCodesPerWindow) return undefined;
  // The lock lasts while the most recent `wrongCodesPerWindow` failures are all within the window.
  const oldestThatCounts = recent[recent.length - LIMITS.wrongCodesPerWindow];
  return oldestThatCounts && new Date(oldestThatCounts.at.getTime() + LIMITS.wrongCodeWindowMs);
}

/** Spec §8 CODE_VERIFICATION_LIMIT. Not HTTP 429: api/client.ts reads every 429 as the per-IP limit. */
export const verificationLimit = (lockEnd: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((lockEnd.getTime() - now.getTime()) / 1000));
  return new ApiFailure(
    403,
    backendCode.codeVerificationLimit,
    'Too many wrong codes. Wait before trying again.',
    { errorParameters: { retryAfterSeconds: String(seconds) } },
  );
};

/** Refuses with 326 while the user is locked. */
export async function refuseWhileLocked(db: Database, userId: number, now: Date): Promise<void> {
  const lockEnd = await wrongCodeLockEnd(db, userId, now);
  if (lockEnd) throw verificationLimit(lockEnd, now);
}

/**
 * Counts a wrong code and answers what the caller should throw: its own refusal (310, 315), or 326 when
 * this mistake is the one that reaches the limit, so the user learns of the lock at once.
 */
export async function recordWrongCode(
  db: Database,
  userId: number,
  now: Date,
  refusal: ApiFailure,
): Promise<ApiFailure> {
  await db.insert(mfaFailures).values({ userId, at: now });
  const lockEnd = await wrongCodeLockEnd(db, userId, now);
  return lockEnd ? verificationLimit(lockEnd, now) : refusal;
}

/** A right code: earlier mistakes stop counting. */
export async function clearWrongCodes(db: Database, userId: number): Promise<void> {
  await db.delete(mfaFailures).where(eq(mfaFailures.userId, userId));
}

/** Rows that no longer count (purgeExpired). */
export async function purgeWrongCodes(db: Database, now: Date): Promise<void> {
  await db.delete(mfaFailures).where(lt(mfaFailures.at, new Date(now.getTime() - LIMITS.wrongCodeWindowMs)));
}
