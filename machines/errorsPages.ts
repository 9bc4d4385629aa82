import { ownEntry } from '../api/ownEntry.ts';
import type { MessageId } from '../i18n/messages.ts';
import { noteUnknownCode, type UiError, uiErrorOfBackendCode, uiErrorOfTransportCode } from './catalogue.ts';
import { type CatalogueEntry, type CatalogueLookup, entryFor } from './catalogueMessages.ts';

/**
 * The pages of their own (spec §2 /error/{code}, /warning/{code}, the no-permission family): for a
 * route code, its heading, its message and, for no-permission pages, which notice it is.
 */
export type PageTitleId = Extract<MessageId, `errorPage.${string}` | `warning.${string}`>;
export type NoPermissionVariant = 'generic' | 'meetings' | 'sunset' | 'migration' | 'sunsetNotification';

export interface ErrorPage {
  readonly title: PageTitleId;
  readonly message: CatalogueEntry;
  /** Set for the no-permission family, whose pages offer 'Switch account' (spec §6). */
  readonly noPermission?: NoPermissionVariant;
}

/** Spec §2 and §4: the no-permission codes (206/209, 210, 211, 212) and the generic no-permission error. */
const noPermissionPages: Readonly<Record<string, ErrorPage>> = {
  NO_PERMISSION: {
    title: 'errorPage.noPermissionTitle',
    message: { id: 'errors.noPermission' },
    noPermission: 'generic',
  },
  NO_RCM_PERMISSION: {
    title: 'errorPage.noPermissionTitle',
    message: { id: 'errors.noRcmPermission' },
    noPermission: 'meetings',
  },
  'NO_RCM_PERMISSION/SUNSET': {
    title: 'errorPage.sunsetTitle',
    message: { id: 'errors.rcmSunset' },
    noPermission: 'sunset',
  },
  'NO_RCM_PERMISSION/MIGRATION': {
    title: 'errorPage.migrationTitle',
    message: { id: 'errors.rcmMigration' },
    noPermission: 'migration',
  },
  'NO_RCM_PERMISSION/SUNSET_NOTIFICATION': {
    title: 'errorPage.sunsetNotificationTitle',
    message: { id: 'errors.rcmSunsetNotification' },
    noPermission: 'sunsetNotification',
  },
};

/** Codes the SPA itself puts in the route (start-up, transport), beside the API_ERROR_{n} ones. */
const namedPages: Readonly<Record<string, ErrorPage>> = {
  INVALID_PARAMETERS: {
    title: 'errorPage.invalidParametersTitle',
    message: { id: 'errors.invalidParameters' },
  },
};
const namedUiErrors: Readonly<Record<string, UiError>> = {
  ...uiErrorOfTransportCode,
  INTERNAL: 'INTERNAL',
  INVALID_SESSION_TOKEN: 'INVALID_SESSION_TOKEN',
  // The identity provider's own codes (spec §8 'Google and Apple' errors; docs/notices.md "SSO notices").
  SSO_ACCESS_DENIED: 'SSO_ACCESS_DENIED',
  APPLE_HIDDEN_EMAIL: 'APPLE_HIDDEN_EMAIL',
  APPLE_EMPTY_EMAIL: 'APPLE_EMPTY_EMAIL',
  SSO_AUTH_ERROR: 'SSO_AUTH_ERROR',
  SSO_EMAIL_MISMATCH: 'IDP_MISMATCH',
};

/** Spec §8's SSO errors: an address carrying one opens the SSO-specific page (spec §2 start-up). */
const ssoErrors: ReadonlySet<UiError> = new Set<UiError>([
  'SSO_DISABLE',
  'ENFORCED_SSO_LOGIN_ONLY',
  'LOGIN_FAILED_SSO_CREDENTIAL_ENABLED',
  'LOGIN_FAILED_SSO_CREDENTIAL_DISABLED',
  'LOGIN_FAILED_THIRD_PARTY_SSO_ENABLED',
  'SSO_ACCESS_DENIED',
  'APPLE_HIDDEN_EMAIL',
  'APPLE_EMPTY_EMAIL',
  'SSO_AUTH_ERROR',
  'IDP_MISMATCH',
  'DUPLICATED_EMAIL',
  'GLIP_MAIN_ACCOUNT_MISMATCH',
]);

/** Headings that say more than 'Something went wrong'; anything not named here uses that. */
const pageTitles: Readonly<Partial<Record<UiError, PageTitleId>>> = {
  INVALID_REDIRECT_URI: 'errorPage.invalidRedirectTitle',
  ACCOUNT_ACCESS_RESTRICTION: 'errorPage.accessRestrictedTitle',
  GEO_IP_ACCESS_RESTRICTION: 'errorPage.accessRestrictedTitle',
  APPLICATION_ACCESS_RESTRICTION: 'errorPage.accessRestrictedTitle',
  INVALID_SESSION_TOKEN: 'warning.title',
  SESSION_DATA_NOT_FOUND: 'warning.title',
  RESET_PASSWORD_LINK_INVALID: 'errorPage.linkExpiredTitle',
  REQUEST_FREQUENTLY: 'errorPage.tooFrequentTitle',
  NETWORK: 'errorPage.networkTitle',
};

function uiErrorOfPageCode(code: string): UiError {
  const named = ownEntry(namedUiErrors, code);
  if (named) return named;
  const backend = /^(?:API_ERROR_)?(\d+)$/.exec(code)?.[1];
  const known = backend === undefined ? undefined : uiErrorOfBackendCode[Number(backend)];
  if (known) return known;
  noteUnknownCode(code);
  return 'INTERNAL';
}

/**
 * The SSO notice's message (docs/notices.md "SSO notices"): the identity provider's failure in the
 * catalogue's SSO wording; without a code, the request expired.
 */
export const ssoMessageFor = (code: string | undefined, lookup: CatalogueLookup = {}): CatalogueEntry =>
  entryFor(code === undefined ? 'SSO_REQUEST_EXPIRED' : uiErrorOfPageCode(code), {
    ...lookup,
    scenario: 'SSO',
  });

/** The page for a route code; `route` says whether it came from /error or /warning. */
export function pageFor(code: string, route: 'error' | 'warning', lookup: CatalogueLookup = {}): ErrorPage {
  const page = ownEntry(noPermissionPages, code) ?? ownEntry(namedPages, code);
  if (page) {
    // The generic no-permission text still varies by app type and brand (catalogue rules).
    return page.noPermission === 'generic' ? { ...page, message: entryFor('NO_PERMISSION', lookup) } : page;
  }
  // Spec §2 /error(/{ssoType})/{errorCode}: an SSO error has a page of its own, in the SSO wording.
  const uiError = uiErrorOfPageCode(/^(?:sso|google|apple)\/(.+)$/.exec(code)?.[1] ?? code);
  if (route === 'error' && ssoErrors.has(uiError))
    return { title: 'errorPage.ssoTitle', message: entryFor(uiError, { ...lookup, scenario: 'SSO' }) };
  const title = route === 'warning' ? 'warning.title' : (pageTitles[uiError] ?? 'errorPage.title');
  return { title, message: entryFor(uiError, lookup) };
}
