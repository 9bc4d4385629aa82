import { eq } from 'drizzle-orm';
import { URI } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaTotpReply } from '../../api/contract/twoFactor.ts';
import { users } from '../db/schema.ts';
import { auditEvents, mfaFailures, totpAuthenticators } from '../db/schema.two-factor.ts';
import { TOTP_DEMO_SECRET } from '../db/seed-data.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import { deriveMfaKeys } from './mfa-keys.ts';
import { seedDemoAuthenticator } from './totp.service.ts';
import {
  otherCode,
  requestCode,
  signedIn,
  statusOf,
  totpCode,
  twoFactorCalls,
} from './two-factor.testing.ts';

let server: TestServer;
// Ten seconds into a 30-second step, and frozen: a test never crosses a step unless it advances.
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-07-01T12:00:10Z') });
});
afterAll(() => server.close());
// Wrong codes of one test must not lock the next.
beforeEach(async () => {
  await server.db.delete(mfaFailures);
});

const STEP = 30_000;
const userIdOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
const authenticatorsOf = async (email: string) =>
  server.db
    .select()
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.userId, await userIdOf(email)));

async function offer(calls: ReturnType<typeof twoFactorCalls>) {
  const response = await calls.offerTotp();
  expect(response.status).toBe(200);
  return mfaTotpReply.parse(await response.json()).data;
}

describe('verify-code with the authenticator (APP)', () => {
  it('accepts the enrolled app’s code, computed independently with otpauth', async () => {
    const { jar } = await signedIn(server.app, 'totp');
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ http: 403, code: 306 });
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.verify('APP', totpCode(TOTP_DEMO_SECRET, server.now()))).status).toBe(200);
    expect((await requestCode(server.app, jar)).status).toBe(200);
  });

  it('answers 328 to a time step already used, the same code or the one before it', async () => {
    server.advance(STEP);
    const { jar } = await signedIn(server.app, 'totp');
    const calls = twoFactorCalls(server.app, jar);
    const code = totpCode(TOTP_DEMO_SECRET, server.now());
    expect((await calls.verify('APP', code)).status).toBe(200);
    expect(await statusOf(await calls.verify('APP', code))).toMatchObject({ http: 403, code: 328 });
    server.advance(STEP);
    // One step of drift is allowed, so the previous step's code is right — and already used.
    expect(await statusOf(await calls.verify('APP', code))).toMatchObject({ code: 328 });
    expect((await calls.verify('APP', totpCode(TOTP_DEMO_SECRET, server.now()))).status).toBe(200);
  });

  it('accepts one step of clock drift either way, not two', async () => {
    server.advance(4 * STEP);
    const { jar } = await signedIn(server.app, 'totp');
    const calls = twoFactorCalls(server.app, jar);
    const at = (steps: number) => totpCode(TOTP_DEMO_SECRET, new Date(server.now().getTime() + steps * STEP));
    expect(await statusOf(await calls.verify('APP', at(2)))).toMatchObject({ code: 315 });
    expect((await calls.verify('APP', at(1))).status).toBe(200);
  });

  it('answers 315 to a wrong code, and to APP on an account without an authenticator', async () => {
    const { jar } = await signedIn(server.app, 'totp');
    const wrong = otherCode(totpCode(TOTP_DEMO_SECRET, server.now()));
    expect(await statusOf(await twoFactorCalls(server.app, jar).verify('APP', wrong))).toMatchObject({
      http: 401,
      code: 315,
    });
    const mfa = await signedIn(server.app, 'mfa');
    expect(await statusOf(await twoFactorCalls(server.app, mfa.jar).verify('APP', '123456'))).toMatchObject({
      code: 315,
    });
  });

  it('keeps secrets encrypted at rest, bound to their user', async () => {
    const [row] = await authenticatorsOf('totp@example.com');
    expect(row?.status).toBe('enrolled');
    expect(row?.secretEncrypted).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(row?.secretEncrypted).not.toContain(TOTP_DEMO_SECRET);
    expect(row?.lastStep).toBeGreaterThan(0);
    // Copied to another user's row, the ciphertext does not decrypt: that user's codes are refused.
    const adaId = await userIdOf('ada@example.com');
    await server.db.insert(totpAuthenticators).values({
      userId: adaId,
      status: 'enrolled',
      secretEncrypted: row?.secretEncrypted ?? '',
    });
    const { jar } = await signedIn(server.app, 'ada');
    const copied = await twoFactorCalls(server.app, jar).verify(
      'APP',
      totpCode(TOTP_DEMO_SECRET, server.now()),
    );
    expect(copied.status).toBe(500);
    expect(server.logs.join('\n')).toMatch(/does not decrypt/);
    await server.db.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, adaId));
  });

  it('re-seeds the demo secret when the key it was written with is gone', async () => {
    const otherKeys = deriveMfaKeys(Buffer.alloc(32, 7));
    await seedDemoAuthenticator(server.db, otherKeys, 'totp@example.com', TOTP_DEMO_SECRET);
    const [row] = await authenticatorsOf('totp@example.com');
    await seedDemoAuthenticator(server.db, otherKeys, 'totp@example.com', TOTP_DEMO_SECRET);
    // Unchanged the second time: it decrypts with this key now.
    expect((await authenticatorsOf('totp@example.com'))[0]?.secretEncrypted).toBe(row?.secretEncrypted);
    await seedDemoAuthenticator(
      server.db,
      deriveMfaKeys(server.masterKey),
      'totp@example.com',
      TOTP_DEMO_SECRET,
    );
  });
});

