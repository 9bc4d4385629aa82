import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupParamsSchema } from '../../api/contract/startup.ts';
import {
  createTestServer,
  DEMO_REDIRECT_URI,
  pkcePair,
  signIn,
  type TestServer,
} from '../testing/harness.ts';
import { INVALID_REDIRECT_PAGE } from './authorize.handlers.ts';

let server: TestServer;
let challenge: string;

beforeAll(async () => {
  server = await createTestServer();
  challenge = (await pkcePair()).challenge;
});
afterAll(() => server.close());

const authorize = (params: Record<string, string>, cookie?: string) =>
  server.app.request(
    `/oauth/authorize?${new URLSearchParams(params)}`,
    cookie ? { headers: { cookie } } : {},
  );

const valid = () => ({
  response_type: 'code',
  client_id: 'demo-app',
  redirect_uri: DEMO_REDIRECT_URI,
  state: 'xyz',
  code_challenge: challenge,
  code_challenge_method: 'S256',
});

function location(response: Response): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '', 'http://spa.invalid');
}

describe('GET /oauth/authorize', () => {
  it('hands a valid request to the SPA as its start-up query, forcing the first screen without a session', async () => {
    const target = location(
      await authorize({
        ...valid(),
        scope: 'ReadAccounts',
        brand_id: '7710',
        localeId: 'en_ZZ',
        ui_options: 'hide_logo',
        display: 'touch',
        login_hint: 'ada@example.com',
      }),
    );
    expect(target.pathname).toBe('/');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      clientId: 'demo-app',
      appUrlScheme: DEMO_REDIRECT_URI,
      responseType: 'code',
      scope: 'ReadAccounts',
      state: 'xyz',
      localeId: 'en_ZZ',
      brandId: '7710',
      ui_options: 'hide_logo',
      display: 'touch',
      login_hint: 'ada@example.com',
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      force: 'true',
    });
    const parsed = startupParamsSchema.parse(Object.fromEntries(target.searchParams));
    expect(parsed).toMatchObject({ force: true, ui_options: ['hide_logo'], brandId: '7710' });
  });

  it("forwards the SPA's own start-up parameters as they came, and refuses bad ones by name", async () => {
    const extras = {
      title_bar: 'true',
      appName: 'Harbour Notes',
      loginAutomation: '1',
      appParams: 'tab=calls',
      response_hint: 'locale_id',
      discovery: '1',
    };
    const target = location(await authorize({ ...valid(), ...extras }));
    expect(Object.fromEntries(target.searchParams)).toMatchObject(extras);
    expect(startupParamsSchema.parse(Object.fromEntries(target.searchParams))).toMatchObject({
      title_bar: true,
      appName: 'Harbour Notes',
      discovery: true,
    });
    const refused = location(await authorize({ ...valid(), title_bar: 'maybe' }));
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toMatch(/^title_bar: /);
    // The launch-app page links to these, so only https addresses pass.
    const unsafe = location(await authorize({ ...valid(), targetUrl: 'javascript:alert(1)' }));
    expect(unsafe.searchParams.get('error')).toBe('invalid_request');
    expect(unsafe.searchParams.get('error_description')).toMatch(/^targetUrl: /);
  });

  it('grants all of the client scopes when none are asked for', async () => {
    expect(location(await authorize(valid())).searchParams.get('scope')).toBe('ReadAccounts ReadCallLog');
  });

  it('does not force the first screen when a session exists, unless prompt=login', async () => {
    const cookie = await signIn(server.app);
    expect(location(await authorize(valid(), cookie)).searchParams.has('force')).toBe(false);
    const forced = location(await authorize({ ...valid(), prompt: 'login consent' }, cookie));
    expect(forced.searchParams.get('force')).toBe('true');
    expect(forced.searchParams.get('prompt')).toBe('login consent');
  });

  it('forwards ui_locales and localeId for the page to choose from (ui_locales first)', async () => {
    const target = location(await authorize({ ...valid(), localeId: 'en_US', ui_locales: 'de-AT fr-FR' }));
    expect(target.searchParams.get('ui_locales')).toBe('de-AT fr-FR');
    expect(target.searchParams.get('localeId')).toBe('en_US');
  });

  it.each([
    ['an unknown client', { client_id: 'stranger' }],
    ['an unregistered redirect URI', { redirect_uri: 'https://attacker.example/cb' }],
    ['a redirect URI differing by a trailing slash', { redirect_uri: `${DEMO_REDIRECT_URI}/` }],
    ['a redirect URI differing by case', { redirect_uri: DEMO_REDIRECT_URI.toUpperCase() }],
    ['no redirect URI', { redirect_uri: undefined }],
    ['the first-party client', { client_id: 'foyer-web' }],
    ['a malformed client id', { client_id: '<script>alert(1)</script>' }],
  ])('never redirects to the app for %s: the SPA shows API_ERROR_208', async (_, override) => {
    const params: Record<string, string> = { ...valid() };
    for (const [key, value] of Object.entries(override)) {
      if (value === undefined) delete params[key];
      else params[key] = value;
    }
    const response = await authorize(params);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(INVALID_REDIRECT_PAGE);
    expect(INVALID_REDIRECT_PAGE).toBe('/?clientId=foyer-web&errorCode=API_ERROR_208');
  });

  it('does not guess between repeated redirect URIs', async () => {
    const query = `${new URLSearchParams(valid())}&redirect_uri=${encodeURIComponent('https://attacker.example/cb')}`;
    const response = await server.app.request(`/oauth/authorize?${query}`);
    expect(response.headers.get('location')).toBe(INVALID_REDIRECT_PAGE);
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type', 'response_type must be code'],
    [{ response_type: undefined }, 'invalid_request', 'response_type is required'],
    [
      { code_challenge: undefined, code_challenge_method: undefined },
      'invalid_request',
      'code_challenge is required (PKCE with S256)',
    ],
    [{ code_challenge_method: 'plain' }, 'invalid_request', 'code_challenge_method must be S256'],
    [{ code_challenge_method: undefined }, 'invalid_request', 'code_challenge_method must be S256'],
    [{ code_challenge: 'short' }, 'invalid_request', expect.stringMatching(/^code_challenge: /)],
    [{ scope: 'ReadAccounts DeleteEverything' }, 'invalid_scope', 'Unknown scope: DeleteEverything'],
    [{ brand_id: 'abc' }, 'invalid_request', 'brand_id: brandId must be digits'],
    [{ login_hint: 'overlong'.repeat(40) }, 'invalid_request', expect.stringMatching(/^login_hint: /)],
    [{ state: 'overlong'.repeat(130) }, 'invalid_request', expect.stringMatching(/^state: /)],
  ])('redirects %j back to the app with %s', async (override, error, description) => {
    const params: Record<string, string> = { ...valid() };
    for (const [key, value] of Object.entries(override)) {
      if (value === undefined) delete params[key];
      else params[key] = value;
    }
    const target = location(await authorize(params));
    expect(`${target.origin}${target.pathname}`).toBe(DEMO_REDIRECT_URI);
    expect(target.searchParams.get('error')).toBe(error);
    expect(target.searchParams.get('error_description')).toEqual(description);
    expect(target.searchParams.get('state')).toBe(params.state ?? null);
  });

  it('refuses a repeated parameter with invalid_request', async () => {
    const response = await server.app.request(
      `/oauth/authorize?${new URLSearchParams(valid())}&scope=a&scope=b`,
    );
    const target = location(response);
    expect(target.searchParams.get('error_description')).toBe('scope must not be repeated');
  });

  it('refuses a control character in a forwarded parameter before the user signs in', async () => {
    const target = location(await authorize({ ...valid(), state: 'ab\u0000c', login_hint: 'x' }));
    expect(target.origin + target.pathname).toBe(DEMO_REDIRECT_URI);
    expect(target.searchParams.get('error')).toBe('invalid_request');
    expect(target.searchParams.get('error_description')).toBe('state must not contain control characters');
    expect(target.searchParams.get('state')).toBe('ab\u0000c');
  });

  it('carries the security headers on its redirects', async () => {
    const response = await authorize(valid());
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
