import type { BrandConfig } from '../api/contract/config.ts';
import type { IdentityEntrance, IdentityPopupOutcome } from '../api/contract/identity.ts';
import { identityPopupMessage } from '../api/contract/identity.ts';
import type { StartupParams } from '../api/contract/startup.ts';

/** Spec §2: the Google popup's size. */
export const GOOGLE_POPUP = { width: 900, height: 700 } as const;

export interface OfferedMethods {
  sso: boolean;
  google: boolean;
  apple: boolean;
}

/**
 * Spec §6: which alternative sign-in methods the credential page offers. Each needs the brand to
 * enable it and no ui_options token hiding it; under SSO-only enforcement the SSO button goes too,
 * since every email then goes to single sign-on anyway.
 */
export function offeredMethods(
  config:
    | Pick<BrandConfig, 'ssoEnabled' | 'thirdPartySSOEnabled' | 'appleLoginEnabled' | 'enforceSSOOnly'>
    | undefined,
  params: Pick<StartupParams, 'ui_options'> | undefined,
): OfferedMethods {
  const hidden = (token: 'hide_sso' | 'hide_google_id' | 'hide_apple_id') =>
    params?.ui_options.includes(token) ?? false;
  return {
    sso: config?.ssoEnabled === true && config.enforceSSOOnly !== true && !hidden('hide_sso'),
    google: config?.thirdPartySSOEnabled === true && !hidden('hide_google_id'),
    apple: config?.appleLoginEnabled === true && !hidden('hide_apple_id'),
  };
}

export interface IdentityDestination {
  /** Same-origin address of the server's start of the flow. */
  url: string;
  /** Spec §2 external_popup: Google opens in a popup of 900 by 700 pixels instead of this page. */
  popup: boolean;
}

/**
 * Spec §7: where an entrance starts. Navigations go to /mobile/loginDispatcher with
 * selected_entrance and the page's own parameters; SSO adds login_hint and denySSOIfEmailMismatch=1
 * (and rememberEmail=1 when asked), external_browser adds externalBrowser=true for a native host to
 * open it in the system browser; Google in a popup starts at /api/sso/google/startup.
 */
export function identityDestination(
  entrance: IdentityEntrance,
  search: string,
  params: Pick<StartupParams, 'ui_options' | 'external_browser'>,
  options: { loginHint?: string | undefined; rememberEmail?: boolean } = {},
): IdentityDestination {
  const query = new URLSearchParams(search);
  const popup = entrance === 'google' && params.ui_options.includes('external_popup');
  if (popup) {
    query.set('idType', 'google');
    query.set('ssoPopup', 'true');
    return { url: `/api/sso/google/startup?${query}`, popup };
  }
  query.set('selected_entrance', entrance);
  if (entrance === 'sso' && options.loginHint) {
    query.set('login_hint', options.loginHint);
    query.set('denySSOIfEmailMismatch', '1');
  }
  if (options.rememberEmail) query.set('rememberEmail', '1');
  if (params.external_browser) query.set('externalBrowser', 'true');
  return { url: `/mobile/loginDispatcher?${query}`, popup };
}

/** The outcome a message from the popup reports, if it is one of ours from our own origin. */
export function popupOutcomeOf(
  message: { origin: string; data: unknown },
  origin: string,
): IdentityPopupOutcome | undefined {
  if (message.origin !== origin) return undefined;
  return identityPopupMessage.safeParse(message.data).data?.outcome;
}
