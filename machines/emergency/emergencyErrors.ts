import { type checkNickname, NICKNAME_MAX_LENGTH } from '../../api/addressRules.ts';
import {
  type AddressFieldError,
  type AddressFormat,
  type EmergencyErrorCode,
  emergencyErrorCodes,
  emergencyErrorReply,
} from '../../api/contract/emergency.ts';
import type { ApiError } from '../../api/errors.ts';
import { type UiValidationError, uiValidationMessages } from '../catalogueValidation.ts';
import { messageFor } from '../errorMessages.ts';
import { type MessageLookup, toUiMessage, type UiMessage } from '../errors.ts';
import type { EmergencyContext } from './emergency.types.ts';

type FieldErrors = EmergencyContext['fieldErrors'];
type Nickname = NonNullable<ReturnType<typeof checkNickname>>;

/** A UI_ERROR_EA_* message (spec §8), worded as the flow's lookup says. */
export const eaMessage = (lookup: MessageLookup, name: UiValidationError, values?: Record<string, string>) =>
  toUiMessage({ id: uiValidationMessages[name] }, lookup, values);

const fieldRuleMessages: Record<AddressFieldError['rule'], UiValidationError> = {
  input: 'UI_ERROR_EA_FIELD_INPUT',
  required: 'UI_ERROR_EA_FIELD_REQUIRED',
  invalid: 'UI_ERROR_EA_FIELD_INVALID',
  // Spec §5 English characters only: a value in another script is not valid for the field.
  notEnglish: 'UI_ERROR_EA_FIELD_INVALID',
  tooLong: 'UI_ERROR_EA_FIELD_TOO_LONG',
};

/**
 * The spec §5 field messages for broken rules (api/addressRules.ts), each naming its field by the
 * label key the form shows it with (the page words `{field}` as that label).
 */
export function fieldMessages(
  format: AddressFormat,
  errors: readonly AddressFieldError[],
  lookup: MessageLookup,
): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const error of errors) {
    const field = format.fields.find((f) => f.name === error.field);
    const values: Record<string, string> = { field: field?.labelKey ?? error.field };
    if (error.maxLength !== undefined) values.maxLength = String(error.maxLength);
    fieldErrors[error.field] = eaMessage(lookup, fieldRuleMessages[error.rule], values);
  }
  return fieldErrors;
}

/** Spec §5 nickname rules: 'Please input a Nickname', the special-symbol message, and its length. */
export function nicknameMessage(rule: Nickname, lookup: MessageLookup): UiMessage {
  if (rule === emergencyErrorCodes.nicknameEmpty) return eaMessage(lookup, 'UI_ERROR_EA_NICKNAME_EMPTY');
  if (rule === emergencyErrorCodes.nicknameSymbols) return eaMessage(lookup, 'UI_ERROR_EA_NICKNAME_SYMBOLS');
  return eaMessage(lookup, 'UI_ERROR_EA_FIELD_TOO_LONG', {
    field: 'nickname',
    maxLength: String(NICKNAME_MAX_LENGTH),
  });
}

/** Every refusal's errorCode → its message (spec §8 UI_ERROR_EA_*); the nickname's go to its field. */
const formMessages: Record<EmergencyErrorCode, UiValidationError | undefined> = {
  // The page checks the same rules first (api/addressRules.ts); a refusal the page did not foresee is
  // worded as spec §5's general validation message.
  'EA-FIELDS': 'UI_ERROR_EA_VALIDATION',
  'EA-NOT-SUPPORTED': 'UI_ERROR_EA_NOT_SUPPORTED',
  'EA-OUTSIDE-LOCAL-AREA': 'UI_ERROR_EA_OUTSIDE_LOCAL_AREA',
  'EA-NOT-VALIDATED': 'UI_ERROR_EA_INVALID',
  'EA-OUT-OF-COUNTRY': 'UI_ERROR_EA_NOT_SUPPORTED',
  'EA-ORDER-LOCKED': 'UI_ERROR_EA_ORDER_LOCKED',
  'EA-NICKNAME-EMPTY': undefined,
  'EA-NICKNAME-SYMBOLS': undefined,
  'EA-NICKNAME-LENGTH': undefined,
  'EA-NICKNAME-EXISTS': undefined,
  'EA-LOCATION-EXISTS': 'UI_ERROR_EA_LOCATION_EXISTS',
  'EA-LIMIT': 'UI_ERROR_EA_ADD_FAILED',
  'EA-ADD-FAILED': 'UI_ERROR_EA_ADD_FAILED',
  'EA-ERL-DELETED': 'UI_ERROR_EA_ERL_DELETED',
  'EA-ERL-IN-USE': 'UI_ERROR_EA_ERL_IN_USE',
  'EA-DELETE-FAILED': 'UI_ERROR_EA_DELETE_FAILED',
  'EA-DIGITAL-LINE-MISSING': 'UI_ERROR_EA_DIGITAL_LINE_MISSING',
  'EA-REGISTER-FAILED': 'UI_ERROR_EA_REGISTER_FAILED',
};

