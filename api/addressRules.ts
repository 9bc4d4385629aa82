import type {
  AddressFieldError,
  AddressFieldName,
  AddressFormat,
  emergencyErrorCodes,
} from './contract/emergency.ts';

/**
 * Spec §5 address and nickname rules, one module for the page (checked as the user submits) and the
 * server (checked again, never trusted): English characters only; 'Please input a {field}' for an
 * empty text field, '{field} is required' for a list with nothing chosen, '{field} is not valid' for a
 * value outside its format, '{field} can't be longer than {maxLength} characters'.
 */

/** Printable ASCII: letters, digits, space and punctuation of English text (no accents, no other scripts). */
const ENGLISH_TEXT = /^[\x20-\x7E]*$/;

export type AddressValues = Partial<Record<AddressFieldName, string>>;

/** The first broken rule of each field, in the format's order (so focus goes to the first one). */
export function checkAddressFields(format: AddressFormat, values: AddressValues): AddressFieldError[] {
  const errors: AddressFieldError[] = [];
  for (const field of format.fields) {
    const value = (values[field.name] ?? '').trim();
    if (value === '') {
      if (field.required)
        errors.push({ field: field.name, rule: field.input === 'select' ? 'required' : 'input' });
    } else if (!ENGLISH_TEXT.test(value)) {
      errors.push({ field: field.name, rule: 'notEnglish' });
    } else if (value.length > field.maxLength) {
      errors.push({ field: field.name, rule: 'tooLong', maxLength: field.maxLength });
    } else if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'i').test(value)) {
      errors.push({ field: field.name, rule: 'invalid' });
    }
  }
  return errors;
}

/** Trims every field the format has and drops the ones it does not (what the server stores). */
export function normaliseAddressValues(format: AddressFormat, values: AddressValues): AddressValues {
  const normalised: AddressValues = {};
  for (const field of format.fields) {
    const value = values[field.name]?.trim().replace(/\s+/g, ' ');
    if (value) normalised[field.name] = value;
  }
  return normalised;
}

/** Spec §5: "special symbols such as <, >, \" or /". */
const NICKNAME_SYMBOLS = /[<>"/\\]/;
export const NICKNAME_MAX_LENGTH = 64;

type NicknameRule = (typeof emergencyErrorCodes)['nicknameEmpty' | 'nicknameSymbols' | 'nicknameTooLong'];

/** The nickname's first broken rule, as the server's errorCode names it. */
export function checkNickname(nickname: string): NicknameRule | undefined {
  const value = nickname.trim();
  if (value === '') return 'EA-NICKNAME-EMPTY';
  if (NICKNAME_SYMBOLS.test(value) || !ENGLISH_TEXT.test(value)) return 'EA-NICKNAME-SYMBOLS';
  if (value.length > NICKNAME_MAX_LENGTH) return 'EA-NICKNAME-LENGTH';
  return undefined;
}
