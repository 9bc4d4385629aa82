import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { loginReply } from '../../api/contract/auth.ts';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import type { AccountSettings } from '../account/account.settings.ts';
import { type App, type AppDeps, createApp } from '../app.ts';
import { DEMO_CLIENT_ID, DEMO_REDIRECT_PATH, TOTP_DEMO_EMAIL, TOTP_DEMO_SECRET } from '../db/seed-data.ts';
import type { DeviceSettings } from '../device/device.settings.ts';
import type { Logger } from '../http/logger.ts';
import { backchannelWorker } from '../oauth/backchannel/worker.ts';
import { loadSigningKeys } from '../oauth/signing-keys.ts';
import type { KekRing } from '../security/key-encryption.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../security/rate-limits.ts';
import { deriveMfaKeys } from '../two-factor/mfa-keys.ts';
import { seedDemoAuthenticator } from '../two-factor/totp.service.ts';
import type { TwoFactorOptions } from '../two-factor/two-factor.settings.ts';
import { openSeededDatabase } from './test-database.ts';

/** Test support (not a test): one in-memory database and app per test file, driven with app.request(). */

export const ORIGIN = 'http://localhost:8080';
export const DEMO_REDIRECT_URI = `${ORIGIN}${DEMO_REDIRECT_PATH}`;
export const ADA = {
  email: 'ada@example.com',
  phone: '+16505550100',
  extension: '101',
  password: 'Violet-Harbor-47',
};
export const GRACE = { email: 'grace@example.co.uk', password: 'Quartz-Meadow-83' };

/**
 * In-process requests share one client address (they have no socket), so suites that sign in often
 * run with the request-rate limits raised; the lockout stays as in production. Rate-limit tests pass
 * their own limits.
 */
export const RELAXED_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  loginPerIpPerMinute: 100_000,
  loginPerIdentifierPerMinute: 100_000,
  tokenPerIpPerMinute: 100_000,
  twoFactorPerIpPerMinute: 100_000,
  accountPerIpPerMinute: 100_000,
};

type AppOptions = {
  distDir?: string;
  /** Default ORIGIN; an https origin turns on Secure, __Host- cookies (the seed keeps ORIGIN's URIs). */
  publicOrigin?: string;
  limits?: RateLimits;
  trustProxy?: boolean;
  deniedFingerprints?: readonly string[];
  /** Default true, as outside production. */
  listPseudoLocales?: boolean;
  /** Two-factor settings, delivery adapters and outbox; every app of a test server shares one master key. */
  twoFactor?: Omit<TwoFactorOptions, 'masterKey'>;
  /** Link lifetimes and the password history (docs/passwords.md "Server"). */
  account?: { settings?: Partial<AccountSettings> };
  /** Room activation's lifetimes, interval and limits (docs/room-activation.md). */
  device?: { settings?: Partial<DeviceSettings> };
  /** Prometheus metrics (server/observability/metrics.ts: enableMetrics first). */
  metrics?: AppDeps['metrics'];
};

