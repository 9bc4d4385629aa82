import { describe, expect, it } from 'vitest';
import { ownEntry } from './ownEntry.ts';

describe('ownEntry', () => {
  const table: Readonly<Record<string, string>> = { dark: 'night', '7310': 'meetings' };

  it('finds own entries by text or number', () => {
    expect(ownEntry(table, 'dark')).toBe('night');
    expect(ownEntry(table, 7310)).toBe('meetings');
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'missing'])(
    'finds nothing for %s',
    (key) => {
      expect(ownEntry(table, key)).toBeUndefined();
    },
  );
});
