/**
 * Spec §5 password, PIN and activation-answer rules: one module, so the page's checklist and the
 * server's refusal cannot disagree. Each rule names the UI error the catalogue words
 * (machines/catalogueUi.ts) and the policy code a server answers with (`errorCode`, spec §8: PWD-008
 * to PWD-013 for account information, PWD-015 for the last N passwords; PWD-001 to PWD-007 are ours,
 * one per remaining rule). Decisions where the spec is silent (docs/passwords.md): a "sequence" or a
 * "repeat" is three characters in a row (abc, cba, 123, aaa); "mixed letters" means a letter from
 * another alphabet beside latin ones (a Cyrillic а looks like a latin a); account information is a
 * part of at least four characters of the email's name, the person's names, the phone number's last
 * seven digits, or an extension of at least three digits.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const PIN_MIN_LENGTH = 6;
export const PIN_MAX_LENGTH = 10;
export const ACTIVATION_ANSWER_MIN_LENGTH = 5;
const RUN = 3;
const ACCOUNT_PART_MIN = 4;

/** What the account is made of, for the no-account-information rules (any part may be missing). */
export interface AccountInfo {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phoneNumber?: string | undefined;
  extension?: string | undefined;
}

export type PasswordRule =
  | 'length'
  | 'letter'
  | 'number'
  | 'upperOrSpecial'
  | 'noSequence'
  | 'noRepeat'
  | 'latinOnly'
  | 'noEmail'
  | 'noFirstName'
  | 'noLastName'
  | 'noPhoneNumber'
  | 'noExtension';

export type PinRule = 'pinLength' | 'digitsOnly' | 'pinNoSequence' | 'pinNoRepeat' | 'pinNoAccountInfo';

/** Each password rule's UI error (machines/catalogueUi.ts) and policy code (spec §8). */
export const passwordRules = {
  length: { uiError: 'UI_ERROR_PASSWORD_LENGTH', policyCode: 'PWD-001' },
  letter: { uiError: 'UI_ERROR_PASSWORD_NEEDS_LETTER', policyCode: 'PWD-002' },
  number: { uiError: 'UI_ERROR_PASSWORD_NEEDS_NUMBER', policyCode: 'PWD-003' },
  upperOrSpecial: { uiError: 'UI_ERROR_PASSWORD_NEEDS_UPPER_OR_SPECIAL', policyCode: 'PWD-004' },
  noSequence: { uiError: 'UI_ERROR_PASSWORD_SEQUENTIAL', policyCode: 'PWD-005' },
  noRepeat: { uiError: 'UI_ERROR_PASSWORD_REPEATING', policyCode: 'PWD-006' },
  latinOnly: { uiError: 'UI_ERROR_PASSWORD_MIXED_LETTERS', policyCode: 'PWD-007' },
  noEmail: { uiError: 'UI_ERROR_PASSWORD_ACCOUNT_INFO', policyCode: 'PWD-008' },
  noFirstName: { uiError: 'UI_ERROR_PASSWORD_ACCOUNT_INFO', policyCode: 'PWD-009' },
  noLastName: { uiError: 'UI_ERROR_PASSWORD_ACCOUNT_INFO', policyCode: 'PWD-010' },
  noPhoneNumber: { uiError: 'UI_ERROR_PASSWORD_ACCOUNT_INFO', policyCode: 'PWD-011' },
  noExtension: { uiError: 'UI_ERROR_PASSWORD_ACCOUNT_INFO', policyCode: 'PWD-012' },
} as const satisfies Record<PasswordRule, { uiError: `UI_ERROR_${string}`; policyCode: `PWD-${string}` }>;

/** Spec §8 PWD-015: one of the last N passwords (only the server can tell). */
export const REUSED_PASSWORD_CODE = 'PWD-015';

export const pinRules = {
  pinLength: { uiError: 'UI_ERROR_PIN_LENGTH' },
  digitsOnly: { uiError: 'UI_ERROR_PIN_DIGITS_ONLY' },
  pinNoSequence: { uiError: 'UI_ERROR_PIN_SEQUENTIAL' },
  pinNoRepeat: { uiError: 'UI_ERROR_PIN_REPEATING' },
  pinNoAccountInfo: { uiError: 'UI_ERROR_PIN_ACCOUNT_INFO' },
} as const satisfies Record<PinRule, { uiError: `UI_ERROR_${string}` }>;

const characters = (text: string) => [...text];

/** Three characters in a row that go up or down by one: letters (either case) or digits. */
export function hasSequence(text: string): boolean {
  const codes = characters(text.toLowerCase()).map((c) =>
    /^[a-z0-9]$/.test(c) ? c.codePointAt(0) : undefined,
  );
  for (let at = 0; at + RUN <= codes.length; at += 1) {
    const run = codes.slice(at, at + RUN);
    if (run.some((code) => code === undefined)) continue;
    const [a, b, c] = run as [number, number, number];
    const sameKind = /^[a-z]{3}$|^[0-9]{3}$/.test(String.fromCodePoint(a, b, c));
    if (sameKind && ((b === a + 1 && c === b + 1) || (b === a - 1 && c === b - 1))) return true;
  }
  return false;
}

/** The same character three times in a row (case-insensitive). */
export const hasRepeat = (text: string) => {
  const list = characters(text.toLowerCase());
  return list.some((c, at) => at + RUN <= list.length && list.slice(at, at + RUN).every((d) => d === c));
};

