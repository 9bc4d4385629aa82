import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSentReply, lookupCredentialReply, resetPasswordInfoReply } from '../../api/contract/account.ts';
import { accountTokens } from '../db/schema.account.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { serverText } from '../i18n/server-text.ts';
import { sha256Hex } from '../security/tokens.ts';
import { cookieJar, createTestServer, postJson, type TestServer } from '../testing/harness.ts';
import { outboxFor } from '../two-factor/two-factor.testing.ts';
import {
  accountCall,
  DEMO_PASSWORD,
  emailedLink,
  NEW_PASSWORD,
  replyOf,
  userIdOf,
} from './account.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-05-06T09:00:00Z') });
});
afterAll(() => server.close());

const MINUTE = 60_000;
const send = (credential: string, extra: Record<string, unknown> = {}) =>
  accountCall(server.app, 'email-recovery-link', { credential, localeId: 'en_US', ...extra });
const login = (username: string, password: string) =>
  postJson(server.app, '/api/login', { username, password });

describe('POST /api/account/lookup-credential', () => {
  it('finds an account by email or by phone number and answers only masked data', async () => {
    const byEmail = await accountCall(server.app, 'lookup-credential', { credential: 'pin@example.com' });
    expect(lookupCredentialReply.parse(await byEmail.json()).data).toEqual({
      maskedEmail: 'p***n@e***e.com',
      hasPin: true,
      ssoEnabled: false,
    });
    const byPhone = await accountCall(server.app, 'lookup-credential', { credential: '(650) 555-0144' });
    expect(lookupCredentialReply.parse(await byPhone.json()).data).toMatchObject({ hasPin: false });
    const withExtension = await accountCall(server.app, 'lookup-credential', {
      credential: '+16505550100#101',
    });
    expect(withExtension.status).toBe(200);
    const sso = await accountCall(server.app, 'lookup-credential', { credential: 'sso@example.com' });
    expect(lookupCredentialReply.parse(await sso.json()).data.ssoEnabled).toBe(true);
  });

  it('answers 304 for no account, as the credential page does', async () => {
    const unknown = await accountCall(server.app, 'lookup-credential', { credential: 'nobody@example.com' });
    expect(await replyOf(unknown)).toMatchObject({ http: 404, code: 304 });
  });
});

