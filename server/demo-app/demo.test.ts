import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import {
  cookieFrom,
  createTestServer,
  DEMO_REDIRECT_URI,
  ORIGIN,
  postJson,
  signIn,
  type TestServer,
} from '../testing/harness.ts';
import { textOf } from '../testing/html.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const get = (path: string, cookie?: string) =>
  server.app.request(path, cookie ? { headers: { cookie } } : {});
const post = (path: string, cookie: string) =>
  server.app.request(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Plays the browser and the SPA: demo login → authorize → sign in → generate-code → callback. */
async function signInThroughDemo(): Promise<{ demoCookie: string; page: string }> {
  const start = await get('/demo-app/login?brand_id=1210');
  expect(start.status).toBe(302);
  const demoCookie = cookieFrom(start, 'demo_app_session');
  const authorizeUrl = new URL(start.headers.get('location') ?? '');
  expect(authorizeUrl.href.startsWith(`${ORIGIN}/oauth/authorize?`)).toBe(true);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('brand_id')).toBe('1210');

  const toSpa = await get(`${authorizeUrl.pathname}${authorizeUrl.search}`);
  const startup = new URL(toSpa.headers.get('location') ?? '', ORIGIN).searchParams;
  expect(startup.get('force')).toBe('true');

  const session = await signIn(server.app);
  const generated = await postJson(
    server.app,
    '/api/post-authn/generate-code',
    {
      clientId: startup.get('clientId'),
      appUrlScheme: startup.get('appUrlScheme'),
      localeId: 'en_US',
      responseType: startup.get('responseType'),
      state: startup.get('state'),
      scope: startup.get('scope'),
      codeChallenge: startup.get('codeChallenge'),
      consentGiven: true,
      codeChallengeMethod: startup.get('codeChallengeMethod'),
      nonce: startup.get('nonce'),
    },
    session,
  );
  const { data } = (await generated.json()) as { data: { redirectUri: string } };
  const callback = new URL(data.redirectUri);
  expect(`${callback.origin}${callback.pathname}`).toBe(DEMO_REDIRECT_URI);

  const landing = await get(`${callback.pathname}${callback.search}`, demoCookie);
  expect(landing.status).toBe(200);
  return { demoCookie, page: await landing.text() };
}

describe('demo partner app', () => {
  it('shows a sign-in page styled by a served stylesheet, with no inline script or style', async () => {
    const home = await get('/demo-app');
    const page = await home.text();
    expect(page).toContain('id="sign-in"');
    expect(page).toContain('href="/demo-app/demo.css"');
    expect(page).not.toMatch(/<script|<style|style=/i);
    expect(home.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const css = await get('/demo-app/demo.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.panel');
  });

  it('completes the flow and shows the decoded, verified access token', async () => {
    const { page } = await signInThroughDemo();
    expect(textOf(page, 'access-token-verified')).toBe('valid');
    expect(JSON.parse(textOf(page, 'access-token-header') ?? '')).toMatchObject({
      alg: 'ES256',
      typ: 'at+jwt',
    });
    expect(JSON.parse(textOf(page, 'access-token-claims') ?? '')).toMatchObject({
      iss: ORIGIN,
      sub: '400100101',
      client_id: 'demo-app',
      scope: 'openid profile email phone ReadAccounts ReadCallLog',
    });
    expect(textOf(page, 'refresh-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refreshes, then revokes, after which refreshing fails with invalid_grant', async () => {
    const { demoCookie, page } = await signInThroughDemo();
    const refreshed = await (await post('/demo-app/refresh', demoCookie)).text();
    expect(textOf(refreshed, 'action-result')).toContain('Tokens refreshed');
    expect(textOf(refreshed, 'refresh-token')).not.toBe(textOf(page, 'refresh-token'));

    const revoked = await (await post('/demo-app/revoke', demoCookie)).text();
    expect(textOf(revoked, 'action-result')).toContain('revoked');

    const refused = await (await post('/demo-app/refresh', demoCookie)).text();
    expect(textOf(refused, 'oauth-error')).toBe('invalid_grant');
    expect(textOf(refused, 'oauth-error-description')).toContain('revoked');
  });

  it('shows an error the SPA sent back, escaped', async () => {
    const start = await get('/demo-app/login');
    const demoCookie = cookieFrom(start, 'demo_app_session');
    const denied = await get(
      `/demo-app/callback?${new URLSearchParams({ error: 'access_denied', error_description: 'The user denied access to your application' })}`,
      demoCookie,
    );
    const page = await denied.text();
    expect(textOf(page, 'oauth-error')).toBe('access_denied');
    expect(textOf(page, 'oauth-error-description')).toBe('The user denied access to your application');

    const hostile = await (
      await get(
        '/demo-app/callback?error=user_cancelled&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      )
    ).text();
    expect(hostile).not.toContain('<script>');
    expect(textOf(hostile, 'oauth-error-description')).toBe('<script>alert(1)</script>');
  });

  it('refuses a callback whose state does not match, and one without a login in progress', async () => {
    const start = await get('/demo-app/login');
    const demoCookie = cookieFrom(start, 'demo_app_session');
    const forged = await get('/demo-app/callback?code=stolen&state=forged', demoCookie);
    expect(forged.status).toBe(400);
    expect(textOf(await forged.text(), 'oauth-error')).toBe('invalid_response');

    const orphan = await get('/demo-app/callback?code=x&state=y');
    expect(orphan.status).toBe(400);
    expect(textOf(await orphan.text(), 'oauth-error')).toBe('no_login_in_progress');
  });

  it('refuses Refresh and Revoke without tokens, and a bad login option', async () => {
    expect((await post('/demo-app/refresh', 'demo_app_session=unknown')).status).toBe(400);
    const bad = await get('/demo-app/login?brand_id=%3Cb%3E');
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text(), 'oauth-error-description')).toMatch(/^brand_id: /);
  });

  it('keeps its session cookie HttpOnly, SameSite=Lax and scoped to /demo-app', async () => {
    const start = await get('/demo-app/login');
    const header = start.headers.getSetCookie().find((cookie) => cookie.startsWith('demo_app_session='));
    expect(header).toMatch(/; Path=\/demo-app; HttpOnly; SameSite=Lax$/);
  });
});
