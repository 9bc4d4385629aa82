import { DEFAULT_LOCALE, type LocaleId, REAL_LOCALES } from '../../api/contract/locales.ts';
import { localeInfo } from '../../i18n/locales.ts';
import type { brands, LocaleRecord } from './schema.ts';

/**
 * The 27 brand ids of spec §9. Every name is invented (no real company's mark); web addresses are on
 * example.com and support numbers come from ranges reserved for fiction: NANP 555-01xx, Ofcom's
 * drama freephone 0808 157 0xxx and ACMA's 1800 160 4xx.
 */

export const DEFAULT_BRAND_ID = '1210';

/**
 * Which locales each brand offers (docs/i18n.md "Brands"), its own first: the default brand all of the
 * product's; UK brands British English, the Australian brand Australian English, the Canadian meeting
 * brand Canadian English and French; the other (US) brands US English and Latin American Spanish.
 */
const BRAND_LOCALES: Readonly<Record<keyof typeof BRAND_COUNTRIES, readonly LocaleId[]>> = {
  US: ['en_US', 'es_419'],
  GB: ['en_GB'],
  AU: ['en_AU'],
  CA: ['en_CA', 'fr_CA'],
};

const BRAND_COUNTRIES = {
  US: { countryId: 1, countryIsoCode: 'US', callingCode: '1' },
  CA: { countryId: 39, countryIsoCode: 'CA', callingCode: '1' },
  GB: { countryId: 224, countryIsoCode: 'GB', callingCode: '44' },
  AU: { countryId: 15, countryIsoCode: 'AU', callingCode: '61' },
} as const;

/**
 * The brands that offer passkeys (docs/passkeys.md): the default brand, the UK brand and the meeting
 * brand, whose demo accounts show them. Kept in the passkey_brands table (server/passkeys/passkey-brands.ts).
 */
export const PASSKEY_BRAND_IDS: readonly string[] = [DEFAULT_BRAND_ID, '7710', '7310'];

/** Spec §9: the regional brands, the only ones that show a sign-up link. */
const REGIONAL_BRAND_IDS = ['1210', '3610', '3710', '2010', '5010', '1250'] as const;

interface BrandSketch {
  id: string;
  name: string;
  shortName: string;
  /** The legal holder named in the copyright line. */
  companyName: string;
  /** example.com sub-domain: website, sign-up page and support mailbox live there. */
  slug: string;
  country: keyof typeof BRAND_COUNTRIES;
  launchYear: number;
  supportNumber: string;
  /** Default: its country's (BRAND_LOCALES). */
  locales?: readonly LocaleId[];
  /** Device fingerprinting before login-info (spec §7 iovation). */
  iovation?: boolean;
  /** A platform session: error messages quote its id, and reject checks it (spec §7, §8). */
  platformSession?: boolean;
  /** Spec §3 brand config: the alternative sign-in methods the credential page offers. */
  signInMethods?: { sso?: boolean; google?: boolean; apple?: boolean; ssoOnly?: boolean };
}

type BrandRow = typeof brands.$inferInsert;

/** Every row has every column, so the seed's upsert (which copies the first row's keys) sets them all. */
function brand(sketch: BrandSketch): Required<Omit<BrandRow, 'seedDigest'>> {
  const website = `https://${sketch.slug}.example.com`;
  const regional = (REGIONAL_BRAND_IDS as readonly string[]).includes(sketch.id);
  const locales = sketch.locales ?? BRAND_LOCALES[sketch.country];
  return {
    id: sketch.id,
    ubrandId: sketch.id,
    name: sketch.name,
    shortName: sketch.shortName,
    companyName: sketch.companyName,
    ...BRAND_COUNTRIES[sketch.country],
    assetId: sketch.id,
    assetServiceLink: '/brand-assets',
    signupUrl: regional ? `${website}/signup` : null,
    platformSession: sketch.platformSession ?? false,
    ssoEnabled: sketch.signInMethods?.sso ?? false,
    thirdPartySsoEnabled: sketch.signInMethods?.google ?? false,
    appleLoginEnabled: sketch.signInMethods?.apple ?? false,
    enforceSsoOnly: sketch.signInMethods?.ssoOnly ?? false,
    iovationEnabled: sketch.iovation ?? false,
    isDefault: sketch.id === DEFAULT_BRAND_ID,
    defaultLocale: locales[0] ?? DEFAULT_LOCALE,
    locales: locales.map((localeId): LocaleRecord => localeInfo(localeId)),
    launchYear: sketch.launchYear,
    websiteUrl: website,
    supportEmail: `support@${sketch.slug}.example.com`,
    supportNumber: sketch.supportNumber,
  };
}

/** A US brand: toll-free support from the fictional NANP 555-01xx block, an Inc. as holder. */
const usBrand = (
  id: string,
  name: string,
  shortName: string,
  launchYear: number,
  last2: string,
  extra: Partial<BrandSketch> = {},
) =>
  brand({
    id,
    name,
    shortName,
    companyName: `${name}, Inc.`,
    slug: shortName.toLowerCase(),
    country: 'US',
    launchYear,
    supportNumber: `+188855501${last2}`,
    ...extra,
  });

