import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendCodeReply } from '../../api/contract/twoFactor.ts';
import { rateLimits, users } from '../db/schema.ts';
import { auditEvents, mfaCodes } from '../db/schema.two-factor.ts';
import { serverText } from '../i18n/server-text.ts';
import { createTestServer, RELAXED_LIMITS, type TestServer } from '../testing/harness.ts';
import { latestCode, outboxFor, signedIn, statusOf, twoFactorCalls } from './two-factor.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-03-04T10:00:00Z') });
});
afterAll(() => server.close());

const MFA_PHONE = '+16505550142';
const SECOND = 1000;
const MINUTE = 60 * SECOND;

const userIdOf = async (email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('POST /api/two-factor/send-code', () => {
  it('sends a text message through the delivery port and answers the masked contact', async () => {
    const { jar } = await signedIn(server.app, 'mfa');
    const response = await twoFactorCalls(server.app, jar).send('Sms');
    expect(response.status).toBe(200);
    expect(sendCodeReply.parse(await response.json()).data).toEqual({
      contactBy: 'Sms',
      masked: '******0142',
      resendAfterSeconds: 30,
      expiresInSeconds: 600,
    });
    const [message] = await outboxFor(server.app, MFA_PHONE);
    expect(message).toMatchObject({ channel: 'sms', to: '******0142', subject: null });
    expect(message?.text).toMatch(
      /^Your Orvalle Connect security code is \d{6}\. It expires in 10 minutes\.$/,
    );
  });

  it('sends an email with a subject, and a call speaks the digits twice', async () => {
    const { jar } = await signedIn(server.app, 'mfa');
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.send('Email')).status).toBe(200);
    const [email] = await outboxFor(server.app, 'mfa@example.com');
    expect(email).toMatchObject({ channel: 'email', subject: 'Your Orvalle Connect security code' });

    server.advance(30 * SECOND);
    expect((await calls.send('Phone')).status).toBe(200);
    const [call] = await outboxFor(server.app, MFA_PHONE);
    expect(call?.channel).toBe('voice');
    const spoken = /^Your security code is ((?:\d, ){5}\d)\. Again: \1\.$/.exec(call?.text ?? '');
    expect(spoken).not.toBeNull();
  });

  it('speaks the user’s language: the locale send-code carries words the email, the text and the call', async () => {
    // Past the earlier tests' sends: five per user in 15 minutes.
    server.advance(15 * MINUTE);
    const { jar } = await signedIn(server.app, 'mfa');
    const calls = twoFactorCalls(server.app, jar);
    const german = serverText('de_DE');
    expect((await calls.send('Email', { localeId: 'de_DE' })).status).toBe(200);
    const [email] = await outboxFor(server.app, 'mfa@example.com');
    const code = /\d{6}/.exec(email?.text ?? '')?.[0] ?? '';
    expect(email?.subject).toBe(german.t('delivery.code.subject', { brandName: 'Orvalle Connect' }));
    expect(email?.text).toBe(
      german.t('delivery.code.text', { brandName: 'Orvalle Connect', code, minutes: 10 }),
    );
    expect(email?.text).not.toContain('security code');

    server.advance(30 * SECOND);
    expect((await calls.send('Sms', { localeId: 'ja_JP' })).status).toBe(200);
    const [text] = await outboxFor(server.app, MFA_PHONE);
    expect(text?.text).toMatch(/[\u3040-\u30ff]/);

    server.advance(30 * SECOND);
    expect((await calls.send('Phone', { localeId: 'fr_FR' })).status).toBe(200);
    const [call] = await outboxFor(server.app, MFA_PHONE);
    const digits = /((?:\d, ){5}\d)/.exec(call?.text ?? '')?.[1] ?? '';
    expect(call?.text).toBe(serverText('fr_FR').t('delivery.code.voice', { spokenCode: digits }));
  });

  it('stores a keyed digest of the code, never the code', async () => {
    const { jar } = await signedIn(server.app, 'mfa');
    await twoFactorCalls(server.app, jar).send('Sms');
    const code = await latestCode(server.app, MFA_PHONE);
    const rows = await server.db
      .select()
      .from(mfaCodes)
      .where(eq(mfaCodes.userId, await userIdOf('mfa@example.com')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
    }
  });

  it('answers 321 to a call to a number that cannot take calls, and sends a text message to it', async () => {
    const { jar } = await signedIn(server.app, 'nocall');
    const calls = twoFactorCalls(server.app, jar);
    expect(await statusOf(await calls.send('Phone'))).toMatchObject({ http: 400, code: 321 });
    expect((await calls.send('Sms')).status).toBe(200);
  });

  it('answers 413 to a send within the countdown, and allows it once the countdown is over', async () => {
    const { jar } = await signedIn(server.app, 'nocall');
    const calls = twoFactorCalls(server.app, jar);
    expect((await calls.send('Email')).status).toBe(200);
    server.advance(20 * SECOND);
    const early = await statusOf(await calls.send('Email'));
    expect(early).toMatchObject({ http: 403, code: 413, errorParameters: { retryAfterSeconds: '10' } });
    server.advance(10 * SECOND);
    expect((await calls.send('Email')).status).toBe(200);
  });

  it('answers 413 to a sixth send to one user within 15 minutes, whichever session asks', async () => {
    server.advance(20 * MINUTE);
    const sends = [];
    for (let send = 0; send < 6; send += 1) {
      const { jar } = await signedIn(server.app, 'mfa');
      sends.push(await statusOf(await twoFactorCalls(server.app, jar).send('Email')));
      server.advance(MINUTE);
    }
    expect(sends.slice(0, 5).map((send) => send.http)).toEqual([200, 200, 200, 200, 200]);
    // The first send leaves the window 15 minutes after it was made: 10 minutes from the sixth.
    expect(sends[5]).toMatchObject({ http: 403, code: 413, errorParameters: { retryAfterSeconds: '600' } });
    server.advance(10 * MINUTE);
    const { jar } = await signedIn(server.app, 'mfa');
    expect((await twoFactorCalls(server.app, jar).send('Email')).status).toBe(200);
  });

  it('audits sends and refusals with masked contacts only', async () => {
    const userId = await userIdOf('nocall@example.com');
    const events = await server.db.select().from(auditEvents).where(eq(auditEvents.userId, userId));
    const kinds = events.map((event) => event.kind);
    expect(kinds).toContain('mfa.code_sent');
    expect(kinds).toContain('mfa.code_send_refused');
    const refused = events.find((event) => event.kind === 'mfa.code_send_refused');
    expect(refused?.detail).toEqual({ method: 'Phone', masked: '******0143', code: 321 });
    for (const event of events) {
      expect(event.sessionHash).toMatch(/^[0-9a-f]{24}$/);
      expect(event.ipHash).toMatch(/^[0-9a-f]{24}$/);
      expect(JSON.stringify(event)).not.toContain('5550143');
      expect(JSON.stringify(event)).not.toContain('nocall@example.com');
    }
  });
});

