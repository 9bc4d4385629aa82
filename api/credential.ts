/** UI error ids the credential rules of spec §5 produce before any call. */
export type CredentialError =
  | 'UI_ERROR_EMPTY_CREDENTIAL'
  | 'UI_ERROR_INVALID_PHONE'
  | 'UI_ERROR_INVALID_EXT'
  | 'UI_ERROR_EMAIL_NOT_FOUND'
  | 'UI_ERROR_CREDENTIAL_NOT_FOUND';

export type Credential =
  | { kind: 'email'; loginEmail: string; loginId: string }
  | {
      kind: 'number';
      phoneNumber: string;
      normalizedPhoneNumber: string;
      extension: string;
      loginId: string;
    };

export type CredentialResult = { ok: true; credential: Credential } | { ok: false; error: CredentialError };

export const MIN_PHONE_DIGITS = 5;
const MAX_CREDENTIAL_LENGTH = 254;

// Deliberately simple: one at-sign, no spaces or control characters, a dot in the domain. The server
// decides whether it exists.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
// Optional plus, then digits and the punctuation people type, then an optional separator and extension.
const PHONE = /^(\+?[\d\s(),/-]+?)\s*(?:(?:\*|\+|#|ext\.?|x)\s*(\S*))?$/i;
const EXTENSION = /^([1-9]\d*)?$/;

/**
 * Parses what the user typed on the credential page (spec §5). `callingCode` is the brand country's,
 * used to complete a number typed without one. The server normalises again with libphonenumber
 * (api/phone.ts); keeping that library out of the page keeps the first screen small.
 */
export function parseCredential(input: string, callingCode = '1'): CredentialResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'UI_ERROR_EMPTY_CREDENTIAL' };
  if (text.length <= MAX_CREDENTIAL_LENGTH && EMAIL.test(text)) {
    const loginEmail = text.toLowerCase();
    return { ok: true, credential: { kind: 'email', loginEmail, loginId: loginEmail } };
  }
  const match = text.length <= MAX_CREDENTIAL_LENGTH ? PHONE.exec(text) : null;
  if (!match) {
    return {
      ok: false,
      error: text.includes('@') ? 'UI_ERROR_EMAIL_NOT_FOUND' : 'UI_ERROR_CREDENTIAL_NOT_FOUND',
    };
  }
  const phoneNumber = (match[1] ?? '').trim();
  const extension = match[2] ?? '';
  const digits = phoneNumber.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return { ok: false, error: 'UI_ERROR_INVALID_PHONE' };
  if (!EXTENSION.test(extension)) return { ok: false, error: 'UI_ERROR_INVALID_EXT' };
  const normalizedPhoneNumber = completeNumber(phoneNumber, callingCode);
  return {
    ok: true,
    credential: {
      kind: 'number',
      phoneNumber,
      normalizedPhoneNumber,
      extension,
      loginId: normalizedPhoneNumber,
    },
  };
}

/** The number in E.164 shape: as typed when it has a plus, else with the brand's calling code. */
export function completeNumber(phoneNumber: string, callingCode: string): string {
  const digits = phoneNumber.replace(/\D/g, '');
  if (phoneNumber.trim().startsWith('+')) return `+${digits}`;
  // North American numbers may be typed with their leading 1; elsewhere a leading 0 is a trunk prefix.
  if (callingCode === '1')
    return digits.length === 11 && digits.startsWith('1') ? `+${digits}` : `+1${digits}`;
  return `+${callingCode}${digits.replace(/^0/, '')}`;
}

/** The route segment of a credential: a phone carries its extension after a hash (spec §2). */
export function credentialSegment(credential: Credential): string {
  if (credential.kind === 'email') return credential.loginEmail;
  return credential.extension
    ? `${credential.normalizedPhoneNumber}#${credential.extension}`
    : credential.normalizedPhoneNumber;
}
