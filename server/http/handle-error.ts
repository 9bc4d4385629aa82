import type { ErrorHandler } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { RateLimited } from '../security/rate-limits.ts';
import { ApiFailure, describeError, errorReply, INTERNAL_MESSAGE } from './errors.ts';
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
    logger.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json(errorReply(backendCode.internal, INTERNAL_MESSAGE), 500);
  };
}
