import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JSONWebKeySet } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from './env.ts';
import { startServer } from './start.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'foyer-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
    const first = await startServer({ port: 0, dataDir, quiet: true, distDir: dataDir });
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
  }, 30_000);

  it('refuses a port that is taken', async () => {
    const first = await startServer({ port: 0, dataDir: 'memory', quiet: true });
    const port = Number(new URL(first.origin).port);
    await expect(startServer({ port, dataDir: 'memory', quiet: true })).rejects.toThrow(/EADDRINUSE/);
    await first.close();
  }, 30_000);
});

describe('readEnv', () => {
  it('applies the defaults', () => {
    expect(readEnv({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      DIST_DIR: './dist',
      LOG_REQUESTS: false,
    });
  });

  it('reads values and trims a trailing slash from PUBLIC_ORIGIN', () => {
    const env = readEnv({
      PORT: '9000',
      PUBLIC_ORIGIN: 'https://foyer.example/',
      LOG_REQUESTS: '1',
      DATABASE_URL: 'postgres://u:p@db/foyer',
    });
    expect(env).toMatchObject({ PORT: 9000, PUBLIC_ORIGIN: 'https://foyer.example', LOG_REQUESTS: true });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_ORIGIN: 'https://foyer.example/app' }, 'PUBLIC_ORIGIN must be an origin'],
    [{ PUBLIC_ORIGIN: 'ftp://foyer.example' }, 'PUBLIC_ORIGIN'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ LOG_REQUESTS: 'yes' }, 'LOG_REQUESTS'],
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
