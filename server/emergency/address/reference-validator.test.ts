import { describe, expect, it } from 'vitest';
import { checkAddressFields } from '../../../api/addressRules.ts';
import type { EmergencyAddress } from '../../../api/contract/emergency.ts';
import { localAreaOf } from './area-codes.ts';
import { referenceCatalogue } from './catalogue.ts';
import { SERVED_COUNTRIES } from './countries.ts';
import { referenceValidator, sameTown } from './reference-validator.ts';

const catalogue = referenceCatalogue();
const validator = referenceValidator();
const formatOf = (iso: string) => {
  const format = catalogue.formatById(`${iso}-EMERGENCY`);
  if (!format) throw new Error(`no format for ${iso}`);
  return format;
};
const check = (address: EmergencyAddress, phoneNumber?: string) =>
  validator.check({ address, format: formatOf(address.country), phoneNumber });

const us = (city: string, state: string, zip: string): EmergencyAddress => ({
  country: 'US',
  customerName: 'Della Marchetti',
  street: '100 Castro St',
  city,
  state,
  zip,
});
const ca = (city: string, state: string, zip: string): EmergencyAddress => ({
  country: 'CA',
  customerName: 'Della Marchetti',
  street: '90 Sparks St',
  city,
  state,
  zip,
});

describe('the reference validator (US, the zipcodes gazetteer)', () => {
  it.each([
    ['agrees with the ZIP', us('Mountain View', 'CA', '94041'), 'Valid', [['Mountain View', 'CA', '94041']]],
    [
      'spells the town its own way',
      us('mountain  view', 'CA', '94041'),
      'Valid',
      [['Mountain View', 'CA', '94041']],
    ],
    ['a ZIP+4', us('New York', 'NY', '10001-2062'), 'Valid', [['New York', 'NY', '10001-2062']]],
    ['Saint written short', us('St Louis', 'MO', '63101'), 'Valid', [['Saint Louis', 'MO', '63101']]],
    [
      'a misspelt town: the ZIP’s own',
      us('Mountian View', 'CA', '94041'),
      'Ambiguous',
      [['Mountain View', 'CA', '94041']],
    ],
    [
      'the wrong state for the ZIP',
      us('Mountain View', 'NY', '94041'),
      'Ambiguous',
      [['Mountain View', 'CA', '94041']],
    ],
  ] as const)('%s → %s', async (_, address, status, expected) => {
    const verdict = await check(address);
    expect(verdict.kind).toBe('checked');
    if (verdict.kind !== 'checked') return;
    expect(verdict.validation.status).toBe(status);
    expect(verdict.validation.suggestions.map((s) => [s.city, s.state, s.zip])).toEqual(expected);
    // The street and the name are never changed.
    expect(verdict.validation.suggestions.every((s) => s.street === address.street)).toBe(true);
  });

  it('a real town of the state with another ZIP: several suggestions, the ZIP’s own place first', async () => {
    const verdict = await check(us('Palo Alto', 'CA', '94041'));
    if (verdict.kind !== 'checked') throw new Error(verdict.kind);
    expect(verdict.validation.status).toBe('Ambiguous');
    const [first, ...rest] = verdict.validation.suggestions;
    expect(first).toMatchObject({ city: 'Mountain View', state: 'CA', zip: '94041' });
    expect(rest.length).toBeGreaterThanOrEqual(2);
    expect(rest.length).toBeLessThanOrEqual(3);
    for (const suggestion of rest) expect(suggestion).toMatchObject({ city: 'Palo Alto', state: 'CA' });
    expect(new Set(rest.map((s) => s.zip)).size).toBe(rest.length);
  });

  it.each(['00000', '99999'])(
    'a ZIP the gazetteer does not know (%s) is Invalid with no suggestion',
    async (zip) => {
      expect(await check(us('Nowhere', 'CA', zip))).toEqual({
        kind: 'checked',
        validation: { status: 'Invalid', suggestions: [] },
      });
    },
  );
});

describe('the reference validator (Canada, forward sortation areas)', () => {
  it.each([
    ['the town named in the area', ca('Ottawa', 'ON', 'K2P 1L4'), 'Valid', [['ON', 'K2P 1L4']]],
    ['no space in the postcode', ca('Ottawa', 'ON', 'k2p1l4'), 'Valid', [['ON', 'K2P 1L4']]],
    ['a town the area description does not name', ca('Nepean', 'ON', 'K2P 1L4'), 'Provisioning', []],
    [
      'the wrong province for the first letter',
      ca('Ottawa', 'QC', 'K2P 1L4'),
      'Ambiguous',
      [['ON', 'K2P 1L4']],
    ],
    [
      'X: Northwest Territories or Nunavut',
      ca('Iqaluit', 'ON', 'X0A 0H0'),
      'Ambiguous',
      [
        ['NT', 'X0A 0H0'],
        ['NU', 'X0A 0H0'],
      ],
    ],
    ['an area that does not exist', ca('Ottawa', 'ON', 'Z9Z 9Z9'), 'Invalid', []],
  ] as const)('%s → %s', async (_, address, status, expected) => {
    const verdict = await check(address);
    if (verdict.kind !== 'checked') throw new Error(verdict.kind);
    expect(verdict.validation.status).toBe(status);
    expect(verdict.validation.suggestions.map((s) => [s.state, s.zip])).toEqual(expected);
  });
});

