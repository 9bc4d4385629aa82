import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationAnswerErrorReply } from '../../api/contract/account.ts';
import { loginReply } from '../../api/contract/auth.ts';
import { verifyPassword } from '../auth/password.ts';
import { users } from '../db/schema.ts';
import {
  type CookieJar,
  cookieJar,
  createTestServer,
  postJson,
  type TestServer,
} from '../testing/harness.ts';
import { requestCode } from '../two-factor/two-factor.testing.ts';
import { accountCall, DEMO_PASSWORD, emailedLink, replyOf, userRow } from './account.testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ frozenAt: new Date('2031-10-14T09:00:00Z') });
});
afterAll(() => server.close());

const MINUTE = 60_000;
const EMAIL = 'notactivated@example.com';
const ANSWER = 'Blue heron';

const sendActivation = (returnQuery?: string) =>
  accountCall(server.app, 'send-activation', { credential: EMAIL, localeId: 'en_US', returnQuery });
const codeIn = (text: string) => /activation code is (\d{6})/.exec(text)?.[1] ?? '';
/** A fresh activation email's six-digit code, a send window after the last one. */
async function freshCode() {
  server.advance(11 * MINUTE);
  await sendActivation();
  return codeIn((await emailedLink(server.app, EMAIL, 'activate')).message.text);
}
const loginWithCode = (body: Record<string, unknown>, jar?: CookieJar) =>
  accountCall(
    server.app,
    '/api/loginWithActivationCode',
    { userName: EMAIL, password: DEMO_PASSWORD, activationAnswer: ANSWER, ...body },
    jar,
  );
/** As an administrator would: the account must be activated again, and its answer set anew. */
const deactivate = () =>
  server.db
    .update(users)
    .set({ state: 'not_activated', activationAnswerHash: null })
    .where(eq(users.email, EMAIL));

describe('the activation link', () => {
  it('names the account in login_hint, in place of the returnQuery’s, and keeps the token in the fragment', async () => {
    const returnQuery = 'clientId=demo-app&localeId=en_US&login_hint=someone.else%40example.com';
    expect((await sendActivation(returnQuery)).status).toBe(200);
    const { url } = await emailedLink(server.app, EMAIL, 'activate');
    const link = new URL(url);
    expect(link.searchParams.getAll('login_hint')).toEqual([EMAIL]);
    expect(link.searchParams.get('clientId')).toBe('demo-app');
    expect(link.hash).toMatch(/^#\/activate\/[A-Za-z0-9_-]{43}$/);
  });

  it('carries login_hint on the first-party start too, and only on activation links', async () => {
    server.advance(11 * MINUTE);
    await sendActivation();
    expect(
      new URL((await emailedLink(server.app, EMAIL, 'activate')).url).searchParams.get('login_hint'),
    ).toBe(EMAIL);
    await accountCall(server.app, 'email-recovery-link', {
      credential: 'reset@example.com',
      localeId: 'en_US',
    });
    const reset = await emailedLink(server.app, 'reset@example.com', 'createPassword');
    expect(new URL(reset.url).searchParams.has('login_hint')).toBe(false);
  });
});

describe('POST /api/loginWithActivationCode', () => {
  it('checks the password first (108), then the answer (ANSWER-001, ANSWER-002), leaving the code usable', async () => {
    const pin = await freshCode();
    expect(await replyOf(await loginWithCode({ pin, password: 'Wrong-Harbor-47' }))).toMatchObject({
      http: 401,
      code: 108,
    });
    const short = await loginWithCode({ pin, activationAnswer: ' Owl ' });
    expect(short.status).toBe(400);
    expect(activationAnswerErrorReply.parse(await short.json())).toMatchObject({
      status: { code: 400 },
      errorCode: 'ANSWER-001',
    });
    const withPassword = await loginWithCode({ pin, activationAnswer: 'my VIOLET-harbor-47 answer' });
    expect(withPassword.status).toBe(400);
    expect(activationAnswerErrorReply.parse(await withPassword.json()).errorCode).toBe('ANSWER-002');
    expect((await userRow(server, EMAIL)).state).toBe('not_activated');

    const jar = cookieJar();
    const signedIn = await loginWithCode({ pin, activationAnswer: '  Blue HERON ' }, jar);
    expect(loginReply.parse(await signedIn.json()).data.displayName).toBe('Iris Penhallow');
    expect((await requestCode(server.app, jar)).status).toBe(200);
    const row = await userRow(server, EMAIL);
    expect(row.state).toBe('active');
    expect(row.activationAnswerHash).toMatch(/^\$argon2id\$/);
    expect(row.activationAnswerHash?.toLowerCase()).not.toContain('heron');
    // Stored trimmed and in lower case, as support staff would hear it.
    expect(await verifyPassword(row.activationAnswerHash ?? undefined, 'blue heron')).toBe(true);
  });

  it('uses a code once: after activation the account is active (400), and the code is spent (310)', async () => {
    await deactivate();
    const pin = await freshCode();
    expect((await loginWithCode({ pin })).status).toBe(200);
    expect(await replyOf(await loginWithCode({ pin }))).toMatchObject({ http: 400, code: 400 });
    await deactivate();
    expect(await replyOf(await loginWithCode({ pin }))).toMatchObject({ http: 401, code: 310 });
    expect((await userRow(server, EMAIL)).state).toBe('not_activated');
  });

  it('answers 310 for a wrong code after the right password and answer, and keeps no answer', async () => {
    await deactivate();
    const pin = await freshCode();
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    expect(await replyOf(await loginWithCode({ pin: wrong }))).toMatchObject({ code: 310 });
    expect((await userRow(server, EMAIL)).activationAnswerHash).toBeNull();
    expect((await loginWithCode({ pin })).status).toBe(200);
    expect((await userRow(server, EMAIL)).activationAnswerHash).not.toBeNull();
  });

  // Last: the account stays locked for the lockout period.
  it('counts wrong passwords with /api/login towards the lockout (374 at the fifth)', async () => {
    await deactivate();
    const pin = await freshCode();
    const wrongLogin = () =>
      postJson(server.app, '/api/login', { clientId: 'demo-app', username: EMAIL, password: 'Wrong-1x' });
    const answers = [];
    for (const attempt of [0, 1, 2, 3, 4])
      answers.push(
        attempt % 2 === 1
          ? (await replyOf(await wrongLogin())).code
          : (await replyOf(await loginWithCode({ pin, password: `Wrong-${attempt}x` }))).code,
      );
    expect(answers).toEqual([108, 108, 108, 108, 374]);
    expect(await replyOf(await loginWithCode({ pin }))).toMatchObject({ http: 403, code: 374 });
    expect((await userRow(server, EMAIL)).state).toBe('not_activated');
  });
});
