import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../http/logger.ts';
import { clientIp } from './client-ip.ts';
import { consumeOrRefuse, type Limiter } from './rate-limits.ts';

/**
 * Counts every request against `limiter` by client IP before the body is read, so even malformed
 * requests use up the allowance; past it the request is refused with 429 and a ray id.
 */
export function limitPerIp(
  limiter: Limiter,
  { logger, trustProxy }: { logger: Logger; trustProxy: boolean },
): MiddlewareHandler {
  return async (c, next) => {
    const ip = clientIp(c, trustProxy);
    await consumeOrRefuse(limiter, ip, logger, `ip ${ip}`);
    await next();
  };
}
