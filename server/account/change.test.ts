import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReply } from '../../api/contract/auth.ts';
import { passwordHistory } from '../db/schema.account.ts';
import { consents, refreshTokens, sessions } from '../db/schema.ts';
import {
  type CookieJar,
  cookieJar,
  createTestServer,
  exchange,
  obtainCode,
  refresh,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';
import {
  authorizeSilently,
  latestCode,
  requestCode,
  statusOf,
  twoFactorCalls,
} from '../two-factor/two-factor.testing.ts';
import {
  accountCall,
  DEMO_PASSWORD,
  NEW_PASSWORD,
  replyOf,
  signInWithin,
  userIdOf,
  userRow,
} from './account.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-07-08T09:00:00Z') });
});
afterAll(() => server.close());

const MINUTE = 60_000;

const signInAs = (jar: CookieJar, username: string, password: string) =>
  signInWithin(server.app, jar, username, password);
const change = (jar: CookieJar, body: Record<string, unknown>) =>
  accountCall(server.app, 'change-password', body, jar);

const silentAuthorize = async (jar: CookieJar) => (await authorizeSilently(server.app, jar)).params;

describe('an enforced reset (enforced@)', () => {
  it('signs in with passwordChange, refuses codes with 412 and prompt=none with interaction_required', async () => {
    const jar = cookieJar();
    const signedIn = await signInAs(jar, 'enforced@example.com', DEMO_PASSWORD);
    expect(loginReply.parse(await signedIn.json()).data.passwordChange).toBe('enforced');
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ http: 403, code: 412 });
    await server.db.insert(consents).values({
      userId: await userIdOf(server, 'enforced@example.com'),
      clientId: 'demo-app',
      scope: 'ReadAccounts',
      grantedAt: server.now(),
    });
    const silent = await silentAuthorize(jar);
    expect(silent.get('error')).toBe('interaction_required');
    expect(silent.get('state')).toBe('st-none');
  });

  it('changes without the current password right after that sign-in, and codes are issued again', async () => {
    const jar = cookieJar();
    await signInAs(jar, 'enforced@example.com', DEMO_PASSWORD);
    // The shared rules still apply.
    expect(await replyOf(await change(jar, { password: 'harbor2031x' }))).toMatchObject({
      code: 402,
      errorCode: 'PWD-004',
    });
    expect(await replyOf(await change(jar, { password: DEMO_PASSWORD }))).toMatchObject({
      code: 402,
      errorCode: 'PWD-015',
    });
    expect((await change(jar, { password: NEW_PASSWORD })).status).toBe(200);
    expect((await userRow(server, 'enforced@example.com')).passwordChangeRequired).toBeNull();
    expect((await requestCode(server.app, jar)).status).toBe(200);
    const next = await signInAs(cookieJar(), 'enforced@example.com', NEW_PASSWORD);
    expect(loginReply.parse(await next.json()).data.passwordChange).toBeUndefined();
  });
});

describe('a one-time password (onetime@)', () => {
  it('answers oneTime and 412 until replaced; a stale sign-in must give the current password', async () => {
    const jar = cookieJar();
    const signedIn = await signInAs(jar, 'onetime@example.com', 'Temp-Pass-2024');
    expect(loginReply.parse(await signedIn.json()).data.passwordChange).toBe('oneTime');
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 412 });
    server.advance(16 * MINUTE);
    expect(await replyOf(await change(jar, { password: NEW_PASSWORD }))).toMatchObject({
      http: 400,
      code: 400,
    });
    const wrong = await change(jar, { currentPassword: 'Temp-Pass-2025', password: NEW_PASSWORD });
    expect(await replyOf(wrong)).toMatchObject({ http: 401, code: 407 });
    const done = await change(jar, { currentPassword: 'Temp-Pass-2024', password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect((await requestCode(server.app, jar)).status).toBe(200);
    expect((await signInAs(cookieJar(), 'onetime@example.com', 'Temp-Pass-2024')).status).toBe(401);
  });
});

