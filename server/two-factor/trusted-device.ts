import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MAX_ACCOUNTS_PER_BROWSER } from '../../api/contract/session.ts';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import type { User } from '../auth/users.service.ts';
import { keyedDigest } from './mfa-keys.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ENTRY_SEPARATOR = '~';
/** `<user id>.<password generation>.<expiry, s since epoch>.<HMAC, 43 base64url>` */
const ENTRY = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** What a valid entry of the cookie vouches for: this browser proved a second factor for the user. */
export interface TrustedDeviceClaim {
  userId: number;
  /** The user's password generation when it was issued: a password change since voids it. */
  passwordGeneration: number;
  expiresAt: Date;
}

/**
 * "Don't ask again on this device" (docs/two-factor.md): one HttpOnly cookie, SameSite=Lax, `__Host-`
 * and Secure under https like the session cookies, holding one signed entry per account (up to
 * MAX_ACCOUNTS_PER_BROWSER). Each entry binds the user id, the user's password generation and an
 * expiry under an HMAC-SHA256 with a key derived from the two-factor master key; nothing in it is
 * secret, and nothing in it can be changed. A password change (recordPasswordChange) voids every entry
 * issued before it, on every device; trustedDeviceDays 0 ignores them all.
 */
export function trustedDevices(publicOrigin: string, key: Buffer, trustedDeviceDays: number) {
  const secure = !isLocalHttpOrigin(publicOrigin);
  const name = secure ? '__Host-foyer_trusted_device' : 'foyer_trusted_device';
  const mac = (payload: string) =>
    Buffer.from(keyedDigest(key, `trusted-device:${payload}`), 'hex').toString('base64url');

  const parse = (entry: string, now: Date): TrustedDeviceClaim | undefined => {
    const match = ENTRY.exec(entry);
    if (!match) return undefined;
    const [, userId = '', generation = '', expires = '', signature = ''] = match;
    const expected = Buffer.from(mac(`${userId}.${generation}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt <= now) return undefined;
    return { userId: Number(userId), passwordGeneration: Number(generation), expiresAt };
  };

  const serialise = (claim: TrustedDeviceClaim) => {
    const payload = `${claim.userId}.${claim.passwordGeneration}.${Math.floor(claim.expiresAt.getTime() / 1000)}`;
    return `${payload}.${mac(payload)}`;
  };

  /** The valid entries the browser presented, most recent first as written. */
  const read = (c: Context, now: Date): TrustedDeviceClaim[] => {
    if (trustedDeviceDays === 0) return [];
    const entries = (getCookie(c, name) ?? '').split(ENTRY_SEPARATOR).slice(0, MAX_ACCOUNTS_PER_BROWSER);
    return entries.flatMap((entry) => parse(entry, now) ?? []);
  };

  return {
    cookieName: name,
    read,

    /** Trusts this browser for the user from now on, in place of an earlier entry for the same user. */
    grant(c: Context, user: Pick<User, 'id' | 'passwordGeneration'>, now: Date): void {
      if (trustedDeviceDays === 0) return;
      const claim = {
        userId: user.id,
        passwordGeneration: user.passwordGeneration,
        expiresAt: new Date(now.getTime() + trustedDeviceDays * DAY_MS),
      };
      const kept = [claim, ...read(c, now).filter((other) => other.userId !== user.id)].slice(
        0,
        MAX_ACCOUNTS_PER_BROWSER,
      );
      const last = Math.max(...kept.map((entry) => entry.expiresAt.getTime()));
      setCookie(c, name, kept.map(serialise).join(ENTRY_SEPARATOR), {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        secure,
        maxAge: Math.ceil((last - now.getTime()) / 1000),
      });
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
