import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openValue, sealValue } from './aead.ts';
import { decodeBase64Key, readOrCreateKeyFile } from './key-file.ts';

/**
 * Envelope encryption of the secrets the database holds (docs/key-management.md): each secret is sealed
 * (AES-256-GCM) under a data key of its own, bound to its purpose and id; the data key is sealed under a
 * key-encryption key (KEK) that never enters the database. The row keeps the KEK's id, so a KEK change
 * only re-seals data keys (`npm run keys:rewrap`), never the secrets themselves.
 */
export interface Kek {
  id: string;
  key: Buffer;
}

/** Newest first: the first KEK seals, every one opens. Never empty. */
export type KekRing = readonly [Kek, ...Kek[]];

/** The key file made in the data folder for development, when neither setting is given. */
export const KEK_FILE = 'kek.key';

const KEK_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * KEY_ENCRYPTION_KEY (or the file KEY_ENCRYPTION_KEY_FILE names): `id:base64` entries, newest first,
 * separated by commas or new lines; each key base64 of 32 bytes. In a file, blank lines and lines starting
 * with # are skipped. Errors name the entry's position, never its value.
 */
export function parseKekRing(text: string): { ring: KekRing } | { error: string } {
  const entries = text
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('#'));
  const keks: Kek[] = [];
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = colon > 0 ? decodeBase64Key(entry.slice(colon + 1)) : undefined;
    if (!KEK_ID.test(id) || !key)
      return { error: `entry ${index + 1} must be id:base64 of 32 bytes (id: letters, digits, - or _)` };
    if (keks.some((kek) => kek.id === id)) return { error: `the id ${id} is given twice` };
    keks.push({ id, key });
  }
  const [newest, ...older] = keks;
  return newest ? { ring: [newest, ...older] } : { error: 'holds no key' };
}

/** A new KEK entry, in the settings' format: what the development file holds, and what docs suggest. */
export const newKekEntry = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

/**
 * The KEKs: from the settings when given (env.ts parsed them); else `kek.key` in the data folder, made on
 * first start (development only: production refuses to start without a setting). An in-memory database
 * gets a KEK that lives as long as the process, like its data. `note` is the start's one line about a
 * generated KEK, never the key.
 */
export async function loadKekRing(options: {
  setting?: KekRing | undefined;
  dataDir: string | 'memory';
}): Promise<{ ring: KekRing; note?: string }> {
  if (options.setting) return { ring: options.setting };
  if (options.dataDir === 'memory')
    return {
      ring: [{ id: 'memory', key: randomBytes(32) }],
      note: 'Key-encryption key: a new one for this in-memory database (KEY_ENCRYPTION_KEY is not set)',
    };
  const file = join(options.dataDir, KEK_FILE);
  const { key: ring, created } = await readOrCreateKeyFile({
    dataDir: options.dataDir,
    file,
    create: () => newKekEntry(`dev-${randomBytes(4).toString('hex')}`),
    parse: (text) => {
      const parsed = parseKekRing(text);
      return 'ring' in parsed ? parsed.ring : undefined;
    },
    holds: 'a key-encryption key (id:base64 of 32 bytes)',
  });
  return {
    ring,
    note: `Key-encryption key: ${created ? 'made' : 'read'} ${file} (KEY_ENCRYPTION_KEY is not set; development only)`,
  };
}

/** What a sealed secret's row stores besides its id: the KEK's id, the wrapped data key, the ciphertext. */
export interface SealedSecret {
  kekId: string;
  wrappedKey: string;
  ciphertext: string;
}

/** What the secret is and which row it belongs to: both authenticated, neither stored in the ciphertext. */
export interface SealBinding {
  purpose: string;
  id: string;
}

/** A secret that cannot be opened: the message names the row and the KEK id, never key material. */
export class UnsealError extends Error {
  override name = 'UnsealError';
}

const secretData = ({ purpose, id }: SealBinding) => JSON.stringify(['foyer sealed secret', purpose, id]);
const dataKeyData = ({ purpose, id }: SealBinding, kekId: string) =>
  JSON.stringify(['foyer data key', purpose, id, kekId]);

const wrap = (kek: Kek, dataKey: Buffer, binding: SealBinding) => ({
  kekId: kek.id,
  wrappedKey: sealValue(kek.key, dataKey, dataKeyData(binding, kek.id)),
});

export function sealSecret(ring: KekRing, plaintext: string, binding: SealBinding): SealedSecret {
  const dataKey = randomBytes(32);
  try {
    return {
      ...wrap(ring[0], dataKey, binding),
      ciphertext: sealValue(dataKey, plaintext, secretData(binding)),
    };
  } finally {
    dataKey.fill(0);
  }
}

function openDataKey(ring: KekRing, sealed: SealedSecret, binding: SealBinding): Buffer {
  const what = `${binding.purpose} ${binding.id}`;
  const kek = ring.find((candidate) => candidate.id === sealed.kekId);
  if (!kek)
    throw new UnsealError(
      `${what} is sealed under key-encryption key "${sealed.kekId}", which is not configured (configured: ${ring.map((known) => known.id).join(', ')})`,
    );
  const dataKey = openValue(kek.key, sealed.wrappedKey, dataKeyData(binding, kek.id));
  if (!dataKey)
    throw new UnsealError(
      `${what}: key-encryption key "${kek.id}" does not open its data key (another key under that id, or an altered row)`,
    );
  return dataKey;
}

/** The plaintext, or an UnsealError: an unknown or wrong KEK, an altered row, a row moved to another id. */
export function openSecret(ring: KekRing, sealed: SealedSecret, binding: SealBinding): string {
  const dataKey = openDataKey(ring, sealed, binding);
  try {
    const plaintext = openValue(dataKey, sealed.ciphertext, secretData(binding));
    if (!plaintext)
      throw new UnsealError(
        `${binding.purpose} ${binding.id}: the ciphertext does not open (altered, or moved from another row)`,
      );
    return plaintext.toString('utf8');
  } finally {
    dataKey.fill(0);
  }
}

/**
 * The same secret with its data key sealed under the newest KEK (the ciphertext is kept as it is), or
 * undefined when it already is.
 */
export function rewrapSecret(
  ring: KekRing,
  sealed: SealedSecret,
  binding: SealBinding,
): SealedSecret | undefined {
  if (sealed.kekId === ring[0].id) return undefined;
  const dataKey = openDataKey(ring, sealed, binding);
  try {
    // The ciphertext must open too: a rewrap must not bless a row whose secret was altered.
    if (!openValue(dataKey, sealed.ciphertext, secretData(binding)))
      throw new UnsealError(`${binding.purpose} ${binding.id}: the ciphertext does not open`);
    return { ...wrap(ring[0], dataKey, binding), ciphertext: sealed.ciphertext };
  } finally {
    dataKey.fill(0);
  }
}
