import { backendCode } from '../../api/contract/backendCodes.ts';
import { numericPasswordRefusal, stateRefusal } from '../auth/account-state.ts';
import { failureStatus, lockParameters, recordFailure, resetFailures } from '../auth/lockout.service.ts';
import { verifyPassword } from '../auth/password.ts';
import { type PlatformSession, secondsSinceSignIn } from '../auth/session.service.ts';
import { checkPassword } from '../auth/sign-in.service.ts';
import { findUserById, loginIdOf, type NormalisedCredential, type User } from '../auth/users.service.ts';
import { ApiFailure, badRequest } from '../http/errors.ts';
import {
  markSecondFactorDone,
  needsSecondFactor,
  requireSecondFactor,
  secondFactorNeeds,
} from '../two-factor/second-factor.service.ts';
import type { TrustedDeviceClaim } from '../two-factor/trusted-device.ts';
import { ACCOUNT_LIMITS } from './account.settings.ts';
import { type AccountDeps, auditAccount } from './context.ts';
import {
  checkNewPassword,
  checkNewPin,
  revokeAfterPasswordChange,
  storeNewPassword,
} from './passwords.service.ts';

const incorrectPassword = () =>
  new ApiFailure(401, backendCode.incorrectPassword, 'The current password is not correct');

export interface ChangeInput {
  currentPassword?: string | undefined;
  password: string;
  pin?: string | undefined;
}

/**
 * `currentPassword` may be left out only when the server itself is holding the sign-in back for a
 * required change (412) and the sign-in is fresh: that sign-in just proved the account (its password,
 * or an emailed link or code), and asking for the password again on the very next page proves nothing
 * more. Any other change needs it.
 */
const mayOmitCurrent = (user: User, session: PlatformSession, now: Date) =>
  user.passwordChangeRequired !== null &&
  secondsSinceSignIn(session, now) * 1000 <= ACCOUNT_LIMITS.freshSignInMs;

export function changeService(deps: AccountDeps) {
  const { db, settings, signIn } = deps;

  /**
   * A wrong current password counts towards the account's lockout like a wrong sign-in (374 once
   * locked), so a session left open cannot be used to guess the password.
   */
  async function verifyCurrent(user: User, password: string) {
    const key = `user:${user.id}`;
    const status = await failureStatus(signIn.lockout, key);
    if (status.lockedUntil)
      throw new ApiFailure(
        403,
        backendCode.accountLocked,
        'Too many wrong passwords: the account is locked',
        {
          errorParameters: lockParameters(status.lockedUntil),
        },
      );
    if (await verifyPassword(user.passwordHash, password)) {
      if (status.failures > 0) await resetFailures(signIn.lockout, key);
      return;
    }
    const lockedNow = await recordFailure(signIn.lockout, key);
    if (lockedNow)
      throw new ApiFailure(
        403,
        backendCode.accountLocked,
        'Too many wrong passwords: the account is locked',
        {
          errorParameters: lockParameters(lockedNow),
        },
      );
    throw incorrectPassword();
  }

  return {
    /**
     * POST change-password for a signed-in session. An account with a second factor to prove must have
     * proved it in this sign-in (or on this trusted device) first (306): otherwise a password alone could
     * replace itself. The other sessions, the refresh tokens and the trusted devices are revoked; this
     * session stays signed in, and keeps the second factor it proved.
     */
    async changePassword(
      session: PlatformSession,
      trustedDevice: readonly TrustedDeviceClaim[],
      input: ChangeInput,
      clientIp: string,
      now: Date,
    ) {
      const user = (await findUserById(db, session.user.id)) ?? session.user;
      await requireSecondFactor(db, { userId: user.id, sessionId: session.id, trustedDevice }, now);
      if (input.currentPassword === undefined) {
        if (!mayOmitCurrent(user, session, now)) throw badRequest('currentPassword is required');
      } else await verifyCurrent(user, input.currentPassword);
      await checkNewPassword(db, user, input.password, settings.passwordHistory);
      checkNewPin(user, input.pin);
      // Passed on a trusted device: recorded on the session, since the change voids that device's trust.
      if (session.secondFactorAt === null && needsSecondFactor(await secondFactorNeeds(db, user)))
        await markSecondFactorDone(db, session, now);
      await storeNewPassword(db, user, input, settings.passwordHistory, now);
      await revokeAfterPasswordChange(db, user.id, now, session.id);
      await auditAccount(
        deps,
        user.id,
        clientIp,
        now,
        session.publicId,
      )('account.password_changed', {
        reason: user.passwordChangeRequired ?? 'user',
      });
      return { loginId: loginIdOf(user) };
    },

    /**
     * POST change-legacy-password (319): the current password is checked exactly as at sign-in (the
     * per-identifier allowance, lockout, the other states answered first), the account must be one with
     * an expired numeric password, and no session is opened: spec §4 has the user sign in anew.
     */
    async changeLegacy(
      credential: NormalisedCredential,
      input: { currentPassword: string; password: string },
      clientIp: string,
      now: Date,
    ) {
      const user = await checkPassword(signIn, credential, input.currentPassword, (candidate) => {
        const refusal = stateRefusal({ ...candidate, numericPasswordExpired: false });
        if (refusal) return refusal;
        return numericPasswordRefusal(candidate) ? undefined : badRequest('The password has not expired');
      });
      await checkNewPassword(db, user, input.password, settings.passwordHistory);
      await storeNewPassword(db, user, { password: input.password }, settings.passwordHistory, now);
      await revokeAfterPasswordChange(db, user.id, now);
      await auditAccount(deps, user.id, clientIp, now)('account.password_changed', { reason: 'legacy' });
      return { loginId: loginIdOf(user) };
    },
  };
}

export type ChangeService = ReturnType<typeof changeService>;
