import { SERVED_COUNTRIES } from '../emergency/address/countries.ts';
import type { AccountState, PasswordChangeReason, ScopeRecord, StateReason } from './schema.ts';
import { ACCOUNT_DEMOS } from './seed-account.ts';
import { DEFAULT_BRAND_ID } from './seed-brands.ts';
import { EMERGENCY_DEMOS, emergencyDemoEmail } from './seed-emergency.ts';
import { noticeSeedUsers } from './seed-notices.ts';
import { loginOptionSeedUsers } from './seed-options.ts';

/**
 * The demo world the reference server seeds (documented in the README): clients, users and countries
 * here, brands in seed-brands.ts. Names are fictional; country ids follow
 * /work/shared/reference/platform-facts.md.
 */

export { ACCOUNT_DEMOS } from './seed-account.ts';
export { DEFAULT_BRAND_ID, SEED_BRANDS } from './seed-brands.ts';

export const DEMO_CLIENT_ID = 'demo-app';
/** The SPA's own client id, used when it shows its own error pages; it can never receive a code. */
export const FIRST_PARTY_CLIENT_ID = 'foyer-web';
export const DEMO_REDIRECT_PATH = '/demo-app/callback';
export const DEMO_SIGNED_OUT_PATH = '/demo-app/signed-out';
/** A second demo app, first-party, to show one sign-in serving several apps (single sign-on). */
export const DEMO_NOTES_CLIENT_ID = 'demo-notes';
export const DEMO_NOTES_REDIRECT_PATH = '/demo-notes/callback';
export const DEMO_NOTES_SIGNED_OUT_PATH = '/demo-notes/signed-out';
/** A meeting-room display that signs in with the device authorization grant (docs/room-activation.md). */
export const DEMO_ROOM_CLIENT_ID = 'demo-room';
/** Where the sign-in that approves a room comes back to (server/device). */
export const DEVICE_CALLBACK_PATH = '/device/callback';
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

const DEMO_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
  { id: 'ReadCallLog', name: 'Read your call history' },
];
const DEMO_NOTES_SCOPES: ScopeRecord[] = [
  { id: 'ReadAccounts', name: 'Read your account and extension details' },
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
      postLogoutRedirectUris: [`${publicOrigin}${DEMO_SIGNED_OUT_PATH}`],
    },
    {
      id: DEMO_NOTES_CLIENT_ID,
      name: 'Demo Notes',
      firstParty: true,
      requirePkce: true,
      redirectUris: [`${publicOrigin}${DEMO_NOTES_REDIRECT_PATH}`],
      scopes: DEMO_NOTES_SCOPES,
      postLogoutRedirectUris: [`${publicOrigin}${DEMO_NOTES_SIGNED_OUT_PATH}`],
    },
    {
      id: DEMO_ROOM_CLIENT_ID,
      name: 'Foyer Room Display',
      // A third party, so the consent page shows: there the person approves the room.
      firstParty: false,
      requirePkce: true,
      redirectUris: [`${publicOrigin}${DEVICE_CALLBACK_PATH}`],
      scopes: DEMO_NOTES_SCOPES,
      postLogoutRedirectUris: [],
      grantTypes: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
      brandId: '7310',
    },
    {
      id: FIRST_PARTY_CLIENT_ID,
      name: 'Foyer',
      firstParty: true,
      requirePkce: true,
      redirectUris: [],
      scopes: [],
      postLogoutRedirectUris: [],
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
  displayName: string;
  /** Two-factor (docs/two-factor.md): what the administrator requires, and whether calls reach the phone. */
  mfaRequired?: boolean;
  authenticatorRequired?: boolean;
  voiceUnavailable?: boolean;
  /** Password lifecycle (docs/passwords.md): a required change, an expired numeric password, a PIN (hashed when seeded). */
  passwordChangeRequired?: PasswordChangeReason | null;
  numericPasswordExpired?: boolean;
  pin?: string;
  /** Notices (docs/notices.md): the FedRAMP notice at each sign-in; click-through terms of service. */
  fedrampNoticeRequired?: boolean;
  termsAcceptanceRequired?: boolean;
  /** Login option (docs/notices.md): single sign-on besides the password. */
  ssoOptional?: boolean;
}

