import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf } from './endpoint.ts';
import { SIGNED_IN_USERS } from './hints.ts';
import { liveInputs } from './live.ts';
import { failureReport, statsTable } from './report.ts';
import { ENDPOINTS, FUZZED_ENDPOINTS, registeredRoutes } from './routes.ts';
import { fuzz } from './run.ts';
import { signedInBrowser, startFuzzServer } from './server.ts';

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
 * The CI bound (docs/fuzzing.md): the default run must finish within a minute on two busy cores; it takes
 * 15–30 s. Larger runs scale it.
 */
const runTimeoutMs = Math.max(60_000, options.bodies * 6);

let server: Awaited<ReturnType<typeof startFuzzServer>>;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(() => server.close());

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
});

describe('every endpoint, with hostile input', () => {
  it(
    'answers below 500, in its own format, in time, without logging an error or leaving a rejection',
    async () => {
      // FUZZ_ONLY names one endpoint exactly (a replay), or else picks those whose key contains it.
      const exact = FUZZED_ENDPOINTS.filter((endpoint) => keyOf(endpoint) === only);
      const endpoints =
        exact.length > 0
          ? exact
          : FUZZED_ENDPOINTS.filter((endpoint) => !only || keyOf(endpoint).includes(only));
      expect(endpoints.length, `no endpoint matches FUZZ_ONLY=${only}`).toBeGreaterThan(0);
      const browsers = [];
      for (const user of SIGNED_IN_USERS) browsers.push(await signedInBrowser(server.app, user));
      const { hints, examples } = await liveInputs(server.app, browsers);
      console.log(
        `fuzz: seed ${options.seed} (FUZZ_SEED), ${options.bodies} bodies (FUZZ_BODIES) over ` +
          `${endpoints.length} endpoints, ${options.concurrency} at a time`,
      );
      const context = { browsers, hints, examples, serverErrors: server.errors };
      const run = await fuzz(server.app, endpoints, context, options);
      console.log(statsTable(run.stats, run.seconds));

      expect(run.escaped, 'unhandled rejections and uncaught exceptions').toEqual([]);
      expect(run.failures.length, `failures:\n${failureReport(run.failures, options.seed)}`).toBe(0);
      // Rate limits are raised for the run: a request refused as too frequent never reached validation.
      const refused = [...run.stats.values()].reduce((sum, stats) => sum + (stats.statuses.get(429) ?? 0), 0);
      expect(refused, 'requests refused with 429').toBeLessThan(options.bodies * 0.05);
    },
    runTimeoutMs,
  );
});
