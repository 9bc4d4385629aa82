import { describe, expect, it } from 'vitest';
import { copyrightYears } from './copyright.ts';

describe('copyrightYears', () => {
  it('runs from the launch year to the current year', () => {
    expect(copyrightYears(2019, new Date(2026, 5, 1))).toBe('2019–2026');
  });
  it('is one year when the brand launched this year', () => {
    expect(copyrightYears(2026, new Date(2026, 0, 1))).toBe('2026');
  });
  it('never shows a backwards range when the clock is behind the launch year', () => {
    expect(copyrightYears(2026, new Date(2024, 0, 1))).toBe('2026');
  });
});
