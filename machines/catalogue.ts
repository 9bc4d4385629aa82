/**
 * Spec §8, first half: every backend status code the platform answers with, named by the UI error
 * it becomes. Messages for these names live in catalogueMessages.ts, so a code is mapped once and
 * worded per scenario there.
 */

/** UI error names: the spec's backend names plus the UI-side ones (validation, transport, SSO). */
export type UiError =
  | 'INTERNAL'
  | 'LOGIN_FAILED'
  | 'EMAIL_LOGIN_FAILED'
  | 'NO_PERMISSION'
  | 'INVALID_REDIRECT_URI'
  | 'ACCOUNT_ACCESS_RESTRICTION'
  | 'GEO_IP_ACCESS_RESTRICTION'
  | 'APPLICATION_ACCESS_RESTRICTION'
  | 'INVALID_SESSION_TOKEN'
  | 'SESSION_DATA_NOT_FOUND'
  | 'BRAND_NOT_FOUND'
  | 'CREDENTIAL_NOT_FOUND'
  | 'TWO_FACTOR_REQUIRED'
  | 'IOVATION_BLACKLISTED'
  | 'IOVATION_ERROR'
  | 'INCORRECT_CODE'
  | 'CONSENT'
  | 'INVALID_CODE_ERROR'
  | 'CODE_VERIFICATION_LIMIT'
  | 'MFA_CODE_FORBIDDEN'
  | 'LOGIN_FAILED_SSO_CREDENTIAL_ENABLED'
  | 'LOGIN_FAILED_SSO_CREDENTIAL_DISABLED'
  | 'LOGIN_FAILED_THIRD_PARTY_SSO_ENABLED'
  | 'NUMERIC_PASSWORD_EXPIRED'
  | 'PHONE_NUMBER_ERROR'
  | 'ACCOUNT_ERROR'
  | 'ACCOUNT_MIGRATED'
  | 'IVN_LOGIN_DENIED'
  | 'USER_NOT_CONFIRMED'
  | 'ACCOUNT_DISABLED'
  | 'ACCOUNT_SUSPENDED'
  | 'ACCOUNT_TRIAL_EXPIRED'
  | 'USER_NOT_ACTIVED'
  | 'EXTENSION_DISABLED'
  | 'EXTENSION_FROZEN'
  | 'ACCOUNT_LOCKED'
  | 'PASSWORD_ERROR'
  | 'NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED'
  | 'IVR_PIN_ERROR'
  | 'RESET_PASSWORD_LINK_INVALID'
  | 'INCORRECT_PASSWORD'
  | 'EXPRESS_LINK_INVALID'
  | 'SENDEMAIL_FREQUENTLY'
  | 'REQUEST_FREQUENTLY'
  | 'SSO_DISABLE'
  | 'ENFORCED_SSO_LOGIN_ONLY'
  | 'GLIP_MAIN_ACCOUNT_MISMATCH'
  | 'DUPLICATED_EMAIL'
  | 'PARTNER_INVALID_REQUEST'
  | 'PARTNER_NOT_AUTHORIZED'
  | 'PARTNER_SESSION_EXPIRED'
  | 'FEDRAMP_NOTICE_REQUIRED'
  | 'RCM_SUNSET_NOTIFICATION'
  | 'NETWORK'
  | 'BAD_REPLY'
  | 'SSO_ACCESS_DENIED'
  | 'APPLE_HIDDEN_EMAIL'
  | 'APPLE_EMPTY_EMAIL'
  | 'SSO_AUTH_ERROR'
  | 'IDP_MISMATCH'
  /** The identity provider's request expired before the person finished (docs/notices.md "SSO notices"). */
  | 'SSO_REQUEST_EXPIRED'
  /** Passkeys (docs/passkeys.md): the server's refusals (750–755) and the browser's own. */
  | 'PASSKEY_NOT_VERIFIED'
  | 'PASSKEY_UNKNOWN'
  | 'PASSKEY_EXPIRED'
  | 'PASSKEY_CLONED'
  | 'PASSKEY_REENROLMENT'
  | 'PASSKEYS_NOT_ALLOWED'
  | 'PASSKEY_CANCELLED'
  | 'PASSKEY_EXISTS'
  | 'PASSKEY_UNAVAILABLE';

/**
 * Backend code → UI error (spec §8). 105 is an internal error except for partners (see
 * partnerCodes); 212, 224 and 720 are answered by pages of their own on the code request, and here
 * only name what they are for the screens that meet them elsewhere.
 */
