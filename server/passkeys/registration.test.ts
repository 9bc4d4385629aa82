import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationOptionsReply, registrationOptionsReply } from '../../api/contract/passkeys.ts';
import { passkeyChallenges, passkeyCredentials, passkeyUsers } from '../db/schema.passkeys.ts';
import { users } from '../db/schema.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { cookieJar, createTestServer, ORIGIN, type TestServer } from '../testing/harness.ts';
import { softAuthenticator } from '../testing/soft-authenticator.ts';
import { latestCode, twoFactorCalls } from '../two-factor/two-factor.testing.ts';
import {
  browser,
  CHROME_ON_LINUX,
  enrol,
  failureOf,
  listOf,
  passkeyCalls,
  signedInAs,
} from './passkeys.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const userIdOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

/** Registration options for the browser's account, parsed. */
async function creationOptions(jar: ReturnType<typeof cookieJar>, body: Record<string, unknown> = {}) {
  const response = await passkeyCalls(server.app, jar).registrationOptions(body);
  expect(response.status).toBe(200);
  return registrationOptionsReply.parse(await response.json()).data;
}

describe('POST /api/passkeys/registration-options', () => {
  it('asks for a discoverable, user-verified ES256 or RS256 credential for this origin, under a random handle', async () => {
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    const { challengeId, options } = await creationOptions(jar);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Orvalle Connect' },
      user: { name: 'ada@example.com', displayName: 'Ada Fairweather' },
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      timeout: 300_000,
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    });
    expect(options.authenticatorSelection.authenticatorAttachment).toBeUndefined();
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);
    expect(challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The handle is random, stored once, and says nothing of the account.
    const handle = Buffer.from(options.user.id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(handle.toString('latin1')).not.toContain('ada');
    const [identity] = await server.db
      .select()
      .from(passkeyUsers)
      .where(eq(passkeyUsers.userId, await userIdOf('ada@example.com')));
    expect(identity?.userHandle).toBe(options.user.id);
    const again = await creationOptions(jar, { platform: true });
    expect(again.options.user.id).toBe(options.user.id);
    expect(again.options.challenge).not.toBe(options.challenge);
    expect(again.options.authenticatorSelection.authenticatorAttachment).toBe('platform');
    const [row] = await server.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, challengeId));
    expect(row).toMatchObject({ purpose: 'registration', userId: await userIdOf('ada@example.com') });
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(300_000);
  });

  it('answers 221 without a session', async () => {
    expect(await failureOf(await passkeyCalls(server.app, cookieJar()).registrationOptions())).toMatchObject({
      http: 401,
      code: 221,
    });
  });

  it('answers 755 on a brand that does not offer passkeys', async () => {
    const { jar } = await signedInAs(server.app, 'tos3710');
    expect(await failureOf(await passkeyCalls(server.app, jar).registrationOptions())).toMatchObject({
      http: 403,
      code: 755,
    });
  });

  it('needs the second factor the account asks for: 306 after a password alone, then allowed', async () => {
    const { jar } = await signedInAs(server.app, 'mfa');
    const refused = await failureOf(await passkeyCalls(server.app, jar).registrationOptions());
    expect(refused).toMatchObject({ http: 403, code: 306 });
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.send('Email')).status).toBe(200);
    expect((await calls.verify('Email', await latestCode(server.app, 'mfa@example.com'))).status).toBe(200);
    await enrol(server.app, { jar, authenticator: softAuthenticator(ORIGIN) });
  });

  it('answers 224 to an account whose required authenticator app is not set up yet', async () => {
    const { jar } = await signedInAs(server.app, 'totpsetup');
    expect(await failureOf(await passkeyCalls(server.app, jar).registrationOptions())).toMatchObject({
      code: 224,
    });
  });
});

