import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import type { Logger } from '../http/logger.ts';
import { newRayId } from '../http/logger.ts';
import { countRateLimitRefusal } from '../observability/metrics.ts';
import { sha256Hex } from './tokens.ts';

/** Configurable through the environment (server/env.ts) so tests and benchmarks can raise them. */
export interface RateLimits {
  /** POST /api/login and /api/login-info together, per client IP. */
  loginPerIpPerMinute: number;
  /** The same two routes per username, whichever IP the calls come from. */
  loginPerIdentifierPerMinute: number;
  /** POST /oauth/token per client IP. */
  tokenPerIpPerMinute: number;
  /** The two-factor calls that send or check a code (send-code, verify-code, mfa-totp-verification) per client IP. */
  twoFactorPerIpPerMinute: number;
  /** The /api/account calls (emailed links, resets, changes, activation) per client IP. */
  accountPerIpPerMinute: number;
  /** Consecutive wrong passwords that lock an account… */
  lockoutFailures: number;
  /** …for this long. */
  lockoutMinutes: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIpPerMinute: 30,
  loginPerIdentifierPerMinute: 10,
  tokenPerIpPerMinute: 60,
  twoFactorPerIpPerMinute: 30,
  accountPerIpPerMinute: 30,
  lockoutFailures: 5,
  lockoutMinutes: 15,
};

/**
 * How long wrong passwords keep counting towards a lockout when no success comes between them. A
 * short window would let a guesser stay just under the threshold forever.
 */
const FAILURE_WINDOW_SECONDS = 24 * 60 * 60;

export type Limiter = RateLimiterDrizzle;

/**
 * Counters live in the database (the rate_limits table, through rate-limiter-flexible's own Drizzle
 * store), so every server process behind a load balancer shares them. Expired rows are deleted by
 * purgeExpired, not by the library's timer.
 */
export function createLimiters(db: Database, limits: RateLimits) {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    createLimiter(db, keyPrefix, points, duration);
  return {
    loginByIp: limiter('login-ip', limits.loginPerIpPerMinute, 60),
    loginByIdentifier: limiter('login-id', limits.loginPerIdentifierPerMinute, 60),
    tokenByIp: limiter('token-ip', limits.tokenPerIpPerMinute, 60),
    twoFactorByIp: limiter('two-factor-ip', limits.twoFactorPerIpPerMinute, 60),
    accountByIp: limiter('account-ip', limits.accountPerIpPerMinute, 60),
    passwordFailures: limiter('password-failures', limits.lockoutFailures, FAILURE_WINDOW_SECONDS),
  };
}

export type Limiters = ReturnType<typeof createLimiters>;

/** One counter in the shared rate_limits table: `points` per `duration` seconds per key. */
export function createLimiter(db: Database, keyPrefix: string, points: number, duration: number): Limiter {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points,
    duration,
    clearExpiredByTimeout: false,
  });
}

/** A request refused for coming too often; the handlers turn it into HTTP 429 in their reply format. */
export class RateLimited extends Error {
  readonly rayId: string;
  readonly retryAfterSeconds: number;

  constructor(rayId: string, retryAfterSeconds: number) {
    super('You are trying too often. Please try again later.');
    this.name = 'RateLimited';
    this.rayId = rayId;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A random id that ties a refusal the user reports to its log line. */

/** What a log line may show of a username: enough to correlate lines, not enough to read it. */
export function logSafe(identifier: string): string {
  return sha256Hex(identifier).slice(0, 12);
}

/**
 * Counts one request against `key`; over the limit, logs the refusal (with `subject`, which must be
 * log-safe) and throws RateLimited. Store failures propagate as errors: they are not a limit.
 */
export async function consumeOrRefuse(
  limiter: Limiter,
  key: string,
  logger: Logger,
  subject: string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    countRateLimitRefusal(limiter.keyPrefix);
    const refusal = new RateLimited(newRayId(), Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    logger.info(
      `rate limit: ${limiter.keyPrefix} refused ${subject} for ${refusal.retryAfterSeconds}s, ray ${refusal.rayId}`,
    );
    throw refusal;
  }
}
