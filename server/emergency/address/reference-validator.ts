import type { AddressValidation, EmergencyAddress } from '../../../api/contract/emergency.ts';
import { localAreaOf } from './area-codes.ts';
import type { AddressCheck, AddressValidator, AddressVerdict } from './ports.ts';
import { loadZipGazetteer, type ZipGazetteer } from './zip-gazetteer.ts';

/**
 * The reference validator (docs/emergency-address.md "Address formats and validation"). It answers only
 * what its public data can decide, never from the demo's own answers:
 * - US: the zipcodes package's gazetteer (ZIP → city and state), as zip-gazetteer.ts's compact table.
 *   A ZIP it does not know is Invalid with no suggestion; a city or state that disagrees with the ZIP is
 *   Ambiguous, with the ZIP's own place and, when the typed town exists in the typed state, its nearest
 *   ZIPs; an agreeing address is Valid.
 * - Canada: the gazetteer's forward sortation areas (the postcode's first three characters) and Canada
 *   Post's first-letter province allocation. An unknown area is Invalid; a wrong province is Ambiguous
 *   with the right one; a town named in the area's description is Valid; otherwise Provisioning (the
 *   gazetteer describes areas, not every town in them).
 * - Every other served country: the postcode's format (already checked by the address-format rules) is
 *   all there is, so the honest answer is Provisioning: accepted, confirmed later by the carrier.
 * Streets are not checked anywhere: no public street data ships as a package. A commercial service plugs
 * in as another AddressValidator (ports.ts).
 * Then spec §5's local-area rule: a US or Canadian number only routes to an address in a state or
 * province its area code serves (area-codes.ts).
 */
export function referenceValidator(): AddressValidator {
  return {
    check: async (input) => localAreaRule(input, await gazetteerCheck(input.address)),
  };
}

let gazetteerLoad: Promise<ZipGazetteer> | undefined;
/**
 * Loaded on the first US or Canadian check, so a server that never validates such an address never
 * pays for it (a few MB: docs/benchmarks.md).
 */
const gazetteer = () => {
  gazetteerLoad ??= loadZipGazetteer();
  return gazetteerLoad;
};

const checked = (
  status: AddressValidation['status'],
  suggestions: EmergencyAddress[] = [],
): AddressVerdict => ({
  kind: 'checked',
  validation: { status, suggestions },
});

/** How many of the typed town's ZIPs a disagreement suggests besides the ZIP's own place. */
const NEAREST_ZIPS = 3;

async function gazetteerCheck(address: EmergencyAddress): Promise<AddressVerdict> {
  if (address.country === 'US') return checkUs(address, await gazetteer());
  if (address.country === 'CA') return checkCanada(address, await gazetteer());
  return checked('Provisioning');
}

/** Town names compared as people write them: case, punctuation and the usual abbreviations aside. */
export function sameTown(a: string, b: string): boolean {
  const norm = (town: string) =>
    town
      .toLowerCase()
      .replace(/[.'’,-]/g, ' ')
      .replace(/\bsaint\b/g, 'st')
      .replace(/\bsainte\b/g, 'ste')
      .replace(/\bfort\b/g, 'ft')
      .replace(/\bmount\b/g, 'mt')
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

function checkUs(address: EmergencyAddress, zipcodes: ZipGazetteer): AddressVerdict {
  const zip = (address.zip ?? '').trim();
  const place = zipcodes.usPlace(zip.slice(0, 5));
  if (!place) return checked('Invalid');
  const city = address.city ?? '';
  if (sameTown(place.city, city) && place.state === address.state)
    return checked('Valid', [{ ...address, city: place.city }]);
  const suggestions: EmergencyAddress[] = [{ ...address, city: place.city, state: place.state }];
  const typedTown = address.state
    ? zipcodes.usPlacesIn(address.state).filter((candidate) => sameTown(candidate.city, city))
    : [];
  const nearest = typedTown
    .map((candidate) => ({ candidate, miles: zipcodes.miles(place, candidate) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, NEAREST_ZIPS);
  for (const { candidate } of nearest)
    suggestions.push({ ...address, city: candidate.city, state: candidate.state, zip: candidate.zip });
  return checked('Ambiguous', suggestions);
}

/** Canada Post allocates each forward sortation area's first letter to a province or territory. */
const CANADA_POST_LETTERS: Record<string, readonly string[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

function checkCanada(address: EmergencyAddress, zipcodes: ZipGazetteer): AddressVerdict {
  const postcode = (address.zip ?? '').toUpperCase().replace(/\s+/g, '');
  const area = postcode.slice(0, 3);
  const description = zipcodes.canadianArea(area);
  const provinces = CANADA_POST_LETTERS[area.charAt(0)];
  if (description === undefined || !provinces) return checked('Invalid');
  const zip = `${area} ${postcode.slice(3)}`;
  if (!provinces.includes(address.state ?? ''))
    return checked(
      'Ambiguous',
      provinces.map((province) => ({ ...address, state: province, zip })),
    );
  const town = (address.city ?? '').trim().toLowerCase();
  if (town.length > 0 && description.toLowerCase().includes(town))
    return checked('Valid', [{ ...address, zip }]);
  return checked('Provisioning');
}

/**
 * Spec §5 on the gazetteer's answer: a Valid or Provisioning address must lie in the number's local
 * area; of Ambiguous suggestions only those that do are offered (none left: refused).
 */
function localAreaRule(input: AddressCheck, verdict: AddressVerdict): AddressVerdict {
  if (input.phoneNumber === undefined || verdict.kind !== 'checked') return verdict;
  const area = localAreaOf(input.phoneNumber);
  if (!area) return verdict;
  const inArea = (address: EmergencyAddress) =>
    address.country === area.country && area.regions.includes(address.state ?? '');
  const { status, suggestions } = verdict.validation;
  if (status === 'Invalid') return verdict;
  if (status === 'Ambiguous') {
    const local = suggestions.filter(inArea);
    return local.length === 0 ? { kind: 'outsideLocalArea' } : checked('Ambiguous', local);
  }
  return inArea(input.address) ? verdict : { kind: 'outsideLocalArea' };
}
