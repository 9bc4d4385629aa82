import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsReply } from '../../api/contract/session.ts';
import {
  type CookieJar,
  cookieJar,
  createTestServer,
  getJson,
  location,
  ORIGIN,
  requestStartupCode,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { textOf } from '../testing/html.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** One browser: the SPA, both demo apps and Foyer share its jar, as they share an origin here. */
const get = async (jar: CookieJar, url: string, headers: Record<string, string> = {}) =>
  jar.absorb(await server.app.request(url, { headers: { cookie: jar.header, ...headers } }));
const post = async (jar: CookieJar, path: string) =>
  jar.absorb(
    await server.app.request(path, {
      method: 'POST',
      headers: {
        cookie: jar.header,
        'content-type': 'application/x-www-form-urlencoded',
        // What a browser sends for a form post of our own pages (Referrer-Policy: no-referrer).
        'sec-fetch-site': 'same-origin',
        origin: 'null',
      },
    }),
  );

/**
 * Plays the SPA after /oauth/authorize: without `force` and a live session it asks for the code at
 * once (hide_consent) or after the consent page (the Authorize button); either way generate-code.
 */
async function spaIssuesCode(jar: CookieJar, startup: URLSearchParams): Promise<URL> {
  expect(startup.get('force')).toBeNull();
  const generated = await requestStartupCode(server.app, jar, startup, {
    consentGiven: !startup.get('ui_options')?.includes('hide_consent'),
  });
  return new URL(((await generated.json()) as { data: { redirectUri: string } }).data.redirectUri);
}

/**
 * Demo app → authorize → (the SPA, unless authorize answers with the code itself) → callback; returns
 * the app's tokens page and, when the SPA was needed, its start-up query.
 */
async function signInTo(jar: CookieJar, basePath: string) {
  const authorizeUrl = location(await get(jar, `${basePath}/login`));
  const answered = location(await get(jar, `${authorizeUrl.pathname}${authorizeUrl.search}`));
  const startup = answered.pathname === '/' ? answered.searchParams : undefined;
  const callback = startup ? await spaIssuesCode(jar, startup) : answered;
  const landing = await get(jar, `${callback.pathname}${callback.search}`);
  expect(landing.status).toBe(200);
  return { authorizeUrl, startup, page: await landing.text() };
}

describe('two demo apps, one sign-in', () => {
  it('signs in to the partner app, then opens Demo Notes without a password or consent page', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar); // the password, typed once, for the partner app
    const partner = await signInTo(jar, '/demo-app');
    expect(partner.page).toContain('href="/demo-notes" id="other-app"');
    expect(partner.page).toContain('id="sign-out" data-testid="sign-out"');

    const notesHome = await (await get(jar, '/demo-notes')).text();
    expect(notesHome).toContain('<title>Sign in · Demo Notes</title>');
    expect(notesHome).toContain('href="/demo-notes/demo.css"');
    expect(notesHome).toContain('href="/demo-app" id="other-app"');

    const notes = await signInTo(jar, '/demo-notes');
    expect(Object.fromEntries(notes.authorizeUrl.searchParams)).toMatchObject({
      client_id: 'demo-notes',
      redirect_uri: `${ORIGIN}/demo-notes/callback`,
      ui_options: 'hide_consent',
      scope: 'openid profile email phone ReadAccounts',
      code_challenge_method: 'S256',
      nonce: expect.stringMatching(/.{20,}/),
    });
    // First party with hide_consent and a session: authorize answers with the code, no SPA at all.
    expect(notes.startup).toBeUndefined();
    expect(JSON.parse(textOf(notes.page, 'access-token-claims') ?? '{}')).toMatchObject({
      client_id: 'demo-notes',
      sub: '400100101',
      scope: 'openid profile email phone ReadAccounts',
    });
    expect(jar.get('demo_notes_session')).toBeDefined();
  });

  it('signs out of Demo Notes through Foyer and lands on its signed-out page', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    const { page } = await signInTo(jar, '/demo-notes');
    const refreshToken = textOf(page, 'refresh-token') ?? '';

    const toFoyer = location(await post(jar, '/demo-notes/logout'));
    expect(toFoyer.pathname).toBe('/oauth/logout');
    const state = toFoyer.searchParams.get('state');
    expect(Object.fromEntries(toFoyer.searchParams)).toEqual({
      client_id: 'demo-notes',
      post_logout_redirect_uri: `${ORIGIN}/demo-notes/signed-out`,
      state: expect.stringMatching(/.{20,}/),
      // The ID token it holds: Foyer ends exactly that sign-in.
      id_token_hint: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(decodeJwt(toFoyer.searchParams.get('id_token_hint') ?? '')).toEqual(
      JSON.parse(textOf(page, 'id-token-claims') ?? '{}'),
    );
    // The browser follows the app's redirect: same origin here.
    const back = location(
      await get(jar, `${toFoyer.pathname}${toFoyer.search}`, { 'sec-fetch-site': 'same-origin' }),
    );
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/demo-notes/signed-out`);
    expect(back.searchParams.get('state')).toBe(state);
    const signedOut = await (await get(jar, `${back.pathname}${back.search}`)).text();
    expect(signedOut).toContain('id="signed-out"');
    expect(signedOut).not.toContain('state-mismatch');

    const sessions = await getJson(server.app, '/api/sessions', { clientId: 'demo-notes' }, jar.header);
    expect(sessionsReply.parse(await sessions.json()).data.accounts).toEqual([]);
    // The app revoked its own refresh token on the way out.
    const refused = await server.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'demo-notes',
        refresh_token: refreshToken,
      }).toString(),
    });
    expect(refused.status).toBe(400);
  });

  it('says so when a signed-out return does not carry the state it sent', async () => {
    const page = await (await get(cookieJar(), '/demo-app/signed-out?state=forged')).text();
    expect(page).toContain('id="state-mismatch"');
  });

  it('registers each app at its own exact post-logout address', async () => {
    const jar = cookieJar();
    const toFoyer = location(await post(jar, '/demo-app/logout'));
    expect(toFoyer.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/demo-app/signed-out`);
    expect(toFoyer.searchParams.get('client_id')).toBe('demo-app');
  });
});
