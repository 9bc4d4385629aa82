import { eq } from 'drizzle-orm';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseUserCode } from '../../api/contract/device.ts';
import { deviceGrants } from '../db/schema.device.ts';
import {
  ADA,
  cookieJar,
  createTestServer,
  location,
  ORIGIN,
  refresh,
  requestStartupCode,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { approveInBrowser, authorizeUrlFor, follow, poll, startRoom, verify } from './device.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const SPA = (route: string, brandId = '7310') => `${ORIGIN}/?clientId=foyer-web&brandId=${brandId}#/${route}`;
const seconds = (s: number) => server.advance(s * 1000);
const pollsOf = async (deviceCode: string, userCode: string) => {
  const [row] = await server.db
    .select({ polls: deviceGrants.polls, interval: deviceGrants.intervalSeconds })
    .from(deviceGrants)
    .where(eq(deviceGrants.userCode, normaliseUserCode(userCode) ?? ''));
  expect(deviceCode).toBeTruthy();
  return row;
};

describe('room activation, the whole loop', () => {
  it('pending, slow_down, sign-in and consent, tokens once, then invalid_grant', async () => {
    const room = await startRoom(server.app);
    expect(room).toEqual({
      device_code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: `${ORIGIN}/device`,
      verification_uri_complete: `${ORIGIN}/device?user_code=${room.user_code}`,
      expires_in: 600,
      interval: 5,
    });

    expect(await poll(server.app, room.device_code)).toEqual({
      status: 400,
      body: { error: 'authorization_pending', error_description: expect.any(String) },
    });
    // Again at once: too early. The interval grows by 5 s and stays grown.
    expect((await poll(server.app, room.device_code)).body.error).toBe('slow_down');
    seconds(6);
    expect((await poll(server.app, room.device_code)).body.error).toBe('slow_down');
    seconds(15);
    expect((await poll(server.app, room.device_code)).body.error).toBe('authorization_pending');
    expect(await pollsOf(room.device_code, room.user_code)).toEqual({ polls: 4, interval: 15 });

    // The verification address opens the activation page in the room client's brand, code filled in.
    const page = location(
      await server.app.request(
        new URL(room.verification_uri_complete).pathname + new URL(room.verification_uri_complete).search,
      ),
    );
    expect(page.href).toBe(SPA(`roomActivation/${room.user_code}`));

    // The person types the code as people do (lower case, spaces), then signs in and approves.
    const typed = room.user_code.toLowerCase().replace('-', ' ');
    const verified = await verify(server.app, typed);
    expect(verified.status).toBe(200);
    const { data } = (await verified.json()) as { data: { appName: string; authorizeUrl: string } };
    expect(data.appName).toBe('Foyer Room Display');
    const authorize = new URL(data.authorizeUrl, ORIGIN);
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: 'demo-room',
      response_type: 'code',
      redirect_uri: `${ORIGIN}/device/callback`,
      scope: 'ReadAccounts',
      state: expect.stringMatching(/.{40,}/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      prompt: 'consent',
      brand_id: '7310',
    });

    const jar = cookieJar();
    // Not signed in yet: the SPA starts on its sign-in page, in brand 7310.
    const firstStart = location(await server.app.request(data.authorizeUrl)).searchParams;
    expect(firstStart.get('force')).toBe('true');
    expect(firstStart.get('brandId')).toBe('7310');
    expect(firstStart.get('prompt')).toBe('consent');
    await signInWith(server.app, jar, ADA);
    const callback = await approveInBrowser(server.app, jar, data.authorizeUrl);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${ORIGIN}/device/callback`);
    expect(location(await follow(server.app, jar, callback)).href).toBe(SPA('roomActivated'));
    // A reload of the callback shows the same page, and burns nothing.
    expect(location(await follow(server.app, jar, callback)).href).toBe(SPA('roomActivated'));
    // The code is no longer offered to anyone.
    expect((await verify(server.app, room.user_code)).status).toBe(400);

    // The device's next poll gets the tokens, whenever it comes.
    const issued = await poll(server.app, room.device_code);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'ReadAccounts' });
    const jwks = (await (await server.app.request('/oauth/jwks')).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(String(issued.body.access_token), createLocalJWKSet(jwks), {
      issuer: ORIGIN,
      typ: 'at+jwt',
      currentDate: server.now(),
    });
    expect(payload).toMatchObject({ sub: '400100101', client_id: 'demo-room', scope: 'ReadAccounts' });

    // Once: the next poll finds nothing to collect.
    expect(await poll(server.app, room.device_code)).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: expect.stringContaining('already issued') },
    });
    // The refresh token is an ordinary one of the room's client.
    const refreshed = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'demo-room',
        refresh_token: String(issued.body.refresh_token),
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    expect((await refresh(server.app, String(issued.body.refresh_token))).status).toBe(400);
  });

  it('the consent page’s Deny denies the room: access_denied at its next poll', async () => {
    const room = await startRoom(server.app);
    const authorizeUrl = await authorizeUrlFor(server.app, room.user_code);
    const state = new URL(authorizeUrl, ORIGIN).searchParams.get('state') ?? '';
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    // What the SPA's Deny sends back (machines/redirect.ts).
    const denied = new URL(`${ORIGIN}/device/callback`);
    denied.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user denied access to your application',
      state,
    }).toString();
    expect(location(await follow(server.app, jar, denied)).href).toBe(SPA('roomNotActivated/denied'));
    expect((await poll(server.app, room.device_code)).body.error).toBe('access_denied');
    // Decided: the code is not offered again, and a later approval (an old tab) cannot overturn the
    // denial: its page says what happened.
    expect((await verify(server.app, room.user_code)).status).toBe(400);
    const late = await approveInBrowser(server.app, jar, authorizeUrl);
    expect(location(await follow(server.app, jar, late)).href).toBe(SPA('roomNotActivated/denied'));
    expect((await poll(server.app, room.device_code)).body.error).toBe('access_denied');
  });

  it('a cancelled sign-in leaves the code usable: the person can try again', async () => {
    const room = await startRoom(server.app);
    const authorizeUrl = await authorizeUrlFor(server.app, room.user_code);
    const state = new URL(authorizeUrl, ORIGIN).searchParams.get('state') ?? '';
    const jar = cookieJar();
    const cancelled = new URL(
      `${ORIGIN}/device/callback?${new URLSearchParams({ error: 'user_cancelled', state })}`,
    );
    expect(location(await follow(server.app, jar, cancelled)).href).toBe(SPA('roomNotActivated/failed'));
    expect((await poll(server.app, room.device_code)).body.error).toBe('authorization_pending');
    await signInWith(server.app, jar, ADA);
    const callback = await approveInBrowser(
      server.app,
      jar,
      await authorizeUrlFor(server.app, room.user_code),
    );
    expect(location(await follow(server.app, jar, callback)).href).toBe(SPA('roomActivated'));
    expect((await poll(server.app, room.device_code)).status).toBe(200);
  });

  it('expires after 10 minutes: expired_token, 740, and the expired page', async () => {
    const room = await startRoom(server.app);
    const authorizeUrl = await authorizeUrlFor(server.app, room.user_code);
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    const callback = await approveInBrowser(server.app, jar, authorizeUrl);
    seconds(601);
    expect(location(await follow(server.app, jar, callback)).href).toBe(SPA('roomNotActivated/expired'));
    expect((await poll(server.app, room.device_code)).body.error).toBe('expired_token');
    const late = await verify(server.app, room.user_code);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { status: { code: number } }).status.code).toBe(740);
  });

  it('an approval in the last seconds is collected by the next poll after expiry', async () => {
    const room = await startRoom(server.app);
    const authorizeUrl = await authorizeUrlFor(server.app, room.user_code);
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    seconds(598);
    const callback = await approveInBrowser(server.app, jar, authorizeUrl);
    expect(location(await follow(server.app, jar, callback)).href).toBe(SPA('roomActivated'));
    seconds(4);
    expect((await poll(server.app, room.device_code)).status).toBe(200);
  });
});

describe('the sign-in is the ordinary one', () => {
  it('a code for the room passes the same gates: two-factor first (306), and the room keeps waiting', async () => {
    const room = await startRoom(server.app);
    const authorizeUrl = await authorizeUrlFor(server.app, room.user_code);
    const jar = cookieJar();
    await signInWith(server.app, jar, { email: 'mfa@example.com', password: ADA.password });
    const startup = location(await follow(server.app, jar, new URL(authorizeUrl, ORIGIN))).searchParams;
    const refused = await requestStartupCode(server.app, jar, startup);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { status: { code: number } }).status.code).toBe(306);
    seconds(5);
    expect((await poll(server.app, room.device_code)).body.error).toBe('authorization_pending');
  });
});

describe('the callback refuses what it cannot tie to a grant', () => {
  it('unknown state, no code, a code of another grant (PKCE)', async () => {
    const jar = cookieJar();
    const go = async (query: Record<string, string>) =>
      location(
        await follow(server.app, jar, new URL(`${ORIGIN}/device/callback?${new URLSearchParams(query)}`)),
      ).href;
    expect(await go({ code: 'x', state: 'forged' })).toBe(SPA('roomNotActivated/failed'));
    expect(await go({})).toBe(SPA('roomNotActivated/failed'));

    const mine = await startRoom(server.app);
    const other = await startRoom(server.app);
    const myState =
      new URL(await authorizeUrlFor(server.app, mine.user_code), ORIGIN).searchParams.get('state') ?? '';
    expect(await go({ state: myState })).toBe(SPA('roomNotActivated/failed'));
    await signInWith(server.app, jar, ADA);
    // A code issued for the other room's request, brought back with this room's state.
    const stolen = await approveInBrowser(
      server.app,
      jar,
      await authorizeUrlFor(server.app, other.user_code),
    );
    expect(await go({ code: stolen.searchParams.get('code') ?? '', state: myState })).toBe(
      SPA('roomNotActivated/failed'),
    );
    expect((await poll(server.app, mine.device_code)).body.error).toBe('authorization_pending');
  });
});