export const uiErrorOfBackendCode: Readonly<Record<number, UiError>> = {
  5: 'INTERNAL',
  26: 'INTERNAL',
  101: 'INTERNAL',
  103: 'INTERNAL',
  105: 'INTERNAL',
  109: 'INTERNAL',
  204: 'INTERNAL',
  410: 'INTERNAL',
  701: 'INTERNAL',
  702: 'INTERNAL',
  703: 'INTERNAL',
  704: 'INTERNAL',
  108: 'LOGIN_FAILED',
  305: 'LOGIN_FAILED',
  206: 'NO_PERMISSION',
  208: 'INVALID_REDIRECT_URI',
  212: 'RCM_SUNSET_NOTIFICATION',
  213: 'ACCOUNT_ACCESS_RESTRICTION',
  214: 'GEO_IP_ACCESS_RESTRICTION',
  215: 'APPLICATION_ACCESS_RESTRICTION',
  221: 'INVALID_SESSION_TOKEN',
  222: 'INVALID_SESSION_TOKEN',
  227: 'INVALID_SESSION_TOKEN',
  223: 'SESSION_DATA_NOT_FOUND',
  224: 'TWO_FACTOR_REQUIRED',
  301: 'BRAND_NOT_FOUND',
  304: 'CREDENTIAL_NOT_FOUND',
  306: 'TWO_FACTOR_REQUIRED',
  307: 'IOVATION_BLACKLISTED',
  325: 'IOVATION_ERROR',
  310: 'INCORRECT_CODE',
  311: 'INCORRECT_CODE',
  315: 'INCORRECT_CODE',
  314: 'CONSENT',
  324: 'INVALID_CODE_ERROR',
  326: 'CODE_VERIFICATION_LIMIT',
  328: 'MFA_CODE_FORBIDDEN',
  316: 'LOGIN_FAILED_SSO_CREDENTIAL_ENABLED',
  317: 'LOGIN_FAILED_SSO_CREDENTIAL_DISABLED',
  318: 'LOGIN_FAILED_THIRD_PARTY_SSO_ENABLED',
  319: 'NUMERIC_PASSWORD_EXPIRED',
  321: 'PHONE_NUMBER_ERROR',
  351: 'ACCOUNT_ERROR',
  352: 'ACCOUNT_ERROR',
  353: 'ACCOUNT_ERROR',
  // Our reading of "355 receives special handling": an account moved to another platform.
  355: 'ACCOUNT_MIGRATED',
  354: 'IVN_LOGIN_DENIED',
  361: 'USER_NOT_CONFIRMED',
  362: 'ACCOUNT_DISABLED',
  363: 'ACCOUNT_SUSPENDED',
  364: 'ACCOUNT_TRIAL_EXPIRED',
  371: 'USER_NOT_ACTIVED',
  372: 'EXTENSION_DISABLED',
  373: 'EXTENSION_FROZEN',
  374: 'ACCOUNT_LOCKED',
  603: 'ACCOUNT_LOCKED',
  402: 'PASSWORD_ERROR',
  403: 'NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED',
  404: 'IVR_PIN_ERROR',
  405: 'RESET_PASSWORD_LINK_INVALID',
  407: 'INCORRECT_PASSWORD',
  411: 'EXPRESS_LINK_INVALID',
  413: 'SENDEMAIL_FREQUENTLY',
  429: 'REQUEST_FREQUENTLY',
  501: 'SSO_DISABLE',
  502: 'SSO_DISABLE',
  508: 'ENFORCED_SSO_LOGIN_ONLY',
  602: 'EMAIL_LOGIN_FAILED',
  604: 'EMAIL_LOGIN_FAILED',
  605: 'GLIP_MAIN_ACCOUNT_MISMATCH',
  714: 'DUPLICATED_EMAIL',
  720: 'FEDRAMP_NOTICE_REQUIRED',
  750: 'PASSKEY_NOT_VERIFIED',
  751: 'PASSKEY_UNKNOWN',
  752: 'PASSKEY_EXPIRED',
  753: 'PASSKEY_CLONED',
  754: 'PASSKEY_REENROLMENT',
  755: 'PASSKEYS_NOT_ALLOWED',
};

/** Spec §8 "partner errors 102, 104 and 105": in the PARTNER scenario these win over the table above. */
export const partnerCodes: Readonly<Record<number, UiError>> = {
  102: 'PARTNER_INVALID_REQUEST',
  104: 'PARTNER_NOT_AUTHORIZED',
  105: 'PARTNER_SESSION_EXPIRED',
};

/** Transport failures (api/client.ts), which carry no backend code. HTTP 429 arrives as API_ERROR_429. */
export const uiErrorOfTransportCode: Readonly<Record<string, UiError>> = {
  UI_ERROR_NETWORK: 'NETWORK',
  UI_ERROR_BAD_REPLY: 'BAD_REPLY',
  UI_ERROR_PASSKEY_CANCELLED: 'PASSKEY_CANCELLED',
  UI_ERROR_PASSKEY_EXISTS: 'PASSKEY_EXISTS',
  UI_ERROR_PASSKEY_UNAVAILABLE: 'PASSKEY_UNAVAILABLE',
};

const loggedUnknownCodes = new Set<string>();

/** Spec §8: a code with no entry is logged (once per page, so a retry loop does not flood the console). */
export function noteUnknownCode(code: string): void {
  if (loggedUnknownCodes.has(code)) return;
  loggedUnknownCodes.add(code);
  console.warn(`Foyer: no message for ${code}`);
}
