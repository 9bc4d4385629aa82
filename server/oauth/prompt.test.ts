import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADA,
  type CookieJar,
  cookieJar,
  createTestServer,
  DEMO_REDIRECT_URI,
  exchange,
  GRACE,
  ORIGIN,
  obtainCode,
  pkcePair,
  signInWith,
  type TestServer,
  type Tokens,
} from '../testing/harness.ts';

let server: TestServer;
let pkce: { verifier: string; challenge: string };
const NOTES_REDIRECT_URI = `${ORIGIN}/demo-notes/callback`;

beforeAll(async () => {
  server = await createTestServer();
  pkce = await pkcePair();
});
afterAll(() => server.close());

const authorize = (params: Record<string, string>, jar?: CookieJar) =>
  server.app.request(
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: 'demo-app',
      redirect_uri: DEMO_REDIRECT_URI,
      state: 'st-9',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...params,
    })}`,
    jar?.header ? { headers: { cookie: jar.header } } : {},
  );

async function target(response: Response): Promise<URL> {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', 'http://spa.invalid');
}
/** Where prompt=none answered: straight back to the app, never the SPA. */
async function backToApp(response: Response, redirectUri = DEMO_REDIRECT_URI) {
  const url = await target(response);
  expect(`${url.origin}${url.pathname}`).toBe(redirectUri);
  expect(url.searchParams.get('state')).toBe('st-9');
  return url.searchParams;
}
const toSpa = async (response: Response) => {
  const url = await target(response);
  expect(url.pathname).toBe('/');
  return url.searchParams;
};

describe('prompt=none', () => {
  it('answers login_required when no account is signed in', async () => {
    const back = await backToApp(await authorize({ prompt: 'none' }));
    expect(back.get('error')).toBe('login_required');
    expect(back.has('code')).toBe(false);
  });

  it('answers consent_required for a third-party app the user has not granted the scope', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, GRACE);
    const back = await backToApp(await authorize({ prompt: 'none' }, jar));
    expect(back.get('error')).toBe('consent_required');
  });

  it('issues a code right away once a grant covers the scope, and the code works', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    await obtainCode(server.app, jar.header, { scope: 'ReadAccounts' }); // the consent page's grant
    const back = await backToApp(await authorize({ prompt: 'none', scope: 'ReadAccounts' }, jar));
    expect(back.get('error')).toBeNull();
    const response = await exchange(server.app, back.get('code') ?? '', pkce.verifier);
    expect(((await response.json()) as Tokens).scope).toBe('ReadAccounts');
    // A wider scope than granted needs the user again.
    const wider = await backToApp(
      await authorize({ prompt: 'none', scope: 'ReadAccounts ReadCallLog' }, jar),
    );
    expect(wider.get('error')).toBe('consent_required');
  });

  it('needs no grant for a first-party app', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar, GRACE);
    const back = await backToApp(
      await authorize({ prompt: 'none', client_id: 'demo-notes', redirect_uri: NOTES_REDIRECT_URI }, jar),
      NOTES_REDIRECT_URI,
    );
    expect(back.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers account_selection_required with several accounts, unless login_hint picks one', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    await signInWith(server.app, jar, GRACE);
    const several = await backToApp(await authorize({ prompt: 'none' }, jar));
    expect(several.get('error')).toBe('account_selection_required');
    // Ada granted ReadAccounts above.
    const hint = { prompt: 'none', scope: 'ReadAccounts', login_hint: 'ADA@example.com' };
    const hinted = await backToApp(await authorize(hint, jar));
    expect(hinted.get('code')).not.toBeNull();
    const stranger = await backToApp(
      await authorize({ prompt: 'none', login_hint: 'nobody@example.com' }, jar),
    );
    expect(stranger.get('error')).toBe('login_required');
  });

  it('answers login_required when the sign-in is older than max_age', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    server.advance(120_000);
    expect((await backToApp(await authorize({ prompt: 'none', max_age: '60' }, jar))).get('error')).toBe(
      'login_required',
    );
    const fresh = await authorize({ prompt: 'none', scope: 'ReadAccounts', max_age: '3600' }, jar);
    expect((await backToApp(fresh)).get('code')).not.toBeNull();
  });
});

describe('prompt and max_age for the SPA', () => {
  it('prompt=login forces the credential page even with a session', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    expect((await toSpa(await authorize({}, jar))).has('force')).toBe(false);
    const forced = await toSpa(await authorize({ prompt: 'login' }, jar));
    expect(forced.get('force')).toBe('true');
    expect(forced.get('prompt')).toBe('login');
  });

  it('forces sign-in when the session is older than max_age, not before', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    expect((await toSpa(await authorize({ max_age: '300' }, jar))).has('force')).toBe(false);
    server.advance(301_000);
    expect((await toSpa(await authorize({ max_age: '300' }, jar))).get('force')).toBe('true');
    expect((await toSpa(await authorize({ max_age: '0' }, jar))).get('force')).toBe('true');
  });

  it('forces sign-in when login_hint names an account not signed in here', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    expect((await toSpa(await authorize({ login_hint: ADA.email }, jar))).has('force')).toBe(false);
    expect((await toSpa(await authorize({ login_hint: GRACE.email }, jar))).get('force')).toBe('true');
  });

  it('prompt=select_account and prompt=consent reach the SPA as prompt', async () => {
    const jar = cookieJar();
    await signInWith(server.app, jar);
    const select = await toSpa(await authorize({ prompt: 'select_account' }, jar));
    expect(select.get('prompt')).toBe('select_account');
    expect(select.has('force')).toBe(false);
    const consent = await toSpa(await authorize({ prompt: 'consent' }, jar));
    expect(consent.get('prompt')).toBe('consent');
  });

  it('honours hide_consent for first-party apps only, and never with prompt=consent', async () => {
    const thirdParty = await toSpa(await authorize({ ui_options: 'hide_consent hide_logo' }));
    expect(thirdParty.get('ui_options')).toBe('hide_logo');
    expect((await toSpa(await authorize({ ui_options: 'hide_consent' }))).has('ui_options')).toBe(false);
    const notes = { client_id: 'demo-notes', redirect_uri: NOTES_REDIRECT_URI };
    const firstParty = await toSpa(await authorize({ ...notes, ui_options: 'hide_consent' }));
    expect(firstParty.get('ui_options')).toBe('hide_consent');
    const asked = await toSpa(
      await authorize({ ...notes, ui_options: 'hide_consent,hide_tos', prompt: 'consent' }),
    );
    expect(asked.get('ui_options')).toBe('hide_tos');
  });

  it.each([
    [{ prompt: 'none login' }, 'prompt=none must not be combined with other prompt values'],
    [{ prompt: 'consent none' }, 'prompt=none must not be combined with other prompt values'],
    [{ max_age: '-1' }, 'max_age must be a non-negative integer (seconds)'],
    [{ max_age: '1.5' }, 'max_age must be a non-negative integer (seconds)'],
    [{ max_age: 'soon' }, 'max_age must be a non-negative integer (seconds)'],
    [{ max_age: '12345678901' }, 'max_age must be a non-negative integer (seconds)'],
  ])('refuses %j with invalid_request', async (params, description) => {
    const back = await backToApp(await authorize(params));
    expect(back.get('error')).toBe('invalid_request');
    expect(back.get('error_description')).toBe(description);
  });
});
