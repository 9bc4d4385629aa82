import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { activeTraceIds } from '../observability/tracing.ts';

export interface Logger {
  info(line: string): void;
  error(line: string): void;
}

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
};

export const silentLogger: Logger = { info: () => {}, error: () => {} };

export type RequestLogFormat = 'off' | 'text' | 'json';

/**
 * One line per request: method, path, status, duration and the ray id (the reply's `x-ray-id`, given to
 * every reply that has none, so a user's report and the log line meet). Never the query string
 * (authorisation codes and states travel there), bodies, cookies or other headers.
 */
export function requestLog(
  logger: Logger,
  format: Exclude<RequestLogFormat, 'off'> = 'text',
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const rayId = c.res.headers.get('x-ray-id') ?? newRayId();
    if (!c.res.headers.has('x-ray-id')) c.res.headers.set('x-ray-id', rayId);
    const ms = Math.round(performance.now() - started);
    logger.info(
      format === 'json'
        ? JSON.stringify({
            time: new Date().toISOString(),
            method: c.req.method,
            path: c.req.path,
            status: c.res.status,
            ms,
            rayId,
            // traceId and spanId of the request's span while tracing is on, so the line and its trace meet.
            ...activeTraceIds(),
          })
        : `${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ray ${rayId}`,
    );
  };
}

/** A request's ray id: random, short, safe to show a user and to log. */
export function newRayId(): string {
  return randomBytes(8).toString('hex');
}
