import { describe, expect, it } from 'vitest';
import {
  readRememberedAccounts,
  withAccountFirst,
  withoutAccount,
  withPasskeyMark,
  writeRememberedAccounts,
} from './accounts.ts';
import { pickerAccounts } from './picker/pickerRows.ts';

const ada = { loginId: 'ada@example.com', displayName: 'Ada Quill', brandId: '1210' };
const grace = { loginId: 'grace@example.co.uk', displayName: 'Grace Harrow', brandId: '7710' };
const live = (account: typeof ada, sessionId: string) => ({
  ...account,
  sessionId,
  signedInAt: '2026-11-23T10:00:00Z',
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('remembered accounts (spec §3 previous sign-in credential, the picker list)', () => {
  it('round-trips through storage, most recent first, at most five', () => {
    const storage = memoryStorage();
    let list = [ada];
    for (let n = 0; n < 6; n++) list = withAccountFirst(list, { ...grace, loginId: `u${n}@example.com` });
    writeRememberedAccounts(storage, list);
    const read = readRememberedAccounts(storage);
    expect(read).toHaveLength(5);
    expect(read[0]?.loginId).toBe('u5@example.com');
    expect(read.some((account) => account.loginId === 'ada@example.com')).toBe(false);
  });

  it('signing in again moves the account first without a duplicate (case-insensitive)', () => {
    const list = withAccountFirst([ada, grace], { ...grace, loginId: 'GRACE@example.co.uk' });
    expect(list.map((account) => account.loginId)).toEqual(['GRACE@example.co.uk', 'ada@example.com']);
    expect(withoutAccount(list, 'ada@EXAMPLE.com')).toHaveLength(1);
  });

  it('keeps good entries when one is damaged, and survives junk', () => {
    const storage = memoryStorage({
      'foyer.accounts': JSON.stringify([ada, { loginId: '', displayName: 1 }, '<script>', grace]),
    });
    expect(readRememberedAccounts(storage)).toEqual([ada, grace]);
    expect(readRememberedAccounts(memoryStorage({ 'foyer.accounts': 'not json' }))).toEqual([]);
    expect(readRememberedAccounts(memoryStorage({ 'foyer.accounts': '{"a":1}' }))).toEqual([]);
    expect(readRememberedAccounts(undefined)).toEqual([]);
  });

  it('reads the credential an earlier version remembered, and replaces its key on the next write', () => {
    const storage = memoryStorage({ 'foyer.previousCredential': 'ada@example.com' });
    expect(readRememberedAccounts(storage)).toEqual([
      { loginId: 'ada@example.com', displayName: '', brandId: '' },
    ]);
    writeRememberedAccounts(storage, [grace]);
    expect(storage.data.has('foyer.previousCredential')).toBe(false);
    writeRememberedAccounts(storage, []);
    expect(storage.data.has('foyer.accounts')).toBe(false);
  });

  it('storage that throws is no error', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readRememberedAccounts(throwing)).toEqual([]);
    expect(() => writeRememberedAccounts(throwing, [ada])).not.toThrow();
  });
});

describe('picker rows', () => {
  it('marks remembered accounts that are signed in, then adds signed-in ones not remembered', () => {
    const rows = pickerAccounts([ada], [live(grace, 's2'), live({ ...ada, displayName: 'Ada Q.' }, 's1')]);
    expect(rows).toEqual([
      { ...ada, displayName: 'Ada Q.', sessionId: 's1', remembered: true, passkey: false },
      { ...grace, sessionId: 's2', signedInAt: '2026-11-23T10:00:00Z', remembered: false },
    ]);
  });

  it('offers a passkey on the rows of accounts that used or made one here, and keeps the mark', () => {
    const marked = withPasskeyMark([ada, grace], 'ADA@example.com');
    expect(marked).toEqual([{ ...ada, passkey: true }, grace]);
    expect(pickerAccounts(marked, [])[0]?.passkey).toBe(true);
    // Signing in again with the password keeps the mark; a damaged one is dropped with its entry only.
    expect(withAccountFirst(marked, { ...ada, displayName: 'Ada Q.' })[0]).toEqual({
      ...ada,
      displayName: 'Ada Q.',
      passkey: true,
    });
    const storage = new Map<string, string>();
    writeRememberedAccounts(
      { setItem: (k, v) => storage.set(k, v), removeItem: (k) => storage.delete(k) },
      marked,
    );
    expect(readRememberedAccounts({ getItem: (k) => storage.get(k) ?? null })).toEqual(marked);
  });
});