describe('POST /api/account/email-recovery-link', () => {
  it('emails a single-use link with the token in the fragment and the start-up query before it', async () => {
    const returnQuery = 'clientId=demo-app&localeId=fr_FR&state=s1&force=true&prompt=login&bogus=1';
    const response = await send('reset@example.com', { returnQuery });
    expect(emailSentReply.parse(await response.json()).data).toEqual({ maskedEmail: 'r***t@e***e.com' });
    const { url, token, message } = await emailedLink(server.app, 'reset@example.com', 'createPassword');
    expect(message.subject).toBe('Reset your Orvalle Connect password');
    expect(message.text).toContain('expires in 30 minutes');
    const parsed = new URL(url);
    expect(parsed.origin).toBe('http://localhost:8080');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      clientId: 'demo-app',
      localeId: 'fr_FR',
      state: 's1',
    });
    // Stored as its SHA-256 only.
    const [row] = await server.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ kind: 'reset', usedAt: null });
    expect(JSON.stringify(await server.db.select().from(accountTokens))).not.toContain(token);
  });

  it('writes the email, subject and body, in the locale the request carried', async () => {
    expect((await send('pin@example.com', { localeId: 'pt_BR' })).status).toBe(200);
    const { url, message } = await emailedLink(server.app, 'pin@example.com', 'createPassword');
    const { t } = serverText('pt_BR');
    expect(message.subject).toBe(t('delivery.reset.subject', { brandName: 'Orvalle Connect' }));
    expect(message.text).toBe(
      `${t('delivery.reset.action', { link: url })}\n\n${t('delivery.link.expiresInMinutes', { minutes: 30 })} ${t('delivery.notYou')}`,
    );
    expect(message.text).not.toMatch(/password|expires/);
  });

  it("starts the SPA's first-party page when the return query is missing or not the SPA's", async () => {
    server.advance(11 * MINUTE);
    for (const returnQuery of [
      undefined,
      'clientId=nope&localeId=en_US',
      'clientId=demo-app&appUrlScheme=https://evil.example/cb',
    ]) {
      await send('reset@example.com', returnQuery === undefined ? { localeId: 'de_DE' } : { returnQuery });
      const { url } = await emailedLink(server.app, 'reset@example.com', 'createPassword');
      expect(new URL(url).searchParams.get('clientId')).toBe('foyer-web');
    }
  });

  it('sends a set-up link for setupPassword, and refuses single sign-on accounts with 403', async () => {
    server.advance(11 * MINUTE);
    await send('pin@example.com', { setupPassword: true });
    const { token, message } = await emailedLink(server.app, 'pin@example.com', 'createPassword');
    expect(message.subject).toBe('Set up your Orvalle Connect password');
    const info = await accountCall(server.app, 'reset-password-info', { token });
    expect(resetPasswordInfoReply.parse(await info.json()).data).toMatchObject({
      purpose: 'setup',
      hasPin: true,
    });
    for (const sso of ['sso@example.com', 'ssoonly@example.com'])
      expect(await replyOf(await send(sso))).toMatchObject({ http: 403, code: 403 });
    expect(await replyOf(await send('nobody@example.com'))).toMatchObject({ http: 404, code: 304 });
  });

  it('allows five emails per address in 10 minutes; the sixth answers 413 with the wait', async () => {
    server.advance(11 * MINUTE);
    const answers = [];
    for (let at = 0; at < 6; at += 1) {
      answers.push(await replyOf(await send('grace@example.co.uk')));
      server.advance(MINUTE);
    }
    expect(answers.slice(0, 5).map((answer) => answer.http)).toEqual([200, 200, 200, 200, 200]);
    // The first send leaves the window 10 minutes after it: 5 minutes after the sixth attempt.
    expect(answers[5]).toMatchObject({ http: 403, code: 413, errorParameters: { retryAfterSeconds: '300' } });
    // Every kind of email counts: it is one mailbox.
    const express = await accountCall(server.app, 'email-express-link', {
      credential: 'grace@example.co.uk',
      localeId: 'en_US',
    });
    expect(await replyOf(express)).toMatchObject({ code: 413 });
    server.advance(5 * MINUTE);
    expect((await send('grace@example.co.uk')).status).toBe(200);
    const refused = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'account.email_send_refused'));
    expect(refused[0]?.detail).toMatchObject({ purpose: 'reset', code: 413 });
    expect(JSON.stringify(refused)).not.toContain('grace@example.co.uk');
  });
});

describe('reset links: info, expiry, reuse, replacement', () => {
  it('answers what the create-password page needs, without using the link up', async () => {
    server.advance(11 * MINUTE);
    await send('reset@example.com');
    const { token } = await emailedLink(server.app, 'reset@example.com', 'createPassword');
    for (let twice = 0; twice < 2; twice += 1) {
      const info = await accountCall(server.app, 'reset-password-info', { token });
      expect(resetPasswordInfoReply.parse(await info.json()).data).toEqual({
        loginId: 'reset@example.com',
        purpose: 'reset',
        hasPin: false,
        accountInfo: {
          email: 'reset@example.com',
          firstName: 'Wren',
          lastName: 'Halloway',
          phoneNumber: '+16505550144',
        },
        numberOfLastUsedPasswords: 5,
      });
    }
  });

  it('answers 405 for an unknown link, a link replaced by a newer one, and an expired one', async () => {
    const unknown = await accountCall(server.app, 'reset-password-info', { token: 'A'.repeat(43) });
    expect(await replyOf(unknown)).toMatchObject({ http: 400, code: 405 });
    const { token: older } = await emailedLink(server.app, 'reset@example.com', 'createPassword');
    await send('reset@example.com');
    const { token: newer } = await emailedLink(server.app, 'reset@example.com', 'createPassword');
    expect(
      await replyOf(await accountCall(server.app, 'reset-password-info', { token: older })),
    ).toMatchObject({ code: 405 });
    const reset = await accountCall(server.app, 'reset-password', { token: older, password: NEW_PASSWORD });
    expect(await replyOf(reset)).toMatchObject({ code: 405 });
    server.advance(30 * MINUTE);
    expect(
      await replyOf(await accountCall(server.app, 'reset-password-info', { token: newer })),
    ).toMatchObject({
      code: 405,
      backendMessage: 'The link has expired. Please request another link.',
    });
  });
});

