import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginInfoReply } from '../../api/contract/auth.ts';
import { parametersReply } from '../../api/contract/config.ts';
import { passkeysReply } from '../../api/contract/passkeys.ts';
import { accountCall, emailedLink, NEW_PASSWORD } from '../account/account.testing.ts';
import { purgeExpired } from '../db/purge.ts';
import { passkeyChallenges, passkeyUsers } from '../db/schema.passkeys.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { cookieJar, createTestServer, getJson, postJson, type TestServer } from '../testing/harness.ts';
import { latestCode, twoFactorCalls } from '../two-factor/two-factor.testing.ts';
import { offerOf } from './offer.ts';
import {
  browser,
  enrol,
  failureOf,
  listOf,
  passkeyCalls,
  passkeySignIn,
  signedInAs,
  signInOptions,
} from './passkeys.testing.ts';
import { requireReenrolment } from './reenrolment.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/passkeys: the offer', () => {
  it('shows it to an account without a passkey on a brand that has them', async () => {
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    expect(await listOf(server.app, jar)).toEqual({ allowed: true, offer: 'show', passkeys: [] });
  });

  it('remembers "Not now" for 30 days for that account on this device only (a signed HttpOnly cookie)', async () => {
    const { jar, sessionId } = await signedInAs(server.app, 'options@example.com');
    const calls = passkeyCalls(server.app, jar);
    const dismissed = await calls.dismissOffer({ sessionId });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toMatchObject({ data: { dismissed: true } });
    const cookie = dismissed.headers
      .getSetCookie()
      .find((header) => header.startsWith('foyer_passkey_offer='));
    expect(cookie).toMatch(
      /^foyer_passkey_offer=\d+\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect((await listOf(server.app, jar)).offer).toBe('none');
    // Another account in the same browser is still offered one; another browser too.
    await signedInAs(server.app, 'ada@example.com', jar);
    expect((await listOf(server.app, jar)).offer).toBe('show');
    expect((await listOf(server.app, (await signedInAs(server.app, 'options@example.com')).jar)).offer).toBe(
      'show',
    );
    server.advance(30 * DAY + 1000);
    const later = await signedInAs(server.app, 'options@example.com', jar);
    expect((await listOf(server.app, jar, later.sessionId)).offer).toBe('show');
  });

  it('ignores an altered "Not now" entry', async () => {
    const { jar } = await signedInAs(server.app, 'fedramp');
    const dismissed = await passkeyCalls(server.app, jar).dismissOffer();
    const value = jar.get('foyer_passkey_offer') ?? '';
    expect(dismissed.status).toBe(200);
    const [userId = '', ...rest] = value.split('.');
    const forged = cookieJar(`${jar.header.replace(value, [String(Number(userId) + 1), ...rest].join('.'))}`);
    expect((await listOf(server.app, forged)).offer).toBe('show');
  });

  it('is __Host- and Secure under https', async () => {
    const https = server.appWith({ publicOrigin: 'https://signin.example' });
    const { jar } = await signedInAs(https, 'ada@example.com');
    const dismissed = await passkeyCalls(https, jar).dismissOffer();
    expect(dismissed.headers.getSetCookie().join()).toMatch(
      /^__Host-foyer_passkey_offer=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect((await listOf(https, jar)).offer).toBe('none');
  });

  it('waits for the second factor an account still owes', async () => {
    const { jar } = await signedInAs(server.app, 'mfa');
    expect(await listOf(server.app, jar)).toMatchObject({ allowed: true, offer: 'afterSecondFactor' });
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.send('Email')).status).toBe(200);
    expect((await calls.verify('Email', await latestCode(server.app, 'mfa@example.com'))).status).toBe(200);
    expect((await listOf(server.app, jar)).offer).toBe('show');
  });

  it('is not made once the account has a passkey, nor on a brand without them', async () => {
    const device = browser();
    await signedInAs(server.app, 'pin', device.jar);
    await enrol(server.app, device);
    expect(await listOf(server.app, device.jar)).toMatchObject({ allowed: true, offer: 'none' });
    const { jar } = await signedInAs(server.app, 'tos3710');
    expect(await listOf(server.app, jar)).toEqual({ allowed: false, offer: 'none', passkeys: [] });
  });

  it('follows one rule (offerOf)', () => {
    const facts = { allowed: true, hasUsablePasskey: false, dismissed: false, secondFactorDone: true };
    expect(offerOf(facts)).toBe('show');
    expect(offerOf({ ...facts, secondFactorDone: false })).toBe('afterSecondFactor');
    expect(offerOf({ ...facts, secondFactorDone: false, dismissed: true })).toBe('none');
    expect(offerOf({ ...facts, allowed: false })).toBe('none');
    expect(offerOf({ ...facts, hasUsablePasskey: true })).toBe('none');
  });

  it('answers 221 without a session', async () => {
    expect(await failureOf(await passkeyCalls(server.app, cookieJar()).list())).toMatchObject({
      http: 401,
      code: 221,
    });
  });
});

