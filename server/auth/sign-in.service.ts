import { backendCode } from '../../api/contract/backendCodes.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import type { Logger } from '../http/logger.ts';
import { newRayId } from '../http/logger.ts';
import { countLockedRefusal, countLockout } from '../observability/metrics.ts';
import { logSafe } from '../security/rate-limits.ts';
import { sha256Hex } from '../security/tokens.ts';
import { stateRefusal } from './account-state.ts';
import {
  failureStatus,
  type Lockout,
  lockParameters,
  recordFailure,
  resetFailures,
} from './lockout.service.ts';
import { verifyPassword } from './password.ts';
import { findUser, type NormalisedCredential, type User } from './users.service.ts';

export interface SignInContext {
  db: Database;
  lockout: Lockout;
  logger: Logger;
}

/**
 * The password check of POST /api/login, in the order that keeps it safe:
 * 1. a locked account answers ACCOUNT_LOCKED without spending argon2 work;
 * 2. the password is verified (against a dummy hash for unknown users);
 * 3. a wrong one counts towards the lockout, and the failure that reaches the threshold locks;
 * 4. only a right one reveals the account state (spec §8 codes), and it resets the count.
 * Unknown credentials count and lock exactly like real accounts, so a lockout never tells an
 * attacker that an account exists. `refusalOf` decides which account states this route refuses
 * (the reference identity provider lets single sign-on accounts through, the password route not).
 */
export async function checkPassword(
  context: SignInContext,
  credential: NormalisedCredential,
  password: string,
  refusalOf: (user: User) => ApiFailure | undefined = stateRefusal,
): Promise<User> {
  const user = await findUser(context.db, credential);
  const key = lockoutKey(user, credential);
  const status = await failureStatus(context.lockout, key);
  if (status.lockedUntil) {
    countLockedRefusal();
    throw accountLocked(status.lockedUntil);
  }

  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) {
    const lockedNow = await recordFailure(context.lockout, key);
    if (!lockedNow) {
      throw new ApiFailure(401, backendCode.loginFailed, 'The credential and password do not match');
    }
    countLockout();
    const rayId = newRayId();
    context.logger.info(
      `lockout: account ${logSafe(key)} locked until ${lockedNow.toISOString()}, ray ${rayId}`,
    );
    throw accountLocked(lockedNow, rayId);
  }

  if (status.failures > 0) await resetFailures(context.lockout, key);
  const refusal = refusalOf(user);
  if (refusal) throw refusal;
  return user;
}

function lockoutKey(user: User | undefined, credential: NormalisedCredential): string {
  if (user) return `user:${user.id}`;
  const text =
    credential.kind === 'email' ? credential.email : `${credential.phoneNumber};${credential.extension}`;
  return `unknown:${sha256Hex(text)}`;
}

function accountLocked(until: Date, rayId?: string): ApiFailure {
  return new ApiFailure(403, backendCode.accountLocked, 'Too many wrong passwords: the account is locked', {
    errorParameters: lockParameters(until),
    ...(rayId ? { rayId } : {}),
  });
}
