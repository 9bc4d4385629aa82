import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeExpired } from '../db/purge.ts';
import { deviceGrants } from '../db/schema.device.ts';
import { clients, rateLimits } from '../db/schema.ts';
import { DEVICE_CODE_GRANT_TYPE } from '../db/seed-data.ts';
import {
  createTestServer,
  location,
  ORIGIN,
  postForm,
  postJson,
  type TestServer,
} from '../testing/harness.ts';
import { poll, startRoom, verify } from './device.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // A second room app, in another brand, to see /device follow the client's brand.
  await server.db.insert(clients).values({
    id: 'other-room',
    name: 'Other Room',
    redirectUris: [`${ORIGIN}/device/callback`],
    scopes: [{ id: 'ReadAccounts', name: 'Read your account' }],
    grantTypes: ['authorization_code', DEVICE_CODE_GRANT_TYPE],
    brandId: '1210',
  });
});
afterAll(() => server.close());

const errorOf = async (response: Response) => {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as { error: string; error_description: string };
};
const codeOf = async (response: Response) => {
  expect(response.status).toBe(400);
  return ((await response.json()) as { status: { code: number; backendMessage: string } }).status;
};

describe('POST /oauth/device_authorization', () => {
  it.each([
    [{}, 400, 'invalid_request', 'client_id: '],
    [{ client_id: '<b>' }, 400, 'invalid_request', 'client_id: '],
    [{ client_id: 'nobody' }, 401, 'invalid_client', 'Unknown client_id'],
    [{ client_id: 'demo-app' }, 400, 'unauthorized_client', 'device authorization grant'],
    [
      { client_id: 'demo-room', scope: 'ReadCallLog Admin' },
      400,
      'invalid_scope',
      'Unknown scope: ReadCallLog Admin',
    ],
  ])('%j → %i %s', async (form, status, error, description) => {
    const response = await postForm(
      server.app,
      '/oauth/device_authorization',
      form as Record<string, string>,
    );
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toEqual({
      error,
      error_description: expect.stringContaining(description),
    });
  });

  it('refuses JSON and repeated parameters, and takes a narrower scope', async () => {
    const json = await server.app.request('/oauth/device_authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'demo-room' }),
    });
    expect((await errorOf(json)).error_description).toContain('application/x-www-form-urlencoded');
    const repeated = await server.app.request('/oauth/device_authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=demo-room&client_id=demo-app',
    });
    expect((await errorOf(repeated)).error_description).toBe('client_id must not be repeated');
    // Another site's page may call it (no cookies are involved), as it may call the token endpoint.
    const crossSite = await server.app.request('/oauth/device_authorization', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://room.example' },
      body: 'client_id=demo-room&scope=ReadAccounts',
    });
    expect(crossSite.status).toBe(200);
  });
});

describe('device code polls that are refused', () => {
  it('unknown code, another client’s code, a client without the grant, a missing code', async () => {
    expect(await poll(server.app, 'not-a-device-code')).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The device code is invalid' },
    });
    const room = await startRoom(server.app);
    expect(await poll(server.app, room.device_code, 'other-room')).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'The device code was issued to another client' },
    });
    expect((await poll(server.app, room.device_code, 'demo-app')).body.error).toBe('unauthorized_client');
    const missing = await postForm(server.app, '/oauth/token', {
      grant_type: DEVICE_CODE_GRANT_TYPE,
      client_id: 'demo-room',
    });
    expect((await errorOf(missing)).error_description).toMatch(/^device_code: /);
  });
});

