import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsReply } from '../../api/contract/session.ts';
import { recordPasswordChange } from '../auth/users.service.ts';
import { consents, users } from '../db/schema.ts';
import {
  type CookieJar,
  cookieFrom,
  cookieJar,
  createTestServer,
  getJson,
  type TestServer,
} from '../testing/harness.ts';
import {
  authorizeSilently,
  demoUser,
  latestCode,
  requestCode,
  signedIn,
  statusOf,
  twoFactorCalls,
} from './two-factor.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
const userIdOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

/** Signs the browser in as mfa@ and proves a code sent by email; optionally trusts the device. */
async function verifiedMfa(jar: CookieJar, trustDevice: boolean, app = server.app) {
  await signedIn(app, 'mfa', jar);
  const calls = twoFactorCalls(app, jar);
  expect((await calls.send('Email')).status).toBe(200);
  const verified = await calls.verify('Email', await latestCode(app, 'mfa@example.com'), { trustDevice });
  expect(verified.status).toBe(200);
  // Sends to mfa@ are limited per 15 minutes; each helper call starts a fresh window.
  server.advance(16 * MINUTE);
  return verified;
}

describe('where two-factor is enforced: every code issued for a session', () => {
  it('lets an account without a second factor through, and refuses one that needs it with 306', async () => {
    expect((await requestCode(server.app, (await signedIn(server.app, 'ada')).jar)).status).toBe(200);
    const pending = await statusOf(await requestCode(server.app, (await signedIn(server.app, 'mfa')).jar));
    expect(pending).toMatchObject({ http: 403, code: 306 });
  });

  it('keeps listing a session that has not done its second factor (the picker continues to 306)', async () => {
    const { jar, sessionId } = await signedIn(server.app, 'mfa');
    const listed = await getJson(server.app, '/api/sessions', { clientId: 'demo-app' }, jar.header);
    expect(
      sessionsReply.parse(await listed.json()).data.accounts.map((account) => account.sessionId),
    ).toEqual([sessionId]);
  });

  it('applies to a sign-in through the identity provider too', async () => {
    const start = await server.app.request(
      `/mobile/loginDispatcher?${new URLSearchParams({ clientId: 'demo-app', selected_entrance: 'apple', force: 'true' })}`,
    );
    const location = new URL(start.headers.get('location') ?? '', 'http://localhost:8080');
    const signIn = await server.app.request('/idp/sign-in', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookieFrom(start, 'foyer_idp'),
      },
      body: new URLSearchParams({
        request: location.searchParams.get('request') ?? '',
        action: 'signIn',
        ...demoUser('mfa'),
      }).toString(),
    });
    const jar = cookieJar(cookieFrom(signIn, 'foyer_session'));
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 306 });
  });
});

describe('prompt=none', () => {
  const authorize = async (jar: CookieJar) => {
    const { status, params } = await authorizeSilently(server.app, jar);
    expect(status).toBe(302);
    return params;
  };

  it('answers interaction_required for a session whose second factor is pending, a code once it is done', async () => {
    const jar = cookieJar();
    await signedIn(server.app, 'mfa', jar);
    // demo-app is third party: an earlier grant covers the scope, so consent is not what stops it.
    await server.db.insert(consents).values({
      userId: await userIdOf('mfa@example.com'),
      clientId: 'demo-app',
      scope: 'ReadAccounts',
      grantedAt: new Date(),
    });
    const pending = await authorize(jar);
    expect(pending.get('error')).toBe('interaction_required');
    expect(pending.get('state')).toBe('st-none');
    expect(pending.get('code')).toBeNull();

    await verifiedMfa(jar, false);
    const done = await authorize(jar);
    expect(done.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the trusted-device cookie', () => {
  it('is HttpOnly, SameSite=Lax, lasts TRUSTED_DEVICE_DAYS, and skips 306 at the next sign-in', async () => {
    const jar = cookieJar();
    const verified = await verifiedMfa(jar, true);
    const header = verified.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('foyer_trusted_device='));
    expect(header).toMatch(
      /^foyer_trusted_device=\d+\.\d+\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    await signedIn(server.app, 'mfa', jar);
    expect((await requestCode(server.app, jar)).status).toBe(200);
    // Another account in the same browser is not vouched for.
    await signedIn(server.app, 'nocall', jar);
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 306 });
  });

  it('is refused after a password change, and after its days', async () => {
    const jar = cookieJar();
    await verifiedMfa(jar, true);
    await recordPasswordChange(server.db, await userIdOf('mfa@example.com'));
    await signedIn(server.app, 'mfa', jar);
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 306 });

    const later = cookieJar();
    await verifiedMfa(later, true);
    server.advance(29 * DAY);
    await signedIn(server.app, 'mfa', later);
    expect((await requestCode(server.app, later)).status).toBe(200);
    server.advance(2 * DAY);
    await signedIn(server.app, 'mfa', later);
    expect(await statusOf(await requestCode(server.app, later)).then((status) => status.code)).toBe(306);
  });

  it('is refused when altered or when its MAC is another key’s', async () => {
    const jar = cookieJar();
    await verifiedMfa(jar, true);
    const value = jar.get('foyer_trusted_device') ?? '';
    const [userId, generation, expiry, mac] = value.split('.');
    const forged = [String(Number(userId) + 1), generation, expiry, mac].join('.');
    const stranger = cookieJar(`foyer_trusted_device=${forged}`);
    await signedIn(server.app, 'mfa', stranger);
    expect(await statusOf(await requestCode(server.app, stranger))).toMatchObject({ code: 306 });
    // Another server key (another deployment) does not accept it either.
    const otherServer = await createTestServer();
    const copied = cookieJar(`foyer_trusted_device=${value}`);
    await signedIn(otherServer.app, 'mfa', copied);
    expect(await statusOf(await requestCode(otherServer.app, copied))).toMatchObject({ code: 306 });
    await otherServer.close();
  });

  it('is not set without trustDevice, nor when TRUSTED_DEVICE_DAYS is 0 (which also ignores existing ones)', async () => {
    const plain = await verifiedMfa(cookieJar(), false);
    expect(plain.headers.getSetCookie().some((cookie) => cookie.includes('trusted_device'))).toBe(false);

    const jar = cookieJar();
    await verifiedMfa(jar, true);
    const off = server.appWith({ twoFactor: { settings: { trustedDeviceDays: 0 } } });
    await signedIn(off, 'mfa', jar);
    expect(await statusOf(await requestCode(off, jar))).toMatchObject({ code: 306 });
    const none = cookieJar();
    const verified = await verifiedMfa(none, true, off);
    expect(verified.headers.getSetCookie().some((cookie) => cookie.includes('trusted_device'))).toBe(false);
  });

  it('is __Host- and Secure under an https origin', async () => {
    const https = server.appWith({ publicOrigin: 'https://foyer.example' });
    const verified = await verifiedMfa(cookieJar(), true, https);
    const header = verified.headers.getSetCookie().find((cookie) => cookie.includes('trusted_device'));
    expect(header).toMatch(
      /^__Host-foyer_trusted_device=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});
