import type { LocaleRecord, ScopeRecord } from './schema.ts';

/**
 * Everything the reference server knows about the world, in one place (documented in the README).
 * Brand and company names are fictional; country ids follow /work/shared/reference/platform-facts.md.
 */

export const DEFAULT_BRAND_ID = '1210';

const EN_US: LocaleRecord = {
  localeCode: 'en_US',
  localeName: 'English (United States)',
  titleName: 'English',
};
const EN_ZZ: LocaleRecord = { localeCode: 'en_ZZ', localeName: 'English (pseudo)', titleName: 'English' };

export const SEED_BRANDS = [
  {
    id: DEFAULT_BRAND_ID,
    ubrandId: '1210',
    name: 'Orvalle Connect',
    countryId: 1,
    countryIsoCode: 'US',
    callingCode: '1',
    assetId: '1210',
    assetServiceLink: '/brand-assets',
    isDefault: true,
    defaultLocale: 'en_US',
    locales: [EN_US, EN_ZZ],
  },
  {
    id: '7710',
    ubrandId: '7710',
    name: 'Brackenby Voice',
    countryId: 224,
    countryIsoCode: 'GB',
    callingCode: '44',
    assetId: '7710',
    assetServiceLink: '/brand-assets',
    isDefault: false,
    defaultLocale: 'en_US',
    locales: [EN_US],
  },
];

export const DEMO_CLIENT_ID = 'demo-app';
/** The SPA's own client id, used when it shows its own error pages; it can never receive a code. */
export const FIRST_PARTY_CLIENT_ID = 'foyer-web';
export const DEMO_REDIRECT_PATH = '/demo-app/callback';

const DEMO_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
  { id: 'ReadCallLog', name: 'Read your call history' },
];

/** Redirect URIs are absolute, so they are derived from the public origin at every boot. */
export function seedClients(publicOrigin: string) {
  return [
    {
      id: DEMO_CLIENT_ID,
      name: 'Demo Partner App',
      firstParty: false,
      requirePkce: true,
      redirectUris: [`${publicOrigin}${DEMO_REDIRECT_PATH}`],
      scopes: DEMO_SCOPES,
    },
    {
      id: FIRST_PARTY_CLIENT_ID,
      name: 'Foyer',
      firstParty: true,
      requirePkce: true,
      redirectUris: [],
      scopes: [],
    },
  ];
}

/** Demo accounts. The passwords are public on purpose: they are printed at start-up and in the README. */
export const SEED_USERS = [
  {
    brandId: DEFAULT_BRAND_ID,
    accountId: '400100001',
    extensionId: '400100101',
    email: 'ada@example.com',
    phoneNumber: '+16505550100',
    extension: '101',
    password: 'Violet-Harbor-47',
  },
  {
    brandId: '7710',
    accountId: '400200001',
    extensionId: '400200201',
    email: 'grace@example.co.uk',
    phoneNumber: null,
    extension: '',
    password: 'Quartz-Meadow-83',
  },
];

/**
 * A few countries for GET /api/config/country. Ids, ISO codes and calling codes are the public ones;
 * the loginAllowed flags are this server's choice (Albania is off so the filter has something to do).
 */
export const COUNTRIES = [
  { id: 1, name: 'United States', isoCode: 'US', callingCode: '1', loginAllowed: true },
  { id: 3, name: 'Albania', isoCode: 'AL', callingCode: '355', loginAllowed: false },
  { id: 15, name: 'Australia', isoCode: 'AU', callingCode: '61', loginAllowed: true },
  { id: 39, name: 'Canada', isoCode: 'CA', callingCode: '1', loginAllowed: true },
  { id: 75, name: 'France', isoCode: 'FR', callingCode: '33', loginAllowed: true },
  { id: 143, name: 'Mexico', isoCode: 'MX', callingCode: '52', loginAllowed: true },
  { id: 160, name: 'New Zealand', isoCode: 'NZ', callingCode: '64', loginAllowed: true },
  { id: 224, name: 'United Kingdom', isoCode: 'GB', callingCode: '44', loginAllowed: true },
];
