import { backendCode } from '../../api/contract/backendCodes.ts';
import type { PasswordChangeReason } from '../db/schema.ts';
import { ApiFailure } from '../http/errors.ts';

/** How the login reply names a required change (api/contract/auth.ts `passwordChange`). */
export const passwordChangeOf = (reason: PasswordChangeReason | null) =>
  reason === null ? undefined : reason === 'enforced' ? ('enforced' as const) : ('oneTime' as const);

/** A code request refused until the password is changed; prompt=none turns it into interaction_required. */
export class PasswordChangeNeeded extends ApiFailure {}

/**
 * Spec §4 enforced reset and one-time password: the sign-in verified the current password, but no code
 * is issued until a new one is set (issueAuthorisationCode, after the second-factor rule, so a password
 * alone never gets as far as changing itself on an account that has a second factor to prove).
 */
export function requirePasswordCurrent(reason: PasswordChangeReason | null): void {
  if (reason === null) return;
  throw new PasswordChangeNeeded(
    403,
    backendCode.passwordChangeRequired,
    reason === 'enforced'
      ? 'The administrator requires a new password before signing in'
      : 'The temporary password must be replaced before signing in',
    { errorParameters: { passwordChange: passwordChangeOf(reason) ?? 'enforced' } },
  );
}
