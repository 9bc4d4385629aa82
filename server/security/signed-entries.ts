import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MAX_ACCOUNTS_PER_BROWSER } from '../../api/contract/session.ts';
import { isLocalHttpOrigin } from '../auth/session.service.ts';
import { keyedDigest } from '../two-factor/mfa-keys.ts';

const ENTRY_SEPARATOR = '~';

/** One entry: a few whole numbers, the first naming the account it is about, and when it expires. */
export interface SignedEntry {
  fields: readonly number[];
  expiresAt: Date;
}

export interface SignedEntriesOptions {
  /** The cookie's name; `__Host-` is put before it under https. */
  baseName: string;
  /** Bound into every MAC, so an entry of one cookie never passes for another's. */
  purpose: string;
  publicOrigin: string;
  /** The HMAC-SHA256 key (one per use, derived from the two-factor master key). */
  key: Buffer;
  /** How many numbers an entry holds besides its expiry. */
  fieldCount: number;
}

/**
 * A browser's remembered per-account facts that the server must be able to trust ("don't ask for a code
 * again", "not now" to a passkey): one HttpOnly, SameSite=Lax cookie (`__Host-` and Secure under https,
 * like the session cookies) holding up to MAX_ACCOUNTS_PER_BROWSER entries
 * `<field>.<field>….<expiry, s since epoch>.<HMAC, 43 base64url>`. Nothing in an entry is secret and
 * nothing in it can be changed; an altered, foreign or expired entry is ignored.
 */
export function signedEntriesCookie(options: SignedEntriesOptions) {
  const secure = !isLocalHttpOrigin(options.publicOrigin);
  const name = secure ? `__Host-${options.baseName}` : options.baseName;
  const more = options.fieldCount - 1;
  const pattern = new RegExp(`^(\\d{1,10}(?:\\.\\d{1,10}){${more}})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`);
  const mac = (payload: string) =>
    Buffer.from(keyedDigest(options.key, `${options.purpose}:${payload}`), 'hex').toString('base64url');

  const parse = (entry: string, now: Date): SignedEntry | undefined => {
    const match = pattern.exec(entry);
    if (!match) return undefined;
    const [, fields = '', expires = '', signature = ''] = match;
    const expected = Buffer.from(mac(`${fields}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt <= now) return undefined;
    return { fields: fields.split('.').map(Number), expiresAt };
  };

  const serialise = (entry: SignedEntry) => {
    const payload = `${entry.fields.join('.')}.${Math.floor(entry.expiresAt.getTime() / 1000)}`;
    return `${payload}.${mac(payload)}`;
  };

  /** The valid entries the browser presented, most recent first as written. */
  const read = (c: Context, now: Date): SignedEntry[] =>
    (getCookie(c, name) ?? '')
      .split(ENTRY_SEPARATOR)
      .slice(0, MAX_ACCOUNTS_PER_BROWSER)
      .flatMap((entry) => parse(entry, now) ?? []);

  return {
    cookieName: name,
    read,

    /** Writes this entry first, in place of an earlier one for the same account (its first field). */
    put(c: Context, entry: SignedEntry, now: Date): void {
      if (entry.fields.length !== options.fieldCount) throw new Error(`${name}: wrong number of fields`);
      const kept = [entry, ...read(c, now).filter((other) => other.fields[0] !== entry.fields[0])].slice(
        0,
        MAX_ACCOUNTS_PER_BROWSER,
      );
      const last = Math.max(...kept.map((one) => one.expiresAt.getTime()));
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
