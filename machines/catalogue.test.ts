import { describe, expect, it } from 'vitest';
import english from '../i18n/messages/en_US.json' with { type: 'json' };
import { partnerCodes, uiErrorOfBackendCode } from './catalogue.ts';
import { catalogueRules, defaultMessages, entryFor, scenarioMessages } from './catalogueMessages.ts';
import { uiValidationMessages } from './catalogueValidation.ts';
import { passwordPolicyErrors } from './passwordPolicyErrors.ts';

const text = (id: string) => (english as Record<string, string>)[id];

describe('backend codes (spec §8)', () => {
  // The spec's list, code by code; 605 is our name for "the UI error for GLIP versus main account".
  it.each([
    [[101, 103, 109, 204, 410, 701, 702, 703, 704], 'INTERNAL'],
    [[108, 305], 'LOGIN_FAILED'],
    [[206], 'NO_PERMISSION'],
    [[208], 'INVALID_REDIRECT_URI'],
    [[213], 'ACCOUNT_ACCESS_RESTRICTION'],
    [[214], 'GEO_IP_ACCESS_RESTRICTION'],
    [[215], 'APPLICATION_ACCESS_RESTRICTION'],
    [[221, 222, 227], 'INVALID_SESSION_TOKEN'],
    [[223], 'SESSION_DATA_NOT_FOUND'],
    [[301], 'BRAND_NOT_FOUND'],
    [[304], 'CREDENTIAL_NOT_FOUND'],
    [[306, 224], 'TWO_FACTOR_REQUIRED'],
    [[307], 'IOVATION_BLACKLISTED'],
    [[325], 'IOVATION_ERROR'],
    [[310, 311, 315], 'INCORRECT_CODE'],
    [[314], 'CONSENT'],
    [[324], 'INVALID_CODE_ERROR'],
    [[326], 'CODE_VERIFICATION_LIMIT'],
    [[328], 'MFA_CODE_FORBIDDEN'],
    [[316], 'LOGIN_FAILED_SSO_CREDENTIAL_ENABLED'],
    [[317], 'LOGIN_FAILED_SSO_CREDENTIAL_DISABLED'],
    [[318], 'LOGIN_FAILED_THIRD_PARTY_SSO_ENABLED'],
    [[319], 'NUMERIC_PASSWORD_EXPIRED'],
    [[321], 'PHONE_NUMBER_ERROR'],
    [[351, 352, 353], 'ACCOUNT_ERROR'],
    [[354], 'IVN_LOGIN_DENIED'],
    [[361], 'USER_NOT_CONFIRMED'],
    [[362], 'ACCOUNT_DISABLED'],
    [[363], 'ACCOUNT_SUSPENDED'],
    [[364], 'ACCOUNT_TRIAL_EXPIRED'],
    [[371], 'USER_NOT_ACTIVED'],
    [[372], 'EXTENSION_DISABLED'],
    [[373], 'EXTENSION_FROZEN'],
    [[374, 603], 'ACCOUNT_LOCKED'],
    [[402], 'PASSWORD_ERROR'],
    [[403], 'NOT_SUPPORTED_FORGET_PASSWORD_SSO_ENABLED'],
    [[404], 'IVR_PIN_ERROR'],
    [[405], 'RESET_PASSWORD_LINK_INVALID'],
    [[407], 'INCORRECT_PASSWORD'],
    [[411], 'EXPRESS_LINK_INVALID'],
    [[413], 'SENDEMAIL_FREQUENTLY'],
    [[429], 'REQUEST_FREQUENTLY'],
    [[501, 502], 'SSO_DISABLE'],
    [[508], 'ENFORCED_SSO_LOGIN_ONLY'],
    [[602, 604], 'EMAIL_LOGIN_FAILED'],
    [[605], 'GLIP_MAIN_ACCOUNT_MISMATCH'],
    [[714], 'DUPLICATED_EMAIL'],
    [[720], 'FEDRAMP_NOTICE_REQUIRED'],
    [[212], 'RCM_SUNSET_NOTIFICATION'],
  ] as const)('%o → %s', (codes, uiError) => {
    for (const code of codes) expect(uiErrorOfBackendCode[code]).toBe(uiError);
  });
  it('partner errors 102, 104 and 105 have partner names', () => {
    expect(Object.keys(partnerCodes)).toEqual(['102', '104', '105']);
  });
});