const lettersOf = (text: string) => characters(text).filter((c) => /\p{L}/u.test(c));
const digitsOf = (text: string | undefined) => (text ?? '').replace(/\D/g, '');

/** The parts of the account a password must not contain, by rule. */
function accountParts(account: AccountInfo): [PasswordRule, string[]][] {
  const namePart = (account.email ?? '').split('@')[0] ?? '';
  const emailParts = [namePart, ...namePart.split(/[._+-]/)];
  const phone = digitsOf(account.phoneNumber);
  const extension = digitsOf(account.extension);
  const long = (parts: (string | undefined)[], min = ACCOUNT_PART_MIN) =>
    parts
      .filter((part): part is string => part !== undefined && part.length >= min)
      .map((p) => p.toLowerCase());
  return [
    ['noEmail', long(emailParts)],
    ['noFirstName', long([account.firstName])],
    ['noLastName', long([account.lastName])],
    ['noPhoneNumber', long([phone.slice(-7)], 7)],
    ['noExtension', long([extension], 3)],
  ];
}

/** Every password rule with whether the password meets it, in the order a checklist shows them. */
export function passwordChecklist(
  password: string,
  account: AccountInfo = {},
): { rule: PasswordRule; met: boolean }[] {
  const length = characters(password).length;
  const lower = password.toLowerCase();
  const letters = lettersOf(password);
  const checks: [PasswordRule, boolean][] = [
    ['length', length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH],
    ['letter', /[A-Za-z]/.test(password)],
    ['number', /[0-9]/.test(password)],
    ['upperOrSpecial', /[A-Z]/.test(password) || /[^\p{L}\p{N}\s]/u.test(password)],
    ['noSequence', password !== '' && !hasSequence(password)],
    ['noRepeat', password !== '' && !hasRepeat(password)],
    ['latinOnly', letters.every((c) => /[A-Za-z]/.test(c))],
    ...accountParts(account).map(([rule, parts]): [PasswordRule, boolean] => [
      rule,
      !parts.some((part) => lower.includes(part)),
    ]),
  ];
  return checks.map(([rule, met]) => ({ rule, met }));
}

/** The rules a password breaks, in checklist order (empty when it may be used, the last N aside). */
export const passwordProblems = (password: string, account: AccountInfo = {}): PasswordRule[] =>
  passwordChecklist(password, account)
    .filter((check) => !check.met)
    .map((check) => check.rule);

/** Every PIN rule with whether the PIN meets it. */
export function pinChecklist(pin: string, account: AccountInfo = {}): { rule: PinRule; met: boolean }[] {
  const phone = digitsOf(account.phoneNumber);
  const extension = digitsOf(account.extension);
  const accountDigits = [
    phone.length >= 4 ? phone.slice(-4) : '',
    extension.length >= 3 ? extension : '',
  ].filter(Boolean);
  const checks: [PinRule, boolean][] = [
    ['pinLength', pin.length >= PIN_MIN_LENGTH && pin.length <= PIN_MAX_LENGTH],
    ['digitsOnly', /^[0-9]+$/.test(pin)],
    ['pinNoSequence', pin !== '' && !hasSequence(pin)],
    ['pinNoRepeat', pin !== '' && !hasRepeat(pin)],
    ['pinNoAccountInfo', !accountDigits.some((digits) => pin.includes(digits))],
  ];
  return checks.map(([rule, met]) => ({ rule, met }));
}

export const pinProblems = (pin: string, account: AccountInfo = {}): PinRule[] =>
  pinChecklist(pin, account)
    .filter((check) => !check.met)
    .map((check) => check.rule);

export type ActivationAnswerRule = 'answerLength' | 'answerWithoutPassword';

/**
 * Each activation-answer rule's UI error and the code loginWithActivationCode refuses it with
 * (`errorCode`; spec §8 has none for the answer, so ANSWER-001 and ANSWER-002 are ours, named like PWD).
 */
export const activationAnswerRules = {
  answerLength: { uiError: 'UI_ERROR_ACTIVATION_ANSWER_SHORT', policyCode: 'ANSWER-001' },
  answerWithoutPassword: { uiError: 'UI_ERROR_ACTIVATION_ANSWER_HAS_PASSWORD', policyCode: 'ANSWER-002' },
} as const satisfies Record<
  ActivationAnswerRule,
  { uiError: `UI_ERROR_${string}`; policyCode: `ANSWER-${string}` }
>;

/**
 * Spec §5: an activation answer has at least five characters and does not contain the password
 * (either case); both rules with whether the answer meets them (the activation page's checklist).
 */
export function activationAnswerChecklist(
  answer: string,
  password: string,
): { rule: ActivationAnswerRule; met: boolean }[] {
  return [
    { rule: 'answerLength', met: characters(answer.trim()).length >= ACTIVATION_ANSWER_MIN_LENGTH },
    {
      rule: 'answerWithoutPassword',
      met: password === '' || !answer.toLowerCase().includes(password.toLowerCase()),
    },
  ];
}

/** The first activation-answer rule broken, for the server's code. */
export const activationAnswerRuleBroken = (
  answer: string,
  password: string,
): ActivationAnswerRule | undefined =>
  activationAnswerChecklist(answer, password).find((check) => !check.met)?.rule;

/** The UI error of the first activation-answer rule broken, if any. */
export function activationAnswerProblem(answer: string, password: string) {
  const broken = activationAnswerRuleBroken(answer, password);
  return broken && activationAnswerRules[broken].uiError;
}
