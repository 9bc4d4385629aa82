import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginInfoReply, loginReply, sessionDataReply } from '../../api/contract/auth.ts';
import {
  ADA,
  createTestServer,
  expectFailure,
  GRACE,
  postJson,
  type TestServer,
} from '../testing/harness.ts';
import { isLocalHttpOrigin } from './session.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const failure = expectFailure;

describe('POST /api/login-info', () => {
  const info = (body: Record<string, unknown>) => postJson(server.app, '/api/login-info', body);

  it.each([
    ['an email', { username: 'ada@example.com' }, '1210'],
    ['an email in another case', { username: ' Ada@Example.COM ' }, '1210'],
    ['an E.164 number with its extension', { username: ADA.phone, extension: ADA.extension }, '1210'],
    [
      'a national number, read in the brand country',
      { username: '(650) 555-0100', extension: '101', brandId: '1210' },
      '1210',
    ],
    ["a user of another brand: the user's brand wins", { username: GRACE.email, brandId: '1210' }, '7710'],
  ])('finds %s', async (_, body, brandId) => {
    const response = await info(body);
    expect(response.status).toBe(200);
    expect(loginInfoReply.parse(await response.json()).data).toEqual({ brandId, loginType: 'password' });
  });

  it('answers loginOptions only for an account that may use single sign-on besides its password', async () => {
    const options = async (username: string) =>
      loginInfoReply.parse(await (await info({ username })).json()).data.loginOptions;
    expect(await options('options@example.com')).toEqual(['password', 'sso', 'emailLink']);
    expect(await options('options@example.co.uk')).toEqual(['password', 'sso', 'emailLink']);
    // A password account, and SSO accounts whose password is closed, answer as before.
    for (const username of ['ada@example.com', 'sso@example.com', 'ssoonly@example.com'])
      expect(await options(username), username).toBeUndefined();
  });

  it.each([
    ['an unknown email', { username: 'nobody@example.com' }],
    ['a number without the extension it needs', { username: ADA.phone }],
    ['a number with the wrong extension', { username: ADA.phone, extension: '102' }],
    ['a script tag', { username: '<script>alert(1)</script>' }],
  ])('answers CREDENTIAL_NOT_FOUND for %s', async (_, body) => {
    const status = await failure(await info(body), 404);
    expect(status).toMatchObject({ success: false, code: 304 });
  });

  it.each([
    ['a missing username', {}, /^username: /],
    ['an empty username', { username: '' }, /^username: Too small/],
    ['a number as username', { username: 42 }, /^username: Invalid input: expected string, received number/],
    ['an overlong username', { username: 'a'.repeat(255) }, /^username: Too big/],
    [
      'an extension starting with 0',
      { username: ADA.phone, extension: '0101' },
      /^extension: extension must be digits not starting with 0/,
    ],
    [
      'markup as brandId',
      { username: 'ada@example.com', brandId: '<b>' },
      /^brandId: brandId must be digits/,
    ],
    ['an overlong fingerprint', { username: 'ada@example.com', f: 'x'.repeat(4097) }, /^f: Too big/],
  ])('refuses %s with a specific message', async (_, body, message) => {
    const status = await failure(await info(body), 400);
    expect(status.code).toBe(400);
    expect(status.backendMessage).toMatch(message);
  });

  it('answers BRAND_NOT_FOUND for an unknown brand', async () => {
    expect(await failure(await info({ username: 'ada@example.com', brandId: '4242' }), 404)).toMatchObject({
      code: 301,
    });
  });
});

