import type { CatalogueEntry, ErrorMessageId } from './catalogueMessages.ts';

/**
 * Spec §4/§8: what a lost connection says. The first screen words it without the catalogue chunk,
 * which cannot arrive over a lost connection either; the catalogue's NETWORK entry is this one.
 */
export const connectionLostEntry: CatalogueEntry = { id: 'errors.network', links: ['troubleshooting'] };

/** Spec §5: what the credential check says before any call; the first screen needs only these. */
export const credentialValidationMessages = {
  UI_ERROR_EMPTY_CREDENTIAL: 'errors.emptyCredential',
  UI_ERROR_INVALID_PHONE: 'errors.invalidPhone',
  UI_ERROR_INVALID_EXT: 'errors.invalidExt',
  UI_ERROR_EMAIL_NOT_FOUND: 'errors.emailNotFound',
  UI_ERROR_CREDENTIAL_NOT_FOUND: 'errors.credentialNotFound',
} as const satisfies Record<string, ErrorMessageId>;

/**
 * Spec §5 and §8: errors the page raises itself, before or instead of a call (empty and invalid
 * fields, password and PIN rules, emergency-address checks, script loading). Each name has one message.
 */
export const uiValidationMessages = {
  ...credentialValidationMessages,
  UI_ERROR_EMPTY_EMAIL: 'errors.emptyEmail',
  UI_ERROR_EMPTY_PASSWORD: 'errors.emptyPassword',
  UI_ERROR_EMPTY_PHONE: 'errors.emptyPhone',
  UI_ERROR_EMPTY_CODE: 'errors.emptyCode',
  UI_ERROR_EMPTY_SECURITY_CODE: 'errors.emptySecurityCode',
  UI_ERROR_INTERNAL: 'errors.internal',
  UI_ERROR_LOAD_APP_INFO: 'errors.loadAppInfo',
  UI_ERROR_USER_NOT_CONFIRMED: 'errors.userNotConfirmed',
  UI_ERROR_NO_PERMISSION: 'errors.noPermission',
  UI_ERROR_INVALID_REDIRECT_URI: 'errors.invalidRedirect',
  UI_ERROR_NETWORK: 'errors.network',
  UI_ERROR_EMPTY_NEW_PASSWORD: 'errors.form.emptyNewPassword',
  UI_ERROR_EMPTY_PASSWORD_RETYPE: 'errors.form.emptyPasswordRetype',
  UI_ERROR_EMPTY_NEW_PIN: 'errors.form.emptyNewPin',
  UI_ERROR_EMPTY_PIN_RETYPE: 'errors.form.emptyPinRetype',
  UI_ERROR_EMPTY_CURRENT_PASSWORD: 'errors.form.emptyCurrentPassword',
  UI_ERROR_PASSWORD_MISMATCH: 'errors.form.passwordMismatch',
  UI_ERROR_PIN_MISMATCH: 'errors.form.pinMismatch',
  UI_ERROR_PASSWORD_LENGTH: 'errors.form.passwordLength',
  UI_ERROR_PASSWORD_NEEDS_LETTER: 'errors.form.passwordNeedsLetter',
  UI_ERROR_PASSWORD_NEEDS_NUMBER: 'errors.form.passwordNeedsNumber',
  UI_ERROR_PASSWORD_NEEDS_UPPER_OR_SPECIAL: 'errors.form.passwordNeedsUpperOrSpecial',
  UI_ERROR_PASSWORD_SEQUENTIAL: 'errors.form.passwordSequential',
  UI_ERROR_PASSWORD_REPEATING: 'errors.form.passwordRepeating',
  UI_ERROR_PASSWORD_MIXED_LETTERS: 'errors.form.passwordMixedLetters',
  UI_ERROR_PASSWORD_ACCOUNT_INFO: 'errors.form.accountInfoNotAllowed',
  UI_ERROR_PASSWORD_REUSED: 'errors.form.lastUsedPasswords',
  UI_ERROR_PIN_LENGTH: 'errors.form.pinLength',
  UI_ERROR_PIN_DIGITS_ONLY: 'errors.form.pinDigitsOnly',
  UI_ERROR_PIN_SEQUENTIAL: 'errors.form.pinSequential',
  UI_ERROR_PIN_REPEATING: 'errors.form.pinRepeating',
  UI_ERROR_PIN_ACCOUNT_INFO: 'errors.form.pinAccountInfo',
  UI_ERROR_ACTIVATION_ANSWER_SHORT: 'errors.form.activationAnswerShort',
  UI_ERROR_ACTIVATION_ANSWER_HAS_PASSWORD: 'errors.form.activationAnswerHasPassword',
  UI_ERROR_SCRIPT_LOAD: 'errors.scriptLoad',
  UI_ERROR_SCRIPT_TIMEOUT: 'errors.scriptTimeout',
  UI_ERROR_EA_NOT_SUPPORTED: 'errors.emergency.notSupported',
  UI_ERROR_EA_INVALID: 'errors.emergency.invalid',
  UI_ERROR_EA_AMBIGUOUS: 'errors.emergency.ambiguous',
  UI_ERROR_EA_VERSION_UPDATED: 'errors.emergency.versionUpdated',
  UI_ERROR_EA_LOCATION_EXISTS: 'errors.emergency.locationExists',
  UI_ERROR_EA_NICKNAME_EXISTS: 'errors.emergency.nicknameExists',
  UI_ERROR_EA_NICKNAME_EMPTY: 'errors.emergency.nicknameEmpty',
  UI_ERROR_EA_NICKNAME_SYMBOLS: 'errors.emergency.nicknameSymbols',
  UI_ERROR_EA_NO_LOCATION_SELECTED: 'errors.emergency.noLocationSelected',
  UI_ERROR_EA_DIGITAL_LINE_MISSING: 'errors.emergency.digitalLineMissing',
  UI_ERROR_EA_ERL_DELETED: 'errors.emergency.erlDeleted',
  UI_ERROR_EA_ERL_IN_USE: 'errors.emergency.erlInUse',
  UI_ERROR_EA_ADD_FAILED: 'errors.emergency.addFailed',
  UI_ERROR_EA_DELETE_FAILED: 'errors.emergency.deleteFailed',
  UI_ERROR_EA_REGISTER_FAILED: 'errors.emergency.registerFailed',
  UI_ERROR_EA_INTERNAL: 'errors.emergency.internal',
  UI_ERROR_EA_MISSING: 'errors.emergency.missing',
  UI_ERROR_EA_NO_MATCH: 'errors.emergency.noMatch',
  UI_ERROR_EA_NO_DEFINED_LOCATIONS: 'errors.emergency.noDefinedLocations',
  UI_ERROR_EA_VALIDATION: 'errors.emergency.validation',
  UI_ERROR_EA_FIELD_INPUT: 'errors.emergency.fieldInput',
  UI_ERROR_EA_FIELD_INVALID: 'errors.emergency.fieldInvalid',
  UI_ERROR_EA_FIELD_REQUIRED: 'errors.emergency.fieldRequired',
  UI_ERROR_EA_FIELD_TOO_LONG: 'errors.emergency.fieldTooLong',
} as const satisfies Record<string, ErrorMessageId>;

export type UiValidationError = keyof typeof uiValidationMessages;
