import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsReply } from '../../api/contract/session.ts';
import {
  type CookieJar,
  cookieJar,
  createTestServer,
  exchange,
  GRACE,
  getJson,
  ORIGIN,
  obtainCode,
  refresh,
  signInWith,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';
import { relyingParty } from '../testing/oidc-rp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const SIGNED_OUT_URI = `${ORIGIN}/demo-app/signed-out`;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };

const endSession = async (
  jar: CookieJar,
  params: Record<string, string>,
  headers: Record<string, string> = SAME_ORIGIN,
) =>
  jar.absorb(
    await server.app.request(`/oauth/logout?${new URLSearchParams(params)}`, {
      headers: { cookie: jar.header, ...headers },
    }),
  );
const location = (response: Response) => {
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
};
const signedIn = async (jar: CookieJar) => {
  const response = await getJson(server.app, '/api/sessions', { clientId: 'demo-app' }, jar.header);
  return sessionsReply.parse(await response.json()).data.accounts.map((account) => account.loginId);
};
/** A browser with Ada and Grace signed in (Grace most recently), and an access token Ada's app holds. */
async function browserWithTwo() {
  const jar = cookieJar();
  await signInWith(server.app, jar);
  const { code, verifier } = await obtainCode(server.app, jar.header);
  const tokens = (await (await exchange(server.app, code, verifier)).json()) as Tokens;
  await signInWith(server.app, jar, GRACE);
  return { jar, tokens };
}

describe('GET /oauth/logout', () => {
  it('ends every session of this browser and returns to the exactly registered address with the state', async () => {
    const { jar } = await browserWithTwo();
    const response = await endSession(jar, {
      client_id: 'demo-app',
      post_logout_redirect_uri: SIGNED_OUT_URI,
      state: 'bye 1',
    });
    expect(location(response)).toBe(`${SIGNED_OUT_URI}?state=bye+1`);
    expect(await signedIn(jar)).toEqual([]);
    expect(jar.header).toBe('');
  });

  it.each([
    ['a trailing slash', `${SIGNED_OUT_URI}/`],
    ['an added query', `${SIGNED_OUT_URI}?next=evil`],
    ['another site', 'https://attacker.example/signed-out'],
    ["another app's address", `${ORIGIN}/demo-notes/signed-out`],
  ])('never redirects to an address differing by %s: the SPA signed-out page instead', async (_, uri) => {
    const { jar } = await browserWithTwo();
    const response = await endSession(jar, {
      client_id: 'demo-app',
      post_logout_redirect_uri: uri,
      state: 's',
    });
    // The brand of the account signed out most recently (Grace's 7710) themes the page.
    expect(location(response)).toBe('/?clientId=demo-app&brandId=7710#/signedOut');
    expect(await signedIn(jar)).toEqual([]);
  });

  it('without a client: the SPA signed-out page of its own client; typed by the user counts as ours', async () => {
    const jar = cookieJar();
    expect(location(await endSession(jar, {}))).toBe('/?clientId=foyer-web#/signedOut');
    await signInWith(server.app, jar);
    const typed = await endSession(jar, { client_id: 'nobody-knows' }, { 'sec-fetch-site': 'none' });
    expect(location(typed)).toBe('/?clientId=foyer-web&brandId=1210#/signedOut');
    expect(await signedIn(jar)).toEqual([]);
  });

  it('with a valid id_token_hint, even from another site and expired: ends only that user here', async () => {
    const { jar, tokens } = await browserWithTwo();
    server.advance(61 * 60 * 1000); // the access token (1 hour) has expired, the sessions (2 hours idle) not
    expect(await signedIn(jar)).toHaveLength(2);
    const response = await endSession(
      jar,
      { id_token_hint: tokens.access_token, post_logout_redirect_uri: SIGNED_OUT_URI, state: 'x' },
      CROSS_SITE,
    );
    expect(location(response)).toBe(`${SIGNED_OUT_URI}?state=x`);
    expect(await signedIn(jar)).toEqual([GRACE.email]);
  });

  it('keeps tokens already issued to apps valid: signing out of Foyer is not revoking', async () => {
    const { jar, tokens } = await browserWithTwo();
    await endSession(jar, { client_id: 'demo-app' });
    expect((await refresh(server.app, tokens.refresh_token)).status).toBe(200);
  });

  it("refuses another app's hint and a tampered one: nobody is signed out, the picker decides", async () => {
    const { jar, tokens } = await browserWithTwo();
    const other = await endSession(jar, {
      client_id: 'demo-notes',
      id_token_hint: tokens.access_token,
      post_logout_redirect_uri: `${ORIGIN}/demo-notes/signed-out`,
    });
    expect(location(other)).toBe('/?clientId=demo-notes#/selectAccount');
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '400200201' })).toString('base64url');
    const tampered = await endSession(jar, {
      client_id: 'demo-app',
      id_token_hint: `${header}.${forged}.${signature}`,
    });
    expect(location(tampered)).toBe('/?clientId=demo-app#/selectAccount');
    expect(await signedIn(jar)).toHaveLength(2);
  });

  it('signs nobody out from another site without a hint (logout CSRF): the account picker instead', async () => {
    const { jar } = await browserWithTwo();
    const params = { client_id: 'demo-app', post_logout_redirect_uri: SIGNED_OUT_URI, state: 's' };
    expect(location(await endSession(jar, params, CROSS_SITE))).toBe('/?clientId=demo-app#/selectAccount');
    // A browser that does not say where the request came from is not trusted either.
    expect(location(await endSession(jar, params, {}))).toBe('/?clientId=demo-app#/selectAccount');
    expect(await signedIn(jar)).toHaveLength(2);
  });

  it('refuses malformed requests with a specific message', async () => {
    const jar = cookieJar();
    const repeated = await server.app.request('/oauth/logout?state=a&state=b', { headers: SAME_ORIGIN });
    expect(repeated.status).toBe(400);
    expect(await repeated.text()).toBe('Sign-out request not valid: state must not be repeated');
    const bad = await endSession(jar, { client_id: '<script>' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^Sign-out request not valid: client_id: /);
  });
});

