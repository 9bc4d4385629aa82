import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../security/tokens.ts';
import {
  type CookieJar,
  cookieJar,
  createTestServer,
  location,
  ORIGIN,
  postJson,
  requestStartupCode,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { textOf } from '../testing/html.ts';

// The demo apps as OpenID Connect relying parties: an ID token checked with its nonce, UserInfo, and
// Back-Channel Logout received and validated as Back-Channel Logout 1.0 §2.6 requires.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 30_000);
afterAll(() => server.close());

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const get = async (jar: CookieJar, url: string) =>
  jar.absorb(await server.app.request(url, { headers: { cookie: jar.header } }));
const post = async (jar: CookieJar, path: string) =>
  jar.absorb(
    await server.app.request(path, {
      method: 'POST',
      headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );

/** One browser: signed in to Foyer, then the partner app through authorize, the SPA and the callback. */
async function signInToDemo() {
  const jar = cookieJar();
  await signInWith(server.app, jar);
  const authorizeUrl = location(await get(jar, '/demo-app/login'));
  const startup = location(await get(jar, `${authorizeUrl.pathname}${authorizeUrl.search}`)).searchParams;
  const generated = await requestStartupCode(server.app, jar, startup);
  const callback = new URL(((await generated.json()) as { data: { redirectUri: string } }).data.redirectUri);
  const page = await (await get(jar, `${callback.pathname}${callback.search}`)).text();
  return { jar, page, nonce: authorizeUrl.searchParams.get('nonce') };
}

/** A logout token signed with the server's own key, with `change` applied, as a forger would wish. */
async function logoutToken(change: { claims?: Record<string, unknown>; typ?: string; aud?: string } = {}) {
  const { kid, alg, privateKey } = await server.keys.signer('RS256');
  const iat = Math.floor(server.now().getTime() / 1000);
  const claims = { sid: 'a1b2c3d4e5f60718', sub: '400100101', events: { [EVENT]: {} }, ...change.claims };
  return new SignJWT(claims)
    .setProtectedHeader({ alg, kid, typ: change.typ ?? 'logout+jwt' })
    .setIssuer(ORIGIN)
    .setAudience(change.aud ?? 'demo-app')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 120)
    .setJti(randomToken())
    .sign(privateKey);
}

const postLogoutToken = (token: string | undefined) =>
  server.app.request('/demo-app/backchannel-logout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: token === undefined ? '' : new URLSearchParams({ logout_token: token }).toString(),
  });

describe('the demo apps as OpenID Connect relying parties', () => {
  it('shows the ID token (its nonce checked) and UserInfo beside the access token', async () => {
    const { page, nonce } = await signInToDemo();
    expect(nonce).toMatch(/^[\w-]{43}$/);
    const idClaims = JSON.parse(textOf(page, 'id-token-claims') ?? '{}');
    expect(idClaims).toMatchObject({ iss: ORIGIN, aud: 'demo-app', sub: '400100101', nonce });
    expect(idClaims.sid).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.parse(textOf(page, 'id-token-header') ?? '{}')).toMatchObject({ alg: 'RS256' });
    expect(JSON.parse(textOf(page, 'userinfo') ?? '{}')).toMatchObject({ sub: '400100101' });
  });

  it('forgets its tokens when Foyer says the sign-in ended, and says so on the next page', async () => {
    const { jar, page } = await signInToDemo();
    const sid = JSON.parse(textOf(page, 'id-token-claims') ?? '{}').sid;
    // Signed out in Foyer (another tab, the account picker): the app is told in the back channel.
    await postJson(server.app, '/api/logout', { sessionId: sid }, jar.header);
    await server.deliverBackchannel();
    const told = await (await get(jar, '/demo-app')).text();
    expect(textOf(told, 'signed-out-elsewhere')).toBe('You were signed out elsewhere');
    expect(told).not.toContain('id="refresh-token"');
    // Said once: the next view is the sign-in page, and the tokens are gone.
    expect(await (await get(jar, '/demo-app')).text()).toContain('id="sign-in"');
    expect(textOf(await (await post(jar, '/demo-app/refresh')).text(), 'oauth-error')).toBe('not_signed_in');
  });

  it('accepts a valid logout token with 200 and no-store', async () => {
    const response = await postLogoutToken(await logoutToken());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses, with 400 invalid_request, every logout token §2.6 rules out', async () => {
    const replayed = await logoutToken();
    expect((await postLogoutToken(replayed)).status).toBe(200);
    const refused = {
      'no token': undefined,
      'not a JWT': 'not-a-jwt',
      'a nonce': await logoutToken({ claims: { nonce: 'n-0S6_WzA2Mj' } }),
      'another audience': await logoutToken({ aud: 'demo-notes' }),
      'an ID token type': await logoutToken({ typ: 'JWT' }),
      'no event': await logoutToken({ claims: { events: {} } }),
      'neither sid nor sub': await logoutToken({ claims: { sid: undefined, sub: undefined } }),
      'a replayed jti': replayed,
      'a tampered signature': `${(await logoutToken()).slice(0, -4)}AAAA`,
    };
    for (const [why, token] of Object.entries(refused)) {
      const response = await postLogoutToken(token);
      expect({ why, status: response.status }).toEqual({ why, status: 400 });
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
  });
});
