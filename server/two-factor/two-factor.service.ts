import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { ContactBy, DeliveryChannel, MfaSettings } from '../../api/contract/twoFactor.ts';
import { SECOND_FACTOR_AMR } from '../auth/amr.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import { users } from '../db/schema.ts';
import { ApiFailure } from '../http/errors.ts';
import { databaseAudit } from '../security/audit.ts';
import { clearWrongCodes, refuseWhileLocked } from './attempts.service.ts';
import { contactOptions, sendCode, verifySentCode } from './codes.service.ts';
import { auditOf, type Caller, type TwoFactorDeps } from './context.ts';
import { markSecondFactorDone, secondFactorNeeds } from './second-factor.service.ts';
import { enrolAuthenticator, offerAuthenticator, verifyAuthenticatorCode } from './totp.service.ts';
import type { TrustedDevices } from './trusted-device.ts';
import { SIX_DIGITS } from './two-factor.settings.ts';

/** Spec §8 INVALID_CODE_ERROR: checked before anything else, and never counted as a wrong code. */
function requireSixDigits(code: string): void {
  if (!SIX_DIGITS.test(code))
    throw new ApiFailure(400, backendCode.invalidCode, 'A security code is exactly six digits');
}

/**
 * The six calls of api/contract/twoFactor.ts over the services of this folder (docs/two-factor.md).
 * Every verification goes: six digits (324), not locked (326), the method's own check, then the same
 * completion — the sign-in's second factor is done, earlier mistakes stop counting, and with
 * trustDevice this browser is trusted for the user.
 */
export function twoFactorService(deps: TwoFactorDeps, trusted: TrustedDevices) {
  async function complete(
    scoped: TwoFactorDeps,
    c: Context,
    caller: Caller,
    method: ContactBy,
    trustDevice: boolean,
    now: Date,
  ) {
    const { session } = caller;
    await markSecondFactorDone(scoped.db, session, now, SECOND_FACTOR_AMR[method]);
    await clearWrongCodes(scoped.db, session.user.id);
    const trust = trustDevice && scoped.settings.trustedDeviceDays > 0;
    if (trust) trusted.grant(c, session.user, now);
    await auditOf(scoped, caller, now)('mfa.code_verified', { method, trustDevice: trust });
  }

  /**
   * Runs a verification with the user's row locked: verifications of one user take turns, so a burst
   * of parallel guesses cannot all pass the lock check before the first mistakes are counted. A
   * refusal is returned, not thrown, inside the transaction, so what it recorded (the mistake, the
   * audit row) is committed before it is answered. No network call happens in here.
   */
  async function oneAtATime(
    caller: Caller,
    code: string,
    now: Date,
    verify: (scoped: TwoFactorDeps) => Promise<void>,
  ) {
    requireSixDigits(code);
    const refusal = await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.session.user.id)).for('update');
      try {
        // Everything that writes goes through the transaction: with PGlite, a query on the outer
        // connection would wait for this transaction forever.
        const scoped = { ...deps, db: tx, audit: databaseAudit(tx, deps.keys.audit) };
        await refuseWhileLocked(tx, caller.session.user.id, now);
        await verify(scoped);
        return undefined;
      } catch (error) {
        if (error instanceof ApiFailure) return error;
        throw error;
      }
    });
    if (refusal) throw refusal;
  }

  return {
    async settings(session: PlatformSession): Promise<MfaSettings> {
      const needs = await secondFactorNeeds(deps.db, session.user);
      return {
        required: needs.required || needs.authenticatorRequired,
        authenticatorRequired: needs.authenticatorRequired,
        ...(needs.enrolled ? { secondFactorType: 'TOTP' as const } : {}),
        trustedDeviceDays: deps.settings.trustedDeviceDays,
        resendAfterSeconds: deps.settings.resendAfterSeconds,
      };
    },

    contacts: (session: PlatformSession) => ({ contacts: contactOptions(session.user) }),

    offerAuthenticator: (caller: Caller, now: Date) => offerAuthenticator(deps, caller, now),

    async enrolAuthenticator(
      c: Context,
      caller: Caller,
      body: { code: string; trustDevice: boolean },
      now: Date,
    ) {
      await oneAtATime(caller, body.code, now, async (scoped) => {
        await enrolAuthenticator(scoped, caller, body.code, now);
        await complete(scoped, c, caller, 'APP', body.trustDevice, now);
      });
    },

    sendCode: (caller: Caller, request: { contactBy: DeliveryChannel; localeId: string }, now: Date) =>
      sendCode(deps, caller, request, now),

    async verifyCode(
      c: Context,
      caller: Caller,
      body: { contactBy: ContactBy; code: string; trustDevice: boolean },
      now: Date,
    ) {
      await oneAtATime(caller, body.code, now, async (scoped) => {
        if (body.contactBy === 'APP') await verifyAuthenticatorCode(scoped, caller, body.code, now);
        else await verifySentCode(scoped, caller, body.contactBy, body.code, now);
        await complete(scoped, c, caller, body.contactBy, body.trustDevice, now);
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
