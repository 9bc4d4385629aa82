import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { AuthenticationOptions, AuthenticationResponse } from '../../api/contract/passkeys.ts';
import { stateRefusal } from '../auth/account-state.ts';
import { SIGN_IN_AMR } from '../auth/amr.ts';
import { loginReplyData } from '../auth/login-reply.ts';
import { findUser, findUserById, loginIdOf, lookupOfLoginId, type User } from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import type { ApiFailure } from '../http/errors.ts';
import { markSecondFactorDone } from '../two-factor/second-factor.service.ts';
import { type AuditScope, auditPasskey, type PasskeyDeps, passkeyFailures } from './context.ts';
import { passkeysAllowed } from './passkey-brands.ts';
import {
  consumeChallenge,
  createChallenge,
  needsReenrolment,
  passkeyByCredentialId,
  passkeysOf,
  passkeyUserOf,
  recordUse,
} from './passkey-store.ts';
import { CEREMONY_TIMEOUT_MS, knownTransports, verifyAssertion } from './webauthn.ts';

export interface AuthenticationRequest {
  brandId?: string | undefined;
  challengeId: string;
  credential: AuthenticationResponse;
  rememberMe: boolean;
}

/**
 * Signing in with a passkey (docs/passkeys.md): the options (a challenge, optionally for the account the
 * picker names) and the verification, which opens a session exactly as a password does and records the
 * second factor on it, since a user-verified passkey is something the user has and is (or knows).
 */
export function authenticationService(deps: PasskeyDeps) {
  const { db, admission } = deps;

  /** A refusal, audited before it is thrown; the refused account when one is known. */
  const refuse = async (
    scope: AuditScope,
    userId: number | null,
    failure: ApiFailure,
    detail: { reason?: string; passkeyId?: string },
    now: Date,
  ): Promise<never> => {
    await auditPasskey(
      deps,
      scope,
      userId,
      'passkey.sign_in_refused',
      { code: failure.code, ...detail },
      now,
    );
    throw failure;
  };

  /** The per-account allowance of the password sign-in, keyed the same way (so the two share it). */
  const countAgainstAccount = async (user: User) => {
    const loginId = loginIdOf(user);
    if (loginId !== '') await admission.admit({ ...lookupOfLoginId(loginId), brandId: user.brandId });
  };

  return {
    /**
     * Options for a sign-in. Without a login id, any discoverable passkey of this site may answer
     * (autofill, the passkey button). With one (the account picker), the account's passkeys are listed
     * and the challenge is bound to it; an unknown id gets an empty list and a challenge no passkey
     * passes, so the reply tells no more than login-info does.
     */
    async options(body: { brandId?: string | undefined; loginId?: string | undefined }, now: Date) {
      const brand = await findBrand(db, body.brandId);
      if (!(await passkeysAllowed(db, brand.id))) throw passkeyFailures.notAllowed();
      let user: User | undefined;
      if (body.loginId !== undefined) {
        const credential = await admission.admit({ ...lookupOfLoginId(body.loginId), brandId: body.brandId });
        user = await findUser(db, credential);
      }
      const hinted = body.loginId !== undefined;
      const rows = user ? await passkeysOf(db, user.id) : [];
      const { row, bytes } = await createChallenge(
        db,
        { purpose: 'authentication', userId: user?.id ?? null, loginHinted: hinted },
        now,
      );
      const options = await generateAuthenticationOptions({
        rpID: deps.rp.id,
        challenge: bytes,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: rows.map((passkey) => ({
          id: passkey.credentialId,
          transports: knownTransports(passkey.transports),
        })),
      });
      const { extensions: _, hints: __, ...plain } = options;
      return {
        challengeId: row.id,
        options: { ...plain, allowCredentials: plain.allowCredentials ?? [] },
      } as AuthenticationOptions;
    },

    /**
     * The sign-in: the challenge is used up first (752), then the passkey must be registered (751; for
     * the picker's account only), the account within its allowance (429), the response genuine (750),
     * its counter moving forward (753, a clone), the passkey not from before an administrator's flag
     * (754), the brand still offering passkeys (755) and the account in a state that signs in (as after
     * a password). Failed attempts count against the client IP's allowance (before the body is read)
     * but never towards the password lockout: they are not password failures.
     */
    async authenticate(c: Context, scope: AuditScope, request: AuthenticationRequest, now: Date) {
      const challenge = await consumeChallenge(db, request.challengeId, 'authentication', now);
      if (!challenge) return refuse(scope, null, passkeyFailures.challengeExpired(), {}, now);
      const stored = await passkeyByCredentialId(db, request.credential.id);
      if (!stored)
        return refuse(scope, challenge.userId, passkeyFailures.unknown(), { reason: 'unknown' }, now);
      const passkeyId = String(stored.id);
      if (challenge.loginHinted && stored.userId !== challenge.userId)
        return refuse(
          scope,
          challenge.userId,
          passkeyFailures.unknown(),
          { reason: 'other_account', passkeyId },
          now,
        );
      const user = await findUserById(db, stored.userId);
      if (!user) return refuse(scope, null, passkeyFailures.unknown(), { reason: 'unknown' }, now);
      await countAgainstAccount(user);

      const verified = await verifyAssertion(deps.rp, stored, challenge.challenge, request.credential);
      if (!verified.ok)
        return refuse(
          scope,
          user.id,
          passkeyFailures.notVerified(),
          { reason: verified.reason, passkeyId },
          now,
        );
      const { newCounter, credentialBackedUp, credentialDeviceType } = verified.info;
      const counterBehind = () =>
        auditPasskey(deps, scope, user.id, 'passkey.counter_behind', { passkeyId, code: 753 }, now).then(
          () => {
            throw passkeyFailures.counterBehind();
          },
        );
      if ((newCounter > 0 || stored.signCounter > 0) && newCounter <= stored.signCounter)
        return counterBehind();

      const flag = (await passkeyUserOf(db, user.id))?.reenrolmentRequiredAt;
      if (needsReenrolment(stored, flag))
        return refuse(scope, user.id, passkeyFailures.reenrolmentRequired(), { passkeyId }, now);
      if (!(await passkeysAllowed(db, user.brandId)))
        return refuse(scope, user.id, passkeyFailures.notAllowed(), { passkeyId }, now);
      const state = stateRefusal(user);
      if (state) return refuse(scope, user.id, state, { reason: 'account_state', passkeyId }, now);

      const use = { counter: newCounter, backedUp: credentialBackedUp, deviceType: credentialDeviceType };
      if (!(await recordUse(db, stored, use, now))) return counterBehind();
      const session = await deps.sessions.signIn(c, user, request.rememberMe, now, SIGN_IN_AMR.passkey);
      await markSecondFactorDone(db, session, now);
      await auditPasskey(
        deps,
        { ...scope, sessionId: session.publicId },
        user.id,
        'passkey.signed_in',
        { passkeyId },
        now,
      );
      // The page learns which account the passkey was for: it has no credential typed in.
      return { ...loginReplyData(user, session), loginId: loginIdOf(user) };
    },
  };
}

export type AuthenticationService = ReturnType<typeof authenticationService>;
