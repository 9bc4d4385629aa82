import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressFormatField, StateRecord } from '../../../api/contract/emergency.ts';
import { renderWithIntl } from '../../../i18n/testing.tsx';
import { AddressField } from './AddressField.tsx';

/** The province field of Canada's form and the state field of the US form, as the catalogue serves them. */
const listField = (labelKey: 'province' | 'state'): AddressFormatField => ({
  name: 'state',
  labelKey,
  line: 3,
  required: true,
  maxLength: 64,
  input: 'select',
});

async function optionsOf(localeId: string, countryIsoCode: string, states: readonly StateRecord[]) {
  const labelKey = countryIsoCode === 'CA' ? 'province' : 'state';
  await renderWithIntl(
    <AddressField
      field={listField(labelKey)}
      countryIsoCode={countryIsoCode}
      states={states}
      value=""
      error={undefined}
      onValue={() => undefined}
    />,
    localeId,
  );
  return within(screen.getByRole('combobox'))
    .getAllByRole('option')
    .slice(1)
    .map((option) => [option.textContent, (option as HTMLOptionElement).value]);
}

/** Canada's list as GET /api/config/states serves it (ISO 3166-2, English names). */
const canada: StateRecord[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NT', 'Northwest Territories'],
  ['NS', 'Nova Scotia'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
].map(([isoCode, name], index) => ({
  id: 100 + index,
  name: name ?? '',
  isoCode: isoCode ?? '',
  countryId: 39,
}));
const unitedStates: StateRecord[] = [
  { id: 16, name: 'California', isoCode: 'CA', countryId: 1 },
  { id: 20, name: 'District of Columbia', isoCode: 'DC', countryId: 1 },
  { id: 43, name: 'New York', isoCode: 'NY', countryId: 1 },
];

describe("the state list names each state as the person's language and the country's addresses do", () => {
  it("fr_CA: Canada's provinces and territories in French (officially bilingual), sorted in French, sent as their codes", async () => {
    const options = await optionsOf('fr_CA', 'CA', canada);
    expect(options).toHaveLength(13);
    expect(options).toContainEqual(['Colombie-Britannique', 'BC']);
    expect(options).toContainEqual(['Québec', 'QC']);
    expect(options).toContainEqual(['Île-du-Prince-Édouard', 'PE']);
    expect(options).toContainEqual(['Terre-Neuve-et-Labrador', 'NL']);
    expect(options).toContainEqual(['Territoires du Nord-Ouest', 'NT']);
    expect(options.map(([name]) => name)).not.toContain('British Columbia');
    // French collation: Î sorts with I, between the Colombie-Britannique and Manitoba.
    const names = options.map(([name]) => name);
    expect(names.indexOf('Île-du-Prince-Édouard')).toBeGreaterThan(names.indexOf('Colombie-Britannique'));
    expect(names.indexOf('Île-du-Prince-Édouard')).toBeLessThan(names.indexOf('Manitoba'));
  });

  it('fr_FR names them in French too (the language, not the region)', async () => {
    expect(await optionsOf('fr_FR', 'CA', canada)).toContainEqual(['Colombie-Britannique', 'BC']);
  });

  it.each(['en_CA', 'de_DE', 'ja_JP'])(
    "%s: Canada's English names (English, or a language Canada does not write its addresses in)",
    async (localeId) => {
      const options = await optionsOf(localeId, 'CA', canada);
      expect(options).toContainEqual(['British Columbia', 'BC']);
      expect(options).toContainEqual(['Quebec', 'QC']);
    },
  );

  it.each(['en_US', 'es_419', 'fr_CA'])(
    '%s: the US states stay as US addresses write them',
    async (localeId) => {
      const options = await optionsOf(localeId, 'US', unitedStates);
      expect(options).toHaveLength(3);
      expect(options).toContainEqual(['California', 'CA']);
      expect(options).toContainEqual(['District of Columbia', 'DC']);
    },
  );
});