describe('POST /api/device/verify', () => {
  it.each([
    ['AAAA-EEEE', 'vowels are not in the alphabet'],
    ['BCDF-GHJ', 'too short'],
    ['BCDF-GHJK-L', 'too long'],
    ['BCDF-GHJK', 'well formed, but no room shows it'],
  ])('%s (%s) → 740', async (userCode) => {
    const status = await codeOf(await verify(server.app, userCode));
    expect(status.code).toBe(740);
    expect(status.backendMessage).toBe('The code is unknown, expired or already used');
  });

  it('refuses a body outside the contract with 400 naming the field', async () => {
    const empty = await codeOf(await verify(server.app, ''));
    expect(empty).toMatchObject({ code: 400, backendMessage: expect.stringMatching(/^userCode: /) });
    const long = await codeOf(await verify(server.app, 'B'.repeat(33)));
    expect(long.backendMessage).toMatch(/^userCode: /);
    const noClient = await server.app.request('/api/device/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userCode: 'BCDF-GHJK' }),
    });
    expect((await codeOf(noClient)).backendMessage).toMatch(/^clientId: /);
    const form = await postJson(server.app, '/api/device/verify', { clientId: 'foyer-web', userCode: 7 });
    expect((await codeOf(form)).code).toBe(400);
  });

  it('refuses another site’s request (CSRF)', async () => {
    const response = await server.app.request('/api/device/verify?clientId=foyer-web', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ clientId: 'foyer-web', userCode: 'BCDF-GHJK' }),
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /device (the verification address)', () => {
  const open = async (query: string) => location(await server.app.request(`/device${query}`)).href;

  it('opens the activation page in the room client’s brand, the code normalised', async () => {
    expect(await open('')).toBe(`${ORIGIN}/?clientId=foyer-web&brandId=7310#/roomActivation`);
    expect(await open('?user_code=%3Cscript%3E')).toBe(
      `${ORIGIN}/?clientId=foyer-web&brandId=7310#/roomActivation`,
    );
    expect(await open('?user_code=BCDF&user_code=GHJK')).toBe(
      `${ORIGIN}/?clientId=foyer-web&brandId=7310#/roomActivation`,
    );
    expect(await open('?user_code=bcdf%20ghjk')).toBe(
      `${ORIGIN}/?clientId=foyer-web&brandId=7310#/roomActivation/BCDF-GHJK`,
    );
    const other = await startRoom(server.app, { client_id: 'other-room' });
    const complete = new URL(other.verification_uri_complete);
    expect(await open(complete.search)).toBe(
      `${ORIGIN}/?clientId=foyer-web&brandId=1210#/roomActivation/${other.user_code}`,
    );
  });
});

describe('limits (RFC 8628 §5.1: user codes must not be guessable)', () => {
  // In-process requests share one address: start each test from clean counters.
  beforeEach(async () => {
    await server.db.delete(rateLimits);
  });

  it('counts wrong codes per IP: over the limit even a right code is refused', async () => {
    const app = server.appWith({
      device: { settings: { wrongCodesPerIpPerHour: 3, verifyPerIpPerMinute: 100 } },
    });
    const room = await startRoom(app);
    // Malformed codes cannot hit anything and do not count.
    for (let i = 0; i < 5; i++) expect((await codeOf(await verify(app, 'AAAA'))).code).toBe(740);
    for (const guess of ['BBBB-BBBB', 'CCCC-CCCC', 'DDDD-DDDD'])
      expect((await codeOf(await verify(app, guess))).code).toBe(740);
    const over = await verify(app, 'FFFF-FFFF');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await verify(app, room.user_code)).status).toBe(429);
    // The page still opens from the room's address, in the default frame; its own check will say 429.
    expect(location(await app.request(`/device?user_code=${room.user_code}`)).hash).toBe(
      `#/roomActivation/${room.user_code}`,
    );
    // The room is unaffected: it keeps polling.
    expect((await poll(app, room.device_code)).body.error).toBe('authorization_pending');
  });

  it('counts verify calls and device authorizations per IP', async () => {
    const app = server.appWith({
      device: { settings: { verifyPerIpPerMinute: 2, authorizationPerIpPerMinute: 2 } },
    });
    await startRoom(app);
    await startRoom(app);
    const third = await postForm(app, '/oauth/device_authorization', { client_id: 'demo-room' });
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: 'invalid_request' });
    await verify(app, 'AAAA');
    await verify(app, 'AAAA');
    const over = await verify(app, 'AAAA');
    expect(over.status).toBe(429);
    expect(((await over.json()) as { status: { code: number } }).status.code).toBe(429);
  });
});

describe('purge', () => {
  it('deletes grants a day past their expiry, keeping live ones', async () => {
    const room = await startRoom(server.app);
    const count = async () => (await server.db.select().from(deviceGrants)).length;
    const before = await count();
    await purgeExpired(server.db, server.now());
    expect(await count()).toBe(before);
    await purgeExpired(server.db, new Date(server.now().getTime() + 601_000 + 24 * 60 * 60 * 1000));
    expect(await count()).toBe(0);
    expect((await poll(server.app, room.device_code)).body.error).toBe('invalid_grant');
  });
});
