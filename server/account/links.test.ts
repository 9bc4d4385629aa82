import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReply } from '../../api/contract/auth.ts';
import { accountTokens } from '../db/schema.account.ts';
import { users } from '../db/schema.ts';
import { auditEvents } from '../db/schema.two-factor.ts';
import { type CookieJar, cookieJar, createTestServer, type TestServer } from '../testing/harness.ts';
import { outboxFor, requestCode, statusOf } from '../two-factor/two-factor.testing.ts';
import {
  accountCall,
  DEMO_PASSWORD,
  emailedLink,
  replyOf,
  signInWithin,
  userIdOf,
  userRow,
} from './account.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-09-10T09:00:00Z') });
});
afterAll(() => server.close());

const MINUTE = 60_000;
const signInAs = (jar: CookieJar, username: string, password = DEMO_PASSWORD) =>
  signInWithin(server.app, jar, username, password);

describe('express link (email me a sign-in link)', () => {
  const sendExpress = (credential: string) =>
    accountCall(server.app, 'email-express-link', { credential, localeId: 'en_US' });
  const useLink = (token: string, jar = cookieJar()) =>
    accountCall(server.app, 'login-with-express-link', { token }, jar);

  it('signs in once, like /api/login; the same link again answers 411', async () => {
    expect((await sendExpress('ada@example.com')).status).toBe(200);
    const { token, message } = await emailedLink(server.app, 'ada@example.com', 'expressLink');
    expect(message.text).toContain('expires in 15 minutes');
    const jar = cookieJar();
    const signedIn = await useLink(token, jar);
    expect(loginReply.parse(await signedIn.json()).data).toMatchObject({
      brandId: '1210',
      displayName: 'Ada Fairweather',
    });
    expect((await requestCode(server.app, jar)).status).toBe(200);
    expect(await replyOf(await useLink(token))).toMatchObject({
      http: 400,
      code: 411,
      backendMessage: 'The link has expired. Please request another link.',
    });
  });

  it('answers 411 for an expired link, a replaced one and an unknown one', async () => {
    server.advance(11 * MINUTE);
    await sendExpress('ada@example.com');
    const { token: older } = await emailedLink(server.app, 'ada@example.com', 'expressLink');
    await sendExpress('ada@example.com');
    const { token: newer } = await emailedLink(server.app, 'ada@example.com', 'expressLink');
    expect(await replyOf(await useLink(older))).toMatchObject({ code: 411 });
    server.advance(15 * MINUTE);
    expect(await replyOf(await useLink(newer))).toMatchObject({ code: 411 });
    expect(await replyOf(await useLink('B'.repeat(43)))).toMatchObject({ code: 411 });
  });

  it('leaves two-factor where it was: the code request still answers 306', async () => {
    await sendExpress('mfa@example.com');
    const jar = cookieJar();
    expect(
      (await useLink((await emailedLink(server.app, 'mfa@example.com', 'expressLink')).token, jar)).status,
    ).toBe(200);
    expect(await statusOf(await requestCode(server.app, jar))).toMatchObject({ code: 306 });
  });

  it('refuses single sign-on accounts, and accounts whose state refuses sign-in after the link', async () => {
    expect(await replyOf(await sendExpress('sso@example.com'))).toMatchObject({ code: 316 });
    await sendExpress('disabled@example.com');
    const { token } = await emailedLink(server.app, 'disabled@example.com', 'expressLink');
    expect(await replyOf(await useLink(token))).toMatchObject({ http: 403, code: 362 });
  });
});

