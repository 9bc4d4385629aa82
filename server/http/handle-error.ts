import type { ErrorHandler } from 'hono';
import { backendCode } from '../../api/contract/envelope.ts';
import { ApiFailure, describeError, errorReply, INTERNAL_MESSAGE } from './errors.ts';
import type { Logger } from './logger.ts';

/** Answers deliberate failures with their code; anything else is logged (without secrets) and hidden. */
export function handleError(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiFailure) return c.json(errorReply(error.code, error.message), error.httpStatus);
    logger.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json(errorReply(backendCode.internal, INTERNAL_MESSAGE), 500);
  };
}