describe('spec §5 local-area rule', () => {
  it('reads the area code’s states and provinces from libphonenumber’s geocoding data', () => {
    expect(localAreaOf('+16505550145')).toEqual({ country: 'US', areaCode: '650', regions: ['CA'] });
    expect(localAreaOf('+12125550100')?.regions).toEqual(['NY']);
    expect(localAreaOf('+16135550142')).toMatchObject({ country: 'CA', regions: ['ON'] });
    expect(localAreaOf('+19025550100')?.regions).toEqual(['NS', 'PE']);
    // Toll-free and non-North-American numbers have no local area: the rule does not apply.
    expect(localAreaOf('+18005550100')).toBeUndefined();
    expect(localAreaOf('+447700900145')).toBeUndefined();
  });

  it('refuses a Valid address in another state than the number’s', async () => {
    expect(await check(us('New York', 'NY', '10001'), '+16505550145')).toEqual({ kind: 'outsideLocalArea' });
    expect((await check(us('Mountain View', 'CA', '94041'), '+16505550145')).kind).toBe('checked');
  });

  it('keeps only the local suggestions of an ambiguous address, and refuses when none is', async () => {
    const local = await check(us('Mountain View', 'NY', '94041'), '+16505550145');
    expect(local).toMatchObject({ kind: 'checked', validation: { status: 'Ambiguous' } });
    expect(await check(us('Mountain View', 'NY', '94041'), '+12125550100')).toEqual({
      kind: 'outsideLocalArea',
    });
  });

  it('applies to Canada too (a 902 number serves Nova Scotia and Prince Edward Island)', async () => {
    expect(await check(ca('Ottawa', 'ON', 'K2P 1L4'), '+19025550100')).toEqual({ kind: 'outsideLocalArea' });
    expect(await check(ca('Ottawa', 'ON', 'K2P 1L4'), '+16135550142')).toMatchObject({ kind: 'checked' });
  });

  it('leaves an Invalid answer as it is (nothing to route)', async () => {
    expect(await check(us('Nowhere', 'NY', '00000'), '+16505550145')).toMatchObject({
      validation: { status: 'Invalid' },
    });
  });
});

describe('every other served country: the postcode format decides, the answer is Provisioning', () => {
  const samples: Record<string, { valid: string; invalid: string }> = {
    AU: { valid: '2000', invalid: '200' },
    AT: { valid: '1010', invalid: '0101' },
    BE: { valid: '1000', invalid: '10000' },
    FR: { valid: '75008', invalid: '7500' },
    DE: { valid: '10117', invalid: '1011' },
    IE: { valid: 'D02 X285', invalid: 'B02 X285' },
    IT: { valid: '00184', invalid: '0018' },
    LU: { valid: 'L-1111', invalid: '111' },
    MX: { valid: '06500', invalid: '6500' },
    NL: { valid: '1012 JS', invalid: '1012' },
    NZ: { valid: '6011', invalid: '60110' },
    PL: { valid: '00-950', invalid: '00950' },
    PT: { valid: '1100-148', invalid: '11001' },
    RO: { valid: '010011', invalid: '01001' },
    ES: { valid: '28013', invalid: '53013' },
    GB: { valid: 'SW1A 1AA', invalid: 'SW1A' },
  };
  const addressIn = (iso: string, zip: string) => {
    const format = formatOf(iso);
    const state = catalogue.statesFor(format.countryId)[0]?.isoCode ?? 'Province';
    return { country: iso, customerName: 'A Person', street: '1 High Street', city: 'Town', state, zip };
  };

  it('serves a format for every served country but the US and Canada here', () => {
    expect(Object.keys(samples).sort()).toEqual(
      SERVED_COUNTRIES.map((country) => country.isoCode)
        .filter((iso) => iso !== 'US' && iso !== 'CA')
        .sort(),
    );
  });

  it.each(Object.entries(samples))('%s: %o', async (iso, { valid, invalid }) => {
    const format = formatOf(iso);
    expect(checkAddressFields(format, addressIn(iso, valid))).toEqual([]);
    expect(checkAddressFields(format, addressIn(iso, invalid))).toEqual([{ field: 'zip', rule: 'invalid' }]);
    expect(await check(addressIn(iso, valid))).toEqual({
      kind: 'checked',
      validation: { status: 'Provisioning', suggestions: [] },
    });
  });
});

describe('sameTown', () => {
  it.each([
    ['Saint Paul', 'st. paul', true],
    ['Fort Worth', 'Ft Worth', true],
    ["Coeur d'Alene", 'Coeur d Alene', true],
    ['Springfield', 'Springfeld', false],
  ])('%s ~ %s: %s', (a, b, same) => expect(sameTown(a, b)).toBe(same));
});
