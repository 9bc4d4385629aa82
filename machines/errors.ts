import type { Credential, CredentialError } from '../api/credential.ts';
import type { ApiError } from '../api/errors.ts';
import type { ErrorMessageId } from './catalogueTypes.ts';
import { connectionLostEntry, credentialValidationMessages } from './catalogueUi.ts';
import type { NoticeKind } from './notices/notices.types.ts';
import { type MessageLookup, type SignInFailure, toUiMessage } from './uiMessage.ts';

/**
 * The error catalogue's entry points (spec §4, §8): which backend codes become a message on the
 * current screen, which become a page of their own, and where a failed code request goes. The
 * mappings are the tables in catalogue*.ts. What the first screen needs is here; the message lookups
 * (machines/errorMessages.ts) are a chunk of their own that `loadErrorMessages` fetches before any
 * failed call reaches the machine (docs/architecture.md, "What the first screen loads").
 */
export type { AppType, ErrorMessageId, MessageLinkKind, Scenario } from './catalogueTypes.ts';
export type { MessageLink, MessageLookup, SignInFailure, UiMessage } from './uiMessage.ts';
export { toUiMessage } from './uiMessage.ts';

export const credentialErrorMessages: Record<CredentialError, ErrorMessageId> = credentialValidationMessages;

type ErrorMessages = typeof import('./errorMessages.ts');
let errorMessages: ErrorMessages | undefined;

/** Fetches the message lookups once; every call that can fail awaits it before its failure is handled. */
export function loadErrorMessages(): Promise<ErrorMessages> {
  return import('./errorMessages.ts').then((loaded) => {
    errorMessages = loaded;
    return loaded;
  });
}

/** Runs `call`; a failure waits for the message lookups first, so the machine can word it at once. */
export async function withErrorMessages<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    await loadErrorMessages().catch(() => undefined);
    throw error;
  }
}

/** Codes that replace the screen with a standalone error page (spec §8). */
const standalonePageCodes = new Set([5, 26, 204, 213, 214, 215, 405]);

export const isStandalonePage = (error: ApiError) =>
  error.backendCode !== undefined && standalonePageCodes.has(error.backendCode);

/**
 * Maps a failed login-info or login call to what the user sees (spec §4 credential check, §8). The
 * lookups are loaded by then (withErrorMessages); were they not, the user still gets the generic
 * internal message rather than a broken page.
 */
export function signInFailure(
  error: ApiError,
  credential: Credential | undefined,
  lookup: MessageLookup = {},
): SignInFailure {
  if (isStandalonePage(error)) return { kind: 'page', code: error.code };
  if (errorMessages) return errorMessages.onScreenFailure(error, credential, lookup);
  // Offline, the lookups' chunk could not load either; this one message needs none.
  if (error.code === 'UI_ERROR_NETWORK')
    return { kind: 'field', message: toUiMessage(connectionLostEntry, lookup) };
  console.error('Error messages not loaded; showing the generic message for', error.code);
  return { kind: 'field', message: toUiMessage({ id: 'errors.internal' }, lookup) };
}

/** Where a failed authorisation-code request goes (spec §4 status-code table). */
export type CodeRequestOutcome =
  | { kind: 'error'; code: string }
  | { kind: 'warning'; code: string }
  /** Spec §4 701 (/emergencyAddress) and 702 (/emergencyAddress/forbiddenWithoutDL): the emergency flow. */
  | { kind: 'emergencyAddress'; code: 701 | 702 }
  /** Spec §4 720 (FedRAMP notice), ours 730 (terms to accept) and 216 (a retired app): the notices flow. */
  | { kind: 'notice'; notice: NoticeKind }
  | { kind: 'redirect'; error: 'invalid_request'; description: string };

const noticeCodes: Readonly<Record<number, NoticeKind>> = { 720: 'fedramp', 730: 'terms', 216: 'retiredApp' };
const errorPageCodes = new Set([208, 703, 704, 213, 214, 215]);
const warningCodes = new Set([221, 222, 223, 227]);
const noPermissionPages: Readonly<Record<number, string>> = {
  206: 'NO_RCM_PERMISSION',
  209: 'NO_RCM_PERMISSION',
  210: 'NO_RCM_PERMISSION/SUNSET',
  211: 'NO_RCM_PERMISSION/MIGRATION',
  212: 'NO_RCM_PERMISSION/SUNSET_NOTIFICATION',
};

/** Two-factor (306, 224) and a required password change (412) are taken before this table by the machine. */
export function codeRequestOutcome(error: ApiError): CodeRequestOutcome {
  const code = error.backendCode;
  if (code === 701 || code === 702) return { kind: 'emergencyAddress', code };
  const notice = code === undefined ? undefined : noticeCodes[code];
  if (notice) return { kind: 'notice', notice };
  if (code !== undefined && errorPageCodes.has(code)) return { kind: 'error', code: `API_ERROR_${code}` };
  if (code !== undefined && warningCodes.has(code)) return { kind: 'warning', code: String(code) };
  const noPermission = code === undefined ? undefined : noPermissionPages[code];
  if (noPermission) return { kind: 'error', code: noPermission };
  return { kind: 'redirect', error: 'invalid_request', description: error.backendMessage || error.code };
}
