import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openValue, sealValue } from '../security/aead.ts';
import { decodeBase64Key, readOrCreateKeyFile } from '../security/key-file.ts';

/** The key file made in DATA_DIR on first start when MFA_ENCRYPTION_KEY is not set. */
export const MFA_KEY_FILE = 'mfa.key';
const KEY_BYTES = 32;

/**
 * The keys two-factor needs, all derived (HKDF-SHA256, one label each) from one 32-byte master key, so
 * an operator keeps one secret and no key serves two purposes.
 */
export interface MfaKeys {
  /** AES-256-GCM key of the authenticator secrets at rest. */
  totpSecret: Buffer;
  /** HMAC key of the trusted-device cookie. */
  trustedDevice: Buffer;
  /** HMAC key of sent codes: a stolen table of six-digit codes is not brute-forced offline without it. */
  codePepper: Buffer;
  /** HMAC key of the client IPs and session ids the audit log keeps. */
  audit: Buffer;
  /** HMAC key of the passkey offer's "Not now" cookie (server/passkeys/offer.ts). */
  passkeyOffer: Buffer;
}

export function deriveMfaKeys(master: Uint8Array): MfaKeys {
  if (master.length !== KEY_BYTES) throw new Error(`the two-factor master key must be ${KEY_BYTES} bytes`);
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', master, '', `foyer ${label} v1`, 32));
  return {
    totpSecret: derive('totp secret'),
    trustedDevice: derive('trusted device'),
    codePepper: derive('code pepper'),
    audit: derive('audit'),
    passkeyOffer: derive('passkey offer'),
  };
}

/** MFA_ENCRYPTION_KEY: base64 of exactly 32 bytes (server/env.ts validates it with this). */
export const decodeMasterKey = decodeBase64Key;

/**
 * The master key: MFA_ENCRYPTION_KEY when set; else `mfa.key` in the data folder, created (mode 0600)
 * on first start. An in-memory database gets a key that lives as long as the process, like its data.
 * Several processes sharing one PostgreSQL must share the key: set MFA_ENCRYPTION_KEY for them all.
 */
export async function loadMasterKey(options: {
  envKey?: string | undefined;
  dataDir: string | 'memory';
}): Promise<Buffer> {
  if (options.envKey !== undefined) {
    const key = decodeMasterKey(options.envKey);
    if (!key) throw new Error('MFA_ENCRYPTION_KEY must be base64 of 32 bytes');
    return key;
  }
  if (options.dataDir === 'memory') return randomBytes(KEY_BYTES);
  const { key } = await readOrCreateKeyFile({
    dataDir: options.dataDir,
    file: join(options.dataDir, MFA_KEY_FILE),
    create: () => randomBytes(KEY_BYTES).toString('base64'),
    parse: decodeMasterKey,
    holds: 'base64 of 32 bytes',
  });
  return key;
}

/**
 * An authenticator secret sealed with AES-256-GCM (server/security/aead.ts), the user (`totp:<id>`) as
 * associated data, so a ciphertext copied to another user's row fails to open.
 */
export const encryptSecret = (key: Buffer, plaintext: string, context: string): string =>
  sealValue(key, plaintext, context);

/** The plaintext, or undefined when the value was not made with this key and context (or was altered). */
export const decryptSecret = (key: Buffer, stored: string, context: string): string | undefined =>
  openValue(key, stored, context)?.toString('utf8');

/** A keyed digest, hex, for values that must be comparable but not readable (codes, IPs). */
export const keyedDigest = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');
