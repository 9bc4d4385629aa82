import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { startServer } from '../start.ts';
import {
  createTestServer,
  exchange,
  GRACE,
  obtainCode,
  postJson,
  RELAXED_LIMITS,
  signIn,
  type TestServer,
} from '../testing/harness.ts';
import { signedIn, twoFactorCalls } from '../two-factor/two-factor.testing.ts';
import { enableMetrics, type MetricsRecorder } from './metrics.ts';
import { listenForScrapes } from './metrics-http.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
let recorder: MetricsRecorder;
let server: TestServer;
let app: App;

beforeAll(async () => {
  recorder = await enableMetrics();
  server = await createTestServer();
  app = server.appWith({ metrics: { recorder, token: TOKEN } });
}, 60_000);
afterAll(() => server.close());

const scrapeText = async (target: App = app) => {
  const response = await target.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

/** The sum of the samples with these labels (0 before any): the registry is shared by the worker's files. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of (await scrapeText()).split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) sum += Number(match[3]);
  }
  return sum;
}

/** How much each sample moved while `work` ran. */
async function moved(
  samples: Record<string, [string, Record<string, string>?]>,
  work: () => Promise<unknown>,
) {
  const before = Object.fromEntries(
    await Promise.all(
      Object.entries(samples).map(async ([key, [name, labels]]) => [key, await sample(name, labels)]),
    ),
  );
  await work();
  return Object.fromEntries(
    await Promise.all(
      Object.entries(samples).map(async ([key, [name, labels]]) => [
        key,
        (await sample(name, labels)) - before[key],
      ]),
    ),
  );
}

describe('the counters, where the outcomes are decided', () => {
  it('counts a sign-in and a wrong password with their outcome and backend code, and times argon2id', async () => {
    const delta = await moved(
      {
        success: ['foyer_sign_ins_total', { method: 'password', outcome: 'success', code: 'none' }],
        wrong: ['foyer_sign_ins_total', { method: 'password', outcome: 'refused', code: '108' }],
        verifies: ['foyer_password_verify_duration_seconds_count'],
        logins: ['foyer_http_request_duration_seconds_count', { method: 'POST', route: '/api/login' }],
        ok: ['foyer_http_request_duration_seconds_count', { route: '/api/login', status: '200' }],
      },
      async () => {
        await signIn(app);
        const wrong = await postJson(app, '/api/login', {
          username: GRACE.email,
          password: 'not-her-password',
        });
        expect(wrong.status).toBe(401);
      },
    );
    expect(delta).toEqual({ success: 1, wrong: 1, verifies: 2, logins: 2, ok: 1 });
  });

  it('counts a lockout, the refusals while locked, and a rate limit by its limiter', async () => {
    const wrongPassword = (target: App, username: string) =>
      postJson(target, '/api/login', { username, password: 'wrong-password-1' });
    const locking = server.appWith({
      metrics: { recorder },
      limits: { ...RELAXED_LIMITS, lockoutFailures: 2 },
    });
    const limited = server.appWith({
      metrics: { recorder },
      limits: { ...RELAXED_LIMITS, loginPerIdentifierPerMinute: 1 },
    });
    const delta = await moved(
      {
        lockouts: ['foyer_lockouts_total'],
        locked: ['foyer_locked_refusals_total'],
        lockedSignIns: ['foyer_sign_ins_total', { outcome: 'refused', code: '374' }],
        limited: ['foyer_rate_limit_refusals_total', { limiter: 'login-id' }],
        http429: ['foyer_http_request_duration_seconds_count', { route: '/api/login', status: '429' }],
      },
      async () => {
        const statuses = [];
        for (let attempt = 0; attempt < 3; attempt += 1)
          statuses.push((await wrongPassword(locking, 'locked-out@example.com')).status);
        // The second failure locks; the third is refused while locked.
        expect(statuses).toEqual([401, 403, 403]);
        expect((await wrongPassword(limited, 'limited@example.com')).status).toBe(401);
        expect((await wrongPassword(limited, 'limited@example.com')).status).toBe(429);
      },
    );
    expect(delta).toEqual({ lockouts: 1, locked: 1, lockedSignIns: 2, limited: 1, http429: 1 });
  });

  it('counts the authorization code and the token response by client and grant type', async () => {
    const delta = await moved(
      {
        codes: ['foyer_oauth_codes_issued_total', { client: 'demo-app' }],
        tokens: ['foyer_oauth_tokens_issued_total', { grant_type: 'authorization_code', client: 'demo-app' }],
      },
      async () => {
        const { code, verifier } = await obtainCode(app, await signIn(app));
        expect((await exchange(app, code, verifier)).status).toBe(200);
      },
    );
    expect(delta).toEqual({ codes: 1, tokens: 1 });
  });

  it('counts a second-factor send by channel and outcome, and a send within the countdown as too_often', async () => {
    const delta = await moved(
      {
        sent: ['foyer_second_factor_sends_total', { channel: 'sms', outcome: 'sent' }],
        tooOften: ['foyer_second_factor_sends_total', { channel: 'sms', outcome: 'too_often' }],
      },
      async () => {
        const calls = twoFactorCalls(app, (await signedIn(app, 'mfa')).jar);
        expect((await calls.send('Sms')).status).toBe(200);
        expect((await calls.send('Sms')).status).toBe(403);
      },
    );
    expect(delta).toEqual({ sent: 1, tooOften: 1 });
  });

  it('counts a refused passkey sign-in with its backend code', async () => {
    const delta = await moved(
      {
        refused: [
          'foyer_passkey_ceremonies_total',
          { ceremony: 'authentication', outcome: 'refused', code: '752' },
        ],
      },
      async () => {
        const response = await postJson(app, '/api/passkeys/authentication', {
          challengeId: 'unknownChallengeId0123456789',
          credential: {
            id: 'AAAA',
            rawId: 'AAAA',
            type: 'public-key',
            response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
            clientExtensionResults: {},
          },
        });
        expect(response.status).toBe(400);
      },
    );
    expect(delta).toEqual({ refused: 1 });
  });
});

describe('the request histogram', () => {
  it('labels requests by route template, never by the path a client sent', async () => {
    const personal = 'ada.lovelace@example.com';
    const secret = 'tok_9f8e7d6c5b4a39281706';
    await app.request(`/brand-assets/${personal}/${secret}.svg`);
    await app.request(`/oauth/${secret}/${personal}`);
    await app.request(`/api/${personal}`);
    await app.request('/', { method: 'PROPFIND' });
    const text = await scrapeText();
    expect(text).not.toContain(personal);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('PROPFIND');
    expect(text).toMatch(
      /foyer_http_request_duration_seconds_count\{[^}]*route="\/brand-assets\/:assetId\/:file"/,
    );
    expect(text).toMatch(
      /foyer_http_request_duration_seconds_count\{[^}]*route="unmatched"[^}]*status="404"/,
    );
    expect(text).toMatch(/foyer_http_request_duration_seconds_count\{method="other"/);
  });
});

describe('where /metrics answers', () => {
  it('is a plain 404 on the public port of an app without a token', async () => {
    expect((await server.app.request('/metrics')).status).toBe(404);
    const measuredOnly = server.appWith({ metrics: { recorder } });
    expect(
      (await measuredOnly.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
  });

  it('needs the bearer token on the public port: 401 without it or with a wrong one, 200 with it', async () => {
    const without = await app.request('/metrics');
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(
      401,
    );
    expect((await app.request('/metrics', { headers: { authorization: TOKEN } })).status).toBe(401);
    const right = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await right.text();
    expect(text).toContain('# TYPE foyer_sign_ins_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
  });

  it('serves only /metrics on a listener of its own, with the token when one is set', async () => {
    const open = await listenForScrapes(recorder, { port: 0, host: '127.0.0.1' });
    const guarded = await listenForScrapes(recorder, { port: 0, host: '127.0.0.1', token: TOKEN });
    try {
      const scraped = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('foyer_http_request_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${open.port}/api/login`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(401);
      const withToken = await fetch(`http://127.0.0.1:${guarded.port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.status).toBe(200);
      await withToken.text();
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it('keeps one registry per process: enabling again returns it rather than registering twice', async () => {
    expect(await enableMetrics()).toBe(recorder);
  });
});

describe('startServer with metrics settings', () => {
  it('serves /metrics on METRICS_PORT and answers 404 for it on the public port', async () => {
    const running = await startServer({ port: 0, dataDir: 'memory', quiet: true, metrics: { port: 0 } });
    try {
      expect(running.metricsOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const scraped = await fetch(`${running.metricsOrigin}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toMatch(/^foyer_db_pool_max_connections 1$/m);
      expect((await fetch(`${running.origin}/metrics`)).status).toBe(404);
    } finally {
      await running.close();
    }
  }, 60_000);
});