describe('POST /api/account/change-password', () => {
  it('needs the current password (407 when wrong), and locks like a sign-in after five wrong ones', async () => {
    const jar = cookieJar();
    await signInAs(jar, 'grace@example.co.uk', 'Quartz-Meadow-83');
    expect(await replyOf(await change(jar, { password: NEW_PASSWORD }))).toMatchObject({ code: 400 });
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      answers.push(
        (await replyOf(await change(jar, { currentPassword: `Wrong-${attempt}x`, password: NEW_PASSWORD })))
          .code,
      );
    expect(answers).toEqual([407, 407, 407, 407, 374]);
  });

  it('revokes the other sessions, the refresh tokens and trusted devices, and keeps this session', async () => {
    const userId = await userIdOf(server, 'ada@example.com');
    const other = cookieJar();
    await signInAs(other, 'ada@example.com', DEMO_PASSWORD);
    const { code, verifier } = await obtainCode(server.app, other.header);
    const tokens = (await (await exchange(server.app, code, verifier)).json()) as Tokens;
    const before = (await userRow(server, 'ada@example.com')).passwordGeneration;

    const jar = cookieJar();
    const signedIn = await signInAs(jar, 'ada@example.com', DEMO_PASSWORD);
    const { sessionId } = loginReply.parse(await signedIn.json()).data;
    const changed = await change(jar, { sessionId, currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD });
    expect(await replyOf(changed)).toMatchObject({ http: 200, data: { loginId: 'ada@example.com' } });

    expect((await userRow(server, 'ada@example.com')).passwordGeneration).toBe(before + 1);
    const live = await server.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
    expect(live).toHaveLength(1);
    expect((await refresh(server.app, tokens.refresh_token)).status).toBe(400);
    const revoked = await server.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));
    expect(revoked.every((row) => row.revokedAt !== null)).toBe(true);
    // This browser goes on: a code without a password.
    expect((await requestCode(server.app, jar)).status).toBe(200);
    expect((await requestCode(server.app, other)).status).toBe(401);
    // Only the last N hashes are kept: the current one plus N-1 earlier.
    const kept = await server.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId));
    expect(kept).toHaveLength(1);
  });

  it('keeps no more than N-1 earlier hashes, and refuses each of the last N', async () => {
    const jar = cookieJar();
    let current = NEW_PASSWORD;
    await signInAs(jar, 'ada@example.com', current);
    const passwords = [
      'Birch-Window-61',
      'Cedar-Window-62',
      'Delta-Window-63',
      'Ember-Window-64',
      'Flint-Window-65',
    ];
    for (const password of passwords) {
      expect((await change(jar, { currentPassword: current, password })).status).toBe(200);
      current = password;
    }
    const userId = await userIdOf(server, 'ada@example.com');
    expect(
      await server.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId)),
    ).toHaveLength(4);
    const reused = await replyOf(
      await change(jar, { currentPassword: current, password: 'Birch-Window-61' }),
    );
    expect(reused).toMatchObject({ code: 402, errorCode: 'PWD-015', numberOfLastUsedPasswords: 5 });
    // The sixth-latest (NEW_PASSWORD) has left the history.
    expect((await change(jar, { currentPassword: current, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('asks an account with a second factor to prove it first (306), then changes the PIN too', async () => {
    const jar = cookieJar();
    await signInAs(jar, 'mfa@example.com', DEMO_PASSWORD);
    const body = { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD };
    expect(await replyOf(await change(jar, body))).toMatchObject({ http: 403, code: 306 });
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.send('Email')).status).toBe(200);
    const code = await latestCode(server.app, 'mfa@example.com');
    expect((await calls.verify('Email', code, { trustDevice: true })).status).toBe(200);
    // A new sign-in on this trusted device needs no code; it changes the password from there.
    await signInAs(jar, 'mfa@example.com', DEMO_PASSWORD);
    expect((await requestCode(server.app, jar)).status).toBe(200);
    expect((await change(jar, body)).status).toBe(200);
    // This session keeps its second factor; the device's trust is void for the next sign-in.
    expect((await requestCode(server.app, jar)).status).toBe(200);
    await signInAs(jar, 'mfa@example.com', NEW_PASSWORD);
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 306 });

    const pin = cookieJar();
    await signInAs(pin, 'pin@example.com', DEMO_PASSWORD);
    const badPin = await change(pin, {
      currentPassword: DEMO_PASSWORD,
      password: NEW_PASSWORD,
      pin: '111111',
    });
    expect(await replyOf(badPin)).toMatchObject({ code: 404 });
    expect(
      (await change(pin, { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, pin: '864209' })).status,
    ).toBe(200);
  });
});

describe('legacy password change (legacy@, spec §4)', () => {
  const legacyChange = (currentPassword: string, password: string) =>
    accountCall(server.app, 'change-legacy-password', {
      username: 'legacy@example.com',
      currentPassword,
      password,
    });

  it('answers 319 to the right numeric password, 108 to a wrong one', async () => {
    expect(await replyOf(await signInAs(cookieJar(), 'legacy@example.com', '97531864'))).toMatchObject({
      http: 403,
      code: 319,
    });
    expect(await replyOf(await signInAs(cookieJar(), 'legacy@example.com', '97531865'))).toMatchObject({
      code: 108,
    });
  });

  it('changes with the current password, opens no session, and the new password signs in', async () => {
    expect(await replyOf(await legacyChange('11111111', NEW_PASSWORD))).toMatchObject({ code: 108 });
    expect(await replyOf(await legacyChange('97531864', '97531864'))).toMatchObject({
      code: 402,
      errorCode: 'PWD-002',
    });
    const changed = await legacyChange('97531864', NEW_PASSWORD);
    expect(await replyOf(changed)).toMatchObject({ http: 200, data: { loginId: 'legacy@example.com' } });
    expect(changed.headers.getSetCookie()).toEqual([]);
    expect(await replyOf(await signInAs(cookieJar(), 'legacy@example.com', '97531864'))).toMatchObject({
      code: 108,
    });
    expect((await signInAs(cookieJar(), 'legacy@example.com', NEW_PASSWORD)).status).toBe(200);
    // Only for expired numeric passwords.
    expect(await replyOf(await legacyChange(NEW_PASSWORD, 'Other-Lantern-69'))).toMatchObject({ code: 400 });
  });
});
