/**
 * Starts OpenTelemetry's Node SDK for traces only. Imported dynamically, and only when tracing is wanted
 * (server/env.ts tracesEnabled): the SDK and its exporters (a 2.2 MB chunk of the bundle, ~12 MB of memory
 * once loaded) are never paid for by a server with tracing off (docs/operations.md "Traces").
 */
import { context, diag, propagation, trace } from '@opentelemetry/api';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface TracingOptions {
  /**
   * Where spans go. Default: what OTEL_TRACES_EXPORTER and OTEL_EXPORTER_OTLP_* say (a batching OTLP
   * exporter). Tests pass a SimpleSpanProcessor over an InMemorySpanExporter.
   */
  spanProcessors?: SpanProcessor[];
  /** The process's environment, read for the service name's default. */
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  /** Exports what is still buffered, then unregisters the SDK from the global API. */
  shutdown(): Promise<void>;
}

/** `service.name` unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES names another. */
export const DEFAULT_SERVICE_NAME = 'foyer';

/**
 * Registers a tracer provider, the AsyncLocalStorage context manager and the propagators (OTEL_PROPAGATORS,
 * by default W3C Trace Context and Baggage) with the global API that server/observability/tracing.ts uses.
 * Metrics and logs are not started here: /metrics is Prometheus' (docs/operations.md), logs are stdout.
 */
export function startTracing(options: TracingOptions = {}): Tracing {
  const env = options.env ?? process.env;
  const namesService =
    env.OTEL_SERVICE_NAME !== undefined ||
    /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = startNodeSdk({
    metricReaders: [],
    logRecordProcessors: [],
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    ...(namesService ? {} : { resourceAttributes: { [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME } }),
  });
  return {
    async shutdown() {
      await sdk.shutdown();
      // The SDK's shutdown leaves its provider, context manager and propagator registered; a test (the
      // server project shares modules across files) or a restart must find the API as it was.
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}