export async function createTestServer(options: AppOptions & { frozenAt?: Date } = {}) {
  const database = await openSeededDatabase(ORIGIN);
  // A key-encryption key of this test server's own, as an in-memory database gets at start.
  const kek: KekRing = [{ id: 'test', key: randomBytes(32) }];
  const keys = await loadSigningKeys(database.db, kek);
  const masterKey = randomBytes(32);
  // As startServer does at boot: the demo authenticator's secret is encrypted with this server's key.
  await seedDemoAuthenticator(database.db, deriveMfaKeys(masterKey), TOTP_DEMO_EMAIL, TOTP_DEMO_SECRET);
  let offsetMs = 0;
  // frozenAt: the clock stands still but for advance(), for tests that must not cross a TOTP step.
  const { frozenAt } = options;
  const now = () => new Date((frozenAt?.getTime() ?? Date.now()) + offsetMs);
  const logs: string[] = [];
  const logger: Logger = { info: (line) => logs.push(line), error: (line) => logs.push(line) };
  const build = (appOptions: AppOptions): App => {
    const app: App = createApp({
      db: database.db,
      keys,
      publicOrigin: appOptions.publicOrigin ?? ORIGIN,
      distDir: appOptions.distDir ?? '/nonexistent-dist',
      logger,
      logRequests: 'text',
      now,
      demoFetch: (url, init) => Promise.resolve(app.request(url, init)),
      limits: appOptions.limits ?? RELAXED_LIMITS,
      trustProxy: appOptions.trustProxy ?? false,
      deniedFingerprints: appOptions.deniedFingerprints ?? [],
      listPseudoLocales: appOptions.listPseudoLocales ?? true,
      twoFactor: { ...appOptions.twoFactor, masterKey },
      ...(appOptions.account ? { account: appOptions.account } : {}),
      ...(appOptions.device ? { device: appOptions.device } : {}),
      ...(appOptions.metrics ? { metrics: appOptions.metrics } : {}),
    });
    return app;
  };
  const app = build(options);
  // No timer and no kick: a test runs a pass when it wants one, posting to the app in process.
  const backchannel = backchannelWorker({
    db: database.db,
    keys,
    issuer: ORIGIN,
    now,
    logger,
    fetch: (url, init) => Promise.resolve(app.request(url, init)),
  });
  return {
    app,
    /** Another app over the same database and log (a fresh database costs far more than an app). */
    appWith: (appOptions: AppOptions) => build({ ...options, ...appOptions }),
    db: database.db,
    keys,
    masterKey,
    kek,
    logs,
    /** The servers' clock. */
    now,
    /** Moves the server's clock forward. */
    advance: (ms: number) => {
      offsetMs += ms;
    },
    /** One Back-Channel Logout delivery pass (server/oauth/backchannel); resolves with the rows attempted. */
    deliverBackchannel: () => backchannel.deliverDue(),
    /** PGlite only: the cluster's files as a tarball (DatabaseHandle.dump). */
    dump: database.dump,
    close: () => database.close(),
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

/** What api/client.ts sends: clientId in the query and in the JSON body. */
export function postJson(app: App, path: string, body: Record<string, unknown>, cookie?: string) {
  const clientId = typeof body.clientId === 'string' ? body.clientId : DEMO_CLIENT_ID;
  return app.request(`${path}?clientId=${encodeURIComponent(clientId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ clientId, ...body }),
  });
}

export function getJson(app: App, path: string, query: Record<string, string>, cookie?: string) {
  return app.request(`${path}?${new URLSearchParams(query)}`, cookie ? { headers: { cookie } } : {});
}

export function postForm(app: App, path: string, form: Record<string, string>) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** `name=value` of a Set-Cookie header, ready to send back. */
export function cookieFrom(response: Response, name: string): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie set`);
  return header.split(';')[0] as string;
}

/**
 * A browser's cookies, as far as Foyer's need it: each Set-Cookie replaces its cookie, an empty or
 * Max-Age=0 one removes it. Attributes other than that are not kept (tests read them from the header).
 */
export function cookieJar(initial = '') {
  const cookies = new Map<string, string>();
  for (const pair of initial.split('; ').filter(Boolean)) {
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return {
    absorb(response: Response): Response {
      for (const header of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split('; ');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
        if (value === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute)))
          cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
    /** The Cookie header the browser would send. */
    get header(): string {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    get(name: string): string | undefined {
      return cookies.get(name);
    },
  };
}
export type CookieJar = ReturnType<typeof cookieJar>;

/** Signs in within a browser (its jar), so several accounts can share it; returns the login reply data. */
export async function signInWith(
  app: App,
  jar: CookieJar,
  user: { email: string; password: string } = ADA,
  options: { rememberMe?: boolean } = {},
) {
  const response = jar.absorb(
    await postJson(
      app,
      '/api/login',
      { username: user.email, password: user.password, ...options },
      jar.header || undefined,
    ),
  );
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return loginReply.parse(await response.json()).data;
}

export async function signIn(app: App, user: { email: string; password: string } = ADA): Promise<string> {
  const response = await postJson(app, '/api/login', { username: user.email, password: user.password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return cookieFrom(response, 'foyer_session');
}

/**
 * What the SPA sends to generate-code for the start-up query /oauth/authorize handed it: after the
 * consent page's Approve by default, at once (no consent given) for a first-party or hide_consent start.
 */
export const requestStartupCode = (
  app: App,
  jar: CookieJar,
  startup: URLSearchParams,
  { consentGiven = true }: { consentGiven?: boolean } = {},
) =>
  postJson(
    app,
    '/api/post-authn/generate-code',
    {
      clientId: startup.get('clientId'),
      appUrlScheme: startup.get('appUrlScheme'),
      localeId: 'en_US',
      responseType: 'code',
      state: startup.get('state'),
      scope: startup.get('scope'),
      codeChallenge: startup.get('codeChallenge'),
      codeChallengeMethod: 'S256',
      nonce: startup.get('nonce') ?? undefined,
      consentGiven,
    },
    jar.header,
  );

/** A redirect's target, relative to the test origin. */
export function location(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', ORIGIN);
}

/** A PKCE pair made by oauth4webapi, so the server's S256 check is tested against an independent implementation. */
export async function pkcePair() {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

/** Signs in (or reuses a cookie) and asks generate-code for a code; returns the code and the verifier. */
export async function obtainCode(app: App, cookie: string, overrides: Record<string, unknown> = {}) {
  const pkce = await pkcePair();
  const response = await postJson(
    app,
    '/api/post-authn/generate-code',
    {
      appUrlScheme: DEMO_REDIRECT_URI,
      localeId: 'en_US',
      responseType: 'code',
      state: 'state-123',
      scope: 'ReadAccounts ReadCallLog',
      codeChallenge: pkce.challenge,
      codeChallengeMethod: 'S256',
      // As the SPA sends it after the consent page's Approve.
      consentGiven: true,
      ...overrides,
    },
    cookie,
  );
  if (response.status !== 200)
    throw new Error(`generate-code failed: ${response.status} ${await response.text()}`);
  const reply = (await response.json()) as { data: { redirectUri: string } };
  const code = new URL(reply.data.redirectUri).searchParams.get('code');
  if (!code) throw new Error('no code in redirectUri');
  return { code, verifier: pkce.verifier };
}

export function exchange(app: App, code: string, verifier: string, redirectUri = DEMO_REDIRECT_URI) {
  return postForm(app, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: DEMO_CLIENT_ID,
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
}

export function refresh(app: App, refreshToken: string) {
  return postForm(app, '/oauth/token', {
    grant_type: 'refresh_token',
    client_id: DEMO_CLIENT_ID,
    refresh_token: refreshToken,
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** Asserts the HTTP status of a failed reply and returns its parsed status object. */
export async function expectFailure(response: Response, httpStatus: number) {
  expect(response.status).toBe(httpStatus);
  return errorReplySchema.parse(await response.json()).status;
}
