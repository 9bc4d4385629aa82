import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with associated data: the one authenticated cipher of the server (authenticator secrets,
 * sealed signing keys and the data keys that seal them). Stored as `v1.<iv>.<ciphertext>.<tag>`
 * (base64url); the associated data is not stored, the reader must know it, so a value copied to another
 * row or purpose fails to open.
 */
export function sealValue(key: Uint8Array, plaintext: string | Uint8Array, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([
    typeof plaintext === 'string' ? cipher.update(plaintext, 'utf8') : cipher.update(plaintext),
    cipher.final(),
  ]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or undefined when the value was not made with this key and associated data, or was altered. */
export function openValue(key: Uint8Array, stored: string, associatedData: string): Buffer | undefined {
  const [version, iv, body, tag, extra] = stored.split('.');
  if (version !== 'v1' || iv === undefined || body === undefined || tag === undefined || extra !== undefined)
    return undefined;
  try {
    // A fixed tag length: a truncated tag would otherwise be accepted, and forged more easily.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return undefined;
  }
}
