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
};

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

/** The page for a route code; `route` says whether it came from /error or /warning. */
export function pageFor(code: string, route: 'error' | 'warning', lookup: CatalogueLookup = {}): ErrorPage {
  const page = ownEntry(noPermissionPages, code) ?? ownEntry(namedPages, code);
  if (page) {
    // The generic no-permission text still varies by app type and brand (catalogue rules).
    return page.noPermission === 'generic' ? { ...page, message: entryFor('NO_PERMISSION', lookup) } : page;
  }
  const uiError = uiErrorOfPageCode(code);
  const title = route === 'warning' ? 'warning.title' : (pageTitles[uiError] ?? 'errorPage.title');
  return { title, message: entryFor(uiError, lookup) };
}
