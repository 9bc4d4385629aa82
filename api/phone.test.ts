import { describe, expect, it } from 'vitest';
import { asCountryCode, describePhoneNumber, normalizePhoneNumber } from './phone.ts';

describe('normalizePhoneNumber', () => {
  it.each([
    ['(650) 555-0100', 'US', '+16505550100'],
    ['+1 650 555 0100', 'GB', '+16505550100'],
    ['020 7946 0018', 'GB', '+442079460018'],
  ] as const)('%s in %s → %s', (typed, country, e164) => {
    expect(normalizePhoneNumber(typed, country)).toBe(e164);
  });
});

describe('asCountryCode', () => {
  it('accepts countries libphonenumber has metadata for, and nothing else', () => {
    expect(asCountryCode('GB')).toBe('GB');
    expect(asCountryCode('ZZ')).toBeUndefined();
    expect(asCountryCode('gb')).toBeUndefined();
  });
});

describe('describePhoneNumber', () => {
  it('reads a + number internationally whatever the country', () => {
    expect(describePhoneNumber(' +44 808 157 0771 ', 'US', true)).toEqual({
      originalString: ' +44 808 157 0771 ',
      parsed: true,
      isValid: true,
      e164: '+448081570771',
      countryCallingCode: '44',
      countryIsoCode: 'GB',
      formattedNational: '0808 157 0771',
      formattedInternational: '+44 808 157 0771',
    });
  });

  it('falls back to the other reading when the preferred one is not valid', () => {
    // Not a valid US number, but a valid French one once read with its missing +.
    expect(describePhoneNumber('33123456789', 'US', true)).toMatchObject({ e164: '+33123456789' });
    // Not valid internationally (+33 1 …, too short), but a valid Illinois number.
    expect(describePhoneNumber('3312345678', 'US', false)).toMatchObject({ e164: '+13312345678' });
  });

  it('omits the country for numbers that belong to none', () => {
    const record = describePhoneNumber('+800 1234 5678', 'US', true);
    expect(record).toMatchObject({ parsed: true, countryCallingCode: '800' });
    expect(record).not.toHaveProperty('countryIsoCode');
  });

  it('reports text it cannot read as unparsed', () => {
    expect(describePhoneNumber('ext. only', 'US', true)).toEqual({
      originalString: 'ext. only',
      parsed: false,
    });
  });
});
