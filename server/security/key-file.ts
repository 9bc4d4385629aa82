import { mkdir, readFile, writeFile } from 'node:fs/promises';

const KEY_BYTES = 32;

/** Base64 of exactly 32 bytes (an AES-256 or HMAC key), or undefined. */
export function decodeBase64Key(base64: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  const key = Buffer.from(base64, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * A key file in the data folder, made (mode 0600) on first start when no setting provides the key, and
 * read back on every start after: the two-factor master key (mfa.key) and the development key-encryption
 * key (kek.key). `parse` returns undefined for a file that is not a key.
 */
export async function readOrCreateKeyFile<T>(options: {
  dataDir: string;
  file: string;
  create: () => string;
  parse: (text: string) => T | undefined;
  /** What a valid file holds, for the error that a damaged one stops the start with. */
  holds: string;
}): Promise<{ key: T; created: boolean }> {
  const { dataDir, file, create, parse, holds } = options;
  const existing = await readKeyFile(file, parse, holds);
  if (existing !== undefined) return { key: existing, created: false };
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const text = create();
  try {
    // 'wx': two processes starting on one folder at once must not each write their own key.
    await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readKeyFile(file, parse, holds);
    if (written === undefined) throw new Error(`${file} is not a valid key`);
    return { key: written, created: false };
  }
  const key = parse(text);
  if (key === undefined) throw new Error(`${file}: the key made for it does not parse`);
  return { key, created: true };
}

async function readKeyFile<T>(
  file: string,
  parse: (text: string) => T | undefined,
  holds: string,
): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = parse(text.trim());
  // A damaged key file must stop the server: silently replacing it would orphan every stored secret.
  if (key === undefined) throw new Error(`${file} does not hold ${holds}`);
  return key;
}
