import type { AccountState, StateReason } from './schema.users.ts';
import { ACCOUNT_DEMOS } from './seed-account.ts';
import { DEFAULT_BRAND_ID } from './seed-brands.ts';
import { EMERGENCY_DEMOS, emergencyDemoEmail } from './seed-emergency.ts';
import { NOTICE_SEED_USERS } from './seed-notices.ts';
import { LOGIN_OPTION_SEED_USERS } from './seed-options.ts';
import { type SeedUser, STATE_DEMO_PASSWORD } from './seed-user.ts';

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
  ...NOTICE_SEED_USERS,
  ...LOGIN_OPTION_SEED_USERS,
];
