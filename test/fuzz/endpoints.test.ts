import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeApp } from '../../server/observability/metrics-http.ts';
import type { Endpoint } from './endpoint.ts';
import { keyOf } from './endpoint.ts';
import { SIGNED_IN_USERS } from './hints.ts';
import { oidcInputs } from './live.oidc.ts';
import { liveInputs } from './live.ts';
import { failureReport, statsTable } from './report.ts';
import { ENDPOINTS, FUZZED_ENDPOINTS, METRICS_PORT_ENDPOINTS, registeredRoutes } from './routes.ts';
import { fuzz } from './run.ts';
import { FUZZ_METRICS_TOKEN, signedInBrowser, startFuzzServer } from './server.ts';

/**
 * Hostile input at scale (docs/fuzzing.md): every endpoint the app registers, driven with bodies made
 * from its own contract and then spoilt, anonymous and signed in. FUZZ_BODIES (default 10,000; `npm run
 * fuzz` 100,000), FUZZ_SEED, FUZZ_ONLY (one `METHOD path`, or those containing it) and FUZZ_CONCURRENCY
 * replay or widen a run.
 */

const DEFAULT_SEED = 20_260_426;
const options = {
  bodies: Number(process.env.FUZZ_BODIES ?? 10_000),
  seed: Number(process.env.FUZZ_SEED ?? DEFAULT_SEED),
  concurrency: Number(process.env.FUZZ_CONCURRENCY ?? 4),
  // Far above any reply on a quiet machine (a few hundred ms), and above a busy one's stalls.
  timeoutMs: Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000),
};
const only = process.env.FUZZ_ONLY;
/**
 * The CI bound (docs/fuzzing.md): the default run takes 20–40 s on two cores, and up to 60 s when they are
 * busy with other work (machines of this kind differ 2–3× from hour to hour); twice that is the bound.
 * Larger runs scale it.
 */
const runTimeoutMs = Math.max(120_000, options.bodies * 6);

let server: Awaited<ReturnType<typeof startFuzzServer>>;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(() => server.close());

/** The endpoints FUZZ_ONLY keeps: one named exactly (a replay), or else those whose key contains it. */
function selected(endpoints: readonly Endpoint[]): readonly Endpoint[] {
  const exact = endpoints.filter((endpoint) => keyOf(endpoint) === only);
  if (exact.length > 0) return exact;
  return endpoints.filter((endpoint) => !only || keyOf(endpoint).includes(only));
}

describe('the fuzz table', () => {
  it('covers every route the app registers, and nothing it does not', () => {
    const registered = registeredRoutes(server.app);
    const table = ENDPOINTS.map(keyOf);
    expect(
      registered.filter((key) => !table.includes(key)),
      'routes no fuzz table entry covers',
    ).toEqual([]);
    expect(
      table.filter((key) => !registered.includes(key)),
      'table entries for no route',
    ).toEqual([]);
    expect(table.length, 'one entry per route').toBe(new Set(table).size);
  });

  it("covers what METRICS_PORT's listener serves", () => {
    const registered = registeredRoutes(scrapeApp(server.recorder, FUZZ_METRICS_TOKEN));
    expect(registered).toEqual(METRICS_PORT_ENDPOINTS.map(keyOf));
  });
});

describe('every endpoint, with hostile input', () => {
  let context: Parameters<typeof fuzz>[2];
  let closeKeyServer: () => Promise<void>;
  beforeAll(async () => {
    const browsers = [];
    for (const user of SIGNED_IN_USERS) browsers.push(await signedInBrowser(server.app, user));
    const live = await liveInputs(server.app, browsers);
    const oidc = await oidcInputs(server.app, server.base);
    closeKeyServer = oidc.close;
    // The OpenID Connect values join the seeded and live ones of the same name.
    const hints = new Map(live.hints);
    for (const [name, values] of oidc.hints) hints.set(name, [...(hints.get(name) ?? []), ...values]);
    const examples = new Map(live.examples);
    for (const [key, values] of oidc.examples) examples.set(key, [...(examples.get(key) ?? []), ...values]);
    context = {
      browsers,
      hints,
      examples,
      authorizedExamples: oidc.authorizedExamples,
      serverErrors: server.errors,
    };
  }, 60_000);
  afterAll(() => closeKeyServer?.());

  const check = (run: Awaited<ReturnType<typeof fuzz>>, bodies: number) => {
    console.log(statsTable(run.stats, run.seconds));
    expect(run.escaped, 'unhandled rejections and uncaught exceptions').toEqual([]);
    expect(run.failures.length, `failures:\n${failureReport(run.failures, options.seed)}`).toBe(0);
    // Rate limits are raised for the run: a request refused as too frequent never reached validation.
    const refused = [...run.stats.values()].reduce((sum, stats) => sum + (stats.statuses.get(429) ?? 0), 0);
    expect(refused, 'requests refused with 429').toBeLessThan(bodies * 0.05);
  };

  it(
    'answers below 500, in its own format, in time, without logging an error or leaving a rejection',
    async () => {
      const endpoints = selected(FUZZED_ENDPOINTS);
      expect(endpoints.length, `no endpoint matches FUZZ_ONLY=${only}`).toBeGreaterThan(0);
      console.log(
        `fuzz: seed ${options.seed} (FUZZ_SEED), ${options.bodies} bodies (FUZZ_BODIES) over ` +
          `${endpoints.length} endpoints, ${options.concurrency} at a time`,
      );
      check(await fuzz(server.app, endpoints, context, options), options.bodies);
    },
    runTimeoutMs,
  );

  it(
    "METRICS_PORT's listener, with its fair share of bodies",
    async () => {
      const endpoints = selected(METRICS_PORT_ENDPOINTS);
      // A replay of another endpoint has nothing to send here.
      if (endpoints.length === 0) return;
      const bodies = Math.ceil(options.bodies / FUZZED_ENDPOINTS.length);
      const listener = scrapeApp(server.recorder, FUZZ_METRICS_TOKEN);
      console.log(`fuzz: METRICS_PORT's listener, ${bodies} bodies`);
      check(await fuzz(listener, endpoints, context, { ...options, bodies }), bodies);
    },
    runTimeoutMs,
  );
});
