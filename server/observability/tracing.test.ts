// OpenTelemetry traces (docs/operations.md "Traces"): one sign-in's spans through the SDK start that
// production uses, with an in-memory exporter injected instead of OTEL_* variables and a network exporter.
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '../db/seed-data.ts';
import { routeDelivery } from '../delivery/delivery.ts';
import { httpProviderDelivery } from '../delivery/http-provider.ts';
import { readEnv, tracesEnabled } from '../env.ts';
import { requestLog } from '../http/logger.ts';
import { postLogoutToken } from '../oauth/backchannel/delivery.service.ts';
import { ADA, createTestServer, obtainCode, signIn, type TestServer } from '../testing/harness.ts';
import { inSpan, tracer } from './tracing.ts';
import { describeStatement } from './tracing-db.ts';
import { traceRequests } from './tracing-http.ts';
import { startTracing, type Tracing } from './tracing-sdk.ts';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN_ID = 'b7ad6b7169203331';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`;

/** A small app with the same two outer middlewares as server/app.ts, logging JSON lines. */
function loggedApp(lines: string[]) {
  return new Hono()
    .use(traceRequests)
    .use(requestLog({ info: (line) => lines.push(line), error: (line) => lines.push(line) }, 'json'))
    .get('/things/:id', (c) => c.text('ok'));
}

describe('with tracing off (no SDK started)', () => {
  it('logs no trace ids, and a span is the no-op', async () => {
    const lines: string[] = [];
    const response = await loggedApp(lines).request('/things/42', { headers: { traceparent: TRACEPARENT } });
    expect(response.status).toBe(200);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({ method: 'GET', path: '/things/42', status: 200 });
    expect(line.rayId).toMatch(/^[0-9a-f]{16}$/);
    expect(line).not.toHaveProperty('traceId');
    expect(tracer().startSpan('probe').isRecording()).toBe(false);
  });
});

describe('with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor({ exporter });
  let tracing: Tracing;
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    tracing = startTracing({ spanProcessors: [processor], env: {} });
  }, 60_000);
  afterAll(async () => {
    await tracing.shutdown();
    await server.close();
  });
  beforeEach(() => exporter.reset());

  // A SimpleSpanProcessor exports after the span ends, a microtask later at best and later still while
  // the resource's detectors are pending (a busy machine's CI run read [] here): wait for its exports.
  const finished = async () => {
    await processor.forceFlush();
    return exporter.getFinishedSpans();
  };
  const spanId = (span: ReadableSpan) => span.spanContext().spanId;
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  it("records one sign-in's request, database and argon2id spans in the caller's trace", async () => {
    const response = await server.app.request(`/api/login?clientId=${DEMO_CLIENT_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: TRACEPARENT },
      body: JSON.stringify({ clientId: DEMO_CLIENT_ID, username: ADA.email, password: ADA.password }),
    });
    expect(response.status).toBe(200);

    const spans = await finished();
    const requests = spans.filter((span) => span.kind === SpanKind.SERVER);
    expect(requests.map((span) => span.name)).toEqual(['POST /api/login']);
    const [request] = requests as [ReadableSpan];
    expect(request.spanContext().traceId).toBe(TRACE_ID);
    expect(parentOf(request)).toBe(CALLER_SPAN_ID);
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/login',
      'http.response.status_code': 200,
      'url.scheme': 'http',
      'foyer.ray_id': response.headers.get('x-ray-id'),
    });

    const argon = spans.filter((span) => span.name === 'argon2id verify');
    expect(argon).toHaveLength(1);
    expect(parentOf(argon[0] as ReadableSpan)).toBe(spanId(request));

    const queries = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(2);
    for (const query of queries) {
      expect(query.kind).toBe(SpanKind.CLIENT);
      expect(query.spanContext().traceId).toBe(TRACE_ID);
      expect(parentOf(query)).toBe(spanId(request));
    }
    const names = queries.map((query) => query.name);
    expect(names).toContain('SELECT users');
    expect(names.some((name) => /^(INSERT|UPDATE) /.test(name))).toBe(true);

    // Every span's every attribute: no parameter, address, password or raw query string.
    const recorded = JSON.stringify(spans.map((span) => [span.name, span.attributes]));
    for (const secret of [ADA.email, ADA.password, 'clientId=', '$1']) expect(recorded).not.toContain(secret);
    expect(spans.every((span) => span.spanContext().traceId === TRACE_ID)).toBe(true);
  });

  it("a code request's gates read the user and the session in one query (docs/benchmarks.md)", async () => {
    const cookie = await signIn(server.app);
    exporter.reset();
    await obtainCode(server.app, cookie);
    const names = (await finished())
      .filter((span) => span.attributes['db.system.name'] === 'postgresql')
      .map((span) => span.name);
    // The cookie's session, then the gates' one read of sessions joined to users.
    expect(names.filter((name) => name === 'SELECT sessions')).toHaveLength(2);
    expect(names.filter((name) => name === 'SELECT users')).toHaveLength(0);
    expect(names.length).toBeLessThanOrEqual(8);
  });

  it('starts a trace of its own without a traceparent, and names the route template, not the path', async () => {
    const lines: string[] = [];
    await loggedApp(lines).request('/things/42');
    const [request] = (await finished()) as [ReadableSpan];
    expect(request.name).toBe('GET /things/:id');
    expect(request.attributes['http.route']).toBe('/things/:id');
    expect(request.parentSpanContext).toBeUndefined();
    expect(JSON.stringify(request.attributes)).not.toContain('/things/42');
    // The request log's JSON line names the same trace and span as the ray id's.
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({ traceId: request.spanContext().traceId, spanId: spanId(request) });
    expect(request.attributes['foyer.ray_id']).toBe(line.rayId);
  });

  it('makes no span for a query outside any trace', async () => {
    await server.db.query.users.findFirst();
    expect(await finished()).toEqual([]);
  });

  it('passes traceparent on to back-channel logout and delivery providers, under a client span', async () => {
    const sent: Headers[] = [];
    const fetchStub = async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return new Response(null, { status: 204 });
    };
    await inSpan('caller', async () => {
      await postLogoutToken(fetchStub, new URL('https://app.example/backchannel'), 'token');
      const sms = httpProviderDelivery({ url: 'https://sms.example:8443/send', fetch: fetchStub });
      const outbox = { deliver: () => Promise.reject(new Error('not this one')) };
      await routeDelivery({ sms }, outbox).deliver({
        channel: 'sms',
        to: '+16505550100',
        text: 'Your code',
      });
    });
    const spans = await finished();
    const caller = spans.find((span) => span.name === 'caller') as ReadableSpan;
    const posts = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(
      posts.map((span) => [span.name, span.attributes['server.address'], span.attributes['server.port']]),
    ).toEqual([
      ['POST', 'app.example', 443],
      ['POST', 'sms.example', 8443],
    ]);
    for (const [index, post] of posts.entries()) {
      expect(post.spanContext().traceId).toBe(caller.spanContext().traceId);
      expect(sent[index]?.get('traceparent')).toBe(`00-${post.spanContext().traceId}-${spanId(post)}-01`);
    }
    expect(parentOf(posts[0] as ReadableSpan)).toBe(spanId(caller));
    // The provider's post sits under the delivery's span, which names the channel but not the recipient.
    const delivery = spans.find((span) => span.name === 'delivery send') as ReadableSpan;
    expect(parentOf(posts[1] as ReadableSpan)).toBe(spanId(delivery));
    expect(delivery.attributes).toEqual({
      'foyer.delivery.channel': 'sms',
      'foyer.delivery.adapter': 'configured',
    });
  });

  it('marks a 5xx request span failed with the status as its error type', async () => {
    const app = new Hono()
      .use(traceRequests)
      .get('/broken', () => {
        throw new Error('secret detail');
      })
      .onError((_error, c) => c.text('Something went wrong', 500));
    expect((await app.request('/broken')).status).toBe(500);
    const [request] = (await finished()) as [ReadableSpan];
    expect(request.status.code).toBe(2);
    expect(request.attributes['error.type']).toBe('Error');
    expect(JSON.stringify([request.status, request.attributes, request.events])).not.toContain(
      'secret detail',
    );
  });
});

