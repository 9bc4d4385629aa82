import { formatAddress } from 'localized-address-format';
import { POSTCODE_REGEXES } from 'postcode-validator/lib/cjs/postcode-regexes.js';
import type { AddressFieldName, AddressFormat, AddressFormatField } from '../../../api/contract/emergency.ts';
import { SERVED_COUNTRIES, type ServedCountry, servedCountryById } from './countries.ts';
import type { AddressCatalogue } from './ports.ts';
import { statesOf } from './states.ts';

/**
 * The reference address catalogue (docs/emergency-address.md "Address formats and validation"):
 * - which fields a country's address has, in what order and on which line: Google's address metadata
 *   (libaddressinput's format strings) as the localized-address-format package ships them, read
 *   through its public formatAddress with one marker per field;
 * - the postcode's pattern: the postcode-validator package's regular expression for the country;
 * - the state lists: states.ts (ISO 3166-2 through iso-3166-2);
 * - labels, required fields and lengths: countries.ts and the limits below (inferred, documented).
 */

/** Google's format fields, as formatAddress names them, and the markers that find them in its output. */
const MARKERS = {
  name: '@N',
  organization: '@O',
  addressLines: '@A',
  dependentLocality: '@D',
  locality: '@C',
  administrativeArea: '@S',
  postalCode: '@Z',
  sortingCode: '@X',
} as const;
type GoogleField = keyof typeof MARKERS;

/** Which of our fields each Google field becomes (the organisation and CEDEX sorting code are not asked). */
const FIELDS_OF: Record<GoogleField, readonly AddressFieldName[]> = {
  name: ['customerName'],
  organization: [],
  addressLines: ['street', 'street2'],
  dependentLocality: ['suburb'],
  locality: ['city'],
  administrativeArea: ['state'],
  postalCode: ['zip'],
  sortingCode: [],
};

const MAX_LENGTH: Partial<Record<AddressFieldName, number>> = {
  customerName: 64,
  street: 100,
  street2: 100,
  suburb: 64,
  city: 64,
  state: 64,
  zip: 16,
};

const DEFAULT_LABELS: Partial<Record<AddressFieldName, AddressFormatField['labelKey']>> = {
  customerName: 'customerName',
  street: 'street',
  street2: 'apartment',
  suburb: 'suburb',
  city: 'city',
  state: 'state',
  zip: 'postalCode',
};

/** The Google fields of a country's format, line by line, in the order the country writes them. */
function googleLines(isoCode: string): GoogleField[][] {
  const markers = Object.fromEntries(
    Object.entries(MARKERS).map(([field, marker]) => [field, field === 'addressLines' ? [marker] : marker]),
  );
  const lines = formatAddress({ ...markers, postalCountry: isoCode }, 'latin');
  return lines.map((line) =>
    (Object.keys(MARKERS) as GoogleField[])
      .filter((field) => line.includes(MARKERS[field]))
      .sort((a, b) => line.indexOf(MARKERS[a]) - line.indexOf(MARKERS[b])),
  );
}

/** The pattern's source without its anchors (api/addressRules.ts anchors it and ignores case). */
function postcodePattern(isoCode: string): string | undefined {
  const pattern = POSTCODE_REGEXES.get(isoCode);
  return pattern?.source.replace(/^\^/, '').replace(/\$$/, '');
}

function fieldFor(country: ServedCountry, name: AddressFieldName, line: number): AddressFormatField {
  const labelKey = country.labels[name] ?? DEFAULT_LABELS[name] ?? 'location';
  const select = name === 'state' && country.stateList;
  const pattern = name === 'zip' ? postcodePattern(country.isoCode) : undefined;
  const required =
    name === 'customerName' ||
    name === 'street' ||
    name === 'city' ||
    (name === 'zip' && pattern !== undefined) ||
    (name === 'state' && country.stateRequired);
  return {
    name,
    labelKey,
    ...(name === 'zip' ? { example: country.postcodeExample } : {}),
    required,
    maxLength: MAX_LENGTH[name] ?? 64,
    input: select ? 'select' : 'text',
    ...(pattern !== undefined ? { pattern } : {}),
    line,
  };
}

export function buildFormat(country: ServedCountry): AddressFormat {
  const lines = googleLines(country.isoCode).map((line) => line.flatMap((field) => FIELDS_OF[field]));
  // The street's second line (apartment, unit) sits on a line of its own after the street.
  const expanded = lines.flatMap((line) =>
    line.includes('street2') ? [line.filter((name) => name !== 'street2'), ['street2' as const]] : [line],
  );
  // A country with a state list whose Google format has no state (the UK's counties, spec §3) gets it
  // on its own line after the town.
  if (country.stateList && !expanded.some((line) => line.includes('state'))) {
    const cityLine = expanded.findIndex((line) => line.includes('city'));
    expanded.splice(cityLine + 1, 0, ['state']);
  }
  const fields = expanded
    .filter((line) => line.length > 0)
    .flatMap((line, index) => line.map((name) => fieldFor(country, name, index)));
  return {
    id: `${country.isoCode}-EMERGENCY`,
    countryId: country.id,
    countryIsoCode: country.isoCode,
    applicableToAddressTypes: ['Emergency'],
    fields,
  };
}

/**
 * Spec §3: only address-format records applicable to Emergency are kept. Billing records (the same
 * fields plus the organisation) exist in a full platform; this catalogue has only Emergency ones, and
 * formatsFor filters on the type all the same, so an adapter that adds others stays correct.
 */
export function referenceCatalogue(): AddressCatalogue {
  const formats = new Map(SERVED_COUNTRIES.map((country) => [country.id, [buildFormat(country)]]));
  const byId = new Map([...formats.values()].flat().map((format) => [format.id, format]));
  return {
    formatsFor: (countryId) =>
      (formats.get(countryId) ?? []).filter((format) =>
        format.applicableToAddressTypes.includes('Emergency'),
      ),
    formatById: (formatId) => byId.get(formatId),
    statesFor: (countryId) => (servedCountryById(countryId)?.stateList ? statesOf(countryId) : []),
  };
}