describe('activation (notactivated@, 371)', () => {
  const send = () =>
    accountCall(server.app, 'send-activation', { credential: 'notactivated@example.com', localeId: 'en_US' });
  const codeIn = (text: string) => /activation code is (\d{6})/.exec(text)?.[1] ?? '';

  it('emails a code and a link; a wrong code answers 310 and five void it', async () => {
    expect(await replyOf(await signInAs(cookieJar(), 'notactivated@example.com'))).toMatchObject({
      code: 371,
    });
    expect((await send()).status).toBe(200);
    const { message } = await emailedLink(server.app, 'notactivated@example.com', 'activate');
    const code = codeIn(message.text);
    expect(code).toMatch(/^\d{6}$/);
    const activate = (pin: string) =>
      accountCall(server.app, 'in-app-activation', {
        userName: 'notactivated@example.com',
        pin,
        theme: 'dark',
      });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      answers.push((await replyOf(await activate(wrong))).code);
    expect(answers).toEqual([310, 310, 310, 310, 310]);
    expect(await replyOf(await activate(code))).toMatchObject({ code: 310 });
    // The stored code is a keyed digest.
    const rows = await server.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, await userIdOf(server, 'notactivated@example.com')));
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('activates with the new code (in-app-activation), after which the password signs in', async () => {
    server.advance(11 * MINUTE);
    await send();
    const { message } = await emailedLink(server.app, 'notactivated@example.com', 'activate');
    const other = await accountCall(server.app, 'in-app-activation', {
      userName: 'ada@example.com',
      pin: codeIn(message.text),
    });
    expect(await replyOf(other)).toMatchObject({ code: 310 });
    const done = await accountCall(server.app, 'in-app-activation', {
      userName: 'notactivated@example.com',
      pin: codeIn(message.text),
    });
    expect(await replyOf(done)).toMatchObject({ http: 200, data: { activated: true } });
    expect((await userRow(server, 'notactivated@example.com')).state).toBe('active');
    expect((await signInAs(cookieJar(), 'notactivated@example.com')).status).toBe(200);
    expect(await replyOf(await send())).toMatchObject({ code: 400 });
  });

  it('signs in with loginWithActivationCode, by the link token too; a used one answers 310', async () => {
    // Back to not activated (the test before activated it), as an administrator would.
    await server.db
      .update(users)
      .set({ state: 'not_activated' })
      .where(eq(users.email, 'notactivated@example.com'));
    server.advance(11 * MINUTE);
    await send();
    const { token } = await emailedLink(server.app, 'notactivated@example.com', 'activate');
    const jar = cookieJar();
    const body = {
      userName: 'notactivated@example.com',
      password: DEMO_PASSWORD,
      activationAnswer: 'Blue heron',
      pin: token,
    };
    const signedIn = await accountCall(server.app, '/api/loginWithActivationCode', body, jar);
    expect(loginReply.parse(await signedIn.json()).data.displayName).toBe('Iris Penhallow');
    expect((await requestCode(server.app, jar)).status).toBe(200);
    // Active now (400); made not activated again, the spent link answers 310.
    expect(await replyOf(await accountCall(server.app, '/api/loginWithActivationCode', body))).toMatchObject({
      code: 400,
    });
    await server.db
      .update(users)
      .set({ state: 'not_activated' })
      .where(eq(users.email, 'notactivated@example.com'));
    expect(await replyOf(await accountCall(server.app, '/api/loginWithActivationCode', body))).toMatchObject({
      code: 310,
    });
    const kinds = (await server.db.select().from(auditEvents)).map((event) => event.kind);
    expect(kinds).toContain('account.activated');
  });

  it('answers 310 for a code replaced by a newer email, and for one a day old', async () => {
    await server.db
      .update(users)
      .set({ state: 'not_activated' })
      .where(eq(users.email, 'notactivated@example.com'));
    server.advance(11 * MINUTE);
    await send();
    const older = codeIn(
      (await emailedLink(server.app, 'notactivated@example.com', 'activate')).message.text,
    );
    await send();
    const newer = await emailedLink(server.app, 'notactivated@example.com', 'activate');
    const activate = (pin: string) =>
      accountCall(server.app, 'in-app-activation', { userName: 'notactivated@example.com', pin });
    if (older !== codeIn(newer.message.text))
      expect(await replyOf(await activate(older))).toMatchObject({ code: 310 });
    server.advance(24 * 60 * MINUTE);
    expect(await replyOf(await activate(newer.token))).toMatchObject({ code: 310 });
    expect(await replyOf(await activate(codeIn(newer.message.text)))).toMatchObject({ code: 310 });
  });
});

