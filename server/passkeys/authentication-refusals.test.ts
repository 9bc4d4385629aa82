import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeyCredentials } from '../db/schema.passkeys.ts';
import { users } from '../db/schema.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import {
  cookieJar,
  createTestServer,
  postJson,
  RELAXED_LIMITS,
  type TestServer,
} from '../testing/harness.ts';
import {
  browser,
  demoUser,
  deviceWithPasskey,
  failureOf,
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

const userIdOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
const refusals = async (userId: number | null) =>
  (await server.db.select().from(auditEvents).where(eq(auditEvents.kind, 'passkey.sign_in_refused'))).filter(
    (event) => event.userId === userId,
  );

const demoUserLogin = (email: string) => ({ username: email, password: demoUser('x').password });

describe('refusals, each audited', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }, 'origin'],
    ['another RP ID', { rpId: 'evil.example' }, 'rp_id'],
    ['a bad signature', { badSignature: true }, 'signature'],
    ['no user verification', { userVerified: false }, 'user_verification'],
  ])('750 for %s', async (_, tamper, reason) => {
    const { device, passkey } = await deviceWithPasskey(server.app, 'ada@example.com');
    const refused = await failureOf(await passkeySignIn(server.app, device, { tamper }));
    expect(refused).toMatchObject({ http: 401, code: 750 });
    expect(device.jar.header).toBe('');
    const audit = await refusals(await userIdOf('ada@example.com'));
    expect(
      audit.some((event) => event.detail.reason === reason && event.detail.passkeyId === passkey.id),
    ).toBe(true);
  });

  it('751 for a passkey never registered, and for a removed one', async () => {
    const stranger = browser();
    stranger.authenticator.register({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    expect(await failureOf(await passkeySignIn(server.app, stranger))).toMatchObject({
      http: 401,
      code: 751,
    });
    expect((await refusals(null)).some((event) => event.detail.code === 751)).toBe(true);

    const { device, passkey } = await deviceWithPasskey(server.app, 'ada@example.com');
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    expect((await passkeyCalls(server.app, jar).remove(passkey.id)).status).toBe(200);
    expect(await failureOf(await passkeySignIn(server.app, device))).toMatchObject({ code: 751 });
  });

  it("751 for another account's passkey than the picker's login id, or a login id that names nobody", async () => {
    const { device } = await deviceWithPasskey(server.app, 'ada@example.com');
    const other = await failureOf(
      await passkeySignIn(server.app, device, { loginId: 'grace@example.co.uk' }),
    );
    expect(other).toMatchObject({ http: 401, code: 751 });
    expect(
      (await refusals(await userIdOf('grace@example.co.uk'))).some(
        (event) => event.detail.reason === 'other_account',
      ),
    ).toBe(true);
    const nobody = await failureOf(
      await passkeySignIn(server.app, device, { loginId: 'nobody@example.com' }),
    );
    expect(nobody).toMatchObject({ code: 751 });
    expect((await passkeySignIn(server.app, device, { loginId: 'ada@example.com' })).status).toBe(200);
  });

  it('752 for a replayed challenge, an expired one, and a registration challenge', async () => {
    const { device } = await deviceWithPasskey(server.app, 'ada@example.com');
    const { challengeId, options } = await signInOptions(server.app, device.jar);
    const credential = device.authenticator.authenticate(options);
    const calls = passkeyCalls(server.app, device.jar);
    expect((await calls.authenticate({ challengeId, credential })).status).toBe(200);
    expect(await failureOf(await calls.authenticate({ challengeId, credential }))).toMatchObject({
      http: 400,
      code: 752,
    });

    const late = await signInOptions(server.app, cookieJar());
    server.advance(5 * 60_000 + 1);
    const expired = await calls.authenticate({
      challengeId: late.challengeId,
      credential: device.authenticator.authenticate(late.options),
    });
    expect(await failureOf(expired)).toMatchObject({ code: 752 });
    // Used up even though it was refused.
    expect(
      await server.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.id, late.challengeId)),
    ).toEqual([]);

    const { jar } = await signedInAs(server.app, 'ada@example.com');
    const registration = (await (await passkeyCalls(server.app, jar).registrationOptions()).json()) as {
      data: { challengeId: string; options: { challenge: string } };
    };
    const wrongPurpose = await calls.authenticate({
      challengeId: registration.data.challengeId,
      credential: device.authenticator.authenticate({
        challenge: registration.data.options.challenge,
        rpId: 'localhost',
      }),
    });
    expect(await failureOf(wrongPurpose)).toMatchObject({ code: 752 });
  });

  it('753 for a counter that did not move forward (a cloned authenticator): the stored counter stays', async () => {
    const { device, credentialId, passkey } = await deviceWithPasskey(server.app, 'ada@example.com', {
      counts: true,
    });
    expect((await passkeySignIn(server.app, device)).status).toBe(200);
    const counterOf = async () =>
      (
        await server.db
          .select()
          .from(passkeyCredentials)
          .where(eq(passkeyCredentials.credentialId, credentialId))
      )[0]?.signCounter;
    expect(await counterOf()).toBe(2);
    const clone = await failureOf(await passkeySignIn(server.app, device, { tamper: { counter: 2 } }));
    expect(clone).toMatchObject({ http: 401, code: 753 });
    expect(await counterOf()).toBe(2);
    const security = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'passkey.counter_behind'));
    expect(security.some((event) => event.detail.passkeyId === passkey.id)).toBe(true);
    expect((await passkeySignIn(server.app, device)).status).toBe(200);
    expect(await counterOf()).toBe(4);
  });

  it('754 for a passkey created before the administrator required re-enrolment', async () => {
    const { device } = await deviceWithPasskey(server.app, 'pin');
    server.advance(1000);
    expect(await requireReenrolment(server.db, { username: 'pin@example.com' }, server.now())).toMatchObject({
      passkeys: 1,
    });
    expect(await failureOf(await passkeySignIn(server.app, device))).toMatchObject({ http: 401, code: 754 });
    expect(
      await requireReenrolment(server.db, { username: 'nobody@example.com' }, server.now()),
    ).toBeUndefined();
  });

  it('429 past the per-IP allowance of the password sign-in, which passkey attempts share', async () => {
    const limited = server.appWith({
      limits: { ...RELAXED_LIMITS, loginPerIpPerMinute: 3 },
      trustProxy: true,
    });
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const calls = passkeyCalls(limited, cookieJar(), ip);
    expect((await calls.authenticationOptions()).status).toBe(200);
    expect((await calls.authenticate({})).status).toBe(400);
    const login = await limited.request('/api/login?clientId=demo-app', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ip },
      body: JSON.stringify({
        clientId: 'demo-app',
        username: 'ada@example.com',
        password: 'Violet-Harbor-47',
      }),
    });
    expect(login.status).toBe(200);
    const refused = await calls.authenticationOptions();
    expect(refused.status).toBe(429);
    expect(await failureOf(refused)).toMatchObject({ code: 429 });
    expect(refused.headers.get('x-ray-id')).toBeTruthy();
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it("429 past the account's allowance, shared with its password sign-ins", async () => {
    // The enrolment's password sign-in used one of the account's two.
    const { device } = await deviceWithPasskey(server.app, 'options@example.co.uk');
    const limited = server.appWith({ limits: { ...RELAXED_LIMITS, loginPerIdentifierPerMinute: 2 } });
    const attempt = () => passkeySignIn(limited, device, { tamper: { badSignature: true } });
    expect((await attempt()).status).toBe(401);
    expect(await failureOf(await attempt())).toMatchObject({ http: 429, code: 429 });
    const password = await postJson(limited, '/api/login', demoUserLogin('options@example.co.uk'));
    expect(password.status).toBe(429);
  });

  it('does not count failed passkey attempts towards the password lockout', async () => {
    const { device } = await deviceWithPasskey(server.app, 'ada@example.com');
    for (let attempt = 0; attempt < 7; attempt += 1)
      expect((await passkeySignIn(server.app, device, { tamper: { badSignature: true } })).status).toBe(401);
    expect((await postJson(server.app, '/api/login', demoUserLogin('ada@example.com'))).status).toBe(200);
  });
});
