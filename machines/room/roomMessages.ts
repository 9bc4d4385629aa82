import { backendCode } from '../../api/contract/backendCodes.ts';
import { USER_CODE_LENGTH } from '../../api/contract/device.ts';
import type { ApiError } from '../../api/errors.ts';
import { entryFor } from '../catalogueMessages.ts';
import { messageFor } from '../errorMessages.ts';
import { type MessageLookup, toUiMessage, type UiMessage } from '../errors.ts';

/** Room codes are typed from a screen across the room: the field forgives case, spaces and dashes. */
const MAX_TYPED = 32;

/**
 * The code as the field shows it while typed: upper case, and once past four letters the room's own
 * XXXX-XXXX grouping. Characters a code never has are kept, so the page can say the code is not one.
 */
export function codeAsTyped(value: string): string {
  const letters = value.toUpperCase().replace(/[\s-]/g, '').slice(0, MAX_TYPED);
  return letters.length > USER_CODE_LENGTH / 2
    ? `${letters.slice(0, USER_CODE_LENGTH / 2)}-${letters.slice(USER_CODE_LENGTH / 2)}`
    : letters;
}

/** Nothing typed but spaces or dashes. */
export const isBlankCode = (code: string) => code.replace(/[\s-]/g, '') === '';

export const roomMessage = (
  id: 'errors.room.codeEmpty' | 'errors.room.codeNotPossible' | 'errors.room.codeInvalid',
  lookup: MessageLookup,
): UiMessage => toUiMessage({ id }, lookup);

/**
 * A refused verify call → the field's message: the code is unknown or expired (740), too many tries
 * (HTTP 429, with its ray id), no network; anything else is the generic message, since there is
 * nothing the person can change about it.
 */
export function verifyMessage(error: ApiError, lookup: MessageLookup): UiMessage {
  if (error.backendCode === backendCode.deviceCodeInvalid)
    return roomMessage('errors.room.codeInvalid', lookup);
  if (error.code === 'API_ERROR_429' || error.code === 'UI_ERROR_NETWORK')
    return messageFor(error, undefined, lookup);
  return toUiMessage(entryFor('INTERNAL', lookup), lookup);
}

/**
 * The authorize URL the page leaves for: this server's own /oauth/authorize, nowhere else. The contract
 * checks the reply's shape; this checks what the browser would make of it against the page's origin.
 */
export function isOwnAuthorizeUrl(url: string, origin: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname === '/oauth/authorize';
  } catch {
    return false;
  }
}
