import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

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
export function decodeMasterKey(base64: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  const key = Buffer.from(base64, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

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
  const file = join(options.dataDir, MFA_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': two processes starting on one folder at once must not each write their own key.
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readKeyFile(file);
    if (!written) throw new Error(`${file} is not a valid key`);
    return written;
  }
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = decodeMasterKey(text.trim());
  // A damaged key file must stop the server: silently replacing it would orphan every stored secret.
  if (!key) throw new Error(`${file} does not hold base64 of 32 bytes`);
  return key;
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url): the version leaves room for a key rotation later. */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The context (the user id) is authenticated, so a ciphertext copied to another user's row fails.
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or undefined when the value was not made with this key and context (or was altered). */
export function decryptSecret(key: Buffer, stored: string, context: string): string | undefined {
  const [version, iv, body, tag] = stored.split('.');
  if (version !== 'v1' || iv === undefined || body === undefined || tag === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/** A keyed digest, hex, for values that must be comparable but not readable (codes, IPs). */
export const keyedDigest = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');
