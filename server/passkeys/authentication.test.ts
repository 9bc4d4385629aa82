import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReply } from '../../api/contract/auth.ts';
import { sessionsReply } from '../../api/contract/session.ts';
import { passkeyChallenges, passkeyCredentials } from '../db/schema.passkeys.ts';
import { users } from '../db/schema.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { cookieJar, createTestServer, getJson, postJson, type TestServer } from '../testing/harness.ts';
import { latestCode, requestCode, statusOf, twoFactorCalls } from '../two-factor/two-factor.testing.ts';
import {
  browser,
  deviceWithPasskey,
  enrol,
  failureOf,
  passkeyCalls,
  passkeySignIn,
  signedInAs,
  signInOptions,
} from './passkeys.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('signing in with a passkey', () => {
  it('answers exactly like /api/login, with a session cookie that works', async () => {
    const { device, credentialId } = await deviceWithPasskey(server.app, 'ada@example.com');
    const response = await passkeySignIn(server.app, device);
    expect(response.status).toBe(200);
    const data = loginReply.parse(await response.json()).data;
    const password = loginReply.parse(
      await (
        await postJson(server.app, '/api/login', {
          username: 'ada@example.com',
          password: 'Violet-Harbor-47',
        })
      ).json(),
    ).data;
    expect(data).toEqual({ ...password, sessionId: data.sessionId });
    expect(response.headers.get('set-cookie')).toMatch(/^foyer_session=[A-Za-z0-9_-]{43}; .*HttpOnly/);
    const listed = await getJson(server.app, '/api/sessions', { clientId: 'demo-app' }, device.jar.header);
    expect(
      sessionsReply.parse(await listed.json()).data.accounts.map((account) => account.sessionId),
    ).toEqual([data.sessionId]);
    expect((await requestCode(server.app, device.jar)).status).toBe(200);
    const [row] = await server.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.credentialId, credentialId));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const signedIn = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'passkey.signed_in'));
    expect(signedIn.some((event) => event.detail.passkeyId === String(row?.id))).toBe(true);
  });

  it('with remember me, uses the persistent cookie as a password sign-in does', async () => {
    const { device } = await deviceWithPasskey(server.app, 'ada@example.com');
    const response = await passkeySignIn(server.app, device, { rememberMe: true });
    expect(response.headers.get('set-cookie')).toMatch(/^foyer_persistent=.*Max-Age=\d+/);
  });

  it('counts as the second factor: the code request issues for an account that requires one', async () => {
    const withPassword = await signedInAs(server.app, 'mfa');
    expect(await statusOf(await requestCode(server.app, withPassword.jar))).toMatchObject({
      http: 403,
      code: 306,
    });
    // Made after a verified code in another browser (registration needs the second factor).
    const device = browser();
    const enrolling = await signedInAs(server.app, 'mfa');
    const codes = twoFactorCalls(server.app, enrolling.jar);
    expect((await codes.send('Email')).status).toBe(200);
    expect((await codes.verify('Email', await latestCode(server.app, 'mfa@example.com'))).status).toBe(200);
    await enrol(server.app, { jar: enrolling.jar, authenticator: device.authenticator });

    expect((await passkeySignIn(server.app, device)).status).toBe(200);
    expect((await requestCode(server.app, device.jar)).status).toBe(200);
    // The password sign-in in the first browser still owes its second factor.
    expect(await statusOf(await requestCode(server.app, withPassword.jar))).toMatchObject({ code: 306 });
  });

  it('leaves the other gates of the code request as after a password: 412 for a required password change', async () => {
    const { device } = await deviceWithPasskey(server.app, 'enforced');
    expect((await passkeySignIn(server.app, device)).status).toBe(200);
    expect(await statusOf(await requestCode(server.app, device.jar))).toMatchObject({ code: 412 });
  });

  it('refuses an account in a state that does not sign in, as a password does (362 disabled)', async () => {
    const { device } = await deviceWithPasskey(server.app, 'reset');
    await server.db.update(users).set({ state: 'disabled' }).where(eq(users.email, 'reset@example.com'));
    try {
      expect(await failureOf(await passkeySignIn(server.app, device))).toMatchObject({
        http: 403,
        code: 362,
      });
    } finally {
      await server.db.update(users).set({ state: 'active' }).where(eq(users.email, 'reset@example.com'));
    }
  });
});

