import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber } from './phone.ts';

describe('normalizePhoneNumber', () => {
  it.each([
    ['(650) 555-0100', 'US', '+16505550100'],
    ['+1 650 555 0100', 'GB', '+16505550100'],
    ['020 7946 0018', 'GB', '+442079460018'],
  ] as const)('%s in %s → %s', (typed, country, e164) => {
    expect(normalizePhoneNumber(typed, country)).toBe(e164);
  });
});