describe('every message id in the tables exists in en_US', () => {
  const entries = [
    ...Object.values(defaultMessages),
    ...Object.values(scenarioMessages).flatMap((table) => Object.values(table)),
    ...catalogueRules.map((rule) => rule.entry),
  ];
  const ids = entries.flatMap((entry) => [entry.id, entry.email?.id, entry.admin?.id]).filter(Boolean);
  it.each([...new Set([...ids, ...Object.values(uiValidationMessages)])])('%s', (id) => {
    expect(text(id as string)).toEqual(expect.any(String));
  });
  it('every password-policy code names a validation error', () => {
    for (const error of Object.values(passwordPolicyErrors))
      expect(uiValidationMessages[error]).toBeDefined();
  });
  it("the activation answer's codes name its errors", () => {
    expect([passwordPolicyErrors['ANSWER-001'], passwordPolicyErrors['ANSWER-002']]).toEqual([
      'UI_ERROR_ACTIVATION_ANSWER_SHORT',
      'UI_ERROR_ACTIVATION_ANSWER_HAS_PASSWORD',
    ]);
  });
});

describe("the spec's English, word for word (spec §5, §8)", () => {
  it.each([
    ['errors.invalidCode', 'The code you entered is invalid. Try again or contact your company admin.'],
    ['errors.invalidSession', 'Invalid request. Go back to login page and request again.'],
    ['errors.internal', 'The service is temporarily unavailable. Please try again later.'],
    [
      'errors.twoFactor.phoneUnavailable',
      'Calls to the number is not available. Please choose email to receive your security code.',
    ],
    ['errors.emailLoginFailed', 'The email and password do not match'],
    ['errors.linkExpired', 'The link has expired. Please request another link.'],
    ['errors.credentialNotFound', "We didn't find any matched account."],
    ['errors.emailNotFound', "We didn't find any matched account."],
    ['errors.ivnLoginDenied', 'International virtual number cannot be used to log in.'],
    ['errors.invalidRedirect', 'This redirect failed because URL blocked.'],
    ['errors.mfa.incorrectCode', 'That code is incorrect'],
    ['errors.twoFactor.invalidSecurityCode', 'Invalid security code'],
    ['errors.network', 'The service is temporarily unavailable. Check your network connection.'],
    ['errors.tooFrequent', 'You are trying too often. Please try again later.'],
    ['errors.emptyEmail', 'Enter an email'],
    ['errors.emptyPhone', 'Enter a phone number'],
    ['errors.emptyCode', 'Enter a code'],
    ['errors.form.emptyNewPassword', 'Enter a new password'],
    ['errors.form.emptyPasswordRetype', 'Enter new password again'],
    ['errors.form.emptyNewPin', 'Enter a new PIN'],
    ['errors.form.emptyPinRetype', 'Enter new PIN again'],
    ['errors.emergency.notSupported', 'Error: The address you enter is not supported.'],
    ['errors.emergency.missing', 'Unavailable: Missing emergency address.'],
    ['errors.emergency.noMatch', 'No matching address found.'],
    ['errors.emergency.erlDeleted', 'The emergency response location has been deleted.'],
    ['errors.emergency.fieldTooLong', "{field} can't be longer than {maxLength} characters"],
  ])('%s', (id, wording) => {
    expect(text(id)).toBe(wording);
  });
});

describe('entryFor: rules, then the scenario, then Default', () => {
  it('falls back to Default when a scenario does not word an error', () => {
    expect(entryFor('ACCOUNT_DISABLED', { scenario: 'MFA' })).toBe(defaultMessages.ACCOUNT_DISABLED);
  });
  it('a brand rule needs the brand', () => {
    expect(entryFor('NO_PERMISSION', { brandId: '7310' }).id).toBe('errors.noRcmPermission');
    expect(entryFor('NO_PERMISSION', {}).id).toBe('errors.noPermission');
  });
  it('the GLIP rule wins over the brand rule (it is listed first)', () => {
    expect(entryFor('NO_PERMISSION', { brandId: '7310', appType: 'GLIP' }).id).toBe(
      'errors.noPermissionGlip',
    );
  });
});
