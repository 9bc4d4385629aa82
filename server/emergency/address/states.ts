import iso3166 from 'iso-3166-2';
import type { StateRecord } from '../../../api/contract/emergency.ts';

/**
 * State, province and county lists (spec §3: the US, Canada, UK counties, Ireland, Australia, Romania,
 * Mexico) from the ISO 3166-2 subdivisions the iso-3166-2 package ships. Ids are stable and documented
 * (docs/emergency-address.md "Address formats and validation"): platform facts give the US states
 * alphabetically from 12 (12 Alabama, 13 Alaska, 16 California), so the US block is the 50 states and
 * the District of Columbia sorted by name; every other country has a block of its own, sorted by name.
 * server/emergency/address/states.test.ts pins them, so a package upgrade that would move one fails.
 */

interface Block {
  countryId: number;
  isoCode: string;
  firstId: number;
  /** Which ISO 3166-2 subdivision types the list holds (second-level units only where there are two). */
  types: readonly string[];
  /** English names where the package gives the local-language one (Ireland's counties are in Irish). */
  names?: Readonly<Record<string, string>>;
}

const IRISH_COUNTIES: Record<string, string> = {
  CW: 'Carlow',
  CN: 'Cavan',
  CE: 'Clare',
  CO: 'Cork',
  DL: 'Donegal',
  D: 'Dublin',
  G: 'Galway',
  KY: 'Kerry',
  KE: 'Kildare',
  KK: 'Kilkenny',
  LS: 'Laois',
  LM: 'Leitrim',
  LK: 'Limerick',
  LD: 'Longford',
  LH: 'Louth',
  MO: 'Mayo',
  MH: 'Meath',
  MN: 'Monaghan',
  OY: 'Offaly',
  RN: 'Roscommon',
  SO: 'Sligo',
  TA: 'Tipperary',
  WD: 'Waterford',
  WH: 'Westmeath',
  WX: 'Wexford',
  WW: 'Wicklow',
};

const BLOCKS: readonly Block[] = [
  { countryId: 1, isoCode: 'US', firstId: 12, types: ['State', 'District'] },
  { countryId: 39, isoCode: 'CA', firstId: 100, types: ['Province', 'Territory'] },
  { countryId: 143, isoCode: 'MX', firstId: 200, types: ['State', 'Federal District'] },
  { countryId: 15, isoCode: 'AU', firstId: 300, types: ['State', 'Territory'] },
  // The UK's second-level units: counties, unitary authorities, districts, boroughs and council areas.
  {
    countryId: 224,
    isoCode: 'GB',
    firstId: 400,
    types: [
      'Two-tier county',
      'Unitary authority',
      'Metropolitan district',
      'London borough',
      'City corporation',
      'Council area',
      'District council area',
    ],
  },
  { countryId: 107, isoCode: 'IE', firstId: 700, types: ['County'], names: IRISH_COUNTIES },
  { countryId: 181, isoCode: 'RO', firstId: 800, types: ['Department', 'Municipality'] },
];

const byName = (a: StateRecord, b: StateRecord) => a.name.localeCompare(b.name, 'en');

/**
 * Romanian is written with s and t comma below (ș ț); the package has the old cedilla forms (ş ţ),
 * which a Romanian reader sees as a typing error. The order, and so the ids, are the same either way.
 */
const commaBelow = (name: string) =>
  name.replace(/ş/g, 'ș').replace(/Ş/g, 'Ș').replace(/ţ/g, 'ț').replace(/Ţ/g, 'Ț');

function buildBlock(block: Block): StateRecord[] {
  const subdivisions = iso3166.country(block.isoCode)?.sub ?? {};
  const records = Object.entries(subdivisions)
    .filter(([, subdivision]) => block.types.includes(subdivision.type))
    .map(([code, subdivision]) => {
      const isoCode = code.slice(block.isoCode.length + 1);
      const name = block.names?.[isoCode] ?? commaBelow(subdivision.name);
      return { id: 0, name, isoCode, countryId: block.countryId };
    })
    .sort(byName);
  return records.map((record, index) => ({ ...record, id: block.firstId + index }));
}

const STATES = new Map<number, readonly StateRecord[]>(
  BLOCKS.map((block) => [block.countryId, buildBlock(block)]),
);

/** The country's list, or none (the state is typed, or the country has no such field). */
export const statesOf = (countryId: number): readonly StateRecord[] => STATES.get(countryId) ?? [];
