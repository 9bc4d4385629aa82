import { parseCredential } from '../../api/credential.ts';
import {
  type AccountInfo,
  activationAnswerProblem,
  passwordProblems,
  passwordRules,
  pinProblems,
  pinRules,
} from '../../api/passwordRules.ts';
import { type UiValidationError, uiValidationMessages } from '../catalogueValidation.ts';
import type { UiMessage } from '../errors.ts';
import type { AccountField, AccountFormValues } from './account.types.ts';

export type FieldErrors = Partial<Record<AccountField, UiMessage>>;

/** What a form is checked against before any call (spec §5 empty-field and password rules). */
export interface FormRules {
  /** The change needs the current password (change and legacy change). */
  currentPassword?: boolean;
  /** The new password and its retype (every password-setup form). */
  newPassword?: boolean;
  /** The account has a PIN: a new PIN and its retype are asked for too. */
  pin?: boolean;
  /** Activation with a code: the code, the account's password and an activation answer. */
  activation?: boolean;
  accountInfo?: AccountInfo;
}

const message = (error: UiValidationError): UiMessage => ({ id: uiValidationMessages[error] });
const text = (values: AccountFormValues, field: AccountField) => values[field] ?? '';

function newPasswordErrors(values: AccountFormValues, account: AccountInfo): FieldErrors {
  const password = text(values, 'password');
  const retype = text(values, 'passwordRetype');
  const [problem] = passwordProblems(password, account);
  const errors: FieldErrors = {};
  if (password === '') errors.password = message('UI_ERROR_EMPTY_NEW_PASSWORD');
  else if (problem) errors.password = message(passwordRules[problem].uiError);
  if (retype === '') errors.passwordRetype = message('UI_ERROR_EMPTY_PASSWORD_RETYPE');
  // Spec §5: 'password must match' once the password itself is valid.
  else if (!errors.password && retype !== password)
    errors.passwordRetype = message('UI_ERROR_PASSWORD_MISMATCH');
  return errors;
}

function pinErrors(values: AccountFormValues, account: AccountInfo): FieldErrors {
  const pin = text(values, 'pin');
  const retype = text(values, 'pinRetype');
  const [problem] = pinProblems(pin, account);
  const errors: FieldErrors = {};
  if (pin === '') errors.pin = message('UI_ERROR_EMPTY_NEW_PIN');
  else if (problem) errors.pin = message(pinRules[problem].uiError);
  if (retype === '') errors.pinRetype = message('UI_ERROR_EMPTY_PIN_RETYPE');
  else if (!errors.pin && retype !== pin) errors.pinRetype = message('UI_ERROR_PIN_MISMATCH');
  return errors;
}

function activationErrors(values: AccountFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (text(values, 'code').trim() === '') errors.code = message('UI_ERROR_EMPTY_CODE');
  if (text(values, 'currentPassword') === '') errors.currentPassword = message('UI_ERROR_EMPTY_PASSWORD');
  const answer = activationAnswerProblem(text(values, 'answer'), text(values, 'currentPassword'));
  if (answer) errors.answer = message(answer as UiValidationError);
  return errors;
}

/** Every field error of a submitted form, in the form's order; empty when it may be sent. */
export function formErrors(values: AccountFormValues, rules: FormRules): FieldErrors {
  const account = rules.accountInfo ?? {};
  if (rules.activation) return activationErrors(values);
  return {
    ...(rules.currentPassword && text(values, 'currentPassword') === ''
      ? { currentPassword: message('UI_ERROR_EMPTY_CURRENT_PASSWORD') }
      : {}),
    ...(rules.newPassword ? newPasswordErrors(values, account) : {}),
    ...(rules.pin ? pinErrors(values, account) : {}),
  };
}

/** The recovery page's email (spec §5: 'Enter an email'). */
export function emailError(email: string): UiMessage | undefined {
  const credential = parseCredential(email);
  if (email.trim() === '') return message('UI_ERROR_EMPTY_EMAIL');
  return credential.ok && credential.credential.kind === 'email' ? undefined : { id: 'errors.invalidEmail' };
}

/** The recovery page's phone number, with an optional extension (spec §5: 'Enter a phone number'). */
export function numberError(number: string): UiMessage | undefined {
  if (number.trim() === '') return message('UI_ERROR_EMPTY_PHONE');
  const credential = parseCredential(number);
  if (!credential.ok)
    return message(
      credential.error === 'UI_ERROR_INVALID_EXT' ? 'UI_ERROR_INVALID_EXT' : 'UI_ERROR_INVALID_PHONE',
    );
  return credential.credential.kind === 'number' ? undefined : message('UI_ERROR_INVALID_PHONE');
}

/** The account information a credential tells the checklist (names come from the server, when it says). */
export function accountInfoOf(credential: ReturnType<typeof parseCredential>): AccountInfo {
  if (!credential.ok) return {};
  const value = credential.credential;
  return value.kind === 'email'
    ? { email: value.loginEmail }
    : { phoneNumber: value.normalizedPhoneNumber, extension: value.extension || undefined };
}