describe('POST /api/account/reset-password', () => {
  const freshLink = async (email: string) => {
    server.advance(11 * MINUTE);
    expect((await send(email)).status).toBe(200);
    return (await emailedLink(server.app, email, 'createPassword')).token;
  };

  it.each([
    ['short1A', 'PWD-001'],
    ['Harbor-abc-47', 'PWD-005'],
    ['Harbor-777-x', 'PWD-006'],
    ['Wren-Harbor-47', 'PWD-009'],
    ['Halloway-Sky-47', 'PWD-010'],
    ['Reset-Harbor-47', 'PWD-008'],
  ])(
    'refuses %s with 402 and %s (the shared rules), leaving the link usable',
    async (password, errorCode) => {
      const token = await freshLink('reset@example.com');
      const refused = await replyOf(await accountCall(server.app, 'reset-password', { token, password }));
      expect(refused).toMatchObject({ http: 400, code: 402, errorCode });
      expect((await accountCall(server.app, 'reset-password-info', { token })).status).toBe(200);
    },
  );

  it('refuses the current and recent passwords with PWD-015 and numberOfLastUsedPasswords', async () => {
    const token = await freshLink('reset@example.com');
    const refused = await replyOf(
      await accountCall(server.app, 'reset-password', { token, password: DEMO_PASSWORD }),
    );
    expect(refused).toMatchObject({ code: 402, errorCode: 'PWD-015', numberOfLastUsedPasswords: 5 });
  });

  it('sets the password, uses the link up, and revokes sessions, refresh tokens and trusted devices', async () => {
    const jar = cookieJar();
    const signedIn = jar.absorb(await login('reset@example.com', DEMO_PASSWORD));
    expect(signedIn.status).toBe(200);
    const userId = await userIdOf(server, 'reset@example.com');
    const token = await freshLink('reset@example.com');
    const done = await accountCall(server.app, 'reset-password', { token, password: NEW_PASSWORD });
    expect(await replyOf(done)).toMatchObject({ http: 200, data: { loginId: 'reset@example.com' } });
    const again = await accountCall(server.app, 'reset-password', { token, password: 'Other-Lantern-69' });
    expect(await replyOf(again)).toMatchObject({ code: 405 });
    expect((await login('reset@example.com', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('reset@example.com', NEW_PASSWORD)).status).toBe(200);
    // The browser that was signed in before the reset is signed out.
    const sessions = await server.app.request('/api/session-data?clientId=demo-app', {
      headers: { cookie: jar.header },
    });
    expect(sessions.status).toBe(401);
    const events = await server.db.select().from(auditEvents).where(eq(auditEvents.userId, userId));
    expect(events.map((event) => event.kind)).toContain('account.password_reset');
  });

  it('sets a new PIN with the password when the account has one, refusing a bad PIN with 404', async () => {
    const token = await freshLink('pin@example.com');
    for (const [ivrPin, http] of [
      ['123456', 400],
      ['12ab56', 400],
      ['975', 400],
    ] as const) {
      const refused = await replyOf(
        await accountCall(server.app, 'reset-password', { token, password: NEW_PASSWORD, ivrPin }),
      );
      expect(refused).toMatchObject({ http, code: 404 });
    }
    const done = await accountCall(server.app, 'reset-password', {
      token,
      password: NEW_PASSWORD,
      ivrPin: '864209',
    });
    expect(done.status).toBe(200);
    const noPin = await freshLink('reset@example.com');
    const refused = await accountCall(server.app, 'reset-password', {
      token: noPin,
      password: 'Amber-Signal-61',
      ivrPin: '864209',
    });
    expect(await replyOf(refused)).toMatchObject({ code: 400 });
  });
});

it('keeps the outbox readable per recipient (what the browser tests rely on)', async () => {
  expect((await outboxFor(server.app, 'reset@example.com')).length).toBeGreaterThan(3);
});
