import { backendCode } from '../../api/contract/backendCodes.ts';
import { maskCredential } from '../../api/maskCredential.ts';
import { stateRefusal, usesSingleSignOn } from '../auth/account-state.ts';
import {
  findUser,
  findUserById,
  loginIdOf,
  lookupOfLoginId,
  normaliseCredential,
  type User,
} from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import type { AccountTokenKind } from '../db/schema.account.ts';
import { ApiFailure } from '../http/errors.ts';
import { type AccountDeps, auditAccount } from './context.ts';
import {
  accountInfoOf,
  checkNewPassword,
  checkNewPin,
  revokeAfterPasswordChange,
  storeNewPassword,
} from './passwords.service.ts';
import { consumeToken, sendAccountEmail, usableToken } from './tokens.service.ts';

const MINUTE_MS = 60_000;

/** Spec §8 304: the page's own message for it says no account matched, so saying so reveals nothing more. */
export const credentialNotFound = () =>
  new ApiFailure(404, backendCode.credentialNotFound, 'No account matches this credential');

/**
 * The account for what the user typed: an email, or a phone number with an optional `#extension`, read
 * in the country of the brand the page runs under.
 */
export async function accountFor(
  deps: AccountDeps,
  credential: string,
  brandId: string | undefined,
): Promise<User> {
  const normalised = normaliseCredential(await findBrand(deps.db, brandId), lookupOfLoginId(credential));
  const user = await findUser(deps.db, normalised);
  if (!user) throw credentialNotFound();
  return user;
}

/** Spec §8 405 (RESET_PASSWORD_LINK_INVALID) and 411 (EXPRESS_LINK_INVALID): 'The link has expired…'. */
const linkInvalid = (code: number) =>
  new ApiFailure(400, code, 'The link has expired. Please request another link.');

export interface SendInput {
  credential: string;
  brandId?: string | undefined;
  localeId: string;
  returnQuery?: string | undefined;
}

export function recoveryService(deps: AccountDeps) {
  const { db, settings } = deps;

  /** A reset or set-up link's row and user, or 405. */
  async function resetLink(token: string, now: Date) {
    const row = await usableToken(db, token, ['reset', 'setup'], now);
    const user = row && (await findUserById(db, row.userId));
    if (!row || !user) throw linkInvalid(backendCode.resetLinkInvalid);
    return { row, user };
  }

  return {
    async lookup(input: { credential: string; brandId?: string | undefined }) {
      const user = await accountFor(deps, input.credential, input.brandId);
      return {
        ...(user.email ? { maskedEmail: maskCredential(user.email) } : {}),
        hasPin: user.pinHash !== null,
        ssoEnabled: usesSingleSignOn(user),
      };
    },

    async sendRecovery(input: SendInput & { setupPassword: boolean }, clientIp: string, now: Date) {
      const user = await accountFor(deps, input.credential, input.brandId);
      if (usesSingleSignOn(user))
        throw new ApiFailure(
          403,
          backendCode.ssoForgetPassword,
          'The account signs in with single sign-on: its password is not reset here',
        );
      const kind: AccountTokenKind = input.setupPassword ? 'setup' : 'reset';
      const ttlMs = settings.resetLinkMinutes * MINUTE_MS;
      return sendAccountEmail(deps, { ...input, user, kind, ttlMs, clientIp }, now);
    },

    async resetInfo(token: string, now: Date) {
      const { row, user } = await resetLink(token, now);
      return {
        loginId: loginIdOf(user),
        purpose: row.kind === 'setup' ? ('setup' as const) : ('reset' as const),
        hasPin: user.pinHash !== null,
        accountInfo: accountInfoOf(user),
        numberOfLastUsedPasswords: settings.passwordHistory,
      };
    },

    /**
     * The rules first, so a refused password leaves the link usable for the next attempt; then the link
     * is used up, the password (and PIN) set, and every session, refresh token and trusted device of the
     * account revoked: whoever held them may be who the reset locks out.
     */
    async resetPassword(
      input: { token: string; password: string; ivrPin?: string | undefined },
      clientIp: string,
      now: Date,
    ) {
      const { row, user } = await resetLink(input.token, now);
      await checkNewPassword(db, user, input.password, settings.passwordHistory);
      checkNewPin(user, input.ivrPin);
      if (!(await consumeToken(db, row.id, now))) throw linkInvalid(backendCode.resetLinkInvalid);
      await storeNewPassword(
        db,
        user,
        { password: input.password, pin: input.ivrPin },
        settings.passwordHistory,
        now,
      );
      await revokeAfterPasswordChange(db, user.id, now);
      await auditAccount(deps, user.id, clientIp, now)('account.password_reset', { purpose: row.kind });
      return { loginId: loginIdOf(user) };
    },

    async sendExpress(input: SendInput, clientIp: string, now: Date) {
      const user = await accountFor(deps, input.credential, input.brandId);
      // A link would sign in where the password route is closed; SSO accounts sign in at their provider.
      if (usesSingleSignOn(user))
        throw new ApiFailure(
          403,
          backendCode.ssoCredentialEnabled,
          'The account signs in with single sign-on',
        );
      const ttlMs = settings.expressLinkMinutes * MINUTE_MS;
      return sendAccountEmail(deps, { ...input, user, kind: 'express', ttlMs, clientIp }, now);
    },

    /**
     * The link is used up, then the account's state is checked as after a password (a disabled account
     * is refused with its code). The caller opens the session; two-factor, a required password change
     * and consent still apply when a code is asked for.
     */
    async expressSignIn(token: string, clientIp: string, now: Date): Promise<User> {
      const row = await usableToken(db, token, ['express'], now);
      const user = row && (await findUserById(db, row.userId));
      if (!row || !user || !(await consumeToken(db, row.id, now)))
        throw linkInvalid(backendCode.expressLinkInvalid);
      const refusal = stateRefusal(user);
      if (refusal) throw refusal;
      await auditAccount(deps, user.id, clientIp, now)('account.express_sign_in', { purpose: 'express' });
      return user;
    },
  };
}

export type RecoveryService = ReturnType<typeof recoveryService>;
