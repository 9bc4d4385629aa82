import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONWebKeySet } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { accountFrom, rateLimitsFrom, readEnv, seedsDemo } from './env.ts';
import { DEFAULT_RATE_LIMITS } from './security/rate-limits.ts';
import { startServer } from './start.ts';
import { builtImageOption } from './testing/built-image.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'foyer-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Starting a server is these tests' subject, so it runs inside them: 6 s median, 21 s at most over ten
// loaded runs, against the 60 s every other test that starts one has.

async function kidAndRedirectCheck(origin: string) {
  const jwks = (await (await fetch(`${origin}/oauth/jwks`)).json()) as JSONWebKeySet;
  const verify = await fetch(`${origin}/api/verifyRedirectURI?clientId=demo-app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-app', appUrlScheme: `${origin}/demo-app/callback` }),
  });
  return { kid: jwks.keys[0]?.kid, redirectStatus: verify.status };
}

describe('startServer', () => {
  it('listens on a free port, follows it with the redirect URI, and keeps its key across restarts', async () => {
    const first = await startServer({
      port: 0,
      dataDir,
      quiet: true,
      distDir: dataDir,
      ...builtImageOption(),
    });
    const origin = first.origin;
    expect(origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(first.readyMs).toBeGreaterThan(0);
    const before = await kidAndRedirectCheck(origin);
    expect(before.redirectStatus).toBe(200);

    // The demo app discovers the server over real HTTP and sends the browser to its authorize endpoint.
    const login = await fetch(`${origin}/demo-app/login`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toMatch(new RegExp(`^${origin}/oauth/authorize\\?`));
    await first.close();

    const second = await startServer({ port: 0, dataDir, quiet: true, distDir: dataDir });
    const after = await kidAndRedirectCheck(second.origin);
    expect(after.kid).toBe(before.kid);
    expect(after.redirectStatus).toBe(200);
    const login2 = await fetch(`${second.origin}/api/login?clientId=demo-app`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: 'demo-app',
        username: 'ada@example.com',
        password: 'Violet-Harbor-47',
      }),
    });
    expect(login2.status).toBe(200);
    await second.close();
  }, 60_000);

  it('refuses a port that is taken; counts rate limits against the socket address', async () => {
    const limits = { ...DEFAULT_RATE_LIMITS, loginPerIpPerMinute: 2 };
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const first = await startServer({ port: 0, dataDir: 'memory', limits });
    const port = Number(new URL(first.origin).port);
    await expect(startServer({ port, dataDir: 'memory', quiet: true })).rejects.toThrow(/EADDRINUSE/);

    const info = () =>
      fetch(`${first.origin}/api/login-info?clientId=demo-app`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-app', username: 'ada@example.com' }),
      });
    expect([(await info()).status, (await info()).status, (await info()).status]).toEqual([200, 200, 429]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^rate limit: login-ip refused ip 127\.0\.0\.1 /));
    log.mockRestore();
    await first.close();
  }, 60_000);
});

const TEST_KEY = Buffer.alloc(32, 7).toString('base64');

describe('readEnv', () => {
  it('applies the defaults', () => {
    expect(readEnv({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      DIST_DIR: './dist',
      LOG_REQUESTS: 'off',
      TRUST_PROXY: false,
      FINGERPRINT_DENY_LIST: [],
      RATE_LIMIT_LOGIN_PER_IP: 30,
      RATE_LIMIT_LOGIN_PER_IDENTIFIER: 10,
      RATE_LIMIT_TOKEN_PER_IP: 60,
      RATE_LIMIT_TWO_FACTOR_PER_IP: 30,
      RATE_LIMIT_ACCOUNT_PER_IP: 30,
      LOCKOUT_FAILURES: 5,
      LOCKOUT_MINUTES: 15,
      MAIL_FROM: 'Foyer <no-reply@localhost>',
      MFA_CODE_TTL_SECONDS: 600,
      MFA_RESEND_SECONDS: 30,
      TRUSTED_DEVICE_DAYS: 30,
      RESET_LINK_TTL_MINUTES: 30,
      EXPRESS_LINK_TTL_MINUTES: 15,
      PASSWORD_HISTORY: 5,
    });
  });

  it('reads values and trims a trailing slash from PUBLIC_ORIGIN', () => {
    const env = readEnv({
      PORT: '9000',
      PUBLIC_ORIGIN: 'https://foyer.example/',
      LOG_REQUESTS: '1',
      DATABASE_URL: 'postgres://u:p@db/foyer',
    });
    expect(env).toMatchObject({ PORT: 9000, PUBLIC_ORIGIN: 'https://foyer.example', LOG_REQUESTS: 'text' });
    expect(readEnv({ LOG_REQUESTS: 'json' }).LOG_REQUESTS).toBe('json');
  });

  it('seeds the demo on PGlite by default, not on PostgreSQL unless SEED_DEMO=on', () => {
    expect(seedsDemo(readEnv({}))).toBe(true);
    expect(seedsDemo(readEnv({ SEED_DEMO: 'off' }))).toBe(false);
    expect(seedsDemo(readEnv({ DATABASE_URL: 'postgres://u:p@db/foyer' }))).toBe(false);
    expect(seedsDemo(readEnv({ DATABASE_URL: 'postgres://u:p@db/foyer', SEED_DEMO: 'on' }))).toBe(true);
  });

  it('reads the account settings', () => {
    const env = readEnv({
      RESET_LINK_TTL_MINUTES: '60',
      EXPRESS_LINK_TTL_MINUTES: '5',
      PASSWORD_HISTORY: '0',
    });
    expect(accountFrom(env)).toEqual({ resetLinkMinutes: 60, expressLinkMinutes: 5, passwordHistory: 0 });
  });

  it('reads raised limits for tests and benchmarks', () => {
    const env = readEnv({
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_IDENTIFIER: '5000',
      RATE_LIMIT_TOKEN_PER_IP: '7000',
      RATE_LIMIT_TWO_FACTOR_PER_IP: '9000',
      RATE_LIMIT_ACCOUNT_PER_IP: '8000',
      LOCKOUT_FAILURES: '8',
      LOCKOUT_MINUTES: '1',
    });
    expect(env.TRUST_PROXY).toBe(true);
    expect(rateLimitsFrom(env)).toEqual({
      loginPerIpPerMinute: 100000,
      loginPerIdentifierPerMinute: 5000,
      tokenPerIpPerMinute: 7000,
      twoFactorPerIpPerMinute: 9000,
      accountPerIpPerMinute: 8000,
      lockoutFailures: 8,
      lockoutMinutes: 1,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_ORIGIN: 'https://foyer.example/app' }, 'PUBLIC_ORIGIN must be an origin'],
    [{ PUBLIC_ORIGIN: 'ftp://foyer.example' }, 'PUBLIC_ORIGIN'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ LOG_REQUESTS: 'yes' }, 'LOG_REQUESTS'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    // Production: no demo data, a shared authenticator key, TLS.
    [
      {
        NODE_ENV: 'production',
        SEED_DEMO: 'on',
        MFA_ENCRYPTION_KEY: TEST_KEY,
        PUBLIC_ORIGIN: 'https://f.example',
      },
      'SEED_DEMO: the demo data is refused under NODE_ENV=production',
    ],
    [{ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://f.example' }, 'MFA_ENCRYPTION_KEY: is required'],
    [{ NODE_ENV: 'production', MFA_ENCRYPTION_KEY: TEST_KEY }, 'PUBLIC_ORIGIN: must be an https origin'],
    [
      { NODE_ENV: 'production', MFA_ENCRYPTION_KEY: TEST_KEY, PUBLIC_ORIGIN: 'http://f.example' },
      'PUBLIC_ORIGIN: must be an https origin',
    ],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ RATE_LIMIT_LOGIN_PER_IP: '0' }, 'RATE_LIMIT_LOGIN_PER_IP'],
    [{ RATE_LIMIT_TOKEN_PER_IP: 'many' }, 'RATE_LIMIT_TOKEN_PER_IP'],
    [{ LOCKOUT_MINUTES: '1.5' }, 'LOCKOUT_MINUTES'],
    [{ RATE_LIMIT_ACCOUNT_PER_IP: '0' }, 'RATE_LIMIT_ACCOUNT_PER_IP'],
    [{ PASSWORD_HISTORY: '25' }, 'PASSWORD_HISTORY'],
    [{ RESET_LINK_TTL_MINUTES: '2' }, 'RESET_LINK_TTL_MINUTES'],
    [{ EXPRESS_LINK_TTL_MINUTES: 'soon' }, 'EXPRESS_LINK_TTL_MINUTES'],
  ])('exits with a clear message for %j', (env, mention) => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => readEnv(env)).toThrow('exit');
    expect(exit).toHaveBeenCalledWith(1);
    expect(error.mock.calls[0]?.[0]).toContain(mention);
    exit.mockRestore();
    error.mockRestore();
  });
});