/** Every account-state demo user shares Ada's password, so only the email changes when trying them. */
export const STATE_DEMO_PASSWORD = 'Violet-Harbor-47';

/** One account per refused state (spec §4, §8): `<name>@example.com`, brand 1210. */
export const STATE_DEMOS: {
  name: string;
  displayName: string;
  state: AccountState;
  isAdmin?: boolean;
  stateReason?: StateReason;
  phoneNumber?: string;
}[] = [
  { name: 'notconfirmed', displayName: 'Milo Ashgrove', state: 'not_confirmed' },
  { name: 'notactivated', displayName: 'Iris Penhallow', state: 'not_activated' },
  { name: 'locked', displayName: 'Felix Marchbank', state: 'locked' },
  { name: 'disabled', displayName: 'Tamsin Oakridge', state: 'disabled' },
  { name: 'extdisabled', displayName: 'Rowan Ellery', state: 'extension_disabled' },
  { name: 'extfrozen', displayName: 'Hazel Winterbourne', state: 'extension_frozen' },
  { name: 'suspended', displayName: 'Jasper Quennell', state: 'suspended' },
  {
    name: 'suspendedadmin',
    displayName: 'Clara Fenwick',
    state: 'suspended',
    isAdmin: true,
    stateReason: 'card',
  },
  { name: 'trialexpired', displayName: 'Otto Brightwell', state: 'trial_expired' },
  { name: 'trialexpiredadmin', displayName: 'Maren Holtby', state: 'trial_expired', isAdmin: true },
  { name: 'upgrade', displayName: 'Silas Redfern', state: 'upgrade_required' },
  // Its login is an international virtual number: a London number (Ofcom's drama range) on a US brand.
  { name: 'ivn', displayName: 'Priya Castellane', state: 'ivn_login_denied', phoneNumber: '+442079460142' },
  { name: 'sso', displayName: 'Leo Sandbrook', state: 'sso_enabled' },
  { name: 'ssoonly', displayName: 'Ines Thornbury', state: 'sso_enforced' },
];

/**
 * The demo authenticator secret of totp@example.com (README): public on purpose, so anyone can add it to
 * an authenticator app (or compute codes with otpauth) and sign in. Base32, 160 bits as RFC 6238 suggests.
 */
export const TOTP_DEMO_SECRET = 'FOYERDEMOTOTPSECRETKEY234567ABCD';
export const TOTP_DEMO_EMAIL = 'totp@example.com';

/**
 * Two-factor demos (docs/two-factor.md), brand 1210, password STATE_DEMO_PASSWORD. Phone numbers are in
 * the 555-01xx range reserved for fiction.
 */
export const TWO_FACTOR_DEMOS: {
  name: string;
  /** Brand 1210 unless named: the two-factor screens in other brands' frames (browser tests, demos). */
  brandId?: string;
  displayName: string;
  phoneNumber?: string;
  mfaRequired?: boolean;
  authenticatorRequired?: boolean;
  voiceUnavailable?: boolean;
}[] = [
  // The administrator requires a second factor: a code by call, text message or email.
  { name: 'mfa', displayName: 'Nora Castlemaine', phoneNumber: '+16505550142', mfaRequired: true },
  // An authenticator app is enrolled (TOTP_DEMO_SECRET, written at boot: server/two-factor/totp.service.ts).
  { name: 'totp', displayName: 'Theo Lindqvist' },
  // The administrator requires an authenticator app, and none is set up yet (224).
  { name: 'totpsetup', displayName: 'Vera Ashcombe', authenticatorRequired: true },
  // Two-factor required; calls to the number cannot be placed (321), a text message or email can.
  {
    name: 'nocall',
    displayName: 'Quentin Harrow',
    phoneNumber: '+16505550143',
    mfaRequired: true,
    voiceUnavailable: true,
  },
  // The same as mfa@ on the UK brand and on the meeting-app brand (Ofcom's drama range, 555 in Canada).
  {
    name: 'mfa7710',
    brandId: '7710',
    displayName: 'Elsie Brackwater',
    phoneNumber: '+447700900142',
    mfaRequired: true,
  },
  {
    name: 'mfa7310',
    brandId: '7310',
    displayName: 'Marcel Dufresne',
    phoneNumber: '+16135550142',
    mfaRequired: true,
  },
];

