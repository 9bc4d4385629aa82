import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import type { App } from '../app.ts';
import { rateLimits } from '../db/schema.ts';
import { ADA, createTestServer, expectFailure, type TestServer } from '../testing/harness.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limits.ts';

// Small limits keep the suite fast; the production numbers are the env defaults (server/start.test.ts).
const LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  loginPerIpPerMinute: 6,
  loginPerIdentifierPerMinute: 4,
  tokenPerIpPerMinute: 5,
};
let server: TestServer;
let proxiedApp: App;
beforeAll(async () => {
  server = await createTestServer({ limits: LIMITS });
  proxiedApp = server.appWith({ trustProxy: true });
});
afterAll(() => server.close());
afterEach(async () => {
  await server.db.delete(rateLimits);
});

/** What the Node adaptor hands the app: the socket the request came in on. */
const socketFrom = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

function post(app: App, path: string, body: Record<string, unknown>, from: { ip?: string; xff?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (from.xff) headers['x-forwarded-for'] = from.xff;
  const init = { method: 'POST', headers, body: JSON.stringify({ clientId: 'demo-app', ...body }) };
  return app.request(`${path}?clientId=demo-app`, init, from.ip ? socketFrom(from.ip) : undefined);
}
const info = (username: string, from: { ip?: string; xff?: string }, app = server.app) =>
  post(app, '/api/login-info', { username }, from);

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  const rayId = response.headers.get('x-ray-id') ?? '';
  expect(rayId).toMatch(/^[0-9a-f]{16}$/);
  return { rayId, body: (await response.json()) as unknown };
}

describe('POST /api/login and /api/login-info per client IP', () => {
  it('allow the per-IP allowance from one socket address, then answer 429 with a ray id', async () => {
    for (let call = 0; call < LIMITS.loginPerIpPerMinute; call += 1) {
      const response = await info(`user${call}@example.com`, { ip: '203.0.113.7' });
      expect(response.status).toBe(404);
    }
    const { rayId, body } = await expectTooMany(await info('ada@example.com', { ip: '203.0.113.7' }));
    expect(errorReplySchema.parse(body).status).toEqual({
      success: false,
      code: 429,
      errorParameters: {},
      backendMessage: 'You are trying too often. Please try again later.',
    });
    expect(server.logs).toContainEqual(
      expect.stringMatching(
        new RegExp(`^rate limit: login-ip refused ip 203\\.0\\.113\\.7 for \\d+s, ray ${rayId}$`),
      ),
    );
    // Another address still gets in, and login shares the allowance with login-info.
    expect((await info(ADA.email, { ip: '203.0.113.8' })).status).toBe(200);
    await expectTooMany(await post(server.app, '/api/login', ADA, { ip: '203.0.113.7' }));
  });

  it('count requests with a malformed body too', async () => {
    for (let call = 0; call < LIMITS.loginPerIpPerMinute; call += 1) {
      expect((await info('', { ip: '198.51.100.1' })).status).toBe(400);
    }
    await expectTooMany(await info(ADA.email, { ip: '198.51.100.1' }));
  });

  it('ignore X-Forwarded-For unless TRUST_PROXY is set', async () => {
    for (let call = 0; call < LIMITS.loginPerIpPerMinute; call += 1) {
      await info(`user${call}@example.com`, { ip: '192.0.2.1', xff: `10.0.0.${call}` });
    }
    await expectTooMany(await info(ADA.email, { ip: '192.0.2.1', xff: '10.0.1.1' }));
  });

  it('behind a trusted proxy, count the address the proxy appended', async () => {
    const from = (client: string) => ({ ip: '10.9.9.9', xff: `spoofed-${client}, 203.0.113.${client}` });
    for (let call = 0; call < LIMITS.loginPerIpPerMinute; call += 1) {
      expect((await info(`user${call}@example.com`, from('20'), proxiedApp)).status).toBe(404);
    }
    await expectTooMany(await info(ADA.email, from('20'), proxiedApp));
    // The proxy's own socket address is not what counts: another client behind it still gets in.
    expect((await info(ADA.email, from('21'), proxiedApp)).status).toBe(200);
  });
});

describe('POST /api/login and /api/login-info per identifier', () => {
  it('allow the per-identifier allowance for one username from any address, then 429', async () => {
    const spellings = ['ada@example.com', ' ADA@example.com', 'Ada@Example.com '];
    for (let call = 0; call < LIMITS.loginPerIdentifierPerMinute; call += 1) {
      const response = await info(spellings[call % 3] as string, { ip: `198.51.100.${call + 10}` });
      expect(response.status).toBe(200);
    }
    const { rayId } = await expectTooMany(await info(ADA.email, { ip: '198.51.100.99' }));
    const line = server.logs.find((logged) => logged.endsWith(`ray ${rayId}`)) ?? '';
    expect(line).toMatch(/^rate limit: login-id refused identifier [0-9a-f]{12} for \d+s, ray /);
    expect(server.logs.join('\n')).not.toMatch(/ada@example\.com/i);
    expect((await info('grace@example.co.uk', { ip: '198.51.100.99' })).status).toBe(200);
  });

  it('count a phone number once, however it is written and whichever extension follows', async () => {
    const writings = ['+16505550100', '(650) 555-0100', '650.555.0100', '+1 650 555 0100'];
    for (let call = 0; call < LIMITS.loginPerIdentifierPerMinute; call += 1) {
      const username = writings[call % 4] as string;
      await post(
        server.app,
        '/api/login-info',
        { username, extension: String(100 + call) },
        {
          ip: `192.0.2.${call + 10}`,
        },
      );
    }
    const refused = post(
      server.app,
      '/api/login-info',
      { username: '6505550100', extension: '101' },
      {
        ip: '192.0.2.99',
      },
    );
    await expectTooMany(await refused);
  });
});

describe('POST /oauth/token per client IP', () => {
  const token = (ip: string) =>
    server.app.request(
      '/oauth/token',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&client_id=demo-app&refresh_token=unknown',
      },
      socketFrom(ip),
    );

  it('allows its per-IP allowance, then answers 429 in the OAuth error format', async () => {
    for (let call = 0; call < LIMITS.tokenPerIpPerMinute; call += 1)
      expect((await token('203.0.113.60')).status).toBe(400);
    const response = await token('203.0.113.60');
    const { rayId, body } = await expectTooMany(response);
    expect(body).toEqual({
      error: 'invalid_request',
      error_description: 'You are trying too often. Please try again later.',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(server.logs).toContainEqual(
      expect.stringMatching(
        new RegExp(`^rate limit: token-ip refused ip 203\\.0\\.113\\.60 for \\d+s, ray ${rayId}$`),
      ),
    );
    expect((await token('203.0.113.61')).status).toBe(400);
  });
});

describe('a failing counter store', () => {
  it('is an internal error, not a rate limit', async () => {
    await server.db.execute(sql`ALTER TABLE rate_limits RENAME TO rate_limits_gone`);
    try {
      const status = await expectFailure(await info(ADA.email, { ip: '203.0.113.9' }), 500);
      expect(status.code).toBe(101);
    } finally {
      await server.db.execute(sql`ALTER TABLE rate_limits_gone RENAME TO rate_limits`);
    }
  });
});