describe('POST /api/login', () => {
  const login = (body: Record<string, unknown>) => postJson(server.app, '/api/login', body);

  it('signs in by email and sets a session cookie', async () => {
    const response = await login({ username: ADA.email, password: ADA.password });
    expect(response.status).toBe(200);
    const { data } = loginReply.parse(await response.json());
    expect(data).toEqual({
      brandId: '1210',
      accountId: '400100001',
      extensionId: '400100101',
      sessionId: expect.stringMatching(/^[0-9a-f]{16}$/),
      displayName: 'Ada Fairweather',
    });
    // Without remember me: a browser-session cookie (no Max-Age), not Secure on local http.
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('foyer_session='));
    expect(cookie).toMatch(/^foyer_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    // The public id is not the cookie, nor derived from it by anything but a one-way digest.
    expect(cookie).not.toContain(data.sessionId);
  });

  it('session-data answers the public session id of the cookie, and 223 without one', async () => {
    const response = await login({ username: ADA.email, password: ADA.password });
    const { sessionId } = loginReply.parse(await response.json()).data;
    const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const data = await server.app.request('/api/session-data?clientId=demo-app', { headers: { cookie } });
    expect(data.status).toBe(200);
    expect(sessionDataReply.parse(await data.json()).data).toEqual({
      sessionId,
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const none = await server.app.request('/api/session-data?clientId=demo-app');
    expect(await failure(none, 401)).toMatchObject({ code: 223 });
    const bad = await server.app.request('/api/session-data');
    expect(await failure(bad, 400)).toMatchObject({ code: 400 });
  });

  it('signs in by phone number and extension, answering the user brand', async () => {
    const response = await login({
      username: ADA.phone,
      extension: ADA.extension,
      password: ADA.password,
      brandId: '7710',
    });
    expect(loginReply.parse(await response.json()).data.brandId).toBe('1210');
    const uk = await login({ username: GRACE.email, password: GRACE.password });
    expect(loginReply.parse(await uk.json()).data.brandId).toBe('7710');
  });

  it.each([
    ['a wrong password', { username: ADA.email, password: 'Violet-Harbor-48' }],
    ['an unknown user', { username: 'nobody@example.com', password: ADA.password }],
    ["another user's password", { username: GRACE.email, password: ADA.password }],
  ])('answers LOGIN_FAILED for %s, without a cookie', async (_, body) => {
    const response = await login(body);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await failure(response, 401)).toMatchObject({ code: 108 });
  });

  it.each([
    ['a missing password', { username: ADA.email }, /^password: /],
    ['an empty password', { username: ADA.email, password: '' }, /^password: Too small/],
    ['an overlong password', { username: ADA.email, password: 'x'.repeat(257) }, /^password: Too big/],
    [
      'an array password',
      { username: ADA.email, password: ['Violet-Harbor-47'] },
      /^password: Invalid input/,
    ],
  ])('refuses %s', async (_, body, message) => {
    expect((await failure(await login(body), 400)).backendMessage).toMatch(message);
  });

  it('never logs passwords, bodies or cookies', async () => {
    await login({ username: ADA.email, password: ADA.password });
    const logged = server.logs.join('\n');
    expect(logged).toContain('POST /api/login 200');
    expect(logged).not.toContain(ADA.password);
    expect(logged).not.toContain('foyer_session');
    expect(logged).not.toContain('clientId');
  });
});

describe('POST bodies', () => {
  const raw = (
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    query = '?clientId=demo-app',
  ) => server.app.request(`/api/login-info${query}`, { method: 'POST', headers, body });

  it('refuses malformed JSON', async () => {
    expect(await failure(await raw('{"username": '), 400)).toMatchObject({
      code: 400,
      backendMessage: 'Request body is not valid JSON',
    });
  });

  it('refuses a body that is not JSON', async () => {
    const status = await failure(
      await raw('username=ada', { 'content-type': 'application/x-www-form-urlencoded' }),
      400,
    );
    expect(status.backendMessage).toBe('Content-Type must be application/json');
  });

  it('refuses a JSON array or null', async () => {
    expect((await failure(await raw('[]'), 400)).backendMessage).toMatch(
      /^input: Invalid input: expected object/,
    );
    expect((await failure(await raw('null'), 400)).backendMessage).toMatch(/^input: /);
  });

  it('needs clientId in the query too, and the same one', async () => {
    const body = JSON.stringify({ clientId: 'demo-app', username: ADA.email });
    expect((await failure(await raw(body, undefined, ''), 400)).backendMessage).toBe(
      'clientId is required in the query',
    );
    expect((await failure(await raw(body, undefined, '?clientId=foyer-web'), 400)).backendMessage).toBe(
      'clientId differs between query and body',
    );
  });

  it('refuses a body over 64 KiB', async () => {
    const status = await failure(
      await raw(JSON.stringify({ clientId: 'demo-app', username: 'x'.repeat(70_000) })),
      413,
    );
    expect(status.backendMessage).toBe('Request body is too large');
  });
});

describe('isLocalHttpOrigin', () => {
  it('exempts only local plain-http origins from Secure cookies', () => {
    expect(isLocalHttpOrigin('http://localhost:8080')).toBe(true);
    expect(isLocalHttpOrigin('http://127.0.0.1:3000')).toBe(true);
    expect(isLocalHttpOrigin('https://localhost:8443')).toBe(false);
    expect(isLocalHttpOrigin('http://foyer.example')).toBe(false);
    expect(isLocalHttpOrigin('http://localhost.attacker.example')).toBe(false);
  });
});
