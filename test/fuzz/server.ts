import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, createApp } from '../../server/app.ts';
import { DEMO_CLIENT_ID } from '../../server/db/seed-data.ts';
import { DEFAULT_DEVICE_SETTINGS } from '../../server/device/device.settings.ts';
import type { Logger } from '../../server/http/logger.ts';
import { enableMetrics } from '../../server/observability/metrics.ts';
import {
  cookieJar,
  createTestServer,
  location,
  ORIGIN,
  RELAXED_LIMITS,
  signInWith,
} from '../../server/testing/harness.ts';

/**
 * Request rates generous enough that a run's thousands of calls from one address mostly reach
 * validation. The lockout counts wrong passwords per account between successful sign-ins; fuzzed
 * password changes of the signed-in account are wrong passwords too, and five of them would lock it out
 * of signing in again. At a hundred, other accounts can still be locked by a long run.
 */
const FUZZ_LIMITS = { ...RELAXED_LIMITS, lockoutFailures: 100 };
/** METRICS_TOKEN of the app under fuzz: with it, GET /metrics answers on the app itself too. */
export const FUZZ_METRICS_TOKEN = 'fuzz-metrics-token-0123456789';

const FUZZ_DEVICE_LIMITS = {
  authorizationPerIpPerMinute: 100_000,
  verifyPerIpPerMinute: 100_000,
  wrongCodesPerIpPerHour: 100_000,
};

/**
 * The app under fuzz: the harness's seeded database and keys, with a logger of its own so that anything
 * logged at error level fails the run (the harness's logger mixes both levels into one list), a built SPA
 * to serve (else `/` is the deliberate 503 "SPA not built"), and rate limits raised.
 */
export async function startFuzzServer() {
  const base = await createTestServer();
  // As with METRICS_TOKEN set: requests are measured, and /metrics is one more endpoint to fuzz.
  const recorder = await enableMetrics();
  const errors: string[] = [];
  const logger: Logger = { info: () => {}, error: (line) => errors.push(line) };
  const distDir = mkdtempSync(join(tmpdir(), 'foyer-fuzz-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Foyer</title>');
  writeFileSync(join(distDir, 'assets', 'index-fuzz.js'), 'console.log(1)');
  const app: App = createApp({
    db: base.db,
    keys: base.keys,
    publicOrigin: ORIGIN,
    distDir,
    logger,
    logRequests: 'text',
    now: base.now,
    demoFetch: (url, init) => Promise.resolve(app.request(url, init)),
    limits: FUZZ_LIMITS,
    twoFactor: { masterKey: base.masterKey },
    device: { settings: { ...DEFAULT_DEVICE_SETTINGS, ...FUZZ_DEVICE_LIMITS } },
    metrics: { recorder, token: FUZZ_METRICS_TOKEN },
  });
  return {
    app,
    /** The harness's server under the app: its database, keys and clock. */
    base,
    recorder,
    /** Lines the server logged at error level. */
    errors,
    async close() {
      await base.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser signed in as `user`, with a sign-in at the reference identity provider under way and the
 * demo app's own sign-in started, so those endpoints get past their cookie checks. A fuzzed request that
 * signs it out (its reply removes the session cookie) makes the next one sign in again.
 */
export async function signedInBrowser(app: App, user: { email: string; password: string }) {
  const jar = cookieJar();
  let sessionId = (await signInWith(app, jar, user)).sessionId ?? '';
  const dispatcher = jar.absorb(
    await app.request(`/mobile/loginDispatcher?selected_entrance=sso&clientId=${DEMO_CLIENT_ID}`, {
      headers: { cookie: jar.header },
    }),
  );
  const identityRequest = location(dispatcher).searchParams.get('request') ?? '';
  jar.absorb(await app.request('/demo-app/login', { headers: { cookie: jar.header } }));

  let signingIn: Promise<unknown> | undefined;
  return {
    email: user.email,
    identityRequest,
    async cookie(): Promise<string> {
      await signingIn;
      return jar.header;
    },
    /** The public id of the session the cookie holds now (CURRENT_SESSION stands for it). */
    sessionId: () => sessionId,
    /** Called with every reply to a signed-in request. */
    noticeReply(response: Response) {
      const signedOut = response.headers
        .getSetCookie()
        .some((cookie) => /^foyer_(session|persistent)=(;|$)/.test(cookie) || isRemovedSession(cookie));
      if (signedOut && !signingIn)
        signingIn = signInWith(app, jar, user)
          .then((login) => {
            sessionId = login.sessionId ?? '';
          })
          .catch((error: unknown) => {
            throw new Error(`the fuzz run's browser could not sign ${user.email} in again: ${String(error)}`);
          })
          .finally(() => {
            signingIn = undefined;
          });
    },
  };
}

const isRemovedSession = (cookie: string) =>
  /^foyer_(session|persistent)=/.test(cookie) && /max-age=0/i.test(cookie);

export type SignedInBrowser = Awaited<ReturnType<typeof signedInBrowser>>;
