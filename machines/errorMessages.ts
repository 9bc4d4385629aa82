import type { Credential } from '../api/credential.ts';
import type { ApiError } from '../api/errors.ts';
import { ownEntry } from '../api/ownEntry.ts';
import {
  noteUnknownCode,
  partnerCodes,
  type UiError,
  uiErrorOfBackendCode,
  uiErrorOfTransportCode,
} from './catalogue.ts';
import { type CatalogueEntry, type CatalogueLookup, entryFor } from './catalogueMessages.ts';
import type { ErrorMessageId } from './catalogueTypes.ts';
import { pageFor } from './errorsPages.ts';
import { type MessageLookup, type SignInFailure, toUiMessage, type UiMessage } from './uiMessage.ts';

/**
 * The error catalogue's lookups (spec §8): which message a failed call shows, by scenario, display,
 * app type and brand. It is a chunk of its own, loaded by `loadErrorMessages` (machines/errors.ts)
 * before any failure reaches the machine, so the first screen does not carry the tables.
 */

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
  if (entry.noExtension && credential?.kind === 'number' && !credential.extension) return entry.noExtension;
  return entry;
}

/** The message for a failed call (spec §8), looked up by scenario, display, app type and brand. */
export function messageFor(
  error: ApiError,
  credential: Credential | undefined,
  lookup: MessageLookup = {},
): UiMessage {
  const uiError = uiErrorOf(error, lookup.scenario);
  const entry = pickEntry(entryFor(uiError, lookup), error, credential);
  // A limit that says when it ends (retryAfterSeconds: 413, 326, a lock, a 429's Retry-After) tells
  // the user how long, in whole minutes; a 429 keeps its ray id beside it where the wording has both.
  const waitSeconds = Number(error.errorParameters.retryAfterSeconds);
  if (entry.withWait && Number.isFinite(waitSeconds) && waitSeconds > 0) {
    const minutes = String(Math.ceil(waitSeconds / 60));
    if (entry.withWaitAndRay && error.rayId)
      return toUiMessage({ ...entry, id: entry.withWaitAndRay }, lookup, { minutes, rayId: error.rayId });
    return toUiMessage({ ...entry, id: entry.withWait }, lookup, { minutes });
  }
  // Spec §8: HTTP 429 carries a ray id the user can quote to support.
  if (entry.withRay && error.rayId)
    return toUiMessage({ ...entry, id: entry.withRay }, lookup, { rayId: error.rayId });
  return toUiMessage(entry, lookup);
}

/** Spec §2: account-locked messages go to the toast bar. */
const toastErrors = new Set<UiError>(['ACCOUNT_LOCKED']);

/** A failed sign-in call that keeps its screen: a message under the field, or in the toast bar. */
export function onScreenFailure(
  error: ApiError,
  credential: Credential | undefined,
  lookup: MessageLookup = {},
): Exclude<SignInFailure, { kind: 'page' }> {
  const message = messageFor(error, credential, lookup);
  const toast = toastErrors.has(uiErrorOf(error, lookup.scenario));
  return { kind: toast ? 'toast' : 'field', message };
}

/** The message an error or warning page shows for its code (kept for callers that need only the id). */
export function pageMessageFor(code: string, lookup: CatalogueLookup = {}): ErrorMessageId {
  return pageFor(code, 'error', lookup).message.id;
}