describe('POST /api/passkeys/registration', () => {
  it('stores the passkey, named after the browser; the next options exclude it', async () => {
    const device = browser();
    await signedInAs(server.app, 'ada@example.com', device.jar);
    const { passkey, credentialId } = await enrol(server.app, device, { userAgent: CHROME_ON_LINUX });
    expect(passkey).toMatchObject({ name: 'Chrome on Linux', backedUp: true, needsReenrolment: false });
    expect(passkey.lastUsedAt).toBeUndefined();
    expect(passkey.id).toMatch(/^\d+$/);
    const [row] = await server.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.credentialId, credentialId));
    expect(row).toMatchObject({
      userId: await userIdOf('ada@example.com'),
      deviceType: 'multiDevice',
      backedUp: true,
      signCounter: 0,
      transports: ['internal', 'hybrid'],
    });
    const { options } = await creationOptions(device.jar);
    expect(options.excludeCredentials).toEqual([
      { id: credentialId, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'passkey.registered'));
    expect(audit.some((event) => event.detail.passkeyId === passkey.id)).toBe(true);
  });

  it('keeps the name the user gave, trimmed; a blank one is derived; without a User-Agent it is "Passkey"', async () => {
    const device = browser();
    await signedInAs(server.app, 'ada@example.com', device.jar);
    expect((await enrol(server.app, device, { name: '  Work laptop  ' })).passkey.name).toBe('Work laptop');
    const iPhone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect((await enrol(server.app, device, { name: '   ', userAgent: iPhone })).passkey.name).toBe(
      'Safari on iPhone',
    );
    expect(
      (await enrol(server.app, device, { backedUp: false, backupEligible: false })).passkey,
    ).toMatchObject({
      name: 'Passkey',
      backedUp: false,
    });
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }, 'origin'],
    ['another RP ID', { rpId: 'evil.example' }, 'rp_id'],
    ['no user verification', { userVerified: false }, 'user_verification'],
    ['another challenge', { challenge: 'c29tZXRoaW5nIGVsc2U' }, 'challenge'],
  ])('answers 750 to %s, audited, and stores nothing', async (_, tamper, reason) => {
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    const { challengeId, options } = await creationOptions(jar);
    const credential = softAuthenticator(ORIGIN).register(options, tamper);
    const refused = await failureOf(
      await passkeyCalls(server.app, jar).register({ challengeId, credential }),
    );
    expect(refused).toMatchObject({ http: 401, code: 750 });
    expect(
      await server.db
        .select()
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.credentialId, credential.id)),
    ).toEqual([]);
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'passkey.registration_refused'));
    expect(audit.some((event) => event.detail.reason === reason && event.detail.code === 750)).toBe(true);
  });

  it('answers 752 to a used challenge, an expired one, and a sign-in challenge', async () => {
    const device = browser();
    await signedInAs(server.app, 'ada@example.com', device.jar);
    const calls = passkeyCalls(server.app, device.jar);
    const first = await creationOptions(device.jar);
    const credential = device.authenticator.register(first.options);
    expect((await calls.register({ challengeId: first.challengeId, credential })).status).toBe(200);
    const replayed = await calls.register({ challengeId: first.challengeId, credential });
    expect(await failureOf(replayed)).toMatchObject({ http: 400, code: 752 });

    const late = await creationOptions(device.jar);
    server.advance(5 * 60_000 + 1);
    const expired = await calls.register({
      challengeId: late.challengeId,
      credential: device.authenticator.register(late.options),
    });
    expect(await failureOf(expired)).toMatchObject({ code: 752 });

    const signIn = authenticationOptionsReply.parse(await (await calls.authenticationOptions()).json()).data;
    const wrongPurpose = await calls.register({
      challengeId: signIn.challengeId,
      credential: device.authenticator.register({ ...first.options, challenge: signIn.options.challenge }),
    });
    expect(await failureOf(wrongPurpose)).toMatchObject({ code: 752 });
  });

  it("answers 752 to another account's registration challenge", async () => {
    const { jar: adaJar } = await signedInAs(server.app, 'ada@example.com');
    const { jar: otherJar } = await signedInAs(server.app, 'reset');
    const { challengeId, options } = await creationOptions(adaJar);
    const refused = await passkeyCalls(server.app, otherJar).register({
      challengeId,
      credential: softAuthenticator(ORIGIN).register(options),
    });
    expect(await failureOf(refused)).toMatchObject({ http: 400, code: 752 });
  });

  it('answers 400 naming the field for a malformed body, never 500', async () => {
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    const calls = passkeyCalls(server.app, jar);
    const { challengeId, options } = await creationOptions(jar);
    const good = softAuthenticator(ORIGIN).register(options);
    const cases: [Record<string, unknown>, string][] = [
      [{ challengeId }, 'credential'],
      [{ challengeId: 'short', credential: good }, 'challengeId'],
      [{ challengeId, credential: { ...good, id: 'A'.repeat(1367) } }, 'credential.id'],
      [{ challengeId, credential: { ...good, type: 'password' } }, 'credential.type'],
      [
        {
          challengeId,
          credential: { ...good, response: { ...good.response, attestationObject: 'not base64url!' } },
        },
        'credential.response.attestationObject',
      ],
      [{ challengeId, credential: good, name: 'x'.repeat(65) }, 'name'],
      [{ challengeId, credential: good, name: 'tab\there' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const refused = await failureOf(await calls.register(body));
      expect(refused, field).toMatchObject({ http: 400, code: 400 });
      expect(refused.message, field).toContain(`${field}:`);
    }
    const bytes = await calls.post('registration', { challengeId, credential: { ...good, rawId: 'x' } });
    expect(await failureOf(bytes)).toMatchObject({ http: 401, code: 750 });
  });

  it('lists the new passkeys in GET /api/passkeys', async () => {
    const { jar } = await signedInAs(server.app, 'ada@example.com');
    const list = await listOf(server.app, jar);
    expect(list.allowed).toBe(true);
    expect(list.passkeys.map((passkey) => passkey.name)).toContain('Chrome on Linux');
  });
});
