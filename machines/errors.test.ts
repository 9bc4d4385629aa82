import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { messageFor, pageMessageFor } from './errorMessages.ts';
import { codeRequestOutcome, loadErrorMessages, signInFailure } from './errors.ts';

const apiError = (code: number | string, backendMessage = 'backend says no') =>
  new ApiError({
    code: typeof code === 'number' ? `API_ERROR_${code}` : (code as 'UI_ERROR_NETWORK'),
    backendMessage,
    rayId: 'ray-1',
  });
beforeAll(() => loadErrorMessages());

const email = { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' } as const;
const phone = {
  kind: 'number',
  phoneNumber: '650',
  normalizedPhoneNumber: '+16505550100',
  extension: '',
  loginId: '+16505550100',
} as const;
const phoneWithExtension = { ...phone, extension: '101' } as const;

afterEach(() => vi.restoreAllMocks());

describe('code request status table (spec §4)', () => {
  it.each([208, 703, 704, 213, 214, 215])('%i → /error/API_ERROR_%i', (code) => {
    expect(codeRequestOutcome(apiError(code))).toEqual({ kind: 'error', code: `API_ERROR_${code}` });
  });
  it.each([221, 222, 223, 227])('%i → /warning/%i', (code) => {
    expect(codeRequestOutcome(apiError(code))).toEqual({ kind: 'warning', code: String(code) });
  });
  it.each([
    [206, 'NO_RCM_PERMISSION'],
    [209, 'NO_RCM_PERMISSION'],
    [210, 'NO_RCM_PERMISSION/SUNSET'],
    [211, 'NO_RCM_PERMISSION/MIGRATION'],
    [212, 'NO_RCM_PERMISSION/SUNSET_NOTIFICATION'],
  ])('%i → the no-permission page %s', (code, page) => {
    expect(codeRequestOutcome(apiError(code))).toEqual({ kind: 'error', code: page });
  });
  it.each([701, 702] as const)('%i → the emergency-address flow (spec §4)', (code) => {
    expect(codeRequestOutcome(apiError(code))).toEqual({ kind: 'emergencyAddress', code });
  });
  it.each([
    [720, 'fedramp'],
    [730, 'terms'],
    [216, 'retiredApp'],
  ] as const)('%i → the notices flow (%s)', (code, notice) => {
    expect(codeRequestOutcome(apiError(code))).toEqual({ kind: 'notice', notice });
  });
  // Two-factor (306, 224) never reaches this table: the machine's isSecondFactorRequired guard takes it first.
  it.each([101, 999])('%i redirects back with invalid_request and the backend message', (code) => {
    expect(codeRequestOutcome(apiError(code))).toEqual({
      kind: 'redirect',
      error: 'invalid_request',
      description: 'backend says no',
    });
  });
  it('a network failure redirects with its code when there is no backend message', () => {
    expect(codeRequestOutcome(apiError('UI_ERROR_NETWORK', ''))).toEqual({
      kind: 'redirect',
      error: 'invalid_request',
      description: 'UI_ERROR_NETWORK',
    });
  });
});

describe('sign-in failures (spec §4, §8)', () => {
  it.each([
    [304, email, 'errors.emailNotFound', ['signUp']],
    // A number typed without an extension: the same words, plus how to add one (spec §5).
    [304, phone, 'errors.credentialNotFoundNoExtension', ['signUp']],
    [304, phoneWithExtension, 'errors.credentialNotFound', ['signUp']],
    [108, email, 'errors.emailLoginFailed', ['resetPassword']],
    [108, phone, 'errors.loginFailed', ['resetPassword']],
    [305, phone, 'errors.loginFailed', ['resetPassword']],
    [407, email, 'errors.emailLoginFailed', ['resetPassword']],
    [602, phone, 'errors.emailLoginFailed', ['resetPassword']],
    [208, email, 'errors.invalidRedirect', []],
    [316, email, 'errors.ssoEnabled', ['ssoSignIn']],
    [318, email, 'errors.sso.thirdPartyEnabled', ['ssoSignIn']],
    [508, email, 'errors.ssoEnforced', ['ssoSignIn']],
    [319, email, 'errors.numericPasswordExpired', ['changePassword']],
    [101, email, 'errors.internal', ['help']],
  ] as const)('%i for %o shows %s with links %o', (code, credential, id, links) => {
    const message = links.length ? { id, links: links.map((kind) => ({ kind })) } : { id };
    expect(signInFailure(apiError(code), credential)).toEqual({ kind: 'field', message });
  });
  it('an unknown code logs once and shows the internal message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unknown = apiError(777);
    expect(signInFailure(unknown, email)).toMatchObject({ message: { id: 'errors.internal' } });
    expect(signInFailure(unknown, email)).toMatchObject({ message: { id: 'errors.internal' } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Foyer: no message for API_ERROR_777');
  });
  it('HTTP 429 shows the too-often message with the ray id', () => {
    expect(signInFailure(apiError(429), email)).toEqual({
      kind: 'field',
      message: { id: 'errors.tooFrequentWithRay', values: { rayId: 'ray-1' } },
    });
    const withoutRay = new ApiError({ code: 'API_ERROR_429', backendMessage: 'slow down' });
    expect(signInFailure(withoutRay, email)).toEqual({
      kind: 'field',
      message: { id: 'errors.tooFrequent' },
    });
  });
  it.each([
    [361, {}, 'errors.userNotConfirmed', undefined],
    [371, {}, 'errors.userNotActivated', undefined],
    [362, {}, 'errors.accountDisabled', undefined],
    [372, {}, 'errors.extensionDisabled', undefined],
    [373, {}, 'errors.extensionFrozen', undefined],
    [363, {}, 'errors.accountSuspended', undefined],
    [363, { admin: 'true', reason: 'card' }, 'errors.accountSuspendedAdmin', 'supportPhone'],
    [364, {}, 'errors.trialExpired', undefined],
    [364, { admin: 'true' }, 'errors.trialExpiredAdmin', 'supportPhone'],
    [351, {}, 'errors.upgradeRequired', undefined],
    [354, {}, 'errors.ivnLoginDenied', undefined],
  ] as const)('account state %i %o shows %s', (code, errorParameters, id, link) => {
    const error = new ApiError({ code: `API_ERROR_${code}`, backendMessage: 'state', errorParameters });
    const message = link ? { id, links: [{ kind: link }] } : { id };
    expect(signInFailure(error, email)).toEqual({ kind: 'field', message });
  });
  it.each([374, 603])('account locked (%i) goes to the toast bar', (code) => {
    expect(signInFailure(apiError(code), email)).toEqual({
      kind: 'toast',
      message: { id: 'errors.accountLocked', links: [{ kind: 'resetPassword' }] },
    });
  });
  it.each([5, 26, 204, 213, 214, 215, 405])('%i is a standalone page error', (code) => {
    expect(signInFailure(apiError(code), email)).toEqual({ kind: 'page', code: `API_ERROR_${code}` });
    expect(signInFailure(apiError(code), phone)).toEqual({ kind: 'page', code: `API_ERROR_${code}` });
  });
  it.each([
    ['UI_ERROR_NETWORK', { id: 'errors.network', links: [{ kind: 'troubleshooting' }] }],
    ['UI_ERROR_BAD_REPLY', { id: 'errors.badReply' }],
  ])('%s shows %o', (code, message) => {
    expect(signInFailure(apiError(code), email)).toEqual({ kind: 'field', message });
  });
});

describe('lookup context (spec §8: scenario, display, app type, brand, session)', () => {
  it.each([
    [{ scenario: 'TwoFactor' }, 310, 'errors.twoFactor.invalidSecurityCode'],
    [{ scenario: 'MFA' }, 310, 'errors.mfa.incorrectCode'],
    [{ scenario: 'TwoFactor' }, 429, 'errors.twoFactor.tooManySendRequests'],
    [{ scenario: 'MFA' }, 326, 'errors.mfa.tooFrequent'],
    [{ scenario: 'MFA' }, 328, 'errors.mfa.codeUsed'],
    [{ scenario: 'FormValidation' }, 407, 'errors.form.currentPasswordIncorrect'],
    [{ scenario: 'ResetPassword' }, 411, 'errors.linkExpired'],
    [{ scenario: 'SSO' }, 602, 'errors.sso.noAccountForEmail'],
    [{ scenario: 'PARTNER' }, 105, 'errors.partner.sessionExpired'],
    [{ scenario: 'Default' }, 105, 'errors.internal'],
    [{ appType: 'GLIP' }, 605, 'errors.sso.mainAccountInGlip'],
    [{ appType: 'SW' }, 605, 'errors.sso.messagingOnlyAccount'],
    [{ brandId: '7310' }, 206, 'errors.noRcmPermission'],
    [{ brandId: '1210' }, 206, 'errors.noPermission'],
  ] as const)('%o: %i → %s', (lookup, code, id) => {
    const error = new ApiError({ code: `API_ERROR_${code}` });
    expect(messageFor(error, phone, lookup).id).toBe(id);
  });

  it('too many codes (413) with retryAfterSeconds says how many minutes to wait, rounded up', () => {
    const limited = (seconds: string) =>
      new ApiError({ code: 'API_ERROR_413', errorParameters: { retryAfterSeconds: seconds } });
    expect(messageFor(limited('130'), phone, { scenario: 'TwoFactor' })).toEqual({
      id: 'errors.twoFactor.tooManySendRequestsWait',
      values: { minutes: '3' },
    });
    expect(messageFor(limited('20'), phone, { scenario: 'TwoFactor' }).values).toEqual({ minutes: '1' });
    // Without a usable time, the message without one.
    for (const seconds of ['', '0', 'soon'])
      expect(messageFor(limited(seconds), phone, { scenario: 'TwoFactor' }).id).toBe(
        'errors.twoFactor.tooManySendRequests',
      );
  });
  it('a 429 with Retry-After, a lock (374) and too many codes (326) say how many minutes to wait', () => {
    const waiting = (code: number, seconds: string, rayId?: string) =>
      new ApiError({ code: `API_ERROR_${code}`, rayId, errorParameters: { retryAfterSeconds: seconds } });
    expect(messageFor(waiting(429, '61', 'ray-9'), email)).toEqual({
      id: 'errors.tooFrequentWaitWithRay',
      values: { minutes: '2', rayId: 'ray-9' },
    });
    expect(messageFor(waiting(429, '30'), email)).toEqual({
      id: 'errors.tooFrequentWait',
      values: { minutes: '1' },
    });
    expect(messageFor(waiting(374, '900', 'ray-8'), email)).toEqual({
      id: 'errors.accountLockedWait',
      values: { minutes: '15' },
      links: [{ kind: 'resetPassword' }],
    });
    expect(messageFor(waiting(326, '300'), phone, { scenario: 'TwoFactor' })).toEqual({
      id: 'errors.twoFactor.tooManyAttemptsWait',
      values: { minutes: '5' },
    });
    expect(messageFor(waiting(326, '300'), phone, { scenario: 'MFA' })).toEqual({
      id: 'errors.mfa.tooFrequentWait',
      values: { minutes: '5' },
    });
    expect(messageFor(waiting(429, '120', 'ray-7'), phone, { scenario: 'TwoFactor' })).toEqual({
      id: 'errors.twoFactor.tooManySendRequestsWaitWithRay',
      values: { minutes: '2', rayId: 'ray-7' },
    });
    // The lock in the toast bar (spec §2) says it too.
    expect(signInFailure(waiting(374, '60'), email)).toMatchObject({
      kind: 'toast',
      message: { id: 'errors.accountLockedWait', values: { minutes: '1' } },
    });
    // Without a usable time (none, zero, an HTTP date), the wording stays as it was.
    expect(messageFor(new ApiError({ code: 'API_ERROR_374' }), email).id).toBe('errors.accountLocked');
    for (const seconds of ['', '0', 'Wed, 21 Oct 2026 07:28:00 GMT'])
      expect(messageFor(waiting(429, seconds, 'ray-6'), email)).toEqual({
        id: 'errors.tooFrequentWithRay',
        values: { rayId: 'ray-6' },
      });
  });
  it("the touch credential page's not-found says how to add an extension too, without the sign-up link", () => {
    const touch = { display: 'touch' } as const;
    expect(messageFor(apiError(304), phone, touch)).toEqual({ id: 'errors.credentialNotFoundNoExtension' });
    expect(messageFor(apiError(304), phoneWithExtension, touch)).toEqual({ id: 'errors.credentialNotFound' });
    expect(messageFor(apiError(304), email, touch)).toEqual({ id: 'errors.emailNotFound' });
  });
  it("password recovery's not-found has no extension hint: the flow's lookups are not the sign-in's number", () => {
    for (const lookup of [
      { scenario: 'ResetPassword' },
      { scenario: 'ResetPassword', display: 'touch' },
    ] as const)
      expect(messageFor(apiError(304), phone, lookup)).toEqual({ id: 'errors.credentialNotFound' });
  });
  it('a partner-supported brand tells its admins to call the provider, without our number', () => {
    const error = new ApiError({ code: 'API_ERROR_363', errorParameters: { admin: 'true' } });
    expect(messageFor(error, email, { brandId: '3420' })).toEqual({
      id: 'errors.accountSuspendedAdminPartner',
    });
  });
  it('the touch display drops the sign-up link from not-found', () => {
    expect(messageFor(apiError(304), email, { display: 'touch' })).toEqual({ id: 'errors.emailNotFound' });
  });
  it('adds the session id only when a platform session exists', () => {
    const withSession = { platformSession: true, sessionId: 'S-42' };
    expect(messageFor(apiError(354), email, withSession)).toEqual({
      id: 'errors.ivnLoginDenied',
      sessionId: 'S-42',
    });
    expect(messageFor(apiError(354), email, { platformSession: false, sessionId: 'S-42' })).toEqual({
      id: 'errors.ivnLoginDenied',
    });
    expect(messageFor(apiError(354), email, { platformSession: true })).toEqual({
      id: 'errors.ivnLoginDenied',
    });
  });
  it('signInFailure passes its lookup on', () => {
    expect(signInFailure(apiError(310), email, { scenario: 'MFA' })).toEqual({
      kind: 'field',
      message: { id: 'errors.mfa.incorrectCode' },
    });
  });
});

describe('page messages', () => {
  it.each([
    ['API_ERROR_208', 'errors.invalidRedirect'],
    ['API_ERROR_213', 'errors.accountAccessRestriction'],
    ['API_ERROR_405', 'errors.linkExpired'],
    ['NO_RCM_PERMISSION/SUNSET_NOTIFICATION', 'errors.rcmSunsetNotification'],
    ['221', 'errors.invalidSession'],
    ['INVALID_PARAMETERS', 'errors.invalidParameters'],
  ])('%s → %s', (code, id) => {
    expect(pageMessageFor(code)).toBe(id);
  });
  it('an unknown page code shows the internal message', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(pageMessageFor('SOMETHING_ELSE')).toBe('errors.internal');
  });
});

describe('the message lookups as a chunk of their own', () => {
  it('without them loaded, a failure still gets the generic message, never a crash', async () => {
    vi.resetModules();
    const fresh = await import('./errors.ts');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(fresh.signInFailure(apiError(108), email)).toEqual({
      kind: 'field',
      message: { id: 'errors.internal' },
    });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('withErrorMessages loads them before the failure is passed on, and passes success through', async () => {
    vi.resetModules();
    const fresh = await import('./errors.ts');
    await expect(fresh.withErrorMessages(async () => 'ok')).resolves.toBe('ok');
    await expect(fresh.withErrorMessages(() => Promise.reject(apiError(108)))).rejects.toMatchObject({
      code: 'API_ERROR_108',
    });
    expect(fresh.signInFailure(apiError(108), email)).toEqual(signInFailure(apiError(108), email));
    expect(fresh.signInFailure(apiError(108), email)).not.toMatchObject({
      message: { id: 'errors.internal' },
    });
  });
});