describe('POST /api/passkeys/removal', () => {
  it("removes one of the account's own passkeys, audited, and answers the list; another account's is 751", async () => {
    const device = browser();
    const { sessionId } = await signedInAs(server.app, 'ada@example.com', device.jar);
    const kept = await enrol(server.app, device, { name: 'Kept' });
    const gone = await enrol(server.app, device, { name: 'Gone' });
    const other = browser();
    await signedInAs(server.app, 'options@example.co.uk', other.jar);
    const theirs = await enrol(server.app, other);

    const refused = await passkeyCalls(server.app, device.jar).remove(theirs.passkey.id, { sessionId });
    expect(await failureOf(refused)).toMatchObject({ http: 404, code: 751 });
    expect(await failureOf(await passkeyCalls(server.app, device.jar).remove('9999999999'))).toMatchObject({
      code: 751,
    });

    const response = await passkeyCalls(server.app, device.jar).remove(gone.passkey.id, { sessionId });
    expect(response.status).toBe(200);
    const list = passkeysReply.parse(await response.json()).data;
    expect(list.passkeys.map((passkey) => passkey.name)).toEqual(['Kept']);
    expect(list.passkeys[0]?.id).toBe(kept.passkey.id);
    const audit = await server.db.select().from(auditEvents).where(eq(auditEvents.kind, 'passkey.removed'));
    expect(
      audit.some((event) => event.detail.passkeyId === gone.passkey.id && event.detail.reason === 'user'),
    ).toBe(true);
    // Theirs still signs in.
    expect((await passkeySignIn(server.app, { ...other, jar: cookieJar() })).status).toBe(200);
  });

  it('needs the second factor the account asks for (306 after a password alone)', async () => {
    const { jar } = await signedInAs(server.app, 'nocall');
    expect(await failureOf(await passkeyCalls(server.app, jar).remove('1'))).toMatchObject({
      http: 403,
      code: 306,
    });
  });

  it('answers 400 to an id that is not one', async () => {
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    const refused = await failureOf(await passkeyCalls(server.app, jar).remove('12a'));
    expect(refused).toMatchObject({ http: 400, code: 400 });
    expect(refused.message).toContain('passkeyId:');
  });
});

