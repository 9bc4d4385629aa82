import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP as Totp } from 'otpauth';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { TotpEnrolment } from '../../api/contract/twoFactor.ts';
import { loginIdOf } from '../auth/users.service.ts';
import { findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { totpAuthenticators } from '../db/schema.two-factor.ts';
import { ApiFailure, badRequest } from '../http/errors.ts';
import { recordWrongCode } from './attempts.service.ts';
import { auditOf, type Caller, type TwoFactorDeps } from './context.ts';
import { decryptSecret, encryptSecret, type MfaKeys } from './mfa-keys.ts';
import { mayEnrolAuthenticator, secondFactorFirst, secondFactorNeeds } from './second-factor.service.ts';
import { TOTP } from './two-factor.settings.ts';

/** Authenticator apps (RFC 6238 through the otpauth package): offering, enrolling and checking codes. */

/** The secret's AES-GCM associated data: a ciphertext moved to another user's row does not decrypt. */
const contextOf = (userId: number) => `totp:${userId}`;

const codeUsed = () =>
  new ApiFailure(403, backendCode.codeUsed, 'This code was already used. Wait for the next one.');
const wrongAuthenticatorCode = () =>
  new ApiFailure(401, backendCode.incorrectAuthenticatorCode, 'That code is incorrect');

/** The RFC 6238 time step a right code belongs to, or undefined for a wrong one (±1 step of drift). */
export function acceptedStep(secret: string, code: string, now: Date): number | undefined {
  const delta = Totp.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    timestamp: now.getTime(),
    window: TOTP.window,
  });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / TOTP.periodSeconds) + delta;
}

async function authenticatorOf(db: Database, userId: number, status: 'pending' | 'enrolled') {
  const [row] = await db
    .select()
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.userId, userId), eq(totpAuthenticators.status, status)))
    .limit(1);
  return row;
}

function plainSecret(keys: MfaKeys, row: { userId: number; secretEncrypted: string }): string {
  const secret = decryptSecret(keys.totpSecret, row.secretEncrypted, contextOf(row.userId));
  // Only a changed or lost master key gets here: a server fault (500, logged), not the user's mistake.
  if (secret === undefined)
    throw new Error('an authenticator secret does not decrypt: was MFA_ENCRYPTION_KEY or mfa.key changed?');
  return secret;
}

async function requireMayEnrol(deps: TwoFactorDeps, caller: Caller) {
  const needs = await secondFactorNeeds(deps.db, caller.session.user);
  if (!mayEnrolAuthenticator(caller.session, needs)) throw secondFactorFirst();
}

/**
 * GET mfa-totp: a new secret, pending until an app proves it holds it. It replaces a pending one, never
 * an enrolled one (that happens when the new one is verified).
 */
export async function offerAuthenticator(
  deps: TwoFactorDeps,
  caller: Caller,
  now: Date,
): Promise<TotpEnrolment> {
  await requireMayEnrol(deps, caller);
  const { user } = caller.session;
  const secret = new Secret({ size: 20 }).base32;
  const secretEncrypted = encryptSecret(deps.keys.totpSecret, secret, contextOf(user.id));
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(totpAuthenticators)
      .where(and(eq(totpAuthenticators.userId, user.id), eq(totpAuthenticators.status, 'pending')));
    await tx
      .insert(totpAuthenticators)
      .values({ userId: user.id, status: 'pending', secretEncrypted, createdAt: now });
  });
  const issuer = (await findBrand(deps.db, caller.session.brandId)).name;
  const accountName = user.email ?? loginIdOf(user);
  const otpauthUri = new Totp({
    issuer,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  }).toString();
  await auditOf(deps, caller, now)('mfa.totp_offered', { method: 'APP' });
  return { secret, otpauthUri, issuer, accountName };
}

/**
 * POST mfa-totp-verification: the pending secret's code enrols it (replacing an enrolled one); the caller
 * then counts it as this sign-in's second factor. Its time step is recorded, so the same code cannot be
 * used again.
 */
export async function enrolAuthenticator(deps: TwoFactorDeps, caller: Caller, code: string, now: Date) {
  await requireMayEnrol(deps, caller);
  const { db } = deps;
  const { user } = caller.session;
  const audit = auditOf(deps, caller, now);
  const pending = await authenticatorOf(db, user.id, 'pending');
  if (!pending) throw badRequest('No authenticator is being set up: ask for a new secret first');
  const step = acceptedStep(plainSecret(deps.keys, pending), code, now);
  if (step === undefined) {
    const failure = await recordWrongCode(db, user.id, now, wrongAuthenticatorCode());
    await audit('mfa.totp_rejected', { method: 'APP', code: failure.code });
    throw failure;
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(totpAuthenticators)
      .where(and(eq(totpAuthenticators.userId, user.id), eq(totpAuthenticators.status, 'enrolled')));
    await tx
      .update(totpAuthenticators)
      .set({ status: 'enrolled', enrolledAt: now, lastStep: step })
      .where(eq(totpAuthenticators.id, pending.id));
  });
  await audit('mfa.totp_enrolled', { method: 'APP' });
}

/**
 * verify-code with APP: a code of the enrolled authenticator, for a time step after the last accepted
 * one (328 otherwise: a code seen over a shoulder or replayed is refused). The step is claimed with a
 * conditional update, so two requests racing with one code cannot both succeed.
 */
export async function verifyAuthenticatorCode(deps: TwoFactorDeps, caller: Caller, code: string, now: Date) {
  const { db } = deps;
  const { user } = caller.session;
  const audit = auditOf(deps, caller, now);
  const enrolled = await authenticatorOf(db, user.id, 'enrolled');
  const step = enrolled ? acceptedStep(plainSecret(deps.keys, enrolled), code, now) : undefined;
  if (!enrolled || step === undefined) {
    const failure = await recordWrongCode(db, user.id, now, wrongAuthenticatorCode());
    await audit('mfa.code_rejected', { method: 'APP', code: failure.code });
    throw failure;
  }
  const claimed = await db
    .update(totpAuthenticators)
    .set({ lastStep: step })
    .where(
      and(
        eq(totpAuthenticators.id, enrolled.id),
        or(isNull(totpAuthenticators.lastStep), lt(totpAuthenticators.lastStep, step)),
      ),
    )
    .returning({ id: totpAuthenticators.id });
  if (claimed.length === 0) {
    await audit('mfa.code_rejected', { method: 'APP', code: backendCode.codeUsed });
    throw codeUsed();
  }
}

/**
 * The seed's demo authenticator (totp@example.com, README): enrolled with a fixed, public secret. Run at
 * every boot, since the secret is encrypted with this data folder's key (the database image has none):
 * written when the user has no enrolled authenticator, or when the stored one no longer decrypts.
 */
export async function seedDemoAuthenticator(db: Database, keys: MfaKeys, email: string, secret: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const enrolled = await authenticatorOf(db, user.id, 'enrolled');
  if (enrolled && decryptSecret(keys.totpSecret, enrolled.secretEncrypted, contextOf(user.id)) !== undefined)
    return;
  const secretEncrypted = encryptSecret(keys.totpSecret, secret, contextOf(user.id));
  if (enrolled)
    await db
      .update(totpAuthenticators)
      .set({ secretEncrypted, lastStep: null })
      .where(eq(totpAuthenticators.id, enrolled.id));
  else await db.insert(totpAuthenticators).values({ userId: user.id, status: 'enrolled', secretEncrypted });
}