describe('setting up an authenticator (mfa-totp, mfa-totp-verification)', () => {
  it('224 until the administrator’s required authenticator is set up with the password alone', async () => {
    server.advance(10 * STEP);
    const { jar } = await signedIn(server.app, 'totpsetup');
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ http: 403, code: 224 });
    const calls = twoFactorCalls(server.app, jar);
    const enrolment = await offer(calls);
    expect(enrolment).toMatchObject({ issuer: 'Orvalle Connect', accountName: 'totpsetup@example.com' });
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = URI.parse(enrolment.otpauthUri);
    expect(uri).toMatchObject({
      issuer: 'Orvalle Connect',
      label: 'totpsetup@example.com',
      digits: 6,
      period: 30,
    });
    expect((uri as { algorithm: string }).algorithm).toBe('SHA1');
    expect(uri.secret.base32).toBe(enrolment.secret);

    // Pending only: not yet a second factor, still 224, and the stored secret is encrypted.
    const [pending] = await authenticatorsOf('totpsetup@example.com');
    expect(pending).toMatchObject({ status: 'pending' });
    expect(pending?.secretEncrypted).not.toContain(enrolment.secret);
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 224 });

    const wrong = otherCode(totpCode(enrolment.secret, server.now()));
    expect(await statusOf(await calls.enrolTotp(wrong))).toMatchObject({ http: 401, code: 315 });
    const code = totpCode(enrolment.secret, server.now());
    expect(await statusOf(await calls.enrolTotp(code))).toMatchObject({
      http: 200,
      data: { verified: true },
    });
    expect((await requestCode(server.app, jar)).status).toBe(200);
    expect((await authenticatorsOf('totpsetup@example.com')).map((row) => row.status)).toEqual(['enrolled']);

    // Enrolled: the step used for set-up is spent, and a new sign-in now needs the app (306, not 224).
    expect(await statusOf(await calls.verify('APP', code))).toMatchObject({ code: 328 });
    const next = await signedIn(server.app, 'totpsetup');
    expect(await statusOf(await requestCode(server.app, next.jar))).toMatchObject({ code: 306 });
    const kinds = (await server.db.select().from(auditEvents)).map((event) => event.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['mfa.totp_offered', 'mfa.totp_rejected', 'mfa.totp_enrolled']),
    );
  });

  it('refuses mfa-totp asked for by another site (419), as the POSTs are', async () => {
    const { jar } = await signedIn(server.app, 'totpsetup');
    const response = await server.app.request('/api/two-factor/mfa-totp?clientId=demo-app', {
      headers: { cookie: jar.header, 'sec-fetch-site': 'cross-site' },
    });
    expect(await statusOf(response)).toMatchObject({ http: 403, code: 419 });
  });

  it('a second offer replaces the pending secret; 400 when nothing is pending', async () => {
    const { jar } = await signedIn(server.app, 'ada');
    const calls = twoFactorCalls(server.app, jar);
    expect(await statusOf(await calls.enrolTotp('123456'))).toMatchObject({ http: 400, code: 400 });
    const first = await offer(calls);
    const second = await offer(calls);
    expect(second.secret).not.toBe(first.secret);
    expect(await statusOf(await calls.enrolTotp(totpCode(first.secret, server.now())))).toMatchObject({
      code: 315,
    });
    expect((await calls.enrolTotp(totpCode(second.secret, server.now()))).status).toBe(200);
  });

  it('takes this sign-in’s second factor before replacing an enrolled app or adding one to a required account', async () => {
    server.advance(STEP);
    const { jar } = await signedIn(server.app, 'totp');
    const calls = twoFactorCalls(server.app, jar);
    expect(await statusOf(await calls.offerTotp())).toMatchObject({ http: 403, code: 306 });
    expect(await statusOf(await calls.enrolTotp('123456'))).toMatchObject({ http: 403, code: 306 });
    const mfa = await signedIn(server.app, 'mfa');
    expect(await statusOf(await twoFactorCalls(server.app, mfa.jar).offerTotp())).toMatchObject({
      code: 306,
    });

    // Proved: a new secret may be set up, and the enrolled one keeps working until it is verified.
    expect((await calls.verify('APP', totpCode(TOTP_DEMO_SECRET, server.now()))).status).toBe(200);
    const replacement = await offer(calls);
    server.advance(STEP);
    const other = await signedIn(server.app, 'totp');
    const otherCalls = twoFactorCalls(server.app, other.jar);
    expect((await otherCalls.verify('APP', totpCode(TOTP_DEMO_SECRET, server.now()))).status).toBe(200);
    expect((await calls.enrolTotp(totpCode(replacement.secret, server.now()))).status).toBe(200);
    server.advance(STEP);
    const old = await otherCalls.verify('APP', totpCode(TOTP_DEMO_SECRET, server.now()));
    expect(await statusOf(old)).toMatchObject({ code: 315 });
  });
});
