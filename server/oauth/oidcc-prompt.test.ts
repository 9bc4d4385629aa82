import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADA,
  cookieJar,
  createTestServer,
  DEMO_REDIRECT_URI,
  GRACE,
  ORIGIN,
  signInWith,
  type TestServer,
} from '../testing/harness.ts';
import { relyingParty } from '../testing/oidc-rp.ts';

// The Basic OP plan's modules about who is signed in (prompt, max_age, hints, locales), each named after
// its module. Where the plan expects the person to see a sign-in page, the SPA's start-up query says so
// (force=true); the relying party then signs in as the page would.

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
beforeAll(async () => {
  server = await createTestServer();
  rp = relyingParty(server);
}, 30_000);
afterAll(() => server.close());

/** Where /oauth/authorize sent the browser, as a URL. */
const target = (response: Response) => new URL(response.headers.get('location') ?? '', ORIGIN);
const toApp = (url: URL) => `${url.origin}${url.pathname}` === DEMO_REDIRECT_URI;

describe('OpenID Connect Basic OP: prompt, max_age and hints', () => {
  it('oidcc-prompt-login: prompt=login shows the sign-in page, and the new sign-in has a new auth_time', async () => {
    const jar = cookieJar();
    const first = await rp.signIn(jar);
    server.advance(2_000);
    const { values } = await rp.request({ prompt: 'login' });
    const page = target(await rp.authorize(jar, values));
    expect(page.pathname).toBe('/');
    expect(page.searchParams.get('force')).toBe('true');
    const second = await rp.signIn(jar, { prompt: 'login' });
    expect(Number(second.claims.auth_time)).toBeGreaterThan(Number(first.claims.auth_time));
    expect(second.claims.sub).toBe(first.claims.sub);
  });

  it('oidcc-prompt-none-not-logged-in: login_required to the redirect URI, with state and iss', async () => {
    const { values } = await rp.request({ prompt: 'none' });
    const back = target(await rp.authorize(cookieJar(), values));
    expect(toApp(back)).toBe(true);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'login_required',
      state: values.state,
      iss: ORIGIN,
    });
  });

  it('oidcc-prompt-none-logged-in: a code straight back, and the ID token keeps the first auth_time', async () => {
    const jar = cookieJar();
    const first = await rp.signIn(jar);
    server.advance(2_000);
    const silent = await rp.signIn(jar, { prompt: 'none' });
    expect(silent.claims.auth_time).toBe(first.claims.auth_time);
    expect(silent.claims.sid).toBe(first.claims.sid);
  });

  it('oidcc-prompt-none-logged-in: several accounts answer account_selection_required', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, ADA);
    await signInWith(server.app, jar, GRACE);
    const { values } = await rp.request({ prompt: 'none' });
    expect(target(await rp.authorize(jar, values)).searchParams.get('error')).toBe(
      'account_selection_required',
    );
  });

  it('oidcc-max-age-1: a sign-in older than max_age=1 is asked again, and auth_time is new', async () => {
    const jar = cookieJar();
    const first = await rp.signIn(jar);
    server.advance(2_000);
    const { values } = await rp.request({ max_age: '1' });
    expect(target(await rp.authorize(jar, values)).searchParams.get('force')).toBe('true');
    const again = await rp.signIn(jar, { max_age: '1' }, { maxAge: 1 });
    expect(Number(again.claims.auth_time)).toBeGreaterThan(Number(first.claims.auth_time));
  });

  it('oidcc-max-age-10000: a recent sign-in is kept; auth_time is stated and unchanged', async () => {
    const jar = cookieJar();
    const first = await rp.signIn(jar);
    const again = await rp.signIn(jar, { max_age: '10000' }, { maxAge: 10_000 });
    expect(again.claims.auth_time).toBe(first.claims.auth_time);
  });

  it('max_age=0 asks for a new sign-in even a moment after one (as prompt=login)', async () => {
    const jar = cookieJar();
    await rp.signIn(jar);
    const { values } = await rp.request({ max_age: '0' });
    expect(target(await rp.authorize(jar, values)).searchParams.get('force')).toBe('true');
    const none = await rp.request({ max_age: '0', prompt: 'none' });
    expect(target(await rp.authorize(jar, none.values)).searchParams.get('error')).toBe('login_required');
  });

  it('oidcc-id-token-hint: an ID token (even expired) signs its person in silently; someone else’s session is login_required', async () => {
    const jar = cookieJar();
    const first = await rp.signIn(jar);
    server.advance(2 * 3600_000);
    await signInWith(server.app, jar, ADA); // the two-hour idle expiry passed: a new sign-in, same person
    const hinted = await rp.signIn(jar, { prompt: 'none', id_token_hint: first.tokens.id_token ?? '' });
    expect(hinted.claims.sub).toBe(first.claims.sub);

    const grace = cookieJar();
    await signInWith(server.app, grace, GRACE);
    const { values } = await rp.request({ prompt: 'none', id_token_hint: first.tokens.id_token ?? '' });
    expect(target(await rp.authorize(grace, values)).searchParams.get('error')).toBe('login_required');

    const forged = await rp.request({ id_token_hint: `${first.tokens.id_token ?? ''}x` });
    const refused = target(await rp.authorize(jar, forged.values));
    expect(toApp(refused)).toBe(true);
    expect(refused.searchParams.get('error')).toBe('invalid_request');
  });

  it('oidcc-login-hint: login_hint reaches the sign-in page', async () => {
    const { values } = await rp.request({ login_hint: ADA.email });
    const page = target(await rp.authorize(cookieJar(), values));
    expect(page.pathname).toBe('/');
    expect(page.searchParams.get('login_hint')).toBe(ADA.email);
  });

  it('oidcc-ui-locales: ui_locales reaches the page; claims_locales, acr_values, display and unknown parameters are accepted', async () => {
    const { values } = await rp.request({
      ui_locales: 'de-DE fr',
      claims_locales: 'de',
      acr_values: 'urn:foyer:acr:2',
      display: 'page',
      foyer_unknown: 'ignored',
    });
    const page = target(await rp.authorize(cookieJar(), values));
    expect(page.pathname).toBe('/');
    expect(page.searchParams.get('ui_locales')).toBe('de-DE fr');
    expect(page.searchParams.get('nonce')).toBe(values.nonce);
    expect(page.searchParams.has('foyer_unknown')).toBe(false);
  });

  it('request objects are refused by their own error codes', async () => {
    for (const [name, error] of [
      ['request', 'request_not_supported'],
      ['request_uri', 'request_uri_not_supported'],
    ] as const) {
      const { values } = await rp.request({ [name]: 'eyJhbGciOiJub25lIn0.e30.' });
      const back = target(await rp.authorize(cookieJar(), values));
      expect(toApp(back)).toBe(true);
      expect(back.searchParams.get('error')).toBe(error);
    }
  });
});