describe('POST /oauth/logout', () => {
  const post = async (jar: CookieJar, form: Record<string, string>, headers: Record<string, string>) =>
    jar.absorb(
      await server.app.request('/oauth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header, ...headers },
        body: new URLSearchParams(form).toString(),
      }),
    );

  it('takes the same parameters as a form, from our own pages (Origin: null under no-referrer)', async () => {
    const { jar } = await browserWithTwo();
    const form = { client_id: 'demo-app', post_logout_redirect_uri: SIGNED_OUT_URI, state: 'p' };
    const response = await post(jar, form, { ...SAME_ORIGIN, origin: 'null' });
    expect(location(response)).toBe(`${SIGNED_OUT_URI}?state=p`);
    expect(await signedIn(jar)).toEqual([]);
  });

  it('sends a cross-site form without a hint to the picker rather than refusing it', async () => {
    const { jar, tokens } = await browserWithTwo();
    const crossSite = { ...CROSS_SITE, origin: 'https://app.example' };
    expect(location(await post(jar, { client_id: 'demo-app' }, crossSite))).toBe(
      '/?clientId=demo-app#/selectAccount',
    );
    const hinted = await post(jar, { client_id: 'demo-app', id_token_hint: tokens.access_token }, crossSite);
    expect(location(hinted)).toBe('/?clientId=demo-app&brandId=1210#/signedOut');
    expect(await signedIn(jar)).toEqual([GRACE.email]);
  });

  it('refuses a body that is not a form', async () => {
    const response = await server.app.request('/oauth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SAME_ORIGIN },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      'Sign-out request not valid: Content-Type must be application/x-www-form-urlencoded',
    );
  });
});

describe('RP-Initiated Logout with the ID token (OpenID Connect)', () => {
  it('the ID token as id_token_hint, even from another site, ends only its person’s session and returns with state', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, GRACE);
    await signInWith(server.app, jar); // Ada, most recently: the code is hers
    const { tokens } = await relyingParty(server).signIn(jar);
    expect(await signedIn(jar)).toHaveLength(2);
    const back = location(
      await endSession(
        jar,
        {
          id_token_hint: tokens.id_token ?? '',
          post_logout_redirect_uri: SIGNED_OUT_URI,
          state: 'bye',
          ui_locales: 'de-DE',
        },
        CROSS_SITE,
      ),
    );
    expect(back).toBe(`${SIGNED_OUT_URI}?state=bye`);
    expect(await signedIn(jar)).toEqual([GRACE.email]);
  });

  it('logout_hint names which of this browser’s accounts to sign out; the page keeps ui_locales', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    await signInWith(server.app, jar, GRACE);
    const page = location(
      await endSession(jar, { client_id: 'demo-app', logout_hint: GRACE.email, ui_locales: 'fr-CA' }),
    );
    expect(new URL(page, ORIGIN).searchParams.get('ui_locales')).toBe('fr-CA');
    expect(await signedIn(jar)).toEqual(['ada@example.com']);
  });
});
