import type { EmergencyAddress } from '../../../api/contract/emergency.ts';

type Part = Exclude<keyof EmergencyAddress, 'country' | 'customerName'>;

/** The street and where in the building; then the place: how an envelope reads, in two lines. */
const streetParts: readonly Part[] = [
  'buildingNumber',
  'buildingName',
  'street',
  'streetType',
  'streetSuffix',
];
const unitParts: readonly Part[] = ['street2', 'floor'];
const placeParts: readonly Part[] = [
  'suburb',
  'city',
  'county',
  'state',
  'zip',
  'postalDesignation',
  'location',
];

const join = (address: EmergencyAddress, parts: readonly Part[], separator: string) =>
  parts
    .map((part) => address[part]?.trim())
    .filter(Boolean)
    .join(separator);

/**
 * An address as two lines of the user's own data (no words of ours): the street with its unit, then
 * the place with the country's name. The person's name is left out: a location is a place.
 */
export function addressLines(address: EmergencyAddress, countryName: string): [string, string] {
  const street = [join(address, streetParts, ' '), join(address, unitParts, ', ')].filter(Boolean).join(', ');
  const place = [join(address, placeParts, ', '), countryName].filter(Boolean).join(', ');
  return [street, place];
}
