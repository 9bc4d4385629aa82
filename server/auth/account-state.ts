import { backendCode } from '../../api/contract/backendCodes.ts';
import type { AccountState } from '../db/schema.ts';
import { ApiFailure } from '../http/errors.ts';
import type { User } from './users.service.ts';

/**
 * The backend code each refused state answers with (spec §8). Messages are for developers; the SPA
 * picks the user's text from the code and the error parameters.
 */
const REFUSALS: Record<Exclude<AccountState, 'active'>, { code: number; message: string }> = {
  not_confirmed: { code: backendCode.userNotConfirmed, message: 'The user has not confirmed the account' },
  not_activated: { code: backendCode.userNotActivated, message: 'The user has not activated the account' },
  locked: { code: backendCode.accountLocked, message: 'The account is locked' },
  disabled: { code: backendCode.accountDisabled, message: 'The account is disabled' },
  extension_disabled: { code: backendCode.extensionDisabled, message: 'The extension is disabled' },
  extension_frozen: { code: backendCode.extensionFrozen, message: 'The extension is frozen' },
  suspended: { code: backendCode.accountSuspended, message: 'The account is suspended' },
  trial_expired: { code: backendCode.accountTrialExpired, message: 'The trial period has ended' },
  upgrade_required: { code: backendCode.accountError, message: 'The account must be upgraded' },
  ivn_login_denied: {
    code: backendCode.ivnLoginDenied,
    message: 'An international virtual number cannot be used to log in',
  },
  sso_enabled: {
    code: backendCode.ssoCredentialEnabled,
    message: 'The account uses single sign-on, not a password',
  },
  sso_enforced: {
    code: backendCode.enforcedSsoLoginOnly,
    message: 'The company allows single sign-on only',
  },
};

/** Accounts whose password route is closed: login-info sends them to single sign-on. */
export function usesSingleSignOn(user: User): boolean {
  return user.state === 'sso_enabled' || user.state === 'sso_enforced';
}

/**
 * Why this user may not sign in, as the failure to answer with, or undefined for an active account.
 * Only called once the password has verified, so a wrong password never reveals the state. Admins get
 * `admin: 'true'` (spec §6: their own suspended and trial-expired messages) and the reason, if any.
 */
export function stateRefusal(user: User): ApiFailure | undefined {
  if (user.state === 'active') return numericPasswordRefusal(user);
  const { code, message } = REFUSALS[user.state];
  const errorParameters: Record<string, string> = {
    ...(user.isAdmin ? { admin: 'true' } : {}),
    ...(user.stateReason ? { reason: user.stateReason } : {}),
  };
  return new ApiFailure(403, code, message, { errorParameters });
}

/**
 * Spec §8 319: an old numeric password still signs in nowhere until it is replaced through
 * change-legacy-password (spec §4: then a new sign-in). Like every state, answered only after the
 * password verified, so lockout and timing stay as for any account.
 */
export function numericPasswordRefusal(user: User): ApiFailure | undefined {
  if (!user.numericPasswordExpired) return undefined;
  return new ApiFailure(
    403,
    backendCode.numericPasswordExpired,
    'The numeric password has expired: change it',
  );
}
