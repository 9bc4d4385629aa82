import {
  type AccountInfo,
  activationAnswerChecklist,
  activationAnswerRules,
  passwordChecklist,
  passwordRules,
  pinChecklist,
  pinRules,
} from '../../../api/passwordRules.ts';
import type { MessageId } from '../../../i18n/messages.ts';
import { uiValidationMessages } from '../../../machines/catalogueValidation.ts';

export interface ChecklistItem {
  id: MessageId;
  met: boolean;
}

/**
 * One item per message: rules worded by the same message (the five no-account-information rules of
 * the password) are one item, met when all of them are. The words are the errors the flow gives for
 * the same rules (machines/catalogueUi.ts), so the list and a refused submit say the same thing.
 */
function checklistItems<R extends string>(
  checks: readonly { rule: R; met: boolean }[],
  messageOf: (rule: R) => MessageId,
): ChecklistItem[] {
  const items = new Map<MessageId, boolean>();
  for (const { rule, met } of checks) {
    const id = messageOf(rule);
    items.set(id, (items.get(id) ?? true) && met);
  }
  return [...items].map(([id, met]) => ({ id, met }));
}

/** Spec §5 password rules (api/passwordRules.ts) for the typed password and the account. */
export const passwordItems = (password: string, account: AccountInfo) =>
  checklistItems(
    passwordChecklist(password, account),
    (rule) => uiValidationMessages[passwordRules[rule].uiError],
  );

/** Spec §5 PIN rules, for accounts with a PIN. */
export const pinItems = (pin: string, account: AccountInfo) =>
  checklistItems(pinChecklist(pin, account), (rule) => uiValidationMessages[pinRules[rule].uiError]);

/** Spec §5 activation answer: five characters at least, without the password typed beside it. */
export const answerItems = (answer: string, password: string) =>
  checklistItems(
    activationAnswerChecklist(answer, password),
    (rule) => uiValidationMessages[activationAnswerRules[rule].uiError],
  );