describe('the per-IP limit in front of send-code and verify-code', () => {
  // Every in-process request comes from one address: earlier tests' calls are on the same counter.
  beforeEach(async () => {
    await server.db.delete(rateLimits);
  });
  afterEach(async () => {
    await server.db.delete(rateLimits);
  });

  it('answers HTTP 429 with a ray id past the allowance, like login', async () => {
    const limited = server.appWith({ limits: { ...RELAXED_LIMITS, twoFactorPerIpPerMinute: 3 } });
    const { jar } = await signedIn(limited, 'mfa');
    const calls = twoFactorCalls(limited, jar);
    const answers = [
      await calls.verify('Sms', '000000'),
      await calls.verify('Sms', '000001'),
      await calls.send('Sms'),
    ];
    expect(answers.map((answer) => answer.status)).not.toContain(429);
    const refused = await calls.verify('Sms', '000002');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ray-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(await statusOf(refused)).toMatchObject({ code: 429 });
    expect((await calls.send('Email')).status).toBe(429);
    // Reading the settings is not limited.
    expect((await calls.settings()).status).toBe(200);
  });
});

describe('a delivery that fails', () => {
  let provider: ReturnType<typeof createServer>;
  let providerUrl = '';
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  let answer = 202;
  beforeAll(async () => {
    provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('posts { to, text, channel } with the bearer token to an SMS provider', async () => {
    const app = server.appWith({
      twoFactor: { delivery: { smsProviderUrl: providerUrl, smsProviderToken: 'tok-1' } },
    });
    server.advance(20 * MINUTE);
    const { jar } = await signedIn(app, 'nocall');
    expect((await twoFactorCalls(app, jar).send('Sms')).status).toBe(200);
    const last = received.at(-1);
    expect(last?.headers.authorization).toBe('Bearer tok-1');
    expect(last?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(last?.body ?? '{}') as Record<string, string>;
    expect(body).toMatchObject({ to: '+16505550143', channel: 'sms' });
    expect(body.text).toMatch(/security code is \d{6}\./);
  });

  it('answers 502 with code 101; the failure is not counted and the earlier code stays valid', async () => {
    const app = server.appWith({ twoFactor: { delivery: { smsProviderUrl: providerUrl } } });
    server.advance(20 * MINUTE);
    const { jar } = await signedIn(app, 'mfa');
    const calls = twoFactorCalls(app, jar);
    // An email first (kept in the outbox): the code the user already has.
    expect((await calls.send('Email')).status).toBe(200);
    const earlier = await latestCode(app, 'mfa@example.com');
    const userId = await userIdOf('mfa@example.com');
    const sentBefore = await server.db.select().from(mfaCodes).where(eq(mfaCodes.userId, userId));
    server.advance(30 * SECOND);
    answer = 503;
    const failed = await statusOf(await calls.send('Sms'));
    expect(failed).toMatchObject({ http: 502, code: 101 });
    expect(failed.backendMessage).toMatch(/could not be sent/);
    expect(server.logs).toContain('two-factor: a code by Sms could not be sent (sms provider: HTTP 503)');
    // Nothing stored: the failure counts towards neither the countdown nor the 15-minute limit.
    expect(await server.db.select().from(mfaCodes).where(eq(mfaCodes.userId, userId))).toEqual(sentBefore);
    expect((await calls.verify('Email', earlier)).status).toBe(200);
    answer = 202;
    expect((await calls.send('Sms')).status).toBe(200);
  });
});
