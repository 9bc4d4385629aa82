import type { ApiError } from '../../api/errors.ts';
import { uiValidationMessages } from '../catalogueValidation.ts';
import { messageFor } from '../errorMessages.ts';
import type { UiMessage } from '../errors.ts';
import { passwordPolicyErrors } from '../passwordPolicyErrors.ts';
import type { AccountContext } from './account.types.ts';
import type { FieldErrors } from './accountForms.ts';

/** The activation answer's refusals (ANSWER-…) belong to its field, not the password's. */
const isAnswerCode = (code: string | undefined) => code?.startsWith('ANSWER-') === true;

function passwordError(error: ApiError): UiMessage {
  const uiError = error.errorCode ? passwordPolicyErrors[error.errorCode] : undefined;
  if (!uiError) return { id: 'errors.form.passwordRejected' };
  // Spec §8 PWD-015: the message names how many earlier passwords count (default 0).
  return uiError === 'UI_ERROR_PASSWORD_REUSED'
    ? { id: uiValidationMessages[uiError], values: { count: String(error.numberOfLastUsedPasswords ?? 0) } }
    : { id: uiValidationMessages[uiError] };
}

/**
 * A refused account call → the field it is about, or a message for the whole form (spec §8 scenario
 * ResetPassword, FormValidation): 402 the new password, 404 the PIN, 407 and a wrong legacy password
 * the current one, 310 the activation code; anything else is worded by the catalogue.
 */
export function callErrors(
  error: ApiError,
  context: Pick<AccountContext, 'credential' | 'lookup'>,
): { fieldErrors: FieldErrors; formError: UiMessage | undefined } {
  const field = (fieldErrors: FieldErrors) => ({ fieldErrors, formError: undefined });
  const answer = isAnswerCode(error.errorCode) ? passwordPolicyErrors[error.errorCode ?? ''] : undefined;
  if (answer) return field({ answer: { id: uiValidationMessages[answer] } });
  switch (error.backendCode) {
    case 402:
      return field({ password: passwordError(error) });
    case 404:
      return field({ pin: { id: 'errors.form.pinRejected' } });
    case 407:
    case 108:
      return field({ currentPassword: { id: 'errors.form.currentPasswordIncorrect' } });
    case 310:
      return field({
        code: messageFor(error, context.credential, { ...context.lookup, scenario: 'TwoFactor' }),
      });
    default:
      return {
        fieldErrors: {},
        formError: messageFor(error, context.credential, { ...context.lookup, scenario: 'ResetPassword' }),
      };
  }
}
