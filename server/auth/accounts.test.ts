import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoutReply, sessionsReply } from '../../api/contract/session.ts';
import { generateCodeReply } from '../../api/contract/signInReplies.ts';
import { users } from '../db/schema.ts';
import {
  ADA,
  type CookieJar,
  cookieJar,
  createTestServer,
  DEMO_REDIRECT_URI,
  exchange,
  expectFailure,
  GRACE,
  getJson,
  obtainCode,
  pkcePair,
  postJson,
  refresh,
  signInWith,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';
import { hashPassword } from './password.ts';

let server: TestServer;
const PASSWORD = 'Amber-Lantern-29';
/** Four more active accounts (the seed has two), so a browser can hold six; the last signs in by phone. */
const EXTRA = [1, 2, 3, 4].map((n) => ({ email: `extra${n}@example.com`, password: PASSWORD }));
const PHONE_ONLY = { number: '+16505550177', extension: '205' };

beforeAll(async () => {
  server = await createTestServer();
  const passwordHash = await hashPassword(PASSWORD);
  await server.db.insert(users).values([
    ...EXTRA.map((extra, index) => ({
      brandId: '1210',
      accountId: `4009000${index}`,
      extensionId: `4009001${index}`,
      email: extra.email,
      passwordHash,
      displayName: `Extra ${index + 1}`,
    })),
    {
      brandId: '1210',
      accountId: '400900099',
      extensionId: '400900199',
      email: null,
      phoneNumber: PHONE_ONLY.number,
      extension: PHONE_ONLY.extension,
      passwordHash,
      displayName: 'Quentin Voss',
    },
  ]);
});
afterAll(() => server.close());

const accounts = async (jar: CookieJar) => {
  const response = await getJson(server.app, '/api/sessions', { clientId: 'demo-app' }, jar.header);
  return sessionsReply.parse(await response.json()).data.accounts;
};
const logout = async (jar: CookieJar, body: Record<string, unknown>) =>
  jar.absorb(await postJson(server.app, '/api/logout', body, jar.header));
const generate = (jar: CookieJar, overrides: Record<string, unknown> = {}) =>
  postJson(
    server.app,
    '/api/post-authn/generate-code',
    {
      appUrlScheme: DEMO_REDIRECT_URI,
      localeId: 'en_US',
      responseType: 'code',
      consentGiven: true,
      ...overrides,
    },
    jar.header,
  );

describe('several accounts in one browser', () => {
  it('lists every live session, most recent sign-in first, as the picker shows them', async () => {
    const jar = cookieJar();
    const ada = await signInWith(server.app, jar);
    const grace = await signInWith(server.app, jar, GRACE, { rememberMe: true });
    const listed = await accounts(jar);
    expect(listed).toEqual([
      {
        sessionId: grace.sessionId,
        brandId: '7710',
        displayName: 'Grace Holloway',
        loginId: GRACE.email,
        signedInAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      {
        sessionId: ada.sessionId,
        brandId: '1210',
        displayName: 'Ada Fairweather',
        loginId: ADA.email,
        signedInAt: expect.any(String),
      },
    ]);
    // Remembered and browser-session sign-ins live in their own cookies; the browser holds their union.
    expect(jar.get('foyer_session')?.split('.')).toHaveLength(1);
    expect(jar.get('foyer_persistent')?.split('.')).toHaveLength(1);
    // session-data answers for the most recent sign-in.
    const data = await getJson(server.app, '/api/session-data', { clientId: 'demo-app' }, jar.header);
    expect(((await data.json()) as { data: { sessionId: string } }).data.sessionId).toBe(grace.sessionId);
  });

  it('shows a phone login as E.164 with its #extension', async () => {
    const jar = cookieJar();
    const response = jar.absorb(
      await postJson(server.app, '/api/login', {
        username: PHONE_ONLY.number,
        extension: PHONE_ONLY.extension,
        password: PASSWORD,
      }),
    );
    expect(response.status).toBe(200);
    expect((await accounts(jar))[0]).toMatchObject({
      loginId: '+16505550177#205',
      displayName: 'Quentin Voss',
    });
  });

  it('issues the code to the account generate-code names, else to the most recent; 221 for an unknown one', async () => {
    const jar = cookieJar();
    const ada = await signInWith(server.app, jar);
    await signInWith(server.app, jar, GRACE);
    const { challenge } = await pkcePair();
    const pkce = { codeChallenge: challenge, codeChallengeMethod: 'S256' };
    const named = generateCodeReply.parse(
      await (await generate(jar, { ...pkce, sessionId: ada.sessionId })).json(),
    );
    expect(named.data.accountId).toBe('400100001');
    const recent = generateCodeReply.parse(await (await generate(jar, pkce)).json());
    expect(recent.data.accountId).toBe('400200001');
    const unknown = await generate(jar, { ...pkce, sessionId: 'feedfacefeedface' });
    expect(await expectFailure(unknown, 401)).toMatchObject({ code: 221 });
  });

  it('replaces the session of an account that signs in again', async () => {
    const jar = cookieJar();
    const first = await signInWith(server.app, jar);
    await signInWith(server.app, jar, GRACE);
    const again = await signInWith(server.app, jar);
    expect(again.sessionId).not.toBe(first.sessionId);
    expect((await accounts(jar)).map((account) => account.loginId)).toEqual([ADA.email, GRACE.email]);
    const stale = await generate(cookieJar(), { sessionId: first.sessionId });
    expect(await expectFailure(stale, 401)).toMatchObject({ code: 221 });
  });

  it('keeps five: a sixth account ends the oldest sign-in', async () => {
    const jar = cookieJar();
    const oldest = await signInWith(server.app, jar);
    for (const user of [GRACE, ...EXTRA]) await signInWith(server.app, jar, user);
    const listed = await accounts(jar);
    expect(listed).toHaveLength(5);
    expect(listed.map((account) => account.loginId)).not.toContain(ADA.email);
    expect(listed.at(-1)?.loginId).toBe(GRACE.email);
    expect(jar.get('foyer_session')?.split('.')).toHaveLength(5);
    const ended = await generate(jar, { sessionId: oldest.sessionId });
    expect(await expectFailure(ended, 401)).toMatchObject({ code: 221 });
  });
});

describe('POST /api/logout', () => {
  it('ends one session of this browser by its public id and rewrites the cookie', async () => {
    const jar = cookieJar();
    const ada = await signInWith(server.app, jar);
    const grace = await signInWith(server.app, jar, GRACE);
    const response = await logout(jar, { sessionId: ada.sessionId });
    expect(logoutReply.parse(await response.json()).data.accounts.map((a) => a.sessionId)).toEqual([
      grace.sessionId,
    ]);
    expect(jar.get('foyer_session')?.split('.')).toHaveLength(1);
    expect((await accounts(jar)).map((account) => account.sessionId)).toEqual([grace.sessionId]);
  });

  it('ends every session of this browser without an id, removing both cookies', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    await signInWith(server.app, jar, GRACE, { rememberMe: true });
    const response = await logout(jar, {});
    expect(logoutReply.parse(await response.json()).data.accounts).toEqual([]);
    expect(response.headers.getSetCookie().every((header) => header.includes('Max-Age=0'))).toBe(true);
    expect(jar.header).toBe('');
  });

  it('is idempotent for an id that names no live session here, and refuses a malformed one', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    const response = await logout(jar, { sessionId: 'feedfacefeedface' });
    expect(logoutReply.parse(await response.json()).data.accounts).toHaveLength(1);
    expect((await expectFailure(await logout(jar, { sessionId: '' }), 400)).backendMessage).toMatch(
      /^sessionId: /,
    );
    expect((await expectFailure(await logout(jar, { everywhere: 'yes' }), 400)).backendMessage).toMatch(
      /^everywhere: /,
    );
  });

  it('everywhere: ends the account in every browser and revokes the refresh tokens issued for it', async () => {
    const laptop = cookieJar();
    const phone = cookieJar();
    const ada = await signInWith(server.app, laptop);
    await signInWith(server.app, laptop, GRACE);
    await signInWith(server.app, phone);
    const { code, verifier } = await obtainCode(server.app, phone.header);
    const tokens = (await (await exchange(server.app, code, verifier)).json()) as Tokens;

    const response = await logout(laptop, { sessionId: ada.sessionId, everywhere: true });
    expect(logoutReply.parse(await response.json()).data.accounts.map((a) => a.loginId)).toEqual([
      GRACE.email,
    ]);
    expect(await accounts(phone)).toEqual([]);
    const refused = await refresh(server.app, tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    // Grace, signed in beside Ada, is untouched.
    expect((await accounts(laptop)).map((account) => account.loginId)).toEqual([GRACE.email]);
  });
});
