import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoAvailabilityReply } from '../../api/contract/signInReplies.ts';
import {
  ADA,
  cookieFrom,
  createTestServer,
  DEMO_REDIRECT_URI,
  expectFailure,
  getJson,
  obtainCode,
  type TestServer,
} from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const SSO_USER = { email: 'sso@example.com', password: 'Violet-Harbor-47' };
const page = {
  clientId: 'demo-app',
  appUrlScheme: DEMO_REDIRECT_URI,
  state: 'st-1',
  force: 'true',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  codeChallengeMethod: 'S256',
};

/** Starts a flow at `path` and returns what the provider's form needs: its request token and nonce cookie. */
async function start(path: string, query: Record<string, string>) {
  const response = await server.app.request(`${path}?${new URLSearchParams({ ...page, ...query })}`);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '', 'http://localhost:8080');
  expect(location.pathname).toBe('/idp/sign-in');
  return { request: location.searchParams.get('request') ?? '', nonce: cookieFrom(response, 'foyer_idp') };
}

function submit(flow: { request: string; nonce: string | undefined }, form: Record<string, string>) {
  return server.app.request('/idp/sign-in', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(flow.nonce ? { cookie: flow.nonce } : {}),
    },
    body: new URLSearchParams({ request: flow.request, ...form }).toString(),
  });
}

describe('GET /api/sso/availability', () => {
  it('is true for an account set up for single sign-on, false for others and for unknown emails', async () => {
    const available = async (email: string) => {
      const response = await getJson(server.app, '/api/sso/availability', { clientId: 'demo-app', email });
      return ssoAvailabilityReply.parse(await response.json()).data.ssoAvailable;
    };
    expect(await available('sso@example.com')).toBe(true);
    expect(await available('ssoonly@example.com')).toBe(true);
    expect(await available(ADA.email)).toBe(false);
    expect(await available('nobody@example.com')).toBe(false);
  });

  it('refuses a value that is not an email with 400', async () => {
    const status = await expectFailure(
      await getJson(server.app, '/api/sso/availability', { clientId: 'demo-app', email: '<script>' }),
      400,
    );
    expect(status).toMatchObject({ code: 400 });
  });
});

