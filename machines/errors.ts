import type { Credential, CredentialError } from '../api/credential.ts';
import type { ApiError } from '../api/errors.ts';
import type { MessageId } from '../i18n/messages.ts';

/**
 * The error catalogue as data (spec §4, §8): which backend codes become a message on the current
 * screen, which become a page of their own, and where a failed code request goes. Guards read these
 * tables; views only ever see message ids.
 */
/** Error messages are the `errors.*` ids of the English catalogue, so a missing text fails type-checking. */
export type ErrorMessageId = Extract<MessageId, `errors.${string}`>;

export interface UiMessage {
  id: ErrorMessageId;
  values?: Record<string, string>;
}

export const credentialErrorMessages: Record<CredentialError, ErrorMessageId> = {
  UI_ERROR_EMPTY_CREDENTIAL: 'errors.emptyCredential',
  UI_ERROR_INVALID_PHONE: 'errors.invalidPhone',
  UI_ERROR_INVALID_EXT: 'errors.invalidExt',
  UI_ERROR_EMAIL_NOT_FOUND: 'errors.emailNotFound',
  UI_ERROR_CREDENTIAL_NOT_FOUND: 'errors.credentialNotFound',
};

/** Codes that replace the screen with a standalone error page (spec §8). */
const standalonePageCodes = new Set([5, 26, 204, 213, 214, 215, 405]);

/** A sign-in failure: a message on the current screen, in the toast bar, or a page of its own. */
export type SignInFailure =
  | { kind: 'field'; message: UiMessage }
  | { kind: 'toast'; message: UiMessage }
  | { kind: 'page'; code: string };

const isAdmin = (error: ApiError) => error.errorParameters.admin === 'true';

/**
 * Account and extension states (spec §4, §8). Admins get their own trial-expired and suspended
 * texts that send them to support; `supportPhone` is filled in by the view from the brand.
 */
const accountStateMessages: Readonly<Record<number, (error: ApiError) => UiMessage>> = {
  361: () => ({ id: 'errors.userNotConfirmed' }),
  371: () => ({ id: 'errors.userNotActivated' }),
  362: () => ({ id: 'errors.accountDisabled' }),
  372: () => ({ id: 'errors.extensionDisabled' }),
  373: () => ({ id: 'errors.extensionFrozen' }),
  363: (error) => ({ id: isAdmin(error) ? 'errors.accountSuspendedAdmin' : 'errors.accountSuspended' }),
  364: (error) => ({ id: isAdmin(error) ? 'errors.trialExpiredAdmin' : 'errors.trialExpired' }),
  351: () => ({ id: 'errors.upgradeRequired' }),
  352: () => ({ id: 'errors.upgradeRequired' }),
  353: () => ({ id: 'errors.upgradeRequired' }),
  354: () => ({ id: 'errors.ivnLoginDenied' }),
  316: () => ({ id: 'errors.ssoEnabled' }),
  318: () => ({ id: 'errors.ssoEnabled' }),
  508: () => ({ id: 'errors.ssoEnforced' }),
};
/** Spec §2: account-locked messages go to the toast bar. */
const lockedCodes = new Set([374, 603]);

/** Maps a failed login-info or login call to what the user sees (spec §4 credential check, §8). */
export function signInFailure(error: ApiError, credential: Credential | undefined): SignInFailure {
  const code = error.backendCode;
  const isEmail = credential?.kind === 'email';
  if (code !== undefined && standalonePageCodes.has(code)) return { kind: 'page', code: error.code };
  if (code !== undefined && lockedCodes.has(code))
    return { kind: 'toast', message: { id: 'errors.accountLocked' } };
  const accountState = code === undefined ? undefined : accountStateMessages[code];
  if (accountState) return { kind: 'field', message: accountState(error) };
  return { kind: 'field', message: transportOrBackendMessage(error, isEmail) };
}

function transportOrBackendMessage(error: ApiError, isEmail: boolean): UiMessage {
  switch (error.code) {
    case 'UI_ERROR_NETWORK':
      return { id: 'errors.network' };
    case 'UI_ERROR_BAD_REPLY':
      return { id: 'errors.badReply' };
    case 'API_ERROR_429':
      return error.rayId
        ? { id: 'errors.tooFrequentWithRay', values: { rayId: error.rayId } }
        : { id: 'errors.tooFrequent' };
    case 'API_ERROR_304':
      return { id: isEmail ? 'errors.emailNotFound' : 'errors.credentialNotFound' };
    case 'API_ERROR_108':
    case 'API_ERROR_305':
    case 'API_ERROR_407':
      return { id: isEmail ? 'errors.emailLoginFailed' : 'errors.loginFailed' };
    case 'API_ERROR_208':
      return { id: 'errors.invalidRedirect' };
    default:
      // Spec §8: an unknown code is logged and shows the internal message.
      console.warn(`Foyer: no message for ${error.code}`);
      return { id: 'errors.internal' };
  }
}

/** Where a failed authorisation-code request goes (spec §4 status-code table). */
export type CodeRequestOutcome =
  | { kind: 'error'; code: string }
  | { kind: 'warning'; code: string }
  | { kind: 'redirect'; error: 'invalid_request'; description: string };

const errorPageCodes = new Set([208, 703, 704, 213, 214, 215]);
const warningCodes = new Set([221, 222, 223, 227]);
const noPermissionPages: Record<number, string> = {
  206: 'NO_RCM_PERMISSION',
  209: 'NO_RCM_PERMISSION',
  210: 'NO_RCM_PERMISSION/SUNSET',
  211: 'NO_RCM_PERMISSION/MIGRATION',
  212: 'NO_RCM_PERMISSION/SUNSET_NOTIFICATION',
};

/**
 * Two-factor (306, 224), FedRAMP (720) and E911 (701, 702) have no pages yet: until their issues land
 * they take the table's fallback, a redirect back with invalid_request (pinned by a test).
 */
export function codeRequestOutcome(error: ApiError): CodeRequestOutcome {
  const code = error.backendCode;
  if (code !== undefined && errorPageCodes.has(code)) return { kind: 'error', code: `API_ERROR_${code}` };
  if (code !== undefined && warningCodes.has(code)) return { kind: 'warning', code: String(code) };
  const noPermission = code === undefined ? undefined : noPermissionPages[code];
  if (noPermission) return { kind: 'error', code: noPermission };
  return { kind: 'redirect', error: 'invalid_request', description: error.backendMessage || error.code };
}

/** The message an error or warning page shows for its code. */
export function pageMessageFor(code: string): ErrorMessageId {
  if (code.startsWith('NO_RCM_PERMISSION')) return 'errors.noPermission';
  const pageMessages: Record<string, ErrorMessageId> = {
    API_ERROR_208: 'errors.invalidRedirect',
    API_ERROR_213: 'errors.accountAccessRestriction',
    API_ERROR_214: 'errors.geoIpAccessRestriction',
    API_ERROR_215: 'errors.applicationAccessRestriction',
    API_ERROR_429: 'errors.tooFrequent',
    INVALID_PARAMETERS: 'errors.invalidParameters',
    INVALID_SESSION_TOKEN: 'errors.invalidSession',
    UI_ERROR_NETWORK: 'errors.network',
    UI_ERROR_BAD_REPLY: 'errors.badReply',
    '221': 'errors.invalidSession',
    '222': 'errors.invalidSession',
    '223': 'errors.invalidSession',
    '227': 'errors.invalidSession',
  };
  return pageMessages[code] ?? 'errors.internal';
}