describe('what passkeys survive', () => {
  it('a password reset and "sign out everywhere": a passkey is a credential of its own', async () => {
    const device = browser();
    await signedInAs(server.app, 'reset', device.jar);
    await enrol(server.app, device);
    const signedOut = await postJson(server.app, '/api/logout', { everywhere: true }, device.jar.header);
    expect(signedOut.status).toBe(200);
    expect((await passkeySignIn(server.app, { ...device, jar: cookieJar() })).status).toBe(200);

    server.advance(11 * 60_000);
    expect(
      (
        await accountCall(server.app, 'email-recovery-link', {
          credential: 'reset@example.com',
          localeId: 'en_US',
        })
      ).status,
    ).toBe(200);
    const { token } = await emailedLink(server.app, 'reset@example.com', 'createPassword');
    expect((await accountCall(server.app, 'reset-password', { token, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    const after = cookieJar();
    expect((await passkeySignIn(server.app, { ...device, jar: after })).status).toBe(200);
    expect((await listOf(server.app, after)).passkeys).toHaveLength(1);
  });
});

describe('the administrator flag (re-enrolment)', () => {
  it('marks the older passkeys; a new one removes them, audited, and clears the flag', async () => {
    const device = browser();
    await signedInAs(server.app, 'notices7710', device.jar);
    const old = await enrol(server.app, device);
    server.advance(1000);
    const flagged = await requireReenrolment(
      server.db,
      { username: 'notices7710@example.com' },
      server.now(),
    );
    expect(flagged).toMatchObject({ passkeys: 1 });
    const list = await listOf(server.app, device.jar);
    expect(list).toMatchObject({ offer: 'show', passkeys: [{ id: old.passkey.id, needsReenrolment: true }] });
    // The old one is not excluded, so the same authenticator can replace it.
    const options = await passkeyCalls(server.app, device.jar).registrationOptions();
    expect(
      ((await options.json()) as { data: { options: { excludeCredentials: unknown[] } } }).data.options
        .excludeCredentials,
    ).toEqual([]);
    const info = await postJson(server.app, '/api/login-info', { username: 'notices7710@example.com' });
    expect(loginInfoReply.parse(await info.json()).data.loginOptions).toBeUndefined();

    server.advance(1000);
    const fresh = await enrol(server.app, device);
    const after = await listOf(server.app, device.jar);
    expect(after.passkeys).toEqual([fresh.passkey]);
    const [identity] = await server.db
      .select()
      .from(passkeyUsers)
      .where(eq(passkeyUsers.userId, flagged?.userId ?? 0));
    expect(identity?.reenrolmentRequiredAt).toBeNull();
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, flagged?.userId ?? 0));
    expect(audit.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['passkey.reenrolment_required', 'passkey.removed', 'passkey.registered']),
    );
    expect(audit.find((event) => event.kind === 'passkey.removed')?.detail).toEqual({
      passkeyId: old.passkey.id,
      reason: 'reenrolment',
    });
  });
});

describe('brand config and login-info', () => {
  it.each([
    ['1210', true],
    ['7710', true],
    ['7310', true],
    ['3710', false],
    ['3610', false],
  ])('brand %s: passkeys %s', async (brandId, passkeys) => {
    const response = await getJson(server.app, '/api/config/parameters', { clientId: 'demo-app', brandId });
    expect(parametersReply.parse(await response.json()).data.passkeys).toBe(passkeys);
  });

  it("names 'passkey' among the login options of an account that has a usable one", async () => {
    const before = await postJson(server.app, '/api/login-info', { username: 'pin@example.com' });
    expect(loginInfoReply.parse(await before.json()).data.loginOptions).toEqual([
      'password',
      'passkey',
      'emailLink',
    ]);
    const none = await postJson(server.app, '/api/login-info', { username: 'notconfirmed@example.com' });
    expect(loginInfoReply.parse(await none.json()).data.loginOptions).toBeUndefined();
    const sso = await postJson(server.app, '/api/login-info', { username: 'options@example.com' });
    expect(loginInfoReply.parse(await sso.json()).data.loginOptions).toEqual([
      'password',
      'sso',
      'emailLink',
    ]);
  });
});

describe('purge', () => {
  it('deletes expired challenges and keeps live ones', async () => {
    const late = await signInOptions(server.app, cookieJar());
    server.advance(5 * 60_000 + 1);
    const live = await signInOptions(server.app, cookieJar());
    await purgeExpired(server.db, server.now());
    const ids = (await server.db.select({ id: passkeyChallenges.id }).from(passkeyChallenges)).map(
      (row) => row.id,
    );
    expect(ids).toContain(live.challengeId);
    expect(ids).not.toContain(late.challengeId);
  });
});
