import { ApiError } from '../../api/errors.ts';
import { adaSession, graceSession } from '../fixtures/sessions.ts';
import { apiError, done, failed } from './actorEvents.ts';

/**
 * The events of the flows the sign-in machine invokes (returning users, two-factor, password and
 * account, emergency address, notices, rooms), as the sign-in model sees them: each flow's outcomes,
 * a chunk that fails to load, and the addresses forwarded to it. Each flow's own states are walked by
 * its model test.
 */

/** The picker flow's report of its lists (machines/picker/picker.setup.ts, `tellAccounts`). */
const pickerAccounts = (rememberedAccounts: unknown[], signedInAccounts: unknown[]) => ({
  type: 'picker.accounts',
  rememberedAccounts,
  signedInAccounts,
});

/** Returning users: the accounts signed in here, the picker's outcomes, and its lists as it changes them. */
export function accountEvents() {
  return [
    { type: 'route.changed', route: { name: 'selectAccount' } },
    done('listSessions', []),
    done('listSessions', [adaSession]),
    done('listSessions', [adaSession, graceSession]),
    failed('listSessions', new ApiError({ code: 'UI_ERROR_NETWORK' })),
    failed('listSessions', apiError(404)),
    // The picker is a flow of its own (machines/picker/, walked by test/model/picker.model.test.ts): here
    // its lists as it tells them, each of its outcomes and a chunk that fails to load.
    pickerAccounts([], [adaSession]),
    pickerAccounts([], []),
    { ...pickerAccounts([], []), error: new ApiError({ code: 'UI_ERROR_NETWORK' }) },
    done('picker', { outcome: 'continueSession', account: { ...adaSession, remembered: false } }),
    done('picker', { outcome: 'chooseAccount', loginId: 'grace@example.co.uk' }),
    done('picker', { outcome: 'useAnother' }),
    done('picker', { outcome: 'noAccounts' }),
    done('picker', { outcome: 'signedOut' }),
    done('picker', { outcome: 'sessionExpired' }),
    failed('picker', new Error('Page script did not load')),
  ];
}

/**
 * Two-factor as the sign-in machine sees it: the code request's 224, the flow's outcomes and a chunk
 * that fails to load, and an address inside the flow (forwarded to it). The flow's own states are
 * walked by test/model/twoFactor.model.test.ts.
 */
export function twoFactorEvents() {
  return [
    failed('requestCode', apiError(224, 'authenticator setup required')),
    done('twoFactor', { outcome: 'verified' }),
    done('twoFactor', { outcome: 'sessionExpired' }),
    failed('twoFactor', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'twoFactorOptions' } },
  ];
}

/**
 * The password and account flow as the sign-in machine sees it: the ways in (forgot password, a
 * sign-in link, the login's 319/361/371, a required change from the login or the code request's 412),
 * the flow's outcomes, a chunk that fails to load, and an address inside the flow. The flow's own
 * states are walked by test/model/account.model.test.ts.
 */
export function passwordFlowEvents() {
  const login = { brandId: '1210', accountId: '1', extensionId: '101' };
  return [
    { type: 'user.forgotPassword' },
    { type: 'user.requestExpressLink' },
    done('verifyPassword', { ...login, passwordChange: 'enforced' }),
    failed('verifyPassword', apiError(319)),
    failed('verifyPassword', apiError(371)),
    failed(
      'requestCode',
      new ApiError({
        code: 'API_ERROR_412',
        httpStatus: 403,
        backendMessage: 'change',
        errorParameters: { passwordChange: 'oneTime' },
      }),
    ),
    done('account', { outcome: 'back' }),
    done('account', { outcome: 'signIn', loginId: 'ada@example.com' }),
    done('account', { outcome: 'authenticated', login }),
    done('account', { outcome: 'changed' }),
    done('account', { outcome: 'failed', error: apiError(405) }),
    done('account', { outcome: 'sessionExpired' }),
    failed('account', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'resetPassword' } },
  ];
}

/**
 * The emergency-address flow as the sign-in machine sees it: the code request's 701 and 702, the
 * flow's outcomes (completed: the code request again with eaCompleted=true; failed; an expired
 * session), a chunk that fails to load, and an address inside the flow (forwarded to it). The flow's
 * own states are walked by test/model/emergency.model.test.ts.
 */
export function emergencyEvents() {
  return [
    failed('requestCode', apiError(701, 'emergency address required')),
    failed('requestCode', apiError(702, 'no digital line')),
    done('emergency', { outcome: 'completed' }),
    done('emergency', { outcome: 'failed', error: apiError(101) }),
    done('emergency', { outcome: 'sessionExpired' }),
    failed('emergency', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'emergencyEditor' } },
  ];
}

/**
 * The notices flow as the sign-in machine sees it (docs/notices.md): the code request's 720, 730 and
 * 216, the flow's outcomes (FedRAMP or terms accepted: the code again; declined: access_denied; failed;
 * an expired session), a chunk that fails to load, and a notice address forwarded to the flow. The
 * flow's own states are walked by test/model/notices.model.test.ts.
 */
export function noticeEvents() {
  return [
    failed('requestCode', apiError(720, 'FedRAMP notice required')),
    failed('requestCode', apiError(730, 'terms not accepted')),
    failed('requestCode', apiError(216, 'application retired')),
    done('notices', { outcome: 'accepted', notice: 'fedramp' }),
    done('notices', { outcome: 'accepted', notice: 'terms' }),
    done('notices', { outcome: 'declined', notice: 'terms' }),
    done('notices', { outcome: 'failed', error: apiError(101) }),
    done('notices', { outcome: 'sessionExpired' }),
    failed('notices', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'termsOfService' } },
  ];
}

/**
 * The room activation flow as the sign-in machine sees it (docs/room-activation.md): it ends only with
 * a failure, its chunk can fail to load, and its addresses are forwarded to it. Its own states are
 * walked by test/model/room.model.test.ts.
 */
export function roomEvents() {
  return [
    done('room', { outcome: 'failed', error: apiError(101) }),
    failed('room', new Error('Page script did not load')),
    { type: 'route.changed', route: { name: 'roomActivated' } },
  ];
}
