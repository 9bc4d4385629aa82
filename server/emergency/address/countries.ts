import type { AddressFieldName, addressLabelKeys } from '../../../api/contract/emergency.ts';

type LabelKey = (typeof addressLabelKeys)[number];

/**
 * The countries whose emergency addresses the reference server serves (spec §3: the US, Canada and the
 * country ids with their own labels, plus Mexico and Romania, which have state lists). Ids follow
 * /work/shared/reference/platform-facts.md: confirmed ones (1, 15, 39, 75, 143, 160, 224) and the
 * alphabetical pattern for the rest, which docs/emergency-address.md marks as inferred. Id 188 cannot
 * be placed on that pattern, so it is not served (its address-format request answers no records).
 */
export interface ServedCountry {
  id: number;
  isoCode: string;
  name: string;
  callingCode: string;
  /** Which words label the country's fields (the page turns each into `emergency.label.{key}`). */
  labels: Partial<Record<AddressFieldName, LabelKey>>;
  /** A postcode in the country's own form, shown as the field's example. */
  postcodeExample: string;
  /** Spec §3 and platform facts: the state (or county) is chosen from a list served by GET /api/config/states. */
  stateList: boolean;
  /** Platform facts: "state (mandatory for US, UK, Canada)"; Google's data also requires it where a list exists. */
  stateRequired: boolean;
}

const european = (
  id: number,
  isoCode: string,
  name: string,
  callingCode: string,
  postcodeExample: string,
): ServedCountry => ({
  id,
  isoCode,
  name,
  callingCode,
  labels: { zip: 'postalCode', city: 'city' },
  postcodeExample,
  stateList: false,
  stateRequired: false,
});

export const SERVED_COUNTRIES: readonly ServedCountry[] = [
  {
    id: 1,
    isoCode: 'US',
    name: 'United States',
    callingCode: '1',
    labels: { zip: 'zip', state: 'state', city: 'city' },
    postcodeExample: '94043',
    stateList: true,
    stateRequired: true,
  },
  {
    id: 15,
    isoCode: 'AU',
    name: 'Australia',
    callingCode: '61',
    labels: { zip: 'postcode', state: 'state', city: 'suburb' },
    postcodeExample: '2000',
    stateList: true,
    stateRequired: true,
  },
  european(16, 'AT', 'Austria', '43', '1010'),
  european(23, 'BE', 'Belgium', '32', '1000'),
  {
    id: 39,
    isoCode: 'CA',
    name: 'Canada',
    callingCode: '1',
    labels: { zip: 'postalCode', state: 'province', city: 'city' },
    postcodeExample: 'K1A 0B1',
    stateList: true,
    stateRequired: true,
  },
  european(75, 'FR', 'France', '33', '75008'),
  european(83, 'DE', 'Germany', '49', '10117'),
  {
    id: 107,
    isoCode: 'IE',
    name: 'Ireland',
    callingCode: '353',
    labels: { zip: 'eircode', state: 'county', city: 'town', suburb: 'locality' },
    postcodeExample: 'D02 X285',
    stateList: true,
    stateRequired: true,
  },
  {
    ...european(109, 'IT', 'Italy', '39', '00184'),
    labels: { zip: 'postalCode', city: 'city', state: 'province' },
  },
  european(128, 'LU', 'Luxembourg', '352', '1111'),
  {
    id: 143,
    isoCode: 'MX',
    name: 'Mexico',
    callingCode: '52',
    labels: { zip: 'postalCode', state: 'state', city: 'city', suburb: 'district' },
    postcodeExample: '06500',
    stateList: true,
    stateRequired: true,
  },
  european(157, 'NL', 'Netherlands', '31', '1012 JS'),
  {
    id: 160,
    isoCode: 'NZ',
    name: 'New Zealand',
    callingCode: '64',
    labels: { zip: 'postcode', city: 'town', suburb: 'suburb' },
    postcodeExample: '6011',
    stateList: false,
    stateRequired: false,
  },
  european(176, 'PL', 'Poland', '48', '00-950'),
  european(177, 'PT', 'Portugal', '351', '1100-148'),
  {
    id: 181,
    isoCode: 'RO',
    name: 'Romania',
    callingCode: '40',
    labels: { zip: 'postalCode', state: 'county', city: 'city' },
    postcodeExample: '010011',
    stateList: true,
    stateRequired: true,
  },
  {
    ...european(195, 'ES', 'Spain', '34', '28013'),
    labels: { zip: 'postalCode', city: 'city', state: 'province' },
  },
  {
    id: 224,
    isoCode: 'GB',
    name: 'United Kingdom',
    callingCode: '44',
    labels: { zip: 'postcode', state: 'county', city: 'postTown' },
    postcodeExample: 'SW1A 1AA',
    stateList: true,
    stateRequired: true,
  },
];

export const servedCountryById = (id: number) => SERVED_COUNTRIES.find((country) => country.id === id);
export const servedCountryByIso = (isoCode: string) =>
  SERVED_COUNTRIES.find((country) => country.isoCode === isoCode);
