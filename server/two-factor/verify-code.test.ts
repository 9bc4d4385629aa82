import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.ts';
import { auditEvents, mfaFailures } from '../db/schema.two-factor.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';
import {
  latestCode,
  otherCode,
  requestCode,
  signedIn,
  statusOf,
  twoFactorCalls,
} from './two-factor.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-05-06T08:00:00Z') });
});
afterAll(() => server.close());

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const MFA_PHONE = '+16505550142';

/** A fresh sign-in of mfa@ that was sent a code by text message. */
async function sentSession(name = 'mfa', to = MFA_PHONE) {
  const { jar, sessionId } = await signedIn(server.app, name);
  const calls = twoFactorCalls(server.app, jar);
  expect((await calls.send('Sms')).status).toBe(200);
  return { jar, sessionId, calls, code: await latestCode(server.app, to) };
}

const userIdOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('POST /api/two-factor/verify-code with a sent code', () => {
  // Each test sends codes to mfa@: past the 15-minute window, earlier tests' sends stop counting.
  beforeEach(() => server.advance(16 * MINUTE));

  it('accepts the code once: the sign-in’s second factor is done and generate-code issues', async () => {
    const { jar, calls, code } = await sentSession();
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ http: 403, code: 306 });
    const verified = await calls.verify('Sms', code);
    expect(await statusOf(verified)).toMatchObject({ http: 200, code: 0, data: { verified: true } });
    expect((await requestCode(server.app, jar)).status).toBe(200);
    // Used: the same code again is 328, and it is not counted as a wrong one.
    expect(await statusOf(await calls.verify('Sms', code))).toMatchObject({ http: 403, code: 328 });
  });

  it('marks the session, and only that session', async () => {
    const first = await sentSession();
    const second = await signedIn(server.app, 'mfa');
    expect((await first.calls.verify('Sms', first.code)).status).toBe(200);
    const rows = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf('mfa@example.com')));
    expect(rows.filter((row) => row.secondFactorAt !== null).length).toBeGreaterThan(0);
    expect((await requestCode(server.app, first.jar)).status).toBe(200);
    expect(await statusOf(await requestCode(server.app, second.jar))).toMatchObject({ code: 306 });
  });

  it('answers 324 to anything but six digits, without counting it', async () => {
    const { calls } = await sentSession();
    for (const code of ['12345', '1234567', '12 456', 'abcdef', '١٢٣٤٥٦', ' 123456'])
      expect(await statusOf(await calls.verify('Sms', code))).toMatchObject({ http: 400, code: 324 });
    const failures = await server.db
      .select()
      .from(mfaFailures)
      .where(eq(mfaFailures.userId, await userIdOf('mfa@example.com')));
    expect(failures).toEqual([]);
  });

  it('answers 310 to a wrong code and to a code replaced by a newer send', async () => {
    const { calls, code } = await sentSession();
    expect(await statusOf(await calls.verify('Sms', otherCode(code)))).toMatchObject({
      http: 401,
      code: 310,
    });
    server.advance(30 * SECOND);
    expect((await calls.send('Email')).status).toBe(200);
    const replaced = await statusOf(await calls.verify('Sms', code));
    expect(replaced).toMatchObject({ http: 401, code: 310 });
    const current = await latestCode(server.app, 'mfa@example.com');
    expect((await calls.verify('Email', current)).status).toBe(200);
  });

  it('answers 311 to the right code after its 10 minutes', async () => {
    const { calls, code } = await sentSession();
    server.advance(10 * MINUTE);
    expect(await statusOf(await calls.verify('Sms', code))).toMatchObject({ http: 401, code: 311 });
  });

  it('follows MFA_CODE_TTL_SECONDS', async () => {
    const app = server.appWith({ twoFactor: { settings: { codeTtlSeconds: 120 } } });
    server.advance(30 * SECOND);
    const { jar } = await signedIn(app, 'mfa');
    const calls = twoFactorCalls(app, jar);
    const reply = await statusOf(await calls.send('Email'));
    expect(reply.data).toMatchObject({ expiresInSeconds: 120 });
    const code = await latestCode(app, 'mfa@example.com');
    server.advance(119 * SECOND);
    expect((await calls.verify('Email', code)).status).toBe(200);
  });
});