describe('activation codes cannot be guessed by sending new emails', () => {
  it('accepts no code after ten wrong ones in a day, while the link still activates', async () => {
    await server.db
      .update(users)
      .set({ state: 'not_activated' })
      .where(eq(users.email, 'notactivated@example.com'));
    // The earlier tests' wrong codes are a day old now.
    server.advance(25 * 60 * MINUTE);
    const activate = (pin: string) =>
      accountCall(server.app, 'in-app-activation', { userName: 'notactivated@example.com', pin });
    const codeIn = (text: string) => /activation code is (\d{6})/.exec(text)?.[1] ?? '';
    const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let email = 0; email < 2; email += 1) {
      await accountCall(server.app, 'send-activation', {
        credential: 'notactivated@example.com',
        localeId: 'en_US',
      });
      const code = codeIn(
        (await emailedLink(server.app, 'notactivated@example.com', 'activate')).message.text,
      );
      for (let attempt = 0; attempt < 5; attempt += 1) await activate(wrongFor(code));
    }
    await accountCall(server.app, 'send-activation', {
      credential: 'notactivated@example.com',
      localeId: 'en_US',
    });
    const last = await emailedLink(server.app, 'notactivated@example.com', 'activate');
    expect(await replyOf(await activate(codeIn(last.message.text)))).toMatchObject({ code: 310 });
    expect(await replyOf(await activate(last.token))).toMatchObject({ http: 200, data: { activated: true } });
  });
});

describe('confirm email (notconfirmed@, 361)', () => {
  it('resends the confirmation, confirms through its link once, and 361 is no longer answered', async () => {
    expect(await replyOf(await signInAs(cookieJar(), 'notconfirmed@example.com'))).toMatchObject({
      code: 361,
    });
    const sent = await accountCall(server.app, 'resend-confirmation', {
      credential: 'notconfirmed@example.com',
      localeId: 'en_US',
      returnQuery: 'clientId=demo-app&localeId=en_US',
    });
    expect(sent.status).toBe(200);
    const { token, url, message } = await emailedLink(server.app, 'notconfirmed@example.com', 'confirmEmail');
    expect(message.subject).toBe('Confirm your Orvalle Connect email address');
    expect(url).toMatch(/^http:\/\/localhost:8080\/\?clientId=demo-app&localeId=en_US#\/confirmEmail\//);
    const confirmed = await accountCall(server.app, 'confirm-email', { token });
    expect(await replyOf(confirmed)).toMatchObject({ http: 200, data: { confirmed: true } });
    expect(await replyOf(await accountCall(server.app, 'confirm-email', { token }))).toMatchObject({
      code: 405,
    });
    expect((await signInAs(cookieJar(), 'notconfirmed@example.com')).status).toBe(200);
  });

  it('answers 405 for an expired confirmation link', async () => {
    await server.db
      .update(users)
      .set({ state: 'not_confirmed' })
      .where(eq(users.email, 'notconfirmed@example.com'));
    server.advance(11 * MINUTE);
    await accountCall(server.app, 'resend-confirmation', {
      credential: 'notconfirmed@example.com',
      localeId: 'en_US',
    });
    const { token } = await emailedLink(server.app, 'notconfirmed@example.com', 'confirmEmail');
    server.advance(24 * 60 * MINUTE);
    expect(await replyOf(await accountCall(server.app, 'confirm-email', { token }))).toMatchObject({
      code: 405,
    });
    expect((await outboxFor(server.app, 'notconfirmed@example.com')).length).toBe(2);
  });
});
