import type { BrandConfig } from '../api/contract/config.ts';
import type { StartupParams } from '../api/contract/startup.ts';

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