describe('after the tracing shutdown', () => {
  it('leaves the global API as it found it', () => {
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(tracer().startSpan('probe').isRecording()).toBe(false);
  });
});

describe('describeStatement', () => {
  it.each([
    ['select "id", "email" from "users" where "users"."email" = $1', 'SELECT', 'users'],
    ['insert into "sessions" ("id", "user_id") values ($1, $2)', 'INSERT', 'sessions'],
    ['update "rate_limits" set "points" = $1 where "key" = $2', 'UPDATE', 'rate_limits'],
    ['delete from "outbox" where "id" = $1', 'DELETE', 'outbox'],
    ['select count(*) from (select 1) as "t"', 'SELECT', undefined],
    ['begin', 'BEGIN', undefined],
  ])('%s → %s %s', (statement, operation, table) => {
    const described = describeStatement(statement);
    expect(described.operation).toBe(operation);
    expect(described.table).toBe(table);
    expect(described.summary).toBe(table ? `${operation} ${table}` : operation);
  });
});

describe('tracesEnabled', () => {
  it.each([
    [{}, false],
    [{ OTEL_SERVICE_NAME: 'foyer-eu' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp,none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'TRUE' }, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'false' }, true],
  ])('%j → %s', (variables, enabled) => {
    expect(tracesEnabled(readEnv(variables))).toBe(enabled);
  });
});
