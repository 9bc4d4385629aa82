import fc from 'fast-check';
import type { App } from '../../server/app.ts';
import { type Endpoint, keyOf } from './endpoint.ts';
import {
  type AuthorizedExample,
  type Plan,
  type PlanStream,
  planStream,
  seedFor,
  shares,
  wireOf,
  withSession,
} from './plan.ts';
import { replyProblem } from './replies.ts';
import type { SignedInBrowser } from './server.ts';
import { describeWire, toRequest, type Wire } from './wire.ts';
import type { Hints } from './zodArbitrary.ts';

export interface FuzzOptions {
  bodies: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** A request not answered (body included) within this long is a hang. */
  timeoutMs: number;
}

export interface Failure {
  endpoint: string;
  /** The request's place in its endpoint's stream, for a replay with FUZZ_ONLY. */
  index: number;
  /** `anonymous`, or the signed-in browser's account. */
  as: string;
  mutations: string[];
  request: string;
  problem: string;
}

export interface EndpointStats {
  sent: number;
  signedIn: number;
  statuses: Map<number, number>;
  /** The longest a reply took, body included. */
  slowestMs: number;
}

/** Plans are generated this many at a time per endpoint, so memory stays flat for any FUZZ_BODIES. */
const CHUNK = 20;
/** A run this broken says enough; stop rather than spend the time bound on more of the same. */
const MAX_FAILURES = 40;

interface Job {
  endpoint: Endpoint;
  index: number;
  plan: Plan;
}

/** Endpoint by endpoint in turn, chunk by chunk: rate limits and load spread over the whole run. */
function* jobs(streams: readonly PlanStream[], options: FuzzOptions): Generator<Job[]> {
  const counts = shares(options.bodies, streams.length);
  for (let chunk = 0; chunk * CHUNK < Math.max(...counts); chunk += 1) {
    const round: Job[] = [];
    streams.forEach(({ endpoint, firsts, arbitrary }, position) => {
      const numRuns = Math.min(CHUNK, (counts[position] ?? 0) - chunk * CHUNK);
      if (numRuns <= 0) return;
      const leading = chunk === 0 ? firsts.slice(0, numRuns) : [];
      const seed = seedFor(options.seed, keyOf(endpoint), chunk);
      const sampled = fc.sample(arbitrary, { seed, numRuns: numRuns - leading.length });
      [...leading, ...sampled].forEach((plan, offset) => {
        round.push({ endpoint, index: chunk * CHUNK + offset, plan });
      });
    });
    yield round;
  }
}

class Hang extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Hang(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends every planned request and holds each reply to replyProblem; also fails on anything the server
 * logs at error level and on any unhandled rejection or uncaught exception while the run lasts.
 */
export async function fuzz(
  app: Pick<App, 'request'>,
  endpoints: readonly Endpoint[],
  context: {
    browsers: readonly SignedInBrowser[];
    hints: Hints;
    /** Live examples by endpoint key, beside the table's own. */
    examples: ReadonlyMap<string, readonly Record<string, unknown>[]>;
    /** Live examples that need their Authorization header, by endpoint key. */
    authorizedExamples?: ReadonlyMap<string, readonly AuthorizedExample[]>;
    serverErrors: string[];
  },
  options: FuzzOptions,
) {
  const stats = new Map<string, EndpointStats>(
    endpoints.map((endpoint) => [
      keyOf(endpoint),
      { sent: 0, signedIn: 0, statuses: new Map(), slowestMs: 0 },
    ]),
  );
  const failures: Failure[] = [];
  const escaped: string[] = [];
  const onRejection = (reason: unknown) => escaped.push(`unhandled rejection: ${String(reason)}`);
  const onException = (error: Error) => escaped.push(`uncaught exception: ${error.stack ?? error.message}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);

  let claimedErrors = context.serverErrors.length;
  const send = async ({ endpoint, index, plan }: Job) => {
    const key = keyOf(endpoint);
    const browser = context.browsers[plan.persona % context.browsers.length] as SignedInBrowser;
    const cookie = plan.signedIn ? await browser.cookie() : undefined;
    let wire: Wire = wireOf(endpoint, withSession(plan, browser.sessionId()));
    if (cookie) wire = { ...wire, headers: { cookie, ...wire.headers } };
    const fail = (problem: string) =>
      failures.push({
        endpoint: key,
        index,
        as: plan.signedIn ? `signed in as ${browser.email}` : 'anonymous',
        mutations: plan.mutations.map((mutation) => mutation.name),
        request: describeWire(wire),
        problem,
      });
    const { url, init } = toRequest(wire);
    const endpointStats = stats.get(key) as EndpointStats;
    endpointStats.sent += 1;
    if (plan.signedIn) endpointStats.signedIn += 1;
    const sentAt = performance.now();
    try {
      const response = await within(Promise.resolve(app.request(url, init)), options.timeoutMs);
      const body = await within(response.text(), options.timeoutMs);
      endpointStats.slowestMs = Math.max(endpointStats.slowestMs, performance.now() - sentAt);
      endpointStats.statuses.set(response.status, (endpointStats.statuses.get(response.status) ?? 0) + 1);
      if (plan.signedIn) browser.noticeReply(response);
      const problem = replyProblem(endpoint, wire, response, body);
      if (problem) fail(`${problem}: ${body.slice(0, 200)}`);
    } catch (error) {
      fail(error instanceof Hang ? `hang: ${error.message}` : `request failed: ${String(error)}`);
    }
    // The first request to finish after a line was logged claims it: with FUZZ_CONCURRENCY=1 that is the
    // request that caused it, otherwise it or one in flight beside it.
    if (context.serverErrors.length > claimedErrors) {
      const logged = context.serverErrors.slice(claimedErrors);
      claimedErrors = context.serverErrors.length;
      fail(`logged at error level: ${logged.join(' | ').slice(0, 600)}`);
    }
  };

  const started = performance.now();
  try {
    const streams = endpoints.map((endpoint) =>
      planStream(endpoint, context.hints, {
        liveExamples: context.examples.get(keyOf(endpoint)) ?? [],
        authorizedExamples: context.authorizedExamples?.get(keyOf(endpoint)) ?? [],
        personas: context.browsers.length,
      }),
    );
    for (const round of jobs(streams, options)) {
      let next = 0;
      const worker = async () => {
        while (next < round.length && failures.length < MAX_FAILURES) await send(round[next++] as Job);
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      if (failures.length >= MAX_FAILURES) break;
    }
    // A rejection left behind by the last requests surfaces on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  }
  return { stats, failures, escaped, seconds: (performance.now() - started) / 1000 };
}
