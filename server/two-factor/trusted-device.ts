import type { Context } from 'hono';
import type { User } from '../auth/users.service.ts';
import { signedEntriesCookie } from '../security/signed-entries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a valid entry of the cookie vouches for: this browser proved a second factor for the user. */
export interface TrustedDeviceClaim {
  userId: number;
  /** The user's password generation when it was issued: a password change since voids it. */
  passwordGeneration: number;
  expiresAt: Date;
}

/**
 * "Don't ask again on this device" (docs/two-factor.md): one signed entry per account in
 * `foyer_trusted_device` (server/security/signed-entries.ts), `<user id>.<password generation>.<expiry>.<HMAC>`,
 * with a key derived from the two-factor master key. A password change (recordPasswordChange) voids
 * every entry issued before it, on every device; trustedDeviceDays 0 ignores them all.
 */
export function trustedDevices(publicOrigin: string, key: Buffer, trustedDeviceDays: number) {
  const cookie = signedEntriesCookie({
    baseName: 'foyer_trusted_device',
    purpose: 'trusted-device',
    publicOrigin,
    key,
    fieldCount: 2,
  });

  /** The valid entries the browser presented, most recent first as written. */
  const read = (c: Context, now: Date): TrustedDeviceClaim[] => {
    if (trustedDeviceDays === 0) return [];
    return cookie.read(c, now).map(({ fields: [userId = 0, passwordGeneration = 0], expiresAt }) => ({
      userId,
      passwordGeneration,
      expiresAt,
    }));
  };

  return {
    cookieName: cookie.cookieName,
    read,

    /** Trusts this browser for the user from now on, in place of an earlier entry for the same user. */
    grant(c: Context, user: Pick<User, 'id' | 'passwordGeneration'>, now: Date): void {
      if (trustedDeviceDays === 0) return;
      const expiresAt = new Date(now.getTime() + trustedDeviceDays * DAY_MS);
      cookie.put(c, { fields: [user.id, user.passwordGeneration], expiresAt }, now);
    },
  };
}

export type TrustedDevices = ReturnType<typeof trustedDevices>;

/** Whether one of the claims trusts this browser for the user as the user is now. */
export const trustsUser = (
  claims: readonly TrustedDeviceClaim[],
  user: { id: number; passwordGeneration: number },
  now: Date,
) =>
  claims.some(
    (claim) =>
      claim.userId === user.id &&
      claim.passwordGeneration === user.passwordGeneration &&
      claim.expiresAt > now,
  );
