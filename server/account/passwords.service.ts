import { and, desc, eq, notInArray } from 'drizzle-orm';
import { backendCode } from '../../api/contract/backendCodes.ts';
import type { AccountInfo } from '../../api/passwordRules.ts';
import {
  passwordProblems,
  passwordRules,
  pinProblems,
  REUSED_PASSWORD_CODE,
} from '../../api/passwordRules.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { endSessionsOfUsers } from '../auth/session.service.ts';
import { recordPasswordChange, type User } from '../auth/users.service.ts';
import type { Database } from '../db/client.ts';
import { passwordHistory } from '../db/schema.account.ts';
import { users } from '../db/schema.ts';
import { ApiFailure, badRequest } from '../http/errors.ts';
import { revokeTokensOfUsers } from '../oauth/token.service.ts';

/**
 * What the no-account-information rules compare with (api/passwordRules.ts). The account keeps one
 * display name, so its first word is read as the first name and the rest as the last name.
 */
export function accountInfoOf(user: User): AccountInfo {
  const [firstName, ...rest] = user.displayName.trim().split(/\s+/);
  return {
    email: user.email ?? undefined,
    firstName: firstName || undefined,
    lastName: rest.join(' ') || undefined,
    phoneNumber: user.phoneNumber ?? undefined,
    extension: user.extension || undefined,
  };
}

const passwordError = (errorCode: string, numberOfLastUsedPasswords?: number) =>
  new ApiFailure(400, backendCode.passwordError, `The new password breaks rule ${errorCode}`, {
    policy: { errorCode, ...(numberOfLastUsedPasswords !== undefined ? { numberOfLastUsedPasswords } : {}) },
  });

/** The argon2 hashes the last-N rule compares with: the current password, then the newest earlier ones. */
async function lastPasswords(db: Database, user: User, howMany: number): Promise<string[]> {
  if (howMany <= 0) return [];
  const earlier = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, user.id))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(howMany - 1);
  return [user.passwordHash, ...earlier.map((row) => row.hash)];
}

/**
 * The shared rules (the page's checklist, spec §5), then the last N passwords (PWD-015, only the server
 * knows them). The first broken rule's policy code is answered, as the page shows one message at a time.
 */
export async function checkNewPassword(db: Database, user: User, password: string, history: number) {
  const [broken] = passwordProblems(password, accountInfoOf(user));
  if (broken) throw passwordError(passwordRules[broken].policyCode);
  for (const hash of await lastPasswords(db, user, history)) {
    if (await verifyPassword(hash, password)) throw passwordError(REUSED_PASSWORD_CODE, history);
  }
}

/** Spec §8 404 IVR_PIN_ERROR; a PIN for an account without one is a malformed request. */
export function checkNewPin(user: User, pin: string | undefined) {
  if (pin === undefined) return;
  if (user.pinHash === null) throw badRequest('pin: the account has no PIN');
  const [broken] = pinProblems(pin, accountInfoOf(user));
  if (broken) throw new ApiFailure(400, backendCode.ivrPinError, `The new PIN breaks rule ${broken}`);
}

/**
 * Sets the new password (and PIN), keeping the replaced hash for the last-N rule and no more than it
 * needs; a required change and an expired numeric password are done with. The password generation moves
 * on, so every device trusted before must prove a second factor again (recordPasswordChange).
 */
export async function storeNewPassword(
  db: Database,
  user: User,
  change: { password: string; pin?: string | undefined },
  history: number,
  now: Date,
) {
  const [passwordHash, pinHash] = await Promise.all([
    hashPassword(change.password),
    change.pin === undefined ? undefined : hashPassword(change.pin),
  ]);
  await db.transaction(async (tx) => {
    // The row is held while it changes: of two changes at once, the second keeps the first's hash.
    const [current] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    await tx
      .insert(passwordHistory)
      .values({ userId: user.id, passwordHash: current?.passwordHash ?? user.passwordHash, createdAt: now });
    const kept = await tx
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, user.id))
      .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
      .limit(Math.max(0, history - 1));
    const keep = kept.map((row) => row.id);
    await tx
      .delete(passwordHistory)
      .where(
        keep.length > 0
          ? and(eq(passwordHistory.userId, user.id), notInArray(passwordHistory.id, keep))
          : eq(passwordHistory.userId, user.id),
      );
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangeRequired: null,
        numericPasswordExpired: false,
        ...(pinHash !== undefined ? { pinHash } : {}),
      })
      .where(eq(users.id, user.id));
    await recordPasswordChange(tx, user.id);
  });
}

/**
 * After a password change: the user's sessions end everywhere (all, or all but the one that made the
 * change), and every refresh token family with its access tokens is revoked. Apps sign in again; the
 * browser that made the change gets new codes from its session without a password.
 */
export async function revokeAfterPasswordChange(
  db: Database,
  userId: number,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  await endSessionsOfUsers(db, [userId], now, keepSessionId === undefined ? {} : { except: keepSessionId });
  await revokeTokensOfUsers(db, [userId], now);
}
