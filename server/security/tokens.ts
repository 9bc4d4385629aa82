import { createHash, randomBytes } from 'node:crypto';

/** An unguessable opaque token: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a bearer secret, so a leaked table grants nothing. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** base64url(SHA-256(value)): the PKCE S256 transform (RFC 7636 §4.2). */
export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
