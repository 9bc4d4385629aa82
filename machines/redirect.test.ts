import { describe, expect, it } from 'vitest';
import { startupParamsSchema } from '../api/contract/startup.ts';
import { ACCESS_DENIED_DESCRIPTION, buildErrorRedirect } from './redirect.ts';

const params = (extra: Record<string, string> = {}) =>
  startupParamsSchema.parse({
    clientId: 'demo-app',
    appUrlScheme: 'https://app.example/cb?keep=1',
    state: 's1',
    ...extra,
  });

describe('buildErrorRedirect (spec §4)', () => {
  it('adds error, description and state, keeping the URI’s own query', () => {
    const url = new URL(
      buildErrorRedirect(params(), { error: 'access_denied', description: ACCESS_DENIED_DESCRIPTION }) ?? '',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keep: '1',
      error: 'access_denied',
      error_description: 'The user denied access to your application',
      state: 's1',
      // RFC 9207: the page's own origin is the issuer.
      iss: location.origin,
    });
  });

  it('adds appParams and locale_id only for invalid_request, locale_id only when response_hint asks', () => {
    const hinted = params({ appParams: 'a=b', response_hint: 'locale_id', localeId: 'en_GB' });
    // The locale the page showed (effectiveLocale), which may differ from the one the address asked for.
    const invalid = new URL(
      buildErrorRedirect(hinted, { error: 'invalid_request', description: 'bad' }, 'en_GB') ?? '',
    );
    expect(invalid.searchParams.get('appParams')).toBe('a=b');
    expect(invalid.searchParams.get('locale_id')).toBe('en_GB');
    const cancelled = new URL(buildErrorRedirect(hinted, { error: 'user_cancelled' }) ?? '');
    expect(cancelled.searchParams.has('appParams')).toBe(false);
    expect(cancelled.searchParams.has('error_description')).toBe(false);
    const unhinted = new URL(
      buildErrorRedirect(params({ appParams: 'a=b' }), { error: 'invalid_request' }) ?? '',
    );
    expect(unhinted.searchParams.has('locale_id')).toBe(false);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'not a url'])(
    'refuses to build a redirect to %j',
    (appUrlScheme) => {
      expect(buildErrorRedirect(params({ appUrlScheme }), { error: 'user_cancelled' })).toBeUndefined();
    },
  );
});
