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
const OPTIONS_USER = { email: 'options@example.com', password: 'Violet-Harbor-47' };
const returned = (response: Response) =>
  new URL(response.headers.get('location') ?? '', 'http://localhost:8080');
const hasSession = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => cookie.startsWith('foyer_session='));
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
  it('is true for an account set up for single sign-on (also besides a password), false for others and for unknown emails', async () => {
    const available = async (email: string) => {
      const response = await getJson(server.app, '/api/sso/availability', { clientId: 'demo-app', email });
      return ssoAvailabilityReply.parse(await response.json()).data.ssoAvailable;
    };
    expect(await available('sso@example.com')).toBe(true);
    expect(await available('ssoonly@example.com')).toBe(true);
    expect(await available(OPTIONS_USER.email)).toBe(true);
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

  it('keeps a wrong password on its own page, where the person can try again', async () => {
    const flow = await start('/mobile/loginDispatcher', {
      selected_entrance: 'sso',
      login_hint: SSO_USER.email,
      denySSOIfEmailMismatch: '1',
    });
    // Another identity than the hint with a wrong password: the provider has not identified anyone yet.
    for (const email of [SSO_USER.email, 'ssoonly@example.com']) {
      const response = await submit(flow, { action: 'signIn', email, password: 'wrong-password-1' });
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain('do not match');
      expect(html).toContain('role="alert"');
      expect(hasSession(response)).toBe(false);
    }
  });

  it('returns a refusal to the SPA notice of its entrance, with the page parameters and no session', async () => {
    const cases: [Record<string, string>, Record<string, string>, string][] = [
      // Not set up for single sign-on (spec §8 SSO_DISABLE 501).
      [
        { selected_entrance: 'sso' },
        { email: ADA.email, password: ADA.password },
        '/notification/sso/API_ERROR_501',
      ],
      // Brand 7310 has single sign-on turned off (502).
      [
        { selected_entrance: 'sso' },
        { email: 'mfa7310@example.com', password: SSO_USER.password },
        '/notification/sso/API_ERROR_502',
      ],
      // The company enforces single sign-on (508).
      [
        { selected_entrance: 'google' },
        { email: 'ssoonly@example.com', password: SSO_USER.password },
        '/notification/google/API_ERROR_508',
      ],
      // An account state refuses any sign-in, as on the password route (363).
      [
        { selected_entrance: 'apple' },
        { email: 'suspended@example.com', password: SSO_USER.password },
        '/notification/apple/API_ERROR_363',
      ],
      // Apple hands over a relay address, which matches no account.
      [
        { selected_entrance: 'apple' },
        { email: ADA.email, password: ADA.password, appleEmail: 'hide' },
        '/notification/apple/APPLE_HIDDEN_EMAIL',
      ],
      // "Don't allow" at Google: no password needed.
      [{ selected_entrance: 'google' }, {}, '/notification/google/SSO_ACCESS_DENIED'],
    ];
    for (const [dispatcher, form, route] of cases) {
      const flow = await start('/mobile/loginDispatcher', dispatcher);
      const action = 'email' in form ? 'signIn' : 'deny';
      const response = await submit(flow, { action, ...form });
      expect(response.status, route).toBe(302);
      const back = returned(response);
      expect(back.hash).toBe(`#${route}`);
      expect(back.pathname).toBe('/');
      expect(back.searchParams.get('state')).toBe('st-1');
      expect(back.searchParams.get('force')).toBeNull();
      expect(hasSession(response)).toBe(false);
    }
  });

  it('returns another identity than the hint to the mismatch page, naming that identity', async () => {
    const flow = await start('/mobile/loginDispatcher', {
      selected_entrance: 'sso',
      login_hint: SSO_USER.email,
      denySSOIfEmailMismatch: '1',
    });
    const response = await submit(flow, {
      action: 'signIn',
      email: 'SSOonly@example.com',
      password: SSO_USER.password,
    });
    expect(response.status).toBe(302);
    const back = returned(response);
    expect(back.hash).toBe('#/error/sso/SSO_EMAIL_MISMATCH/ssoonly%40example.com');
    // The email the user started with travels back as the page's login_hint, for Try again.
    expect(back.searchParams.get('login_hint')).toBe(SSO_USER.email);
    expect(hasSession(response)).toBe(false);
  });

  it('signs in an account that may use single sign-on besides its password', async () => {
    const flow = await start('/mobile/loginDispatcher', {
      selected_entrance: 'sso',
      login_hint: OPTIONS_USER.email,
      denySSOIfEmailMismatch: '1',
    });
    const response = await submit(flow, { action: 'signIn', ...OPTIONS_USER });
    expect(returned(response).hash).toBe('');
    expect(hasSession(response)).toBe(true);
  });

  it('only Google and Apple have "Don\'t allow"', async () => {
    const html = async (entrance: string) => {
      const flow = await start('/mobile/loginDispatcher', { selected_entrance: entrance });
      return (await server.app.request(`/idp/sign-in?request=${flow.request}`)).text();
    };
    expect(await html('google')).toContain('value="deny"');
    expect(await html('apple')).toContain('name="appleEmail"');
    const sso = await html('sso');
    expect(sso).not.toContain('value="deny"');
    expect(sso).not.toContain('appleEmail');
    const flow = await start('/mobile/loginDispatcher', { selected_entrance: 'sso' });
    expect((await submit(flow, { action: 'deny' })).status).toBe(400);
  });

  it('a popup failure ends on a page that sends the opener to the notice', async () => {
    const google = await start('/api/sso/google/startup', { idType: 'google', ssoPopup: 'true' });
    const response = await submit(google, { action: 'deny' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-outcome="failed"');
    expect(html).toMatch(/data-return="\/\?[^"]*#\/notification\/google\/SSO_ACCESS_DENIED"/);
    expect(html).toContain('src="/idp/popup-done.js"');
  });

  it('an expired request returns to the notice of its entrance; long expired or forged, it stays here', async () => {
    const clock = await createTestServer();
    try {
      const begin = async () => {
        const response = await clock.app.request(
          `/mobile/loginDispatcher?${new URLSearchParams({ ...page, selected_entrance: 'apple' })}`,
        );
        const location = new URL(response.headers.get('location') ?? '', 'http://localhost:8080');
        return {
          request: location.searchParams.get('request') ?? '',
          nonce: cookieFrom(response, 'foyer_idp'),
        };
      };
      const post = (flow: { request: string; nonce: string | undefined }) =>
        clock.app.request('/idp/sign-in', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: flow.nonce ?? '' },
          body: new URLSearchParams({ request: flow.request, action: 'signIn', ...ADA }).toString(),
        });
      const flow = await begin();
      clock.advance(11 * 60 * 1000);
      const late = await post(flow);
      expect(returned(late).hash).toBe('#/notification/apple');
      expect(hasSession(late)).toBe(false);
      const reloaded = await clock.app.request(`/idp/sign-in?request=${flow.request}`);
      expect(returned(reloaded).hash).toBe('#/notification/apple');
      clock.advance(25 * 60 * 60 * 1000);
      expect((await post(flow)).status).toBe(400);
    } finally {
      await clock.close();
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
