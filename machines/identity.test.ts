import { describe, expect, it } from 'vitest';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { offeredMethods } from './identity.ts';
import { identityDestination, popupOutcomeOf } from './identityProvider.ts';

const all = { ssoEnabled: true, thirdPartySSOEnabled: true, appleLoginEnabled: true, enforceSSOOnly: false };
const params = (query: Record<string, string> = {}) =>
  startupParamsSchema.parse({ clientId: 'demo-app', ...query });

describe('offered sign-in methods (spec §6)', () => {
  it.each([
    ['the brand enables all three', all, {}, { sso: true, google: true, apple: true }],
    ['hide_sso', all, { ui_options: 'hide_sso' }, { sso: false, google: true, apple: true }],
    ['hide_google_id', all, { ui_options: 'hide_google_id' }, { sso: true, google: false, apple: true }],
    ['hide_apple_id', all, { ui_options: 'hide_apple_id' }, { sso: true, google: true, apple: false }],
    [
      'all hidden',
      all,
      { ui_options: 'hide_sso hide_google_id hide_apple_id' },
      { sso: false, google: false, apple: false },
    ],
    [
      'SSO-only enforcement hides the SSO button',
      { ...all, enforceSSOOnly: true },
      {},
      { sso: false, google: true, apple: true },
    ],
    [
      'a brand without them',
      { ...all, ssoEnabled: false, thirdPartySSOEnabled: false, appleLoginEnabled: false },
      {},
      { sso: false, google: false, apple: false },
    ],
  ])('%s', (_, config, query, expected) => {
    expect(offeredMethods(config, params(query))).toEqual(expected);
  });

  it('offers nothing before the brand config is known', () => {
    expect(offeredMethods(undefined, params())).toEqual({ sso: false, google: false, apple: false });
  });
});

describe('identity destinations (spec §7)', () => {
  const search = '?clientId=demo-app&state=s1&force=true';

  it('SSO goes to the login dispatcher with the hint, mismatch refusal and the page parameters', () => {
    const { url, popup } = identityDestination('sso', search, params(), {
      loginHint: 'sso@example.com',
      rememberEmail: true,
    });
    const parsed = new URL(url, 'http://localhost');
    expect(popup).toBe(false);
    expect(parsed.pathname).toBe('/mobile/loginDispatcher');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      clientId: 'demo-app',
      state: 's1',
      force: 'true',
      selected_entrance: 'sso',
      login_hint: 'sso@example.com',
      denySSOIfEmailMismatch: '1',
      rememberEmail: '1',
    });
  });

  it('Kerberos SSO (no email) carries no hint; external_browser adds externalBrowser=true', () => {
    const { url } = identityDestination('sso', search, params({ external_browser: 'true' }));
    const parsed = new URL(url, 'http://localhost');
    expect(parsed.searchParams.get('login_hint')).toBeNull();
    expect(parsed.searchParams.get('externalBrowser')).toBe('true');
  });

  it('Google with external_popup starts at /api/sso/google/startup in a popup; Apple never does', () => {
    const google = identityDestination('google', search, params({ ui_options: 'external_popup' }));
    expect(google.popup).toBe(true);
    expect(google.url).toMatch(/^\/api\/sso\/google\/startup\?.*idType=google.*ssoPopup=true/);
    const apple = identityDestination('apple', search, params({ ui_options: 'external_popup' }));
    expect(apple.popup).toBe(false);
    expect(apple.url).toContain('selected_entrance=apple');
  });

  it('a hostile search value stays a query value, never a path or a scheme', () => {
    const { url } = identityDestination('apple', '?clientId=demo-app&x=javascript:alert(1)//', params());
    expect(url.startsWith('/mobile/loginDispatcher?')).toBe(true);
    expect(new URL(url, 'http://localhost').origin).toBe('http://localhost');
  });
});

describe('popup messages', () => {
  const origin = 'http://localhost:8080';
  it('accepts our own message from our own origin only', () => {
    expect(popupOutcomeOf({ origin, data: { type: 'foyer.identity', outcome: 'signedIn' } }, origin)).toBe(
      'signedIn',
    );
    expect(popupOutcomeOf({ origin, data: { type: 'foyer.identity', outcome: 'cancelled' } }, origin)).toBe(
      'cancelled',
    );
    expect(
      popupOutcomeOf(
        { origin: 'https://evil.example', data: { type: 'foyer.identity', outcome: 'signedIn' } },
        origin,
      ),
    ).toBeUndefined();
    expect(popupOutcomeOf({ origin, data: { type: 'other', outcome: 'signedIn' } }, origin)).toBeUndefined();
    expect(popupOutcomeOf({ origin, data: 'signedIn' }, origin)).toBeUndefined();
  });
});
