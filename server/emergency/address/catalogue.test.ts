import { describe, expect, it } from 'vitest';
import { referenceCatalogue } from './catalogue.ts';
import { SERVED_COUNTRIES } from './countries.ts';

const catalogue = referenceCatalogue();
const fieldsOf = (countryId: number) =>
  (catalogue.formatsFor(countryId)[0]?.fields ?? []).map((field) => [field.name, field.labelKey, field.line]);

describe('state lists: stable, documented ids (docs/emergency-address.md)', () => {
  it('US: the 50 states and DC alphabetically from 12 (platform facts: 12 Alabama, 13 Alaska, 16 California)', () => {
    const states = catalogue.statesFor(1);
    expect(states).toHaveLength(51);
    expect(states.slice(0, 5).map((state) => [state.id, state.isoCode])).toEqual([
      [12, 'AL'],
      [13, 'AK'],
      [14, 'AZ'],
      [15, 'AR'],
      [16, 'CA'],
    ]);
    expect(states.find((state) => state.isoCode === 'DC')).toEqual({
      id: 20,
      name: 'District of Columbia',
      isoCode: 'DC',
      countryId: 1,
    });
    expect(states.at(-1)).toEqual({ id: 62, name: 'Wyoming', isoCode: 'WY', countryId: 1 });
  });

  it.each([
    [39, 100, 13, ['AB', 'Alberta'], ['YT', 'Yukon']],
    [143, 200, 32, ['AGU', 'Aguascalientes'], ['ZAC', 'Zacatecas']],
    [15, 300, 8, ['ACT', 'Australian Capital Territory'], ['WA', 'Western Australia']],
    [224, 400, 232, ['ABE', 'Aberdeen City'], ['YOR', 'York']],
    [107, 700, 26, ['CW', 'Carlow'], ['WW', 'Wicklow']],
    [181, 800, 42, ['AB', 'Alba'], ['VN', 'Vrancea']],
  ] as const)(
    'country %i: ids from %i, %i records, first %o, last %o',
    (countryId, firstId, count, first, last) => {
      const states = catalogue.statesFor(countryId);
      expect(states).toHaveLength(count);
      expect(states.map((state) => state.id)).toEqual(states.map((_, index) => firstId + index));
      expect([states[0]?.isoCode, states[0]?.name]).toEqual(first);
      expect([states.at(-1)?.isoCode, states.at(-1)?.name]).toEqual(last);
      expect(states.every((state) => state.countryId === countryId)).toBe(true);
    },
  );

  it('Romania’s counties are written with ș and ț (comma below), not the cedilla forms; their ids are as before', () => {
    const romania = catalogue.statesFor(181);
    expect(romania.find((state) => state.isoCode === 'B')).toEqual({
      id: 809,
      name: 'București',
      isoCode: 'B',
      countryId: 181,
    });
    expect(romania.find((state) => state.isoCode === 'IS')?.name).toBe('Iași');
    expect(romania.find((state) => state.isoCode === 'CT')?.name).toBe('Constanța');
    expect(romania.some((state) => /[şţŞŢ]/.test(state.name))).toBe(false);
  });

  it('Ireland’s counties carry their English names; a country without a list has none', () => {
    expect(catalogue.statesFor(107).find((state) => state.isoCode === 'D')?.name).toBe('Dublin');
    expect(catalogue.statesFor(75)).toEqual([]);
    expect(catalogue.statesFor(3)).toEqual([]);
  });
});

describe('address formats: Google’s field order, Emergency only', () => {
  it('serves one Emergency record for every served country, none for others (188 cannot be placed)', () => {
    for (const country of SERVED_COUNTRIES) {
      const records = catalogue.formatsFor(country.id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ countryId: country.id, countryIsoCode: country.isoCode });
      expect(records[0]?.applicableToAddressTypes).toContain('Emergency');
    }
    expect(catalogue.formatsFor(188)).toEqual([]);
    expect(catalogue.formatsFor(3)).toEqual([]);
  });

  it('US: town, state and ZIP on one line, the state from the list', () => {
    expect(fieldsOf(1)).toEqual([
      ['customerName', 'customerName', 0],
      ['street', 'street', 1],
      ['street2', 'apartment', 2],
      ['city', 'city', 3],
      ['state', 'state', 3],
      ['zip', 'zip', 3],
    ]);
    const zip = catalogue.formatById('US-EMERGENCY')?.fields.find((field) => field.name === 'zip');
    expect(zip).toMatchObject({ required: true, example: '94043', input: 'text' });
  });

  it('UK: post town, the county list (spec §3, not in Google’s format) and the postcode on lines of their own', () => {
    expect(fieldsOf(224)).toEqual([
      ['customerName', 'customerName', 0],
      ['street', 'street', 1],
      ['street2', 'apartment', 2],
      ['city', 'postTown', 3],
      ['state', 'county', 4],
      ['zip', 'postcode', 5],
    ]);
    expect(catalogue.formatById('GB-EMERGENCY')?.fields.find((f) => f.name === 'state')).toMatchObject({
      input: 'select',
      required: true,
    });
  });

  it('postcode before town where the country writes it so (Germany, Mexico), with its suburb line', () => {
    expect(fieldsOf(83).slice(3)).toEqual([
      ['zip', 'postalCode', 3],
      ['city', 'city', 3],
    ]);
    expect(fieldsOf(143).slice(3)).toEqual([
      ['suburb', 'district', 3],
      ['zip', 'postalCode', 4],
      ['city', 'city', 4],
      ['state', 'state', 4],
    ]);
  });

  it('Ireland: the Eircode label and pattern', () => {
    const eircode = catalogue.formatById('IE-EMERGENCY')?.fields.find((field) => field.name === 'zip');
    expect(eircode?.labelKey).toBe('eircode');
    expect(new RegExp(`^(?:${eircode?.pattern})$`, 'i').test('D02 X285')).toBe(true);
  });
});