/** A UK brand: support from Ofcom's drama freephone block, 0808 157 0000–0999. */
const ukBrand = (
  id: string,
  name: string,
  shortName: string,
  launchYear: number,
  last3: string,
  extra: Partial<BrandSketch> = {},
) =>
  brand({
    id,
    name,
    shortName,
    companyName: `${name} Ltd`,
    slug: shortName.toLowerCase(),
    country: 'GB',
    launchYear,
    supportNumber: `+448081570${last3}`,
    ...extra,
  });

export const SEED_BRANDS = [
  brand({
    id: '0',
    name: 'Foyer',
    shortName: 'Foyer',
    companyName: 'Foyer Project',
    slug: 'foyer',
    country: 'US',
    launchYear: 2024,
    supportNumber: '+18885550199',
    locales: ['en_US', ...REAL_LOCALES.filter((localeId) => localeId !== 'en_US')],
  }),
  brand({
    id: DEFAULT_BRAND_ID,
    name: 'Orvalle Connect',
    shortName: 'Orvalle',
    companyName: 'Orvalle Connect, Inc.',
    slug: 'orvalle',
    country: 'US',
    launchYear: 2009,
    supportNumber: '+18885550100',
    // en_US first: the default brand's own locale, the product's default.
    locales: ['en_US', ...REAL_LOCALES.filter((localeId) => localeId !== 'en_US')],
    signInMethods: { sso: true, google: true, apple: true },
  }),
  usBrand('1250', 'Quillby Talk', 'Quillby', 2012, '25'),
  usBrand('2000', 'Cindervale Telecom', 'Cindervale', 2010, '20'),
  ukBrand('2010', 'Marrowby Phone', 'Marrowby', 2012, '201'),
  usBrand('2020', 'Quellspring Voice', 'Quellspring', 2013, '22'),
  usBrand('2030', 'Tamberlight Office', 'Tamberlight', 2014, '23'),
  usBrand('2040', 'Hollowmere Comms', 'Hollowmere', 2015, '24'),
  usBrand('2110', 'Fenwright Connect', 'Fenwright', 2011, '21'),
  usBrand('2210', 'Brindleway Talk', 'Brindleway', 2016, '29'),
  usBrand('3000', 'Corvantis Cloud Phone', 'Corvantis', 2008, '30'),
  usBrand('3420', 'Saltmarsh Calling', 'Saltmarsh', 2017, '34'),
  usBrand('3460', 'Pebbleford Voice', 'Pebbleford', 2017, '35'),
  // The one brand with a platform session, so messages quoting its id run end to end.
  usBrand('3610', 'Kestrelmoor Phone', 'Kestrelmoor', 2014, '36', { platformSession: true }),
  // The one brand that fingerprints devices, so that path runs end to end.
  ukBrand('3710', 'Thistlecombe Lines', 'Thistlecombe', 2015, '371', { iovation: true }),
  usBrand('4210', 'Larchwick Office', 'Larchwick', 2018, '42'),
  usBrand('4610', 'Dovetrail Comms', 'Dovetrail', 2018, '46'),
  usBrand('4710', 'Mirrowbay Voice', 'Mirrowbay', 2019, '47'),
  usBrand('4810', 'Glenhallow Telecom', 'Glenhallow', 2019, '48'),
  usBrand('4910', 'Wrenfield Talk', 'Wrenfield', 2020, '49'),
  brand({
    id: '5010',
    name: 'Coralind Phone',
    shortName: 'Coralind',
    companyName: 'Coralind Phone Pty Ltd',
    slug: 'coralind',
    country: 'AU',
    launchYear: 2016,
    // ACMA's fictional 1800 160 400–499 block.
    supportNumber: '+611800160401',
  }),
  usBrand('5110', 'Ambervast Voice', 'Ambervast', 2020, '51'),
  usBrand('5210', 'Nettlecroft Connect', 'Nettlecroft', 2021, '52'),
  usBrand('6010', 'Sorrelby Cloud', 'Sorrelby', 2016, '60'),
  usBrand('7010', 'Quintarra Calls', 'Quintarra', 2021, '70'),
  brand({
    id: '7310',
    name: 'Cedarlume Meetings',
    shortName: 'Cedarlume',
    companyName: 'Cedarlume Meetings Inc.',
    slug: 'cedarlume',
    country: 'CA',
    launchYear: 2019,
    // The fictional 555-01xx block in Ottawa's area code; the SPA shows it dash-separated (spec §9).
    supportNumber: '+16135550173',
    signInMethods: { google: true },
  }),
  // Single sign-on and Apple but no Google: the credential page shows what the brand offers.
  ukBrand('7710', 'Brackenby Voice', 'Brackenby', 2018, '771', { signInMethods: { sso: true, apple: true } }),
];
