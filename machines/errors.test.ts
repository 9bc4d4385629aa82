import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { codeRequestOutcome, pageMessageFor, signInFailure } from './errors.ts';

const apiError = (code: number | string, backendMessage = 'backend says no') =>
  new ApiError({
    code: typeof code === 'number' ? `API_ERROR_${code}` : (code as 'UI_ERROR_NETWORK'),
    backendMessage,
    rayId: 'ray-1',
  });
const email = { kind: 'email', loginEmail: 'ada@example.com', loginId: 'ada@example.com' } as const;
const phone = {
  kind: 'number',
  phoneNumber: '650',
  normalizedPhoneNumber: '+16505550100',
  extension: '',
  loginId: '+16505550100',
} as const;

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
  // Two-factor, FedRAMP and E911 pages come in later issues; until then they take the fallback.
  it.each([306, 224, 720, 701, 702, 101, 999])(
    '%i redirects back with invalid_request and the backend message',
    (code) => {
      expect(codeRequestOutcome(apiError(code))).toEqual({
        kind: 'redirect',
        error: 'invalid_request',
        description: 'backend says no',
      });
    },
  );
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
    [304, email, 'errors.emailNotFound'],
    [304, phone, 'errors.credentialNotFound'],
    [108, email, 'errors.emailLoginFailed'],
    [108, phone, 'errors.loginFailed'],
    [407, email, 'errors.emailLoginFailed'],
    [208, email, 'errors.invalidRedirect'],
    [777, email, 'errors.internal'],
  ] as const)('%i for %o shows %s on the screen', (code, credential, id) => {
    expect(signInFailure(apiError(code), credential)).toEqual({ kind: 'field', message: { id } });
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
    [361, {}, 'errors.userNotConfirmed'],
    [371, {}, 'errors.userNotActivated'],
    [362, {}, 'errors.accountDisabled'],
    [372, {}, 'errors.extensionDisabled'],
    [373, {}, 'errors.extensionFrozen'],
    [363, {}, 'errors.accountSuspended'],
    [363, { admin: 'true', reason: 'card' }, 'errors.accountSuspendedAdmin'],
    [364, {}, 'errors.trialExpired'],
    [364, { admin: 'true' }, 'errors.trialExpiredAdmin'],
    [351, {}, 'errors.upgradeRequired'],
    [354, {}, 'errors.ivnLoginDenied'],
    [316, {}, 'errors.ssoEnabled'],
    [508, {}, 'errors.ssoEnforced'],
  ] as const)('account state %i %o shows %s', (code, errorParameters, id) => {
    const error = new ApiError({ code: `API_ERROR_${code}`, backendMessage: 'state', errorParameters });
    expect(signInFailure(error, email)).toEqual({ kind: 'field', message: { id } });
  });
  it.each([374, 603])('account locked (%i) goes to the toast bar', (code) => {
    expect(signInFailure(apiError(code), email)).toEqual({
      kind: 'toast',
      message: { id: 'errors.accountLocked' },
    });
  });
  it.each([5, 26, 204, 213, 214, 215, 405])('%i is a standalone page error', (code) => {
    expect(signInFailure(apiError(code), email)).toEqual({ kind: 'page', code: `API_ERROR_${code}` });
  });
  it.each([
    ['UI_ERROR_NETWORK', 'errors.network'],
    ['UI_ERROR_BAD_REPLY', 'errors.badReply'],
  ])('%s shows %s', (code, id) => {
    expect(signInFailure(apiError(code), email)).toEqual({ kind: 'field', message: { id } });
  });
});

describe('page messages', () => {
  it.each([
    ['API_ERROR_208', 'errors.invalidRedirect'],
    ['API_ERROR_213', 'errors.accountAccessRestriction'],
    ['NO_RCM_PERMISSION/SUNSET_NOTIFICATION', 'errors.noPermission'],
    ['221', 'errors.invalidSession'],
    ['INVALID_PARAMETERS', 'errors.invalidParameters'],
    ['SOMETHING_ELSE', 'errors.internal'],
  ])('%s → %s', (code, id) => {
    expect(pageMessageFor(code)).toBe(id);
  });
});
