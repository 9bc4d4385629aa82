import type { AccountState, ScopeRecord, StateReason } from './schema.ts';
import { DEFAULT_BRAND_ID } from './seed-brands.ts';

/**
 * The demo world the reference server seeds (documented in the README): clients, users and countries
 * here, brands in seed-brands.ts. Names are fictional; country ids follow
 * /work/shared/reference/platform-facts.md.
 */

export { DEFAULT_BRAND_ID, SEED_BRANDS } from './seed-brands.ts';

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

export interface SeedUser {
  brandId: string;
  accountId: string;
  extensionId: string;
  email: string;
  phoneNumber: string | null;
  extension: string;
  password: string;
  state: AccountState;
  stateReason: StateReason | null;
  isAdmin: boolean;
}

/** Every account-state demo user shares Ada's password, so only the email changes when trying them. */
export const STATE_DEMO_PASSWORD = 'Violet-Harbor-47';

/** One account per refused state (spec §4, §8): `<name>@example.com`, brand 1210. */
export const STATE_DEMOS: {
  name: string;
  state: AccountState;
  isAdmin?: boolean;
  stateReason?: StateReason;
  phoneNumber?: string;
}[] = [
  { name: 'notconfirmed', state: 'not_confirmed' },
  { name: 'notactivated', state: 'not_activated' },
  { name: 'locked', state: 'locked' },
  { name: 'disabled', state: 'disabled' },
  { name: 'extdisabled', state: 'extension_disabled' },
  { name: 'extfrozen', state: 'extension_frozen' },
  { name: 'suspended', state: 'suspended' },
  { name: 'suspendedadmin', state: 'suspended', isAdmin: true, stateReason: 'card' },
  { name: 'trialexpired', state: 'trial_expired' },
  { name: 'trialexpiredadmin', state: 'trial_expired', isAdmin: true },
  { name: 'upgrade', state: 'upgrade_required' },
  // Its login is an international virtual number: a London number (Ofcom's drama range) on a US brand.
  { name: 'ivn', state: 'ivn_login_denied', phoneNumber: '+442079460142' },
  { name: 'sso', state: 'sso_enabled' },
  { name: 'ssoonly', state: 'sso_enforced' },
];

/** Demo accounts. The passwords are public on purpose: they are printed at start-up and in the README. */
export const SEED_USERS: SeedUser[] = [
  {
    brandId: DEFAULT_BRAND_ID,
    accountId: '400100001',
    extensionId: '400100101',
    email: 'ada@example.com',
    phoneNumber: '+16505550100',
    extension: '101',
    password: 'Violet-Harbor-47',
    state: 'active',
    stateReason: null,
    isAdmin: false,
  },
  {
    brandId: '7710',
    accountId: '400200001',
    extensionId: '400200201',
    email: 'grace@example.co.uk',
    phoneNumber: null,
    extension: '',
    password: 'Quartz-Meadow-83',
    state: 'active',
    stateReason: null,
    isAdmin: false,
  },
  ...STATE_DEMOS.map((demo, index) => {
    const serial = String(index + 1).padStart(2, '0');
    return {
      brandId: DEFAULT_BRAND_ID,
      accountId: `4003000${serial}`,
      extensionId: `4003001${serial}`,
      email: `${demo.name}@example.com`,
      phoneNumber: demo.phoneNumber ?? null,
      extension: '',
      password: STATE_DEMO_PASSWORD,
      state: demo.state,
      stateReason: demo.stateReason ?? null,
      isAdmin: demo.isAdmin ?? false,
    };
  }),
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