describe('the reference identity provider', () => {
  it('signs in an SSO account and returns to the SPA with its parameters, without force', async () => {
    const flow = await start('/mobile/loginDispatcher', {
      selected_entrance: 'sso',
      login_hint: SSO_USER.email,
      denySSOIfEmailMismatch: '1',
    });
    const form = await server.app.request(`/idp/sign-in?request=${flow.request}`);
    const html = await form.text();
    expect(html).toContain('Sign in with your company&#39;s identity provider');
    expect(html).toContain(`value="${SSO_USER.email}"`);

    const response = await submit(flow, {
      action: 'signIn',
      email: SSO_USER.email,
      password: SSO_USER.password,
    });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '', 'http://localhost:8080');
    expect(back.pathname).toBe('/');
    expect(back.searchParams.get('force')).toBeNull();
    expect(back.searchParams.get('selected_entrance')).toBeNull();
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('codeChallenge')).toBe(page.codeChallenge);
    // The session works like one from the password route: the code request succeeds with it.
    const session = cookieFrom(response, 'foyer_session');
    const { code } = await obtainCode(server.app, session);
    expect(code).toMatch(/.{20,}/);
  });

  it('Google and Apple sign in accounts in good standing; a popup flow ends on the page that tells its opener', async () => {
    const google = await start('/api/sso/google/startup', { idType: 'google', ssoPopup: 'true' });
    const response = await submit(google, { action: 'signIn', email: ADA.email, password: ADA.password });
    expect(response.headers.get('location')).toBe('/idp/done?outcome=signedIn');
    const done = await (await server.app.request('/idp/done?outcome=signedIn')).text();
    expect(done).toContain('data-outcome="signedIn"');
    expect(done).toContain('src="/idp/popup-done.js"');

    const apple = await start('/mobile/loginDispatcher', { selected_entrance: 'apple' });
    const signedIn = await submit(apple, { action: 'signIn', email: ADA.email, password: ADA.password });
    expect(signedIn.headers.get('location')).toMatch(/^\/\?/);
  });

  it('cancel returns to the credential page of the same sign-in', async () => {
    const flow = await start('/mobile/loginDispatcher', { selected_entrance: 'apple' });
    const response = await submit(flow, { action: 'cancel' });
    const back = new URL(response.headers.get('location') ?? '', 'http://localhost:8080');
    expect(back.searchParams.get('force')).toBe('true');
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('foyer_session='))).toBe(false);
  });

  it('opens a remembered session for rememberEmail=1 (persistent cookie), else a browser-session one', async () => {
    const remembered = await start('/mobile/loginDispatcher', {
      selected_entrance: 'apple',
      rememberEmail: '1',
    });
    const response = await submit(remembered, { action: 'signIn', email: ADA.email, password: ADA.password });
    const persistent = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('foyer_persistent='));
    expect(persistent).toMatch(/; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);

    const plain = await start('/mobile/loginDispatcher', { selected_entrance: 'apple' });
    const signedIn = await submit(plain, { action: 'signIn', email: ADA.email, password: ADA.password });
    const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('foyer_session='));
    expect(session).toMatch(/^foyer_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('refuses a wrong password, a non-SSO account at SSO, an SSO-only account at Google, and another identity than the hint', async () => {
    const cases: [Record<string, string>, Record<string, string>, string][] = [
      [{ selected_entrance: 'sso' }, { email: SSO_USER.email, password: 'wrong-password-1' }, 'do not match'],
      [
        { selected_entrance: 'sso' },
        { email: ADA.email, password: ADA.password },
        'does not use single sign-on',
      ],
      [
        { selected_entrance: 'google' },
        { email: 'ssoonly@example.com', password: SSO_USER.password },
        'single sign-on only',
      ],
      [
        { selected_entrance: 'sso', login_hint: SSO_USER.email, denySSOIfEmailMismatch: '1' },
        { email: 'ssoonly@example.com', password: SSO_USER.password },
        'another account than sso@example.com',
      ],
    ];
    for (const [dispatcher, form, text] of cases) {
      const flow = await start('/mobile/loginDispatcher', dispatcher);
      const response = await submit(flow, { action: 'signIn', ...form });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const html = await response.text();
      expect(html).toContain(text);
      expect(html).toContain('role="alert"');
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('foyer_session='))).toBe(
        false,
      );
    }
  });

  it('refuses a post without the nonce cookie (another site), a forged token and bad dispatcher input', async () => {
    const flow = await start('/mobile/loginDispatcher', { selected_entrance: 'sso' });
    const crossSite = await submit({ ...flow, nonce: undefined }, { action: 'signIn', ...SSO_USER });
    expect(crossSite.status).toBe(400);
    const forged = await submit(
      { ...flow, request: `${flow.request.slice(0, -4)}AAAA` },
      { action: 'cancel' },
    );
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('expired or is not valid');

    for (const query of [
      { selected_entrance: 'facebook' },
      { selected_entrance: 'sso', login_hint: 'javascript:alert(1)' },
      { selected_entrance: 'sso', clientId: 'stranger' },
      { selected_entrance: 'sso', appUrlScheme: 'javascript:alert(1)' },
    ]) {
      const response = await server.app.request(
        `/mobile/loginDispatcher?${new URLSearchParams({ ...page, ...query })}`,
      );
      expect(response.status, JSON.stringify(query)).toBe(400);
      const html = await response.text();
      expect(html).not.toContain('<script>');
      expect(html).toContain('role="alert"');
    }
  });

  it('the expired-request page and the form escape what they show', async () => {
    const flow = await start('/mobile/loginDispatcher', { selected_entrance: 'sso' });
    const response = await submit(flow, { action: 'signIn', email: '<b>x</b>@example.com', password: 'x' });
    const html = await response.text();
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
  });
});
