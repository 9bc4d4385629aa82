import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCodeReply, verifyRedirectUriReply } from '../../api/contract/signInReplies.ts';
import { authCodes, consents, users } from '../db/schema.ts';
import { sha256Hex } from '../security/tokens.ts';
import {
  createTestServer,
  DEMO_REDIRECT_URI,
  expectFailure,
  GRACE,
  pkcePair,
  postJson,
  signIn,
  type TestServer,
} from '../testing/harness.ts';
import { appendQuery } from './authorisation.service.ts';

let server: TestServer;
let cookie: string;
let challenge: string;

beforeAll(async () => {
  server = await createTestServer();
  cookie = await signIn(server.app);
  challenge = (await pkcePair()).challenge;
});
afterAll(() => server.close());

const failure = expectFailure;

describe('POST /api/verifyRedirectURI', () => {
  const verify = (body: Record<string, unknown>) => postJson(server.app, '/api/verifyRedirectURI', body);

  it('accepts the exact registered URI', async () => {
    const response = await verify({ appUrlScheme: DEMO_REDIRECT_URI });
    expect(verifyRedirectUriReply.parse(await response.json()).data).toEqual({ valid: true });
  });

  it.each([
    ['a different URI', { appUrlScheme: 'https://attacker.example/cb' }],
    ['a prefix extension', { appUrlScheme: `${DEMO_REDIRECT_URI}.attacker.example` }],
    ['an added query', { appUrlScheme: `${DEMO_REDIRECT_URI}?next=evil` }],
    ['the first-party client, which has none', { clientId: 'foyer-web', appUrlScheme: DEMO_REDIRECT_URI }],
    ['an unknown client', { clientId: 'stranger', appUrlScheme: DEMO_REDIRECT_URI }],
  ])('answers INVALID_REDIRECT_URI for %s', async (_, body) => {
    expect(await failure(await verify(body), 400)).toMatchObject({ code: 208 });
  });

  it('refuses a missing or overlong appUrlScheme', async () => {
    expect((await failure(await verify({}), 400)).backendMessage).toMatch(/^appUrlScheme: /);
    expect(
      (await failure(await verify({ appUrlScheme: `https://a/${'x'.repeat(2048)}` }), 400)).backendMessage,
    ).toMatch(/^appUrlScheme: Too big/);
  });
});

