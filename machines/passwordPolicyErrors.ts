import { activationAnswerRules, passwordRules, REUSED_PASSWORD_CODE } from '../api/passwordRules.ts';
import type { UiValidationError } from './catalogueValidation.ts';

// A module of its own: the flows that set passwords load it; the first screen's catalogue does not.
/**
 * Spec §5: the server's policy codes and the validation errors they become: one per rule of the shared
 * rule module (api/passwordRules.ts, PWD-001 to PWD-012), PWD-013 (account information the page cannot
 * check), PWD-015 (the last N passwords), and the activation answer's ANSWER-001 and ANSWER-002
 * (loginWithActivationCode).
 */
export const passwordPolicyErrors: Readonly<Record<string, UiValidationError>> = {
  ...Object.fromEntries(
    [...Object.values(passwordRules), ...Object.values(activationAnswerRules)].map((rule) => [
      rule.policyCode,
      rule.uiError,
    ]),
  ),
  'PWD-008': 'UI_ERROR_PASSWORD_ACCOUNT_INFO',
  'PWD-009': 'UI_ERROR_PASSWORD_ACCOUNT_INFO',
  'PWD-010': 'UI_ERROR_PASSWORD_ACCOUNT_INFO',
  'PWD-011': 'UI_ERROR_PASSWORD_ACCOUNT_INFO',
  'PWD-012': 'UI_ERROR_PASSWORD_ACCOUNT_INFO',
  'PWD-013': 'UI_ERROR_PASSWORD_ACCOUNT_INFO',
  [REUSED_PASSWORD_CODE]: 'UI_ERROR_PASSWORD_REUSED',
};