/**
 * Demo accounts. The passwords are public on purpose: they are printed at start-up and in the README.
 * Display names are invented, like everything else here.
 */
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
    displayName: 'Ada Fairweather',
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
    displayName: 'Grace Holloway',
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
      displayName: demo.displayName,
    };
  }),
  ...TWO_FACTOR_DEMOS.map((demo, index): SeedUser => {
    const serial = String(index + 1).padStart(2, '0');
    return {
      brandId: demo.brandId ?? DEFAULT_BRAND_ID,
      accountId: `4004000${serial}`,
      extensionId: `4004001${serial}`,
      email: `${demo.name}@example.com`,
      phoneNumber: demo.phoneNumber ?? null,
      extension: '',
      password: STATE_DEMO_PASSWORD,
      state: 'active',
      stateReason: null,
      isAdmin: false,
      displayName: demo.displayName,
      mfaRequired: demo.mfaRequired ?? false,
      authenticatorRequired: demo.authenticatorRequired ?? false,
      voiceUnavailable: demo.voiceUnavailable ?? false,
    };
  }),
  ...ACCOUNT_DEMOS.map((demo, index): SeedUser => {
    const serial = String(index + 1).padStart(2, '0');
    return {
      brandId: DEFAULT_BRAND_ID,
      accountId: `4005000${serial}`,
      extensionId: `4005001${serial}`,
      email: `${demo.name}@example.com`,
      phoneNumber: demo.phoneNumber ?? null,
      extension: '',
      password: demo.password ?? STATE_DEMO_PASSWORD,
      state: 'active',
      stateReason: null,
      isAdmin: false,
      displayName: demo.displayName,
      passwordChangeRequired: demo.passwordChangeRequired ?? null,
      numericPasswordExpired: demo.numericPasswordExpired ?? false,
      ...(demo.pin ? { pin: demo.pin } : {}),
    };
  }),
  ...EMERGENCY_DEMOS.map((demo, index): SeedUser => {
    const serial = String(index + 1).padStart(2, '0');
    return {
      brandId: demo.brandId ?? DEFAULT_BRAND_ID,
      accountId: `4006000${serial}`,
      extensionId: `4006001${serial}`,
      email: emergencyDemoEmail(demo),
      phoneNumber: demo.phoneNumber,
      extension: '',
      password: STATE_DEMO_PASSWORD,
      state: 'active',
      stateReason: null,
      isAdmin: false,
      displayName: demo.displayName,
    };
  }),
  ...noticeSeedUsers(STATE_DEMO_PASSWORD),
  ...loginOptionSeedUsers(STATE_DEMO_PASSWORD),
];

/**
 * A few countries for GET /api/config/country. Ids, ISO codes and calling codes are the public ones;
 * the loginAllowed flags are this server's choice (Albania is off so the filter has something to do).
 * The countries whose emergency addresses are served (the out-of-country editor offers this list) are
 * added from server/emergency/address/countries.ts, with their inferred ids (docs/emergency-address.md).
 */
const BASE_COUNTRIES = [
  { id: 1, name: 'United States', isoCode: 'US', callingCode: '1', loginAllowed: true },
  { id: 3, name: 'Albania', isoCode: 'AL', callingCode: '355', loginAllowed: false },
  { id: 15, name: 'Australia', isoCode: 'AU', callingCode: '61', loginAllowed: true },
  { id: 39, name: 'Canada', isoCode: 'CA', callingCode: '1', loginAllowed: true },
  { id: 75, name: 'France', isoCode: 'FR', callingCode: '33', loginAllowed: true },
  { id: 143, name: 'Mexico', isoCode: 'MX', callingCode: '52', loginAllowed: true },
  { id: 160, name: 'New Zealand', isoCode: 'NZ', callingCode: '64', loginAllowed: true },
  { id: 224, name: 'United Kingdom', isoCode: 'GB', callingCode: '44', loginAllowed: true },
];

export const COUNTRIES = [
  ...BASE_COUNTRIES,
  ...SERVED_COUNTRIES.filter((served) => !BASE_COUNTRIES.some((country) => country.id === served.id)).map(
    ({ id, name, isoCode, callingCode }) => ({ id, name, isoCode, callingCode, loginAllowed: true }),
  ),
].sort((a, b) => a.id - b.id);
