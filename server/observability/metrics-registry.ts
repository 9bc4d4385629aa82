/**
 * The one registry, over prom-client, and every metric Foyer exports (docs/operations.md lists them).
 * Loaded only by enableMetrics (metrics.ts). Not prom-client's global registry: nothing else in the
 * process can add to it or collide with it.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { countDatabaseQueries } from './metrics-db.ts';
import type { MetricsRecorder } from './metrics-recorder.ts';

/** HTTP methods as labels; anything else a client sends is `other`, so a client cannot mint series. */
const KNOWN_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);

export function createRecorder(): MetricsRecorder {
  const registry = new Registry();
  // Process CPU, memory, heap, handles, GC, and the event loop's delay (nodejs_eventloop_lag_* from
  // perf_hooks.monitorEventLoopDelay), under prom-client's standard names so stock dashboards read them.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const signIns = new Counter({
    name: 'foyer_sign_ins_total',
    help: 'Password sign-ins by method, outcome and backend code (none on success).',
    labelNames: ['method', 'outcome', 'code'] as const,
    registers,
  });
  const secondFactorSends = new Counter({
    name: 'foyer_second_factor_sends_total',
    help: 'Second-factor codes sent or refused, by channel and outcome.',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  const passkeyCeremonies = new Counter({
    name: 'foyer_passkey_ceremonies_total',
    help: 'Passkey sign-ins and registrations by outcome and backend code (none on success).',
    labelNames: ['ceremony', 'outcome', 'code'] as const,
    registers,
  });
  const codesIssued = new Counter({
    name: 'foyer_oauth_codes_issued_total',
    help: 'Authorization codes issued, by client.',
    labelNames: ['client'] as const,
    registers,
  });
  const tokensIssued = new Counter({
    name: 'foyer_oauth_tokens_issued_total',
    help: 'Token responses issued at /oauth/token, by grant type and client.',
    labelNames: ['grant_type', 'client'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'foyer_rate_limit_refusals_total',
    help: 'Requests refused with HTTP 429, by limiter.',
    labelNames: ['limiter'] as const,
    registers,
  });
  const lockouts = new Counter({
    name: 'foyer_lockouts_total',
    help: 'Accounts locked for too many wrong passwords.',
    registers,
  });
  const lockedRefusals = new Counter({
    name: 'foyer_locked_refusals_total',
    help: 'Password attempts refused because the account was locked.',
    registers,
  });
  const backchannel = new Counter({
    name: 'foyer_backchannel_logout_deliveries_total',
    help: 'Back-Channel Logout posts by outcome (delivered, retry, abandoned) and attempt (first, retry).',
    labelNames: ['outcome', 'attempt'] as const,
    registers,
  });
  const requests = new Histogram({
    name: 'foyer_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const passwordVerify = new Histogram({
    name: 'foyer_password_verify_duration_seconds',
    help: 'argon2id password verifications.',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const databaseInUse = new Gauge({
    name: 'foyer_db_queries_in_flight',
    help: 'Database queries and transactions running or waiting for a pooled connection.',
    registers,
  });
  const poolSize = new Gauge({
    name: 'foyer_db_pool_max_connections',
    help: 'Connections the database pool may open (1 for PGlite).',
    registers,
  });
  const databaseErrors = new Counter({
    name: 'foyer_db_errors_total',
    help: 'Failed database queries and transactions, by kind (unavailable, query).',
    labelNames: ['kind'] as const,
    registers,
  });

  const recorder: MetricsRecorder = {
    signIn: (method, outcome, code) => signIns.inc({ method, outcome, code }),
    secondFactorSend: (channel, outcome) => secondFactorSends.inc({ channel, outcome }),
    passkeyCeremony: (ceremony, outcome, code) => passkeyCeremonies.inc({ ceremony, outcome, code }),
    codeIssued: (client) => codesIssued.inc({ client }),
    tokensIssued: (grant_type, client) => tokensIssued.inc({ grant_type, client }),
    rateLimitRefusal: (limiter) => rateLimitRefusals.inc({ limiter }),
    lockout: () => lockouts.inc(),
    lockedRefusal: () => lockedRefusals.inc(),
    backchannelDelivery: (outcome, attempt) => backchannel.inc({ outcome, attempt }),
    request: (method, route, status, seconds) =>
      requests.observe(
        { method: KNOWN_METHODS.has(method) ? method : 'other', route, status: String(status) },
        seconds,
      ),
    passwordVerify: (seconds) => passwordVerify.observe(seconds),
    databaseQuery: (kind) => (kind === 'started' ? databaseInUse.inc() : databaseInUse.dec()),
    databasePoolSize: (connections) => poolSize.set(connections),
    databaseError: (kind) => databaseErrors.inc({ kind }),
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
  countDatabaseQueries(recorder);
  return recorder;
}

/** Every metric name the registry exports, for the dashboard's test (docs/grafana). */
export async function exportedMetricNames(recorder: MetricsRecorder): Promise<Set<string>> {
  const { body } = await recorder.scrape();
  return new Set([...body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] ?? ''));
}
