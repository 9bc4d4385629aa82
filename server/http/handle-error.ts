import type { ErrorHandler } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { RateLimited } from '../security/rate-limits.ts';
import { ApiFailure, describeError, errorReply, INTERNAL_MESSAGE, isDatabaseUnavailable } from './errors.ts';
import type { Logger } from './logger.ts';

/** Answers deliberate failures with their code; anything else is logged (without secrets) and hidden. */
export function handleError(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiFailure) {
      const headers = error.rayId ? { 'x-ray-id': error.rayId } : undefined;
      const reply = { ...errorReply(error.code, error.message, error.errorParameters), ...error.policy };
      return c.json(reply, error.httpStatus, headers);
    }
    if (error instanceof RateLimited) {
      return c.json(errorReply(backendCode.requestFrequently, error.message), 429, {
        'x-ray-id': error.rayId,
        'Retry-After': String(error.retryAfterSeconds),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, failing over): a retry will do, so say so, briefly and once
      // per request, without a stack trace.
      logger.error(`${c.req.method} ${c.req.path} answered 503: the database is unavailable`);
      return c.json(errorReply(backendCode.internal, INTERNAL_MESSAGE), 503, { 'Retry-After': '5' });
    }
    logger.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json(errorReply(backendCode.internal, INTERNAL_MESSAGE), 500);
  };
}
