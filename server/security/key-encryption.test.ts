import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { kekRingFrom, readEnv } from '../env.ts';
import {
  KEK_FILE,
  type KekRing,
  loadKekRing,
  newKekEntry,
  openSecret,
  parseKekRing,
  rewrapSecret,
  sealSecret,
} from './key-encryption.ts';

const work = mkdtempSync(join(tmpdir(), 'foyer-kek-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const ringOf = (text: string): KekRing => {
  const parsed = parseKekRing(text);
  if (!('ring' in parsed)) throw new Error(parsed.error);
  return parsed.ring;
};
const binding = { purpose: 'oauth signing key', id: 'kid-1' };
const SECRET = '{"kty":"EC","d":"private"}';

describe('KEY_ENCRYPTION_KEY: id:base64 entries, newest first', () => {
  it('reads several keys, by commas or lines, skipping comments in a file', () => {
    expect(ringOf(`new:${key(1)}, old:${key(2)}`).map((kek) => kek.id)).toEqual(['new', 'old']);
    expect(ringOf(`# made 2031-04-01\nnew:${key(1)}\n\nold_1:${key(2)}\n`).map((kek) => kek.id)).toEqual([
      'new',
      'old_1',
    ]);
  });

  it.each([
    ['', 'holds no key'],
    [key(1), 'entry 1 must be id:base64 of 32 bytes'],
    [`a:${key(1)},b:c2hvcnQ=`, 'entry 2 must be id:base64 of 32 bytes'],
    [`a b:${key(1)}`, 'entry 1'],
    [`a:${key(1)},a:${key(2)}`, 'the id a is given twice'],
  ])('refuses %j: %s', (text, error) => {
    const parsed = parseKekRing(text);
    expect(parsed).toEqual({ error: expect.stringContaining(error) });
  });

  it('is required under NODE_ENV=production, from the variable or a file, and never echoed', () => {
    const production = {
      NODE_ENV: 'production',
      MFA_ENCRYPTION_KEY: key(9),
      PUBLIC_ORIGIN: 'https://foyer.example',
    };
    const file = join(work, 'kek.secret');
    writeFileSync(file, `${newKekEntry('file1')}\n`);
    expect(kekRingFrom(readEnv({ ...production, KEY_ENCRYPTION_KEY: `k2:${key(2)},k1:${key(1)}` }))).toEqual([
      { id: 'k2', key: Buffer.alloc(32, 2) },
      { id: 'k1', key: Buffer.alloc(32, 1) },
    ]);
    expect(kekRingFrom(readEnv({ ...production, KEY_ENCRYPTION_KEY_FILE: file }))?.[0].id).toBe('file1');
    expect(kekRingFrom(readEnv({}))).toBeUndefined();

    const exit = vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusal = (env: Record<string, string>) => {
      error.mockClear();
      expect(() => readEnv(env)).toThrow('exit');
      return String(error.mock.calls[0]?.[0]);
    };
    expect(refusal(production)).toContain('KEY_ENCRYPTION_KEY: is required under NODE_ENV=production');
    const short = `k1:${Buffer.alloc(16, 7).toString('base64')}`;
    const message = refusal({ KEY_ENCRYPTION_KEY: short });
    expect(message).toContain('KEY_ENCRYPTION_KEY: entry 1 must be id:base64 of 32 bytes');
    expect(message).not.toContain(short.slice(3));
    expect(refusal({ KEY_ENCRYPTION_KEY_FILE: join(work, 'missing') })).toContain(
      'KEY_ENCRYPTION_KEY_FILE: cannot read',
    );
    expect(refusal({ KEY_ENCRYPTION_KEY: `k:${key(1)}`, KEY_ENCRYPTION_KEY_FILE: file })).toContain(
      'not both',
    );
    exit.mockRestore();
    error.mockRestore();
  });
});

describe('the development KEK file', () => {
  it('is made once in the data folder (0600), read back after that, and the note never holds the key', async () => {
    const dataDir = join(work, 'dev');
    const first = await loadKekRing({ dataDir });
    const file = join(dataDir, KEK_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.note).toBe(
      `Key-encryption key: made ${file} (KEY_ENCRYPTION_KEY is not set; development only)`,
    );
    const again = await loadKekRing({ dataDir });
    expect(again.ring).toEqual(first.ring);
    expect(again.note).toContain('read');
    // The file is a valid KEY_ENCRYPTION_KEY: an operator moves to a real KEK by listing it second.
    expect(ringOf(readFileSync(file, 'utf8'))).toEqual(first.ring);
    expect(first.ring[0].id).toMatch(/^dev-[0-9a-f]{8}$/);
    expect(first.note).not.toContain(first.ring[0].key.toString('base64'));
  });

  it('stops the start when damaged; a setting wins; in memory costs no file', async () => {
    const dataDir = join(work, 'damaged');
    await loadKekRing({ dataDir });
    writeFileSync(join(dataDir, KEK_FILE), 'not a key');
    await expect(loadKekRing({ dataDir })).rejects.toThrow(/does not hold a key-encryption key/);
    const setting = ringOf(`set:${key(3)}`);
    expect(await loadKekRing({ setting, dataDir })).toEqual({ ring: setting });
    expect((await loadKekRing({ dataDir: 'memory' })).ring[0].id).toBe('memory');
  });
});

describe('sealed secrets', () => {
  const ring = ringOf(`k1:${key(1)}`);

  it('open with their KEK, purpose and id only', () => {
    const sealed = sealSecret(ring, SECRET, binding);
    expect(JSON.stringify(sealed)).not.toContain('private');
    expect(sealed.kekId).toBe('k1');
    expect(openSecret(ring, sealed, binding)).toBe(SECRET);
    // Another row's id, or another purpose, as associated data: refused.
    expect(() => openSecret(ring, sealed, { ...binding, id: 'kid-2' })).toThrow(
      'oauth signing key kid-2: key-encryption key "k1" does not open its data key',
    );
    expect(() => openSecret(ring, sealed, { ...binding, purpose: 'totp secret' })).toThrow(/does not open/);
  });

  it('refuse an altered ciphertext, a data key moved from another row, an unknown or wrong KEK', () => {
    const sealed = sealSecret(ring, SECRET, binding);
    const [version, iv, body = '', tag] = sealed.ciphertext.split('.');
    const flipped = [version, iv, `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`, tag].join('.');
    expect(() => openSecret(ring, { ...sealed, ciphertext: flipped }, binding)).toThrow(
      'oauth signing key kid-1: the ciphertext does not open (altered, or moved from another row)',
    );
    const other = sealSecret(ring, SECRET, { ...binding, id: 'kid-2' });
    expect(() => openSecret(ring, { ...sealed, wrappedKey: other.wrappedKey }, binding)).toThrow(
      /does not open/,
    );
    expect(() => openSecret(ringOf(`k2:${key(2)}`), sealed, binding)).toThrow(
      'oauth signing key kid-1 is sealed under key-encryption key "k1", which is not configured (configured: k2)',
    );
    expect(() => openSecret(ringOf(`k1:${key(2)}`), sealed, binding)).toThrow(
      'key-encryption key "k1" does not open its data key',
    );
  });

  it('rewrap moves the data key to the newest KEK and keeps the ciphertext', () => {
    const sealed = sealSecret(ring, SECRET, binding);
    const both = ringOf(`k2:${key(2)},k1:${key(1)}`);
    const moved = rewrapSecret(both, sealed, binding);
    expect(moved).toMatchObject({ kekId: 'k2', ciphertext: sealed.ciphertext });
    expect(moved?.wrappedKey).not.toBe(sealed.wrappedKey);
    if (!moved) throw new Error('not moved');
    expect(openSecret(ringOf(`k2:${key(2)}`), moved, binding)).toBe(SECRET);
    expect(rewrapSecret(both, moved, binding)).toBeUndefined();
    expect(() => rewrapSecret(both, { ...sealed, ciphertext: `${sealed.ciphertext}x` }, binding)).toThrow(
      /ciphertext does not open/,
    );
  });

  it('a fresh data key each time, so equal secrets do not look equal', () => {
    const first = sealSecret(ring, SECRET, binding);
    const second = sealSecret(ring, SECRET, binding);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(first.wrappedKey).not.toBe(second.wrappedKey);
  });
});
