import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import { staticRoutes } from '../static/static.handlers.ts';
import { createTestServer, expectFailure, getJson, postJson, type TestServer } from '../testing/harness.ts';
import { ApiFailure, describeError } from './errors.ts';
import { handleError } from './handle-error.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'foyer-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'locales'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Foyer</title>');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  writeFileSync(join(dist, 'locales', 'en_US.json'), '{"displayName":"Orvalle Connect"}');
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  server = await createTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    ['an API reply', '/api/config/parameters?clientId=demo-app'],
    ['an API failure', '/api/config/parameters'],
    ['an unknown API path', '/api/nothing-here'],
    ['the SPA', '/'],
    ['a missing file', '/nothing.js'],
    ['the metadata', '/.well-known/oauth-authorization-server'],
    ['the demo app', '/demo-app'],
  ])('are on %s', async (_, path) => {
    const response = await server.app.request(path);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the error envelope', async () => {
    const response = await server.app.request('/api/does-not-exist', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(errorReplySchema.parse(await response.json()).status).toMatchObject({
      code: 400,
      backendMessage: 'Unknown API path',
    });
  });
});

describe('static SPA', () => {
  it('serves index.html at / with revalidation', async () => {
    const response = await server.app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Foyer</title>');
  });

  it('caches hashed assets forever and other files not at all', async () => {
    const asset = await server.app.request('/assets/index-3f9a1c.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const json = await server.app.request('/locales/en_US.json');
    expect(json.headers.get('cache-control')).toBe('no-cache');
    expect(await json.json()).toEqual({ displayName: 'Orvalle Connect' });
  });

  it('serves the site icon, cached for a day: every page asks for it, none gets a 404', async () => {
    const icon = await server.app.request('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it.each([
    '/nothing.js',
    '/.env',
    '/assets/../.env',
    '/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/%E0%A4%A',
    '/assets',
  ])('answers 404 for %s', async (path) => {
    const response = await server.app.request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });

  it('answers 503 with a hint when the SPA is not built', async () => {
    const response = await staticRoutes(join(dist, 'no-such-dir')).request('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('SPA not built: run npm run build');
  });
});

describe('NUL characters in request bodies', () => {
  // PostgreSQL text cannot hold NUL: before this check a NUL in a username answered 500.
  it.each([
    ['/api/login-info', { username: 'ada\u0000@example.com' }, 'username'],
    ['/api/login', { username: 'ada\u0000@example.com', password: 'x' }, 'username'],
    ['/api/verifyRedirectURI', { appUrlScheme: 'http://a\u0000' }, 'appUrlScheme'],
  ])('%s answers 400 naming the field', async (path, body, field) => {
    const status = await expectFailure(await postJson(server.app, path, body), 400);
    expect(status.backendMessage).toBe(`${field}: must not contain NUL characters`);
  });

  it('a deeply nested body is refused by its schema with 400, not walked into a stack overflow', async () => {
    // 10 000 levels fit well inside the 64 KiB body limit.
    const nested = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const [path, field] of [
      ['/api/login-info', 'username'],
      ['/api/verifyRedirectURI', 'appUrlScheme'],
      ['/api/number/parse', 'numbers'],
    ]) {
      const response = await server.app.request(`${path}?clientId=demo-app`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"clientId":"demo-app","${field}":${nested}}`,
      });
      expect((await expectFailure(response, 400)).code, path).toBe(400);
    }
  });

  it('a password may hold one: it is only hashed, so a wrong one is simply a failed login', async () => {
    const response = await postJson(server.app, '/api/login', {
      username: 'grace@example.co.uk',
      password: 'Quartz\u0000Meadow-83',
    });
    expect((await expectFailure(response, 401)).code).toBe(108);
  });
});

describe('unexpected errors', () => {
  it('answer code 101 and the retry wording when the database is gone: 503 from PostgreSQL, 500 from a closed PGlite', async () => {
    const broken = await createTestServer();
    await broken.close();
    const response = await getJson(broken.app, '/api/config/parameters', { clientId: 'demo-app' });
    // A PostgreSQL server that cannot be reached may come back (a retry will do); a closed PGlite will not.
    const onPostgres = inject('postgresAdminUrl') !== undefined;
    expect(response.status).toBe(onPostgres ? 503 : 500);
    expect(errorReplySchema.parse(await response.json()).status).toEqual({
      success: false,
      code: 101,
      errorParameters: {},
      backendMessage: 'The service is temporarily unavailable. Please try again later.',
    });
    const logged = onPostgres
      ? 'GET /api/config/parameters answered 503'
      : 'GET /api/config/parameters failed:';
    expect(broken.logs.some((line) => line.startsWith(logged))).toBe(true);
  });

  it('are logged without the query parameters drizzle puts in its messages', () => {
    const cause = new Error('duplicate key value violates unique constraint');
    const error = new Error('Failed query: insert into sessions ... params: 5f2b9c-secret-hash', { cause });
    error.name = 'DrizzleQueryError';
    const line = describeError(error);
    expect(line).toContain('DrizzleQueryError: duplicate key value');
    expect(line).not.toContain('secret-hash');
  });

  it('leave deliberate failures alone', async () => {
    const logs: string[] = [];
    const app = new Hono()
      .get('/teapot', () => {
        throw new ApiFailure(418, 999, 'short and stout');
      })
      .onError(handleError({ info: () => {}, error: (line) => logs.push(line) }));
    const response = await app.request('/teapot');
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({
      status: { success: false, code: 999, errorParameters: {}, backendMessage: 'short and stout' },
    });
    expect(logs).toEqual([]);
  });
});

describe('health checks (docs/deployment.md)', () => {
  it('/healthz says the process answers; /readyz that the database answers with every migration applied', async () => {
    const healthy = await server.app.request('/healthz');
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: 'ok' });
    expect(healthy.headers.get('cache-control')).toBe('no-store');
    const ready = await server.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 with Retry-After once the database is gone', async () => {
    const broken = await createTestServer();
    await broken.close();
    const ready = await broken.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
  });
});