describe('POST /api/passkeys/authentication-options', () => {
  it('offers any discoverable passkey without a login id: UV required, five minutes, for this RP', async () => {
    const { challengeId, options } = await signInOptions(server.app, cookieJar());
    expect(options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rpId: 'localhost',
      timeout: 300_000,
      userVerification: 'required',
      allowCredentials: [],
    });
    const [row] = await server.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, challengeId));
    expect(row).toMatchObject({ purpose: 'authentication', userId: null, loginHinted: false });
  });

  it("lists the picker's account's passkeys for its login id, and nothing for an unknown one", async () => {
    const { credentialId } = await deviceWithPasskey(server.app, 'options@example.com');
    const hinted = await signInOptions(server.app, cookieJar(), { loginId: 'Options@Example.com' });
    expect(hinted.options.allowCredentials).toEqual([
      { id: credentialId, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const none = await signInOptions(server.app, cookieJar(), { loginId: 'nobody@example.com' });
    expect(none.options.allowCredentials).toEqual([]);
    const withoutPasskey = await signInOptions(server.app, cookieJar(), { loginId: 'grace@example.co.uk' });
    expect(withoutPasskey.options.allowCredentials).toEqual([]);
  });

  it('answers 755 on a brand that does not offer passkeys', async () => {
    const refused = await passkeyCalls(server.app, cookieJar()).authenticationOptions({ brandId: '3710' });
    expect(await failureOf(refused)).toMatchObject({ http: 403, code: 755 });
  });
});

describe('malformed sign-ins', () => {
  it('answers 400 naming the field, never 500', async () => {
    const { device } = await deviceWithPasskey(server.app, 'ada@example.com');
    const { challengeId, options } = await signInOptions(server.app, device.jar);
    const good = device.authenticator.authenticate(options);
    const calls = passkeyCalls(server.app, device.jar);
    const cases: [Record<string, unknown>, string][] = [
      [{ credential: good }, 'challengeId'],
      [{ challengeId, credential: { ...good, rawId: 'A'.repeat(1367) } }, 'credential.rawId'],
      [
        { challengeId, credential: { ...good, response: { ...good.response, signature: '' } } },
        'credential.response.signature',
      ],
      [
        { challengeId, credential: { ...good, response: { ...good.response, clientDataJSON: 'a+b/c=' } } },
        'credential.response.clientDataJSON',
      ],
      [
        {
          challengeId,
          credential: { ...good, response: { ...good.response, authenticatorData: 'A'.repeat(4097) } },
        },
        'credential.response.authenticatorData',
      ],
      [{ challengeId, credential: good, rememberMe: 'yes' }, 'rememberMe'],
    ];
    for (const [body, field] of cases) {
      const refused = await failureOf(await calls.authenticate(body));
      expect(refused, field).toMatchObject({ http: 400, code: 400 });
      expect(refused.message, field).toContain(`${field}:`);
    }
    const options400 = await failureOf(await calls.authenticationOptions({ loginId: 'x'.repeat(255) }));
    expect(options400).toMatchObject({ http: 400, code: 400 });
    // Well-formed but garbled authenticator data: refused as not verified, not a crash.
    const garbled = await calls.authenticate({
      challengeId,
      credential: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
    });
    expect(await failureOf(garbled)).toMatchObject({ http: 401, code: 750 });
  });
});

// A second device for the same account: a discoverable sign-in picks the passkey the authenticator holds.
describe('several passkeys', () => {
  it('signs in with whichever passkey of the account answers', async () => {
    const first = await deviceWithPasskey(server.app, 'ada@example.com');
    const second = await deviceWithPasskey(server.app, 'ada@example.com');
    expect((await passkeySignIn(server.app, second.device)).status).toBe(200);
    expect((await passkeySignIn(server.app, first.device)).status).toBe(200);
  });
});
