import { and, eq, isNull } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { type AuthMethod, withSecondFactor } from '../auth/amr.ts';
import type { PlatformSession } from '../auth/session.service.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { totpAuthenticators } from '../db/schema.two-factor.ts';
import { ApiFailure } from '../http/errors.ts';
import { type TrustedDeviceClaim, trustsUser } from './trusted-device.ts';

/** What an account asks of a sign-in beyond its password (docs/two-factor.md). */
export interface SecondFactorNeeds {
  /** The administrator requires a second factor (any method). */
  required: boolean;
  /** The administrator requires an authenticator app in particular. */
  authenticatorRequired: boolean;
  /** An authenticator app is enrolled: its owner chose a second factor, so it is asked for too. */
  enrolled: boolean;
}

/** A sign-in must prove a second factor when its administrator requires one or its user enrolled one. */
export const needsSecondFactor = (needs: SecondFactorNeeds) =>
  needs.required || needs.authenticatorRequired || needs.enrolled;

export async function secondFactorNeeds(
  db: Database,
  user: { id: number; mfaRequired: boolean; authenticatorRequired: boolean },
): Promise<SecondFactorNeeds> {
  const [enrolled] = await db
    .select({ id: totpAuthenticators.id })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.userId, user.id), eq(totpAuthenticators.status, 'enrolled')))
    .limit(1);
  return {
    required: user.mfaRequired,
    authenticatorRequired: user.authenticatorRequired,
    enrolled: enrolled !== undefined,
  };
}

/** Refusals of a code request for want of a second factor; prompt=none turns them into interaction_required. */
export class SecondFactorNeeded extends ApiFailure {}

const twoFactorRequired = () =>
  new SecondFactorNeeded(
    403,
    backendCode.twoFactorRequired,
    'Two-factor verification is required before an authorisation code is issued',
  );

/**
 * The one rule every code issued for a session goes through (issueAuthorisationCode): an account whose
 * administrator requires an authenticator app that is not enrolled yet gets 224, whatever else happened
 * (it must be set up, a sent code does not replace it); an account that needs a second factor gets 306
 * unless this sign-in completed one or the browser is a trusted device for the user as they are now
 * (same password generation).
 */
export async function requireSecondFactor(
  db: Database,
  request: SecondFactorRequest,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select(secondFactorColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, request.sessionId), eq(sessions.userId, request.userId)))
    .limit(1);
  await checkSecondFactor(db, request, row, now);
}

export interface SecondFactorRequest {
  userId: number;
  sessionId: number;
  trustedDevice: readonly TrustedDeviceClaim[];
}

/** What requireSecondFactor reads of the user and the session (the code request reads them with the rest). */
export const secondFactorColumns = {
  mfaRequired: users.mfaRequired,
  authenticatorRequired: users.authenticatorRequired,
  passwordGeneration: users.passwordGeneration,
  secondFactorAt: sessions.secondFactorAt,
};

/** requireSecondFactor's rule on a row already read; no row: the session is not this user's. */
export async function checkSecondFactor(
  db: Database,
  request: SecondFactorRequest,
  row:
    | {
        mfaRequired: boolean;
        authenticatorRequired: boolean;
        passwordGeneration: number;
        secondFactorAt: Date | null;
      }
    | undefined,
  now: Date,
): Promise<void> {
  if (!row) throw twoFactorRequired();
  const needs = await secondFactorNeeds(db, { id: request.userId, ...row });
  if (needs.authenticatorRequired && !needs.enrolled)
    throw new SecondFactorNeeded(
      403,
      backendCode.authenticatorSetupRequired,
      'The administrator requires an authenticator app: set one up first',
    );
  if (!needsSecondFactor(needs) || row.secondFactorAt !== null) return;
  const user = { id: request.userId, passwordGeneration: row.passwordGeneration };
  if (trustsUser(request.trustedDevice, user, now)) return;
  throw twoFactorRequired();
}

/** This sign-in proved its second factor (the first time counts; a later one changes nothing). */
export async function markSecondFactorDone(
  db: Database,
  session: PlatformSession,
  now: Date,
  method?: AuthMethod,
): Promise<void> {
  const amr = withSecondFactor(session.amr, method);
  await db
    .update(sessions)
    .set({ secondFactorAt: now, amr })
    .where(and(eq(sessions.id, session.id), isNull(sessions.secondFactorAt)));
  if (session.secondFactorAt === null) session.amr = amr;
  session.secondFactorAt ??= now;
}

/**
 * Whether this sign-in may set up an authenticator app (mfa-totp, mfa-totp-verification). Replacing an
 * enrolled one, or adding one to an account that must prove a sent code, takes this session's second
 * factor first: otherwise a password alone would be enough to get past two-factor. Setting up the
 * first one when the administrator requires it (224), or when nothing is required, needs the password only.
 */
export function mayEnrolAuthenticator(session: PlatformSession, needs: SecondFactorNeeds): boolean {
  if (session.secondFactorAt !== null) return true;
  if (needs.enrolled) return false;
  if (needs.authenticatorRequired) return true;
  return !needs.required;
}

export const secondFactorFirst = () =>
  new ApiFailure(
    403,
    backendCode.twoFactorRequired,
    'Verify a security code first: this account already has a second factor to prove',
  );
