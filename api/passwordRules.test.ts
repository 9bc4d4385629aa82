import { describe, expect, it } from 'vitest';
import {
  activationAnswerChecklist,
  activationAnswerProblem,
  activationAnswerRuleBroken,
  activationAnswerRules,
  hasRepeat,
  hasSequence,
  type PasswordRule,
  type PinRule,
  passwordChecklist,
  passwordProblems,
  passwordRules,
  pinProblems,
} from './passwordRules.ts';

const nora = {
  email: 'nora.castlemaine@example.com',
  firstName: 'Nora',
  lastName: 'Castlemaine',
  phoneNumber: '+1 650 555 0142',
  extension: '2048',
};

describe('password rules (spec §5), one table for the page and the server', () => {
  it.each<[string, PasswordRule[]]>([
    // Accepted: the demo passwords, and a passphrase with a special character instead of upper case.
    ['Violet-Harbor-47', []],
    ['Quartz-Meadow-83', []],
    ['lantern 9 glass!', []],
    // 8 to 32 characters.
    ['Vi-47ok', ['length']],
    [`Violet-Harbor-47${'qz'.repeat(9)}`, ['length']],
    // At least one latin letter, one number, one upper-case letter or special character.
    ['4792-8640-15', ['letter']],
    ['Violet-Harbor', ['number']],
    ['violetharbor47', ['upperOrSpecial']],
    // No sequences of three (either direction, letters or digits), no character three times running.
    ['Violet-Harbor-123', ['noSequence']],
    ['Violet-Harbor-cba7', ['noSequence']],
    ['Violet-Harbor-477', []],
    ['Violet-Harbor-4777', ['noRepeat']],
    ['Violet-HarbOOo-47', ['noRepeat']],
    // Mixed letters: a Cyrillic а beside latin ones.
    ['Violet-Hаrbor-47', ['latinOnly']],
    // Empty: every rule that needs something fails, none that forbids something.
    ['', ['length', 'letter', 'number', 'upperOrSpecial', 'noSequence', 'noRepeat']],
  ])('%j breaks %j', (password, broken) => {
    expect(passwordProblems(password)).toEqual(broken);
  });

  it.each<[string, PasswordRule[]]>([
    ['Castlemaine-47!', ['noEmail', 'noLastName']],
    ['nora.castlemaine9!', ['noEmail', 'noFirstName', 'noLastName']],
    ['Xnora-Harbor-47', ['noEmail', 'noFirstName']],
    // A 555 number repeats a digit too.
    ['Harbor-6505550142', ['noRepeat', 'noPhoneNumber']],
    ['Harbor-5550142!', ['noRepeat', 'noPhoneNumber']],
    ['Harbor-2048-Gate', ['noExtension']],
    ['Violet-Harbor-47', []],
  ])('%j with the account of nora.castlemaine@ breaks %j', (password, broken) => {
    expect(passwordProblems(password, nora)).toEqual(broken);
  });

  it('answers each rule with the UI error the catalogue words and a policy code', () => {
    const checklist = passwordChecklist('Violet-Harbor-47', nora);
    expect(checklist.every((check) => check.met)).toBe(true);
    expect(checklist.map((check) => passwordRules[check.rule].policyCode)).toEqual([
      'PWD-001',
      'PWD-002',
      'PWD-003',
      'PWD-004',
      'PWD-005',
      'PWD-006',
      'PWD-007',
      'PWD-008',
      'PWD-009',
      'PWD-010',
      'PWD-011',
      'PWD-012',
    ]);
  });
});

describe('PIN rules (spec §5)', () => {
  it.each<[string, PinRule[]]>([
    ['975318', []],
    ['9753186420', []],
    ['97531', ['pinLength']],
    ['97531864209', ['pinLength']],
    ['97531a', ['digitsOnly']],
    ['971234', ['pinNoSequence']],
    ['976543', ['pinNoSequence']],
    ['975553', ['pinNoRepeat']],
    ['970142', ['pinNoAccountInfo']],
    ['912048', ['pinNoAccountInfo']],
    ['', ['pinLength', 'digitsOnly', 'pinNoSequence', 'pinNoRepeat']],
  ])('%j breaks %j', (pin, broken) => {
    expect(pinProblems(pin, nora)).toEqual(broken);
  });
});

describe('activation answer (spec §5: at least five characters, without the password)', () => {
  it.each([
    ['Blue heron', 'Violet-Harbor-47', undefined],
    ['Owl', 'Violet-Harbor-47', 'UI_ERROR_ACTIVATION_ANSWER_SHORT'],
    ['my violet-harbor-47 answer', 'Violet-Harbor-47', 'UI_ERROR_ACTIVATION_ANSWER_HAS_PASSWORD'],
  ])('%j with password %j → %s', (answer, password, problem) => {
    expect(activationAnswerProblem(answer, password)).toBe(problem);
  });

  it('checks both rules at once for the checklist, even when the answer is still short', () => {
    expect(activationAnswerChecklist('pw1', 'pw1')).toEqual([
      { rule: 'answerLength', met: false },
      { rule: 'answerWithoutPassword', met: false },
    ]);
    expect(activationAnswerChecklist('', '')).toEqual([
      { rule: 'answerLength', met: false },
      { rule: 'answerWithoutPassword', met: true },
    ]);
  });
  it("names the server's codes: ANSWER-001 short (trimmed), ANSWER-002 with the password", () => {
    const codeOf = (answer: string) => {
      const broken = activationAnswerRuleBroken(answer, 'Violet-Harbor-47');
      return broken && activationAnswerRules[broken].policyCode;
    };
    expect([codeOf('  Owl   '), codeOf('VIOLET-HARBOR-47!'), codeOf('Blue heron')]).toEqual([
      'ANSWER-001',
      'ANSWER-002',
      undefined,
    ]);
  });
});

describe('sequences and repeats', () => {
  it('reads letters case-insensitively and never mixes letters with digits', () => {
    expect(hasSequence('xAbCx')).toBe(true);
    expect(hasSequence('yz0')).toBe(false);
    expect(hasSequence('89a')).toBe(false);
    expect(hasRepeat('aAa')).toBe(true);
    expect(hasRepeat('aab')).toBe(false);
  });
});