describe('POST /api/post-authn/generate-code', () => {
  const request = (overrides: Record<string, unknown> = {}) => ({
    appUrlScheme: DEMO_REDIRECT_URI,
    localeId: 'en_US',
    responseType: 'code',
    state: 'abc 123&x',
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    consentGiven: true,
    ...overrides,
  });
  const generate = (body: Record<string, unknown>, withCookie: string | undefined = cookie) =>
    postJson(server.app, '/api/post-authn/generate-code', body, withCookie);

  it('a third-party app gets no code the user did not approve (314), unless an earlier grant covers it', async () => {
    const unapproved = await generate(request({ consentGiven: false, scope: 'ReadCallLog' }));
    expect(unapproved.status).toBe(403);
    expect(((await unapproved.json()) as { status: { code: number } }).status.code).toBe(314);
    expect((await generate(request({ scope: 'ReadCallLog' }))).status).toBe(200);
    // Approved once: the same scope again needs no consent page (prompt=none relies on this too).
    expect((await generate(request({ consentGiven: false, scope: 'ReadCallLog' }))).status).toBe(200);
  });

  it('issues a code and the redirect back to the app, storing only the code hash', async () => {
    const response = await generate(request());
    expect(response.status).toBe(200);
    const { data } = generateCodeReply.parse(await response.json());
    expect(data).toMatchObject({ extensionId: '400100101', accountId: '400100001' });
    const redirect = new URL(data.redirectUri);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(DEMO_REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('abc 123&x');
    const code = redirect.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, sha256Hex(code)));
    expect(row).toMatchObject({
      clientId: 'demo-app',
      redirectUri: DEMO_REDIRECT_URI,
      scope: 'ReadAccounts ReadCallLog',
      codeChallenge: challenge,
    });
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60_000);
    const stored = await server.db.select().from(authCodes).where(eq(authCodes.codeHash, code));
    expect(stored).toEqual([]);
  });

  it('answers INVALID_SESSION_TOKEN (401) without a valid session', async () => {
    expect(await failure(await generate(request(), ''), 401)).toMatchObject({ code: 221 });
    expect(await failure(await generate(request(), 'foyer_session=forged'), 401)).toMatchObject({
      code: 221,
    });
  });

  it('answers 208 for a redirect URI the client did not register', async () => {
    expect(
      await failure(await generate(request({ appUrlScheme: 'https://attacker.example/cb' })), 400),
    ).toMatchObject({ code: 208 });
  });

  it('requires a PKCE challenge from a PKCE client', async () => {
    const status = await failure(
      await generate(request({ codeChallenge: undefined, codeChallengeMethod: undefined })),
      400,
    );
    expect(status).toMatchObject({ code: 101, backendMessage: 'code_challenge is required' });
  });

  it('requires the S256 method with a challenge', async () => {
    const status = await failure(await generate(request({ codeChallengeMethod: undefined })), 400);
    expect(status).toMatchObject({ code: 101, backendMessage: 'code_challenge_method must be S256' });
    expect((await failure(await generate(request({ codeChallengeMethod: 'plain' })), 400)).code).toBe(400);
  });

  it('requires responseType code and known scopes', async () => {
    expect(await failure(await generate(request({ responseType: 'token' })), 400)).toMatchObject({
      code: 101,
      backendMessage: 'responseType must be code',
    });
    expect(await failure(await generate(request({ scope: 'ReadAccounts Admin' })), 400)).toMatchObject({
      code: 101,
      backendMessage: 'scope not allowed for this client: Admin',
    });
  });

  it.each([
    ['a missing localeId', { localeId: undefined }, /^localeId: /],
    ['a string for a boolean', { discovery: 'yes' }, /^discovery: Invalid input: expected boolean/],
    ['an overlong state', { state: 's'.repeat(1025) }, /^state: Too big/],
    [
      'a script tag as challenge',
      { codeChallenge: '<script>alert(1)</script>' },
      /^codeChallenge: codeChallenge must be 43-128/,
    ],
  ])('refuses %s', async (_, override, message) => {
    expect((await failure(await generate(request(override)), 400)).backendMessage).toMatch(message);
  });

  it('issues the code to the signed-in user, whatever brand the request came from', async () => {
    const graceCookie = await signIn(server.app, GRACE);
    const { data } = generateCodeReply.parse(await (await generate(request(), graceCookie)).json());
    expect(data.accountId).toBe('400200001');
  });

  it('records what the user granted a third-party app (the union of grants), nothing for a first-party one', async () => {
    const graceCookie = await signIn(server.app, GRACE);
    const [grace] = await server.db.select().from(users).where(eq(users.email, GRACE.email));
    const granted = async () =>
      (
        await server.db
          .select()
          .from(consents)
          .where(eq(consents.userId, grace?.id ?? 0))
      ).map((row) => [row.clientId, row.scope]);
    // An earlier test already had a code issued to Grace; start from no grant.
    await server.db.delete(consents).where(eq(consents.userId, grace?.id ?? 0));
    expect((await generate(request({ scope: 'ReadCallLog' }), graceCookie)).status).toBe(200);
    expect((await generate(request({ scope: 'ReadAccounts' }), graceCookie)).status).toBe(200);
    expect(await granted()).toEqual([['demo-app', 'ReadCallLog ReadAccounts']]);
    const notes = await generate(
      request({ clientId: 'demo-notes', appUrlScheme: 'http://localhost:8080/demo-notes/callback' }),
      graceCookie,
    );
    expect(notes.status).toBe(200);
    expect(await granted()).toHaveLength(1);
  });

  it('ends a one-time session once its code is issued', async () => {
    const oneTime = await signIn(server.app);
    expect((await generate(request({ oneTimeSession: true }), oneTime)).status).toBe(200);
    expect(await failure(await generate(request(), oneTime), 401)).toMatchObject({ code: 221 });
  });

  it('refuses an expired session', async () => {
    const shortLived = await signIn(server.app);
    server.advance(8 * 60 * 60 * 1000 + 1000);
    expect(await failure(await generate(request(), shortLived), 401)).toMatchObject({ code: 221 });
    cookie = await signIn(server.app);
  });
});

describe('appendQuery', () => {
  it('adds with ? or &, and keeps a fragment last', () => {
    expect(appendQuery('myapp://cb', { code: 'a b' })).toBe('myapp://cb?code=a+b');
    expect(appendQuery('https://app.example/cb?x=1', { code: 'c' })).toBe(
      'https://app.example/cb?x=1&code=c',
    );
    expect(appendQuery('https://app.example/cb#top', { code: 'c' })).toBe(
      'https://app.example/cb?code=c#top',
    );
  });
});
