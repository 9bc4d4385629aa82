import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionDataReply } from '../../api/contract/auth.ts';
import { sessions } from '../db/schema.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  expectFailure,
  getJson,
  obtainCode,
  postJson,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { SESSION_LIFETIMES } from './session.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const login = (body: Record<string, unknown>, cookie?: string, app = server.app) =>
  postJson(app, '/api/login', { username: ADA.email, password: ADA.password, ...body }, cookie);
const setCookies = (response: Response) => response.headers.getSetCookie();
const attributes = (header: string | undefined) => (header ?? '').split('; ').slice(1);
/** Whether the session-data call answers for this browser. */
const live = async (cookie: string) =>
  (await getJson(server.app, '/api/session-data', { clientId: 'demo-app' }, cookie)).status === 200;

describe('session cookies', () => {
  it('without remember me: a browser-session cookie, HttpOnly, SameSite=Lax, no Max-Age', async () => {
    const [header] = setCookies(await login({}));
    expect(header).toMatch(/^foyer_session=[A-Za-z0-9_-]{43};/);
    expect(attributes(header)).toEqual(['Path=/', 'HttpOnly', 'SameSite=Lax']);
  });

  it('with remember me: a persistent cookie that lives as long as the session may (30 days)', async () => {
    const [header] = setCookies(await login({ rememberMe: true }));
    expect(header).toMatch(/^foyer_persistent=[A-Za-z0-9_-]{43};/);
    expect(attributes(header)).toEqual(['Max-Age=2592000', 'Path=/', 'HttpOnly', 'SameSite=Lax']);
  });

  it('under an https public origin: Secure and __Host- prefixed, and only those names are read', async () => {
    const https = server.appWith({ publicOrigin: 'https://foyer.example' });
    const [plain] = setCookies(await login({}, undefined, https));
    expect(plain).toMatch(/^__Host-foyer_session=[A-Za-z0-9_-]{43};/);
    expect(attributes(plain)).toEqual(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']);
    const [remembered] = setCookies(await login({ rememberMe: true }, undefined, https));
    expect(remembered).toMatch(/^__Host-foyer_persistent=/);
    expect(attributes(remembered)).toEqual([
      'Max-Age=2592000',
      'Path=/',
      'HttpOnly',
      'Secure',
      'SameSite=Lax',
    ]);

    const pair = (plain ?? '').split(';')[0] ?? '';
    const data = (cookie: string) => getJson(https, '/api/session-data', { clientId: 'demo-app' }, cookie);
    expect((await data(pair)).status).toBe(200);
    // A cookie without the prefix could have been set by a sibling subdomain: it is not a session here.
    expect((await data(pair.replace('__Host-', ''))).status).toBe(401);
  });

  it('never puts the token in the reply body or the log', async () => {
    const response = await login({});
    const token = (setCookies(response)[0] ?? '').split(';')[0]?.split('=')[1] ?? '';
    expect(await response.text()).not.toContain(token);
    expect(server.logs.join('\n')).not.toContain(token);
  });
});

describe('session fixation', () => {
  it('gives a new token at every sign-in, whatever the browser presented before', async () => {
    const planted = `foyer_session=${'A'.repeat(43)}`;
    const jar = cookieJar(planted);
    await signInWith(server.app, jar);
    expect(jar.get('foyer_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(jar.get('foyer_session')).not.toContain('A'.repeat(43));

    // Signing in again as the same account: a new token, and the one presented before is ended.
    const before = jar.header;
    await signInWith(server.app, jar);
    expect(jar.header).not.toBe(before);
    expect(await live(before)).toBe(false);
    expect(await live(jar.header)).toBe(true);
  });
});

describe('lifetimes', () => {
  it('ends a session unused for its idle time (2 hours without remember me)', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    server.advance(2 * HOUR - MINUTE);
    expect(await live(jar.header)).toBe(true);
    server.advance(2 * MINUTE);
    expect(await live(jar.header)).toBe(false);
  });

  it('moves the idle expiry on with use, never past the absolute expiry (8 hours)', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    for (let hours = 0; hours < 7.5; hours += 1.5) {
      server.advance(1.5 * HOUR);
      await obtainCode(server.app, jar.header); // using the session for a code is activity
      expect(await live(jar.header)).toBe(true);
    }
    server.advance(0.5 * HOUR + MINUTE);
    expect(await live(jar.header)).toBe(false);
  });

  it('with remember me: a week unused, a month at most', async () => {
    const idle = cookieJar();
    await signInWith(server.app, idle, ADA, { rememberMe: true });
    server.advance(SESSION_LIFETIMES.remembered.idleMs - MINUTE);
    expect(await live(idle.header)).toBe(true);
    server.advance(2 * MINUTE);
    expect(await live(idle.header)).toBe(false);

    // Used every few days, it still ends a month after sign-in (idle alone would have run to day 36).
    const used = cookieJar();
    await signInWith(server.app, used, ADA, { rememberMe: true });
    let day = 0;
    for (const next of [6, 12, 18, 24, 29]) {
      server.advance((next - day) * DAY);
      day = next;
      await obtainCode(server.app, used.header);
      expect(await live(used.header)).toBe(true);
    }
    server.advance(DAY + MINUTE);
    expect(await live(used.header)).toBe(false);
  });

  it('writes last seen at most once a minute', async () => {
    const jar = cookieJar();
    const { sessionId } = await signInWith(server.app, jar);
    const lastSeen = async () => {
      const rows = await server.db.select().from(sessions);
      const data = await getJson(server.app, '/api/session-data', { clientId: 'demo-app' }, jar.header);
      expect(sessionDataReply.parse(await data.json()).data.sessionId).toBe(sessionId);
      return rows.sort((a, b) => b.id - a.id)[0]?.lastSeenAt.getTime();
    };
    const signedIn = await lastSeen();
    server.advance(30_000);
    await obtainCode(server.app, jar.header);
    expect(await lastSeen()).toBe(signedIn);
    server.advance(31_000);
    await obtainCode(server.app, jar.header);
    expect(await lastSeen()).toBeGreaterThan(signedIn ?? 0);
  });

  it('answers session-data with the earlier of the two expiries', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    const data = await getJson(server.app, '/api/session-data', { clientId: 'demo-app' }, jar.header);
    const { expiresAt } = sessionDataReply.parse(await data.json()).data;
    const [newest] = (await server.db.select().from(sessions)).sort((a, b) => b.id - a.id);
    if (!newest) throw new Error('no session row');
    expect(new Date(expiresAt).getTime()).toBe(newest.idleExpiresAt.getTime());
    expect(newest.idleExpiresAt.getTime() - newest.createdAt.getTime()).toBe(2 * HOUR);
    expect(newest.expiresAt.getTime() - newest.createdAt.getTime()).toBe(8 * HOUR);
    expect(newest).toMatchObject({ persistent: false, brandId: '1210', endedAt: null });
  });

  it('answers 223 from session-data without a session', async () => {
    const response = await getJson(server.app, '/api/session-data', { clientId: 'demo-app' });
    expect(await expectFailure(response, 401)).toMatchObject({ code: 223 });
  });
});