describe('too many wrong codes (326)', () => {
  it('refuses every code, even the right one, for the rest of the 15 minutes; it is in the database', async () => {
    server.advance(30 * MINUTE);
    const { calls, code } = await sentSession('nocall', '+16505550143');
    const wrong = otherCode(code);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await statusOf(await calls.verify('Sms', wrong))).code);
      server.advance(SECOND);
    }
    // The fifth mistake is the one that locks, and says so.
    expect(answers).toEqual([310, 310, 310, 310, 326]);
    const locked = await statusOf(await calls.verify('Sms', code));
    expect(locked).toMatchObject({ http: 403, code: 326 });
    expect(Number(locked.errorParameters.retryAfterSeconds)).toBe(15 * 60 - 5);

    // A new app over the same database (what a restart keeps): still locked, in any session.
    const restarted = server.appWith({});
    const { jar } = await signedIn(restarted, 'nocall');
    expect(await statusOf(await twoFactorCalls(restarted, jar).verify('APP', code))).toMatchObject({
      code: 326,
    });
    const rows = await server.db
      .select()
      .from(mfaFailures)
      .where(eq(mfaFailures.userId, await userIdOf('nocall@example.com')));
    expect(rows).toHaveLength(5);

    // When the first mistake leaves the window, the right code (if still valid) works again.
    server.advance(10 * MINUTE);
    const fresh = await sentSession('nocall', '+16505550143');
    expect(await statusOf(await fresh.calls.verify('Sms', fresh.code))).toMatchObject({ code: 326 });
    server.advance(5 * MINUTE);
    expect((await fresh.calls.verify('Sms', fresh.code)).status).toBe(200);
    // A right code clears the mistakes.
    const after = await server.db
      .select()
      .from(mfaFailures)
      .where(eq(mfaFailures.userId, await userIdOf('nocall@example.com')));
    expect(after).toEqual([]);
  });
});

describe('parallel guesses', () => {
  it('take turns per user: ten at once count five mistakes, and the rest meet the lock', async () => {
    server.advance(30 * MINUTE);
    const { calls, code } = await sentSession();
    const wrong = Array.from({ length: 10 }, (_, index) =>
      String((Number(code) + index + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrong.map(async (guess) => (await statusOf(await calls.verify('Sms', guess))).code),
    );
    expect(answers.filter((answer) => answer === 310)).toHaveLength(4);
    expect(answers.filter((answer) => answer === 326)).toHaveLength(6);
    const rows = await server.db
      .select()
      .from(mfaFailures)
      .where(eq(mfaFailures.userId, await userIdOf('mfa@example.com')));
    expect(rows).toHaveLength(5);
    server.advance(16 * MINUTE);
    await server.db.delete(mfaFailures);
  });
});

describe('the audit log', () => {
  it('records every verification, right and wrong, without the code', async () => {
    const events = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.userId, await userIdOf('nocall@example.com')));
    const kinds = events.map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'mfa.code_rejected').length).toBeGreaterThanOrEqual(5);
    expect(kinds).toContain('mfa.code_verified');
    const rejected = events
      .filter((event) => event.kind === 'mfa.code_rejected')
      .map((event) => event.detail);
    expect(rejected).toContainEqual({ method: 'Sms', code: 310 });
    expect(rejected).toContainEqual({ method: 'Sms', code: 326 });
    expect(events.find((event) => event.kind === 'mfa.code_verified')?.detail).toEqual({
      method: 'Sms',
      trustDevice: false,
    });
    for (const event of events) expect(Object.keys(event.detail)).not.toContain('text');
  });
});
