import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseUserCode } from '../../api/contract/device.ts';
import { deviceGrants } from '../db/schema.device.ts';
import { refreshTokens } from '../db/schema.ts';
import { approveInBrowser, authorizeUrlFor, follow } from '../device/device.testing.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import {
  ADA,
  type CookieJar,
  cookieJar,
  createTestServer,
  location,
  ORIGIN,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { textOf } from '../testing/html.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const attributeOf = (page: string, id: string, name: string) =>
  new RegExp(`<[^>]*id="${id}"[^>]*>`).exec(page)?.[0].match(new RegExp(`${name}="([^"]*)"`))?.[1];
const refreshOf = (page: string) => /<meta http-equiv="refresh" content="(\d+)"/.exec(page)?.[1];

/** The room's browser (a kiosk): its own jar. */
async function startRoom(room: CookieJar) {
  const started = room.absorb(
    await server.app.request('/demo-room/start', {
      method: 'POST',
      headers: {
        cookie: room.header,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: 'null',
      },
    }),
  );
  expect(started.status).toBe(303);
  expect(started.headers.get('location')).toBe('/demo-room/room');
  return screen(room);
}
const screen = async (room: CookieJar) =>
  (
    await room.absorb(await server.app.request('/demo-room/room', { headers: { cookie: room.header } }))
  ).text();
const seconds = (s: number) => server.advance(s * 1000);
const serverPolls = async (userCode: string) =>
  (
    await server.db
      .select({ polls: deviceGrants.polls })
      .from(deviceGrants)
      .where(eq(deviceGrants.userCode, normaliseUserCode(userCode) ?? ''))
  )[0]?.polls;

describe('/demo-room, a meeting-room display', () => {
  it('is linked from the demo app, and its pages have no inline script or style', async () => {
    expect(await (await server.app.request('/demo-app')).text()).toContain(
      'href="/demo-room" id="room-demo"',
    );
    const home = await server.app.request('/demo-room');
    const page = await home.text();
    expect(page).toContain('id="start"');
    expect(page).toContain('href="/demo-room/demo.css"');
    expect(page).not.toMatch(/<script|<style|style=/i);
    expect(home.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await (await server.app.request('/demo-room/demo.css')).text()).toContain('.user-code');
    // Without a started room, its screen goes back to the start.
    expect((await server.app.request('/demo-room/room')).headers.get('location')).toBe('/demo-room');
  });

  it('shows the code, polls once per interval, and signs in when the person approves', async () => {
    const room = cookieJar();
    let page = await startRoom(room);
    expect(room.get('demo_room_session')).toBeDefined();
    const userCode = textOf(page, 'user-code') ?? '';
    expect(userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(textOf(page, 'verification-uri')).toBe(`${ORIGIN}/device`);
    expect(attributeOf(page, 'verification-uri', 'href')).toBe(`${ORIGIN}/device?user_code=${userCode}`);
    const qr = attributeOf(page, 'qr', 'src') ?? '';
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
    expect(page).not.toMatch(/<script|<style|style=/i);
    // Not due yet: no poll, and the page comes back when it is.
    expect(textOf(page, 'polls')).toBe('0 polls');
    expect(refreshOf(page)).toBe('5');

    seconds(5);
    page = await screen(room);
    expect(textOf(page, 'polls')).toBe('1 poll');
    expect(textOf(page, 'room-status')).toContain('Waiting for approval');
    // A reload before the interval is up does not poll: the room never hears slow_down.
    seconds(2);
    page = await screen(room);
    expect(textOf(page, 'polls')).toBe('1 poll');
    expect(refreshOf(page)).toBe('3');

    // Someone in the room enters the code on their phone, signs in and approves.
    const phone = cookieJar();
    await signInWith(server.app, phone, ADA);
    const callback = await approveInBrowser(server.app, phone, await authorizeUrlFor(server.app, userCode));
    expect(location(await follow(server.app, phone, callback)).hash).toBe('#/roomActivated');

    seconds(3);
    page = await screen(room);
    expect(textOf(page, 'signed-in-as')).toBe('Ada Fairweather');
    expect(JSON.parse(textOf(page, 'access-token-claims') ?? '{}')).toMatchObject({
      client_id: 'demo-room',
      sub: '400100101',
      scope: 'ReadAccounts',
    });
    expect(textOf(page, 'polls')).toBe('2 polls');
    expect(await serverPolls(userCode)).toBe(2);
    expect(refreshOf(page)).toBeUndefined();
    // Signed in, the room polls no more.
    seconds(30);
    expect(textOf(await screen(room), 'polls')).toBe('2 polls');
    expect(await serverPolls(userCode)).toBe(2);
  });

  it('says so when the person denies, and when the code expires', async () => {
    const denied = cookieJar();
    const deniedCode = textOf(await startRoom(denied), 'user-code') ?? '';
    const state =
      new URL(await authorizeUrlFor(server.app, deniedCode), ORIGIN).searchParams.get('state') ?? '';
    await follow(
      server.app,
      cookieJar(),
      new URL(`${ORIGIN}/device/callback?error=access_denied&state=${state}`),
    );
    seconds(5);
    const deniedPage = await screen(denied);
    expect(textOf(deniedPage, 'room-status')).toContain('Access was denied');
    expect(deniedPage).toContain('Start again');

    const expired = cookieJar();
    await startRoom(expired);
    seconds(600);
    const expiredPage = await screen(expired);
    expect(textOf(expiredPage, 'room-status')).toContain('expired');
    expect(textOf(expiredPage, 'polls')).toBe('1 poll');
  });

  it('Start again forgets the room’s tokens and revokes them', async () => {
    const room = cookieJar();
    const userCode = textOf(await startRoom(room), 'user-code') ?? '';
    const phone = cookieJar();
    await signInWith(server.app, phone, ADA);
    await follow(
      server.app,
      phone,
      await approveInBrowser(server.app, phone, await authorizeUrlFor(server.app, userCode)),
    );
    seconds(5);
    expect(textOf(await screen(room), 'signed-in-as')).toBe('Ada Fairweather');
    const live = async () =>
      (
        await server.db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.clientId, 'demo-room'), isNull(refreshTokens.revokedAt)))
      ).length;
    const before = await live();
    const again = await startRoom(room);
    expect(textOf(again, 'user-code')).not.toBe(userCode);
    expect(textOf(again, 'polls')).toBe('0 polls');
    // This room's refresh token is revoked (an earlier test's room keeps its own).
    expect(await live()).toBe(before - 1);
  });
});
