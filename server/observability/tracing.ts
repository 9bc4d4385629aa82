/**
 * OpenTelemetry traces on the request path (docs/operations.md "Traces"). Only `@opentelemetry/api` is
 * imported here: until an SDK registers a tracer provider (tracing-sdk.ts, loaded only when an OTEL_*
 * variable asks for traces), every span below is the API's no-op, which costs an allocation or two.
 *
 * What spans never carry: exception messages (a driver's quotes row values, a provider's may quote the
 * recipient), query parameters, raw paths or query strings, client addresses, user agents.
 */
import {
  type Attributes,
  context,
  isSpanContextValid,
  propagation,
  type Span,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';

/** The instrumentation scope of every span Foyer makes. */
export const TRACER_NAME = 'foyer';

/**
 * Looked up at each span, never kept: a kept ProxyTracer stays bound to the provider registered when it
 * first delegated, so a test's provider (or a restarted SDK) would be missed after `trace.disable()`.
 */
export const tracer = () => trace.getTracer(TRACER_NAME);

/** Marks a span failed with a kind (an error's name, an HTTP status, a SQLSTATE), never a message. */
export function markFailed(span: Span, errorType: string): void {
  span.setAttribute(ATTR_ERROR_TYPE, errorType);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

export const errorKind = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** Runs `work` inside a new span, the active one for whatever `work` starts (queries, posts). */
export function inSpan<T>(
  name: string,
  work: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, errorKind(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * An outgoing HTTP call as a client span, with the W3C `traceparent` (and whatever else the registered
 * propagator writes) in the headers `send` is given, so the receiver joins the trace. Only the host and
 * port are recorded: a provider's URL may carry a key in its path or query.
 */
export function tracedHttpCall(
  method: string,
  url: URL | string,
  send: (traceHeaders: Record<string, string>) => Promise<Response>,
): Promise<Response> {
  const target = typeof url === 'string' ? URL.parse(url) : url;
  const attributes: Attributes = { [ATTR_HTTP_REQUEST_METHOD]: method };
  if (target) {
    attributes[ATTR_SERVER_ADDRESS] = target.hostname;
    attributes[ATTR_SERVER_PORT] = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  }
  return inSpan(
    method,
    async (span) => {
      const traceHeaders: Record<string, string> = {};
      propagation.inject(context.active(), traceHeaders);
      const response = await send(traceHeaders);
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
      // Client spans count 4xx as failures too: the call did not do what it was for.
      if (response.status >= 400) markFailed(span, String(response.status));
      return response;
    },
    { kind: SpanKind.CLIENT, attributes },
  );
}

/** The active span's ids, for a log line to name its trace; none while tracing is off. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
  return { traceId: spanContext.traceId, spanId: spanContext.spanId };
}
