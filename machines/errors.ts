import type { Credential, CredentialError } from '../api/credential.ts';
import type { ApiError } from '../api/errors.ts';
import { ownEntry } from '../api/ownEntry.ts';
import {
  noteUnknownCode,
  partnerCodes,
  type UiError,
  uiErrorOfBackendCode,
  uiErrorOfTransportCode,
} from './catalogue.ts';
import {
  type CatalogueEntry,
  type CatalogueLookup,
  type ErrorMessageId,
  entryFor,
  type MessageLinkKind,
} from './catalogueMessages.ts';
import { uiValidationMessages } from './catalogueUi.ts';
import { pageFor } from './errorsPages.ts';

/**
 * The error catalogue's entry points (spec §4, §8): which backend codes become a message on the
 * current screen, which become a page of their own, and where a failed code request goes. The
 * mappings are the tables in catalogue*.ts; this file only reads them.
 */
export type { AppType, ErrorMessageId, MessageLinkKind, Scenario } from './catalogueMessages.ts';

export interface MessageLink {
  readonly kind: MessageLinkKind;
}

export interface UiMessage {
  id: ErrorMessageId;
  values?: Record<string, string>;
  /** Where the message may send the user; the view resolves each to a brand URL or leaves it out. */
  links?: readonly MessageLink[];
  /** Spec §8: shown in brackets after the text when a platform session exists. */
  sessionId?: string;
}

/** What the machine passes so the wording fits the screen, device, app and brand (all optional). */
export interface MessageLookup extends CatalogueLookup {
  /** Brand config `platformSession` (spec §3): only then is the session id shown. */
  readonly platformSession?: boolean | undefined;
  readonly sessionId?: string | undefined;
}

export const credentialErrorMessages: Record<CredentialError, ErrorMessageId> = {
  UI_ERROR_EMPTY_CREDENTIAL: uiValidationMessages.UI_ERROR_EMPTY_CREDENTIAL,
  UI_ERROR_INVALID_PHONE: uiValidationMessages.UI_ERROR_INVALID_PHONE,
  UI_ERROR_INVALID_EXT: uiValidationMessages.UI_ERROR_INVALID_EXT,
  UI_ERROR_EMAIL_NOT_FOUND: uiValidationMessages.UI_ERROR_EMAIL_NOT_FOUND,
  UI_ERROR_CREDENTIAL_NOT_FOUND: uiValidationMessages.UI_ERROR_CREDENTIAL_NOT_FOUND,
};

/** The UI error an ApiError names; an unknown code is logged once per page and treated as internal. */
export function uiErrorOf(error: ApiError, scenario: CatalogueLookup['scenario']): UiError {
  const code = error.backendCode;
  const known =
    ownEntry(uiErrorOfTransportCode, error.code) ??
    (code === undefined
      ? undefined
      : ((scenario === 'PARTNER' ? partnerCodes[code] : undefined) ?? uiErrorOfBackendCode[code]));
  if (known) return known;
  noteUnknownCode(error.code);
  return 'INTERNAL';
}

function pickEntry(entry: CatalogueEntry, error: ApiError, credential: Credential | undefined) {
  if (entry.admin && error.errorParameters.admin === 'true') return entry.admin;
  if (entry.email && credential?.kind === 'email') return entry.email;
  return entry;
}

/** Turns a catalogue entry into what the view renders, adding the session id when one applies. */
export function toUiMessage(
  entry: Pick<CatalogueEntry, 'id' | 'links'>,
  lookup: MessageLookup,
  values?: Record<string, string>,
): UiMessage {
  return {
    id: entry.id,
    ...(values ? { values } : {}),
    ...(entry.links?.length ? { links: entry.links.map((kind) => ({ kind })) } : {}),
    ...(lookup.platformSession && lookup.sessionId ? { sessionId: lookup.sessionId } : {}),
  };
}

/** The message for a failed call (spec §8), looked up by scenario, display, app type and brand. */
export function messageFor(
  error: ApiError,
  credential: Credential | undefined,
  lookup: MessageLookup = {},
): UiMessage {
  const uiError = uiErrorOf(error, lookup.scenario);
  const entry = pickEntry(entryFor(uiError, lookup), error, credential);
  // Spec §8: HTTP 429 carries a ray id the user can quote to support.
  if (entry.id === 'errors.tooFrequent' && error.rayId)
    return toUiMessage({ ...entry, id: 'errors.tooFrequentWithRay' }, lookup, { rayId: error.rayId });
  return toUiMessage(entry, lookup);
}

/** Codes that replace the screen with a standalone error page (spec §8). */
const standalonePageCodes = new Set([5, 26, 204, 213, 214, 215, 405]);
/** Spec §2: account-locked messages go to the toast bar. */
const toastErrors = new Set<UiError>(['ACCOUNT_LOCKED']);

/** A sign-in failure: a message on the current screen, in the toast bar, or a page of its own. */
export type SignInFailure =
  | { kind: 'field'; message: UiMessage }
  | { kind: 'toast'; message: UiMessage }
  | { kind: 'page'; code: string };

/** Maps a failed login-info or login call to what the user sees (spec §4 credential check, §8). */
export function signInFailure(
  error: ApiError,
  credential: Credential | undefined,
  lookup: MessageLookup = {},
): SignInFailure {
  const code = error.backendCode;
  if (code !== undefined && standalonePageCodes.has(code)) return { kind: 'page', code: error.code };
  const message = messageFor(error, credential, lookup);
  const toast = toastErrors.has(uiErrorOf(error, lookup.scenario));
  return { kind: toast ? 'toast' : 'field', message };
}

/** Where a failed authorisation-code request goes (spec §4 status-code table). */
export type CodeRequestOutcome =
  | { kind: 'error'; code: string }
  | { kind: 'warning'; code: string }
  | { kind: 'redirect'; error: 'invalid_request'; description: string };

const errorPageCodes = new Set([208, 703, 704, 213, 214, 215]);
const warningCodes = new Set([221, 222, 223, 227]);
const noPermissionPages: Readonly<Record<number, string>> = {
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

/** The message an error or warning page shows for its code (kept for callers that need only the id). */
export function pageMessageFor(code: string, lookup: CatalogueLookup = {}): ErrorMessageId {
  return pageFor(code, 'error', lookup).message.id;
}
