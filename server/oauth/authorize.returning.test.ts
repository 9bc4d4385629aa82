import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import { DEMO_NOTES_CLIENT_ID, DEMO_NOTES_REDIRECT_PATH } from '../db/seed-data.ts';
import {
  ADA,
  type CookieJar,
  cookieJar,
  createTestServer,
  DEMO_REDIRECT_URI,
  GRACE,
  ORIGIN,
  pkcePair,
  postForm,
  requestStartupCode,
  signInWith,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';

/** The one-redirect path for a returning user (docs/sessions.md "One redirect"). */
let server: TestServer;
let pkce: { verifier: string; challenge: string };
const NOTES_REDIRECT_URI = `${ORIGIN}${DEMO_NOTES_REDIRECT_PATH}`;

beforeAll(async () => {
  server = await createTestServer();
  pkce = await pkcePair();
});
afterAll(() => server.close());

/** Demo Notes, first party, asking to skip consent: the case a returning user meets every day. */
const authorize = (jar: CookieJar | undefined, params: Record<string, string> = {}) =>
  server.app.request(
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: DEMO_NOTES_CLIENT_ID,
      redirect_uri: NOTES_REDIRECT_URI,
      state: 'st-1',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ui_options: 'hide_consent',
      ...params,
    })}`,
    jar?.header ? { headers: { cookie: jar.header } } : {},
  );
const target = (response: Response) => {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', ORIGIN);
};
const signedIn = async (user: { email: string; password: string } = ADA) => {
  const jar = cookieJar();
  await signInWith(server.app, jar, user);
  return jar;
};
/** The token endpoint takes the code for Demo Notes, as the app would redeem it. */
const redeem = async (code: string) => {
  const response = await postForm(server.app, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: DEMO_NOTES_CLIENT_ID,
    code,
    redirect_uri: NOTES_REDIRECT_URI,
    code_verifier: pkce.verifier,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
};
const analyticsLines = () => server.logs.filter((line) => line.startsWith('analytics '));

describe('a returning user in one redirect', () => {
  it('answers with the code itself, which the token endpoint takes, and sends authorizeSuccess', async () => {
    const jar = await signedIn();
    const before = analyticsLines().length;
    const url = target(await authorize(jar));
    expect(`${url.origin}${url.pathname}`).toBe(NOTES_REDIRECT_URI);
    expect(url.searchParams.get('state')).toBe('st-1');
    expect((await redeem(url.searchParams.get('code') ?? '')).access_token).toEqual(expect.any(String));
    const events = analyticsLines().slice(before);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.slice('analytics '.length) ?? '{}')).toEqual({
      name: 'authorizeSuccess',
      clientId: DEMO_NOTES_CLIENT_ID,
      brandId: '1210',
      via: 'server',
    });
    // Ids only: nothing the user typed or any secret reaches the log.
    expect(events[0]).not.toMatch(/ada@example|code=|st-1/);
  });

  it('picks the account login_hint names among several', async () => {
    const jar = await signedIn();
    await signInWith(server.app, jar, GRACE);
    const url = target(await authorize(jar, { login_hint: 'Ada@Example.com' }));
    expect(url.pathname).toBe(DEMO_NOTES_REDIRECT_PATH);
    expect((await redeem(url.searchParams.get('code') ?? '')).access_token).toEqual(expect.any(String));
  });
});

describe('hands over to the page exactly as before when a page is needed', () => {
  const toPage = (response: Response) => {
    const url = target(response);
    expect(url.pathname).toBe('/');
    return url.searchParams;
  };

  it('no session, several without a hint, consent not hidden, a third party, prompts, login automation', async () => {
    const before = analyticsLines().length;
    expect(toPage(await authorize(undefined)).get('force')).toBe('true');
    const jar = await signedIn();
    await signInWith(server.app, jar, GRACE);
    expect(toPage(await authorize(jar)).has('force')).toBe(false); // the picker
    const ada = await signedIn();
    expect(toPage(await authorize(ada, { ui_options: 'hide_logo' })).has('force')).toBe(false); // consent
    for (const prompt of ['login', 'select_account', 'consent', 'sso'])
      toPage(await authorize(ada, { prompt }));
    toPage(await authorize(ada, { loginAutomation: '1' }));
    const thirdParty = await server.app.request(
      `/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: 'demo-app',
        redirect_uri: DEMO_REDIRECT_URI,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        ui_options: 'hide_consent',
      })}`,
      { headers: { cookie: ada.header } },
    );
    expect(toPage(thirdParty).has('ui_options')).toBe(false); // its consent page
    expect(analyticsLines().length).toBe(before);
  });

  it('an old sign-in for max_age is the first screen, forced', async () => {
    const jar = await signedIn();
    server.advance(120_000);
    expect(toPage(await authorize(jar, { max_age: '60' })).get('force')).toBe('true');
  });

  it.each([
    [
      'the second factor',
      'mfa@example.com',
      [backendCode.twoFactorRequired, backendCode.authenticatorSetupRequired],
    ],
    [
      'the terms of service',
      'tos@example.com',
      [backendCode.termsNotAccepted, backendCode.termsVersionChanged],
    ],
  ])(
    'a gate of the code request (%s): the page meets the same refusal when it asks',
    async (_, email, codes) => {
      const jar = await signedIn({ email, password: ADA.password });
      const startup = toPage(await authorize(jar));
      expect(startup.has('force')).toBe(false);
      const reply = await requestStartupCode(server.app, jar, startup, { consentGiven: false });
      expect(codes).toContain(errorReplySchema.parse(await reply.json()).status.code);
    },
  );
});
