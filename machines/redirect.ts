import { DEFAULT_LOCALE } from '../api/contract/locales.ts';
import type { StartupParams } from '../api/contract/startup.ts';
import { isSafeUrl } from '../api/url.ts';

export type OAuthErrorValue =
  | 'invalid_request'
  | 'unauthorized_client'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'server_error'
  | 'temporarily_unavailable'
  | 'user_cancelled';

export interface AppRedirect {
  error: OAuthErrorValue;
  description?: string;
}

export const ACCESS_DENIED_DESCRIPTION = 'The user denied access to your application';
/** Ours: the user declined a notice the sign-in needs (FedRAMP, terms of service; docs/notices.md). */
export const NOTICE_DECLINED_DESCRIPTION = 'The user did not accept the notice required to sign in';

/**
 * The error redirect back to the app (spec §4). `state` is always returned because RFC 6749 §4.1.2.1
 * requires it whenever the request carried one; invalid_request also returns appParams and, when
 * response_hint asks for it, locale_id (the locale the page showed), as the spec says. Returns undefined for a URL that must not be opened.
 */
export function buildErrorRedirect(
  params: StartupParams,
  redirect: AppRedirect,
  localeId: string = DEFAULT_LOCALE,
): string | undefined {
  if (!params.appUrlScheme || !isSafeUrl(params.appUrlScheme)) return undefined;
  let url: URL;
  try {
    url = new URL(params.appUrlScheme);
  } catch {
    return undefined;
  }
  url.searchParams.set('error', redirect.error);
  if (redirect.description) url.searchParams.set('error_description', redirect.description);
  if (params.state !== undefined) url.searchParams.set('state', params.state);
  // RFC 9207: the page is served by the authorisation server it speaks for, so its origin is the issuer.
  url.searchParams.set('iss', location.origin);
  if (redirect.error === 'invalid_request') {
    if (params.appParams !== undefined) url.searchParams.set('appParams', params.appParams);
    if (params.response_hint?.split(/[\s,]+/).includes('locale_id'))
      url.searchParams.set('locale_id', localeId);
  }
  return url.href;
}

/** A code redirect from the server is opened only if it is a safe URL. */
export const isOpenableRedirect = (url: string) => isSafeUrl(url);