const isEmergencyCode = (code: string | undefined): code is EmergencyErrorCode =>
  code !== undefined && Object.hasOwn(formMessages, code);

const nicknameRules = new Set<string>([
  emergencyErrorCodes.nicknameEmpty,
  emergencyErrorCodes.nicknameSymbols,
  emergencyErrorCodes.nicknameTooLong,
]);

type RefusalContext = Pick<EmergencyContext, 'lookup' | 'draft'>;

/** The nickname's rules and uniqueness, refused by the server: the nickname field's message. */
function nicknameRefusal(error: ApiError, context: RefusalContext): FieldErrors | undefined {
  const code = error.errorCode;
  if (code !== undefined && nicknameRules.has(code))
    return { nickname: nicknameMessage(code as Nickname, context.lookup) };
  if (code !== emergencyErrorCodes.nicknameExists) return undefined;
  const name = error.errorParameters.name ?? context.draft?.nickname ?? '';
  return { nickname: eaMessage(context.lookup, 'UI_ERROR_EA_NICKNAME_EXISTS', { name }) };
}

/**
 * The server's EA-FIELDS with its `fieldErrors` (the reply as it came, read with the contract's
 * schema): each broken rule on its field, as the page's own check words it. Only the fields the form
 * shows count; a reply that names none of them (or is not the contract's) is undefined.
 */
function addressFieldRefusal(error: ApiError, context: RefusalContext): FieldErrors | undefined {
  const { draft } = context;
  if (error.errorCode !== emergencyErrorCodes.fields || !draft) return undefined;
  const parsed = emergencyErrorReply.safeParse(error.reply);
  const shown = (parsed.success ? (parsed.data.fieldErrors ?? []) : []).filter((fieldError) =>
    draft.format.fields.some((field) => field.name === fieldError.field),
  );
  return shown.length > 0 ? fieldMessages(draft.format, shown, context.lookup) : undefined;
}

/**
 * A refusal about the editor's own fields (the nickname's, or the address fields' EA-FIELDS): their
 * messages, which the editor shows as its own check's (its error summary and each field's message).
 */
export const fieldRefusal = (error: ApiError, context: RefusalContext): FieldErrors | undefined =>
  nicknameRefusal(error, context) ?? addressFieldRefusal(error, context);

/**
 * A refused emergency call → the field it is about (the nickname's rules and uniqueness) or a message
 * for the page. Refusals without an emergency errorCode (703/704 with none, the network, a bad reply)
 * are worded by the catalogue; 703 and 704 are INTERNAL there (spec §8), the EA internal message here.
 * EA-FIELDS is the general validation message here: only a step that returns to the editor shows it
 * field by field (fieldRefusal).
 */
export function callErrors(
  error: ApiError,
  context: RefusalContext,
): { fieldErrors: FieldErrors; formError: UiMessage | undefined } {
  const { lookup } = context;
  const code = error.errorCode;
  const nickname = nicknameRefusal(error, context);
  if (nickname) return { fieldErrors: nickname, formError: undefined };
  const named = isEmergencyCode(code) ? formMessages[code] : undefined;
  if (named) return { fieldErrors: {}, formError: eaMessage(lookup, named) };
  const backend = error.backendCode;
  if (backend === 703 || backend === 704)
    return { fieldErrors: {}, formError: eaMessage(lookup, 'UI_ERROR_EA_INTERNAL') };
  return { fieldErrors: {}, formError: messageFor(error, undefined, lookup) };
}

/** Spec §4 ERL in use: the locations the server says another number may move to. */
export const availableLocationIdsOf = (error: ApiError): string[] =>
  (error.errorParameters.availableLocationIds ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
