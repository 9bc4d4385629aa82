import type { Database } from '../db/client.ts';
import type { Logger } from '../http/logger.ts';
import { newRayId } from '../http/logger.ts';
import { countRateLimitRefusal } from '../observability/metrics.ts';
import { createLimiter, type Limiter, RateLimited } from '../security/rate-limits.ts';

/** RFC 8628 §3.4: the grant type a device polls the token endpoint with (clients list it in grant_types). */
export { DEVICE_CODE_GRANT_TYPE } from '../db/seed-data.ts';

/** Room activation's numbers (docs/room-activation.md); tests pass their own. */
export interface DeviceSettings {
  /** How long a device code and its user code live (RFC 8628 §3.2 expires_in). */
  lifetimeSeconds: number;
  /** The polling interval a grant starts with (§3.2 interval); slow_down adds 5 s each time (§3.5). */
  intervalSeconds: number;
  /** The brand whose frame /device uses when the code does not name a client with a brand of its own. */
  defaultBrandId: string;
  /** POST /oauth/device_authorization per client IP per minute. */
  authorizationPerIpPerMinute: number;
  /** POST /api/device/verify and GET /device lookups, per client IP per minute. */
  verifyPerIpPerMinute: number;
  /** Well-formed user codes that name no live grant, per client IP per hour (RFC 8628 §5.1 brute force). */
  wrongCodesPerIpPerHour: number;
}

export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = {
  lifetimeSeconds: 600,
  intervalSeconds: 5,
  defaultBrandId: '7310',
  authorizationPerIpPerMinute: 20,
  verifyPerIpPerMinute: 30,
  wrongCodesPerIpPerHour: 20,
};

/** RFC 8628 §3.5: "the interval MUST be increased by 5 seconds for this and all subsequent requests". */
export const SLOW_DOWN_STEP_SECONDS = 5;

export function createDeviceLimiters(db: Database, settings: DeviceSettings) {
  return {
    authorizationByIp: createLimiter(db, 'device-authorization-ip', settings.authorizationPerIpPerMinute, 60),
    verifyByIp: createLimiter(db, 'device-verify-ip', settings.verifyPerIpPerMinute, 60),
    wrongCodesByIp: createLimiter(db, 'device-wrong-code-ip', settings.wrongCodesPerIpPerHour, 60 * 60),
  };
}

export type DeviceLimiters = ReturnType<typeof createDeviceLimiters>;

/**
 * Refuses, without counting, a caller already over `limiter`'s limit: wrong codes are counted only
 * when they happen, but once over the limit even a right code must not be looked up (that would tell
 * a guesser which of its guesses hit).
 */
export async function refuseIfBlocked(limiter: Limiter, key: string, logger: Logger): Promise<void> {
  const used = await limiter.get(key);
  if (!used || used.consumedPoints < limiter.points) return;
  countRateLimitRefusal(limiter.keyPrefix);
  const refusal = new RateLimited(newRayId(), Math.max(1, Math.ceil(used.msBeforeNext / 1000)));
  logger.info(
    `rate limit: ${limiter.keyPrefix} refused ip ${key} for ${refusal.retryAfterSeconds}s, ray ${refusal.rayId}`,
  );
  throw refusal;
}
