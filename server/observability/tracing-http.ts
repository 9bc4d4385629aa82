import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_METHOD_ORIGINAL,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { errorKind, markFailed, tracer } from './tracing.ts';

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** HTTP semantic conventions: any other method is recorded as `_OTHER`, so a client cannot mint span names. */
const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/** The span's own attribute for the reply's `x-ray-id`, which the request log and the user's report carry. */
export const ATTR_RAY_ID = 'foyer.ray_id';

/**
 * One server span per request, named by method and Hono's route template (`POST /api/login`, never the
 * raw path), continuing the trace of an incoming W3C `traceparent` when the registered propagator reads
 * one. It must be the app's outermost middleware: the request log and every handler run inside it.
 */
export const traceRequests: MiddlewareHandler = async (c, next) => {
  const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, headerGetter);
  const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : '_OTHER';
  const span = tracer().startSpan(method === '_OTHER' ? 'HTTP' : method, { kind: SpanKind.SERVER }, parent);
  try {
    await context.with(trace.setSpan(parent, span), next);
  } catch (error) {
    // Hono answers errors through onError; this is only what escapes it.
    markFailed(span, errorKind(error));
    throw error;
  } finally {
    if (span.isRecording()) describeExchange(c, method, span);
    span.end();
  }
};

function describeExchange(c: Context, method: string, span: Span): void {
  // After the handlers ran, the route index points at the one that answered (or the middleware that did).
  const route = routePath(c);
  if (method !== '_OTHER') span.updateName(`${method} ${route}`);
  span.setAttributes({
    [ATTR_HTTP_REQUEST_METHOD]: method,
    [ATTR_HTTP_ROUTE]: route,
    [ATTR_URL_SCHEME]: new URL(c.req.url).protocol.slice(0, -1),
    [ATTR_HTTP_RESPONSE_STATUS_CODE]: c.res.status,
  });
  if (method === '_OTHER') span.setAttribute(ATTR_HTTP_REQUEST_METHOD_ORIGINAL, c.req.method.slice(0, 32));
  const rayId = c.res.headers.get('x-ray-id');
  if (rayId) span.setAttribute(ATTR_RAY_ID, rayId);
  // Server spans count only 5xx as failures: a 4xx is the client's mistake, answered as designed.
  if (c.res.status >= 500) markFailed(span, c.error ? errorKind(c.error) : String(c.res.status));
}
