import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export type LocaleRecord = { localeCode: string; localeName: string; titleName: string };
export type ScopeRecord = { id: string; name: string };

/** White-label brands and the brand-config fields of api/contract/config.ts. */
export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  ubrandId: text('ubrand_id').notNull(),
  name: text('name').notNull(),
  countryId: integer('country_id').notNull(),
  countryIsoCode: text('country_iso_code').notNull(),
  callingCode: text('calling_code').notNull(),
  assetId: text('asset_id').notNull(),
  assetServiceLink: text('asset_service_link').notNull(),
  signupUrl: text('signup_url'),
  platformSession: boolean('platform_session').notNull().default(false),
  ssoEnabled: boolean('sso_enabled').notNull().default(false),
  thirdPartySsoEnabled: boolean('third_party_sso_enabled').notNull().default(false),
  appleLoginEnabled: boolean('apple_login_enabled').notNull().default(false),
  enforceSsoOnly: boolean('enforce_sso_only').notNull().default(false),
  iovationEnabled: boolean('iovation_enabled').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  defaultLocale: text('default_locale').notNull(),
  /** Ordered: the language selector lists them in this order. */
  locales: jsonb('locales').$type<LocaleRecord[]>().notNull(),
  // What the brand asset files (GET /brand-assets/...) are generated from.
  shortName: text('short_name').notNull(),
  companyName: text('company_name').notNull(),
  launchYear: integer('launch_year').notNull(),
  /** Every page link of the brand assets is a path under this origin. */
  websiteUrl: text('website_url').notNull(),
  supportEmail: text('support_email').notNull(),
  /** E.164. */
  supportNumber: text('support_number').notNull(),
  /** What the seed last wrote (server/db/seed-rows.ts): a row whose values differ was changed by a person. */
  seedDigest: text('seed_digest'),
});

/** OAuth clients. Public clients only (token endpoint auth "none"), so there is no secret column. */
export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  firstParty: boolean('first_party').notNull().default(false),
  requirePkce: boolean('require_pkce').notNull().default(true),
  /** Compared by exact string equality, never by prefix or pattern. */
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  scopes: jsonb('scopes').$type<ScopeRecord[]>().notNull(),
  /** Where /oauth/logout may send the browser back to (RP-Initiated Logout 1.0 §3.1); exact match too. */
  postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
  /**
   * The day the app was retired (docs/notices.md): from then on no code or token is issued to it (216)
   * and the sign-in page names its replacement instead.
   */
  retiredOn: date('retired_on', { mode: 'string' }),
  replacementName: text('replacement_name'),
  replacementAppStoreUrl: text('replacement_app_store_url'),
  replacementDownloadUrl: text('replacement_download_url'),
  /**
   * The OAuth grants the client may use (RFC 7591 grant_types): the device authorization grant
   * (docs/room-activation.md) only for clients that list it.
   */
  grantTypes: jsonb('grant_types')
    .$type<string[]>()
    .notNull()
    .default(['authorization_code', 'refresh_token']),
  /** The brand whose frame the app's own pages open in (a room's activation page); null: the default. */
  brandId: text('brand_id').references(() => brands.id),
  /** What the seed last wrote (server/db/seed-rows.ts): a row whose values differ was changed by a person. */
  seedDigest: text('seed_digest'),
});

/**
 * Why a user may not sign in with a password (spec §4, §8), checked after the password verifies;
 * 'active' signs in. The SSO values are accounts whose password route is closed.
 */
export const ACCOUNT_STATES = [
  'active',
  'not_confirmed',
  'not_activated',
  'locked',
  'disabled',
  'extension_disabled',
  'extension_frozen',
  'suspended',
  'trial_expired',
  'upgrade_required',
  'ivn_login_denied',
  'sso_enabled',
  'sso_enforced',
] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];
/** Why an account is in its state, when the message depends on it (an admin suspended for card issues). */
export const STATE_REASONS = ['card'] as const;
export type StateReason = (typeof STATE_REASONS)[number];
/** Why the password must be replaced before any code is issued (docs/passwords.md, code 412). */
export const PASSWORD_CHANGE_REASONS = ['enforced', 'one_time'] as const;
export type PasswordChangeReason = (typeof PASSWORD_CHANGE_REASONS)[number];

/** A CHECK condition over this module's own constant lists (no user input reaches it). */
export const oneOf = (column: string, values: readonly string[]) =>
  `${column} IN (${values.map((value) => `'${value}'`).join(', ')})`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    accountId: text('account_id').notNull(),
    extensionId: text('extension_id').notNull(),
    /** Lower-cased. */
    email: text('email').unique(),
    /** E.164. */
    phoneNumber: text('phone_number'),
    extension: text('extension').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    state: text('state').$type<AccountState>().notNull().default('active'),
    stateReason: text('state_reason').$type<StateReason>(),
    /** Company administrators get their own suspended and trial-expired messages (spec §6). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** What the account picker shows above the login id. */
    displayName: text('display_name').notNull().default(''),
    /** The administrator requires a second factor for this account (spec §6; docs/two-factor.md). */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    /** The administrator requires an authenticator app in particular (code 224 until one is enrolled). */
    authenticatorRequired: boolean('authenticator_required').notNull().default(false),
    /** Voice calls to the phone number cannot be placed (spec §8 PHONE_NUMBER_ERROR 321). */
    voiceUnavailable: boolean('voice_unavailable').notNull().default(false),
    /**
     * Counts password changes. Trusted-device cookies carry the value they were issued under, so a
     * change (recordPasswordChange) revokes every one of them.
     */
    passwordGeneration: integer('password_generation').notNull().default(0),
    /** The administrator flagged the account (enforced) or gave it a temporary password (one_time). */
    passwordChangeRequired: text('password_change_required').$type<PasswordChangeReason>(),
    /** An old numeric password that must be changed before signing in again (spec §8 319). */
    numericPasswordExpired: boolean('numeric_password_expired').notNull().default(false),
    /** The phone-menu (IVR) PIN's argon2 hash, for accounts that have one. */
    pinHash: text('pin_hash'),
    /**
     * The activation answer set at loginWithActivationCode (spec §5), which support staff ask a caller
     * for: argon2 of the trimmed, lower-cased answer, so it is compared the way a person says it.
     */
    activationAnswerHash: text('activation_answer_hash'),
    /** A government (FedRAMP) account: the notice must be accepted once per sign-in (720, docs/notices.md). */
    fedrampNoticeRequired: boolean('fedramp_notice_required').notNull().default(false),
    /** The account signs in under click-through terms of service: 730 until it accepted the current version. */
    termsAcceptanceRequired: boolean('terms_acceptance_required').notNull().default(false),
    /**
     * The account may also sign in through its company's single sign-on, its password staying open
     * (login-info's loginOptions; docs/notices.md "Login option"). sso_enabled and sso_enforced close the password.
     */
    ssoOptional: boolean('sso_optional').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_phone_extension').on(table.phoneNumber, table.extension),
    check('users_state', sql.raw(oneOf('state', ACCOUNT_STATES))),
    check('users_state_reason', sql.raw(`state_reason IS NULL OR ${oneOf('state_reason', STATE_REASONS)}`)),
    check(
      'users_password_change_required',
      sql.raw(
        `password_change_required IS NULL OR ${oneOf('password_change_required', PASSWORD_CHANGE_REASONS)}`,
      ),
    ),
  ],
);

/**
 * Platform sessions, one per sign-in (docs/sessions.md). Only the SHA-256 of the cookie token is stored.
 * A session is live until the first of: ended (sign-out, replaced, evicted), idle expiry (pushed on by
 * use), absolute expiry (`expires_at`, fixed at sign-in).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The brand the user signed in under (the user's own brand). */
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The sign-in time: OpenID's auth_time, which max_age is measured from. */
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull(),
    idleExpiresAt: at('idle_expires_at').notNull(),
    /** The absolute expiry: no use extends it. */
    expiresAt: at('expires_at').notNull(),
    /** Remember me: kept in the persistent cookie, with the longer lifetimes. */
    persistent: boolean('persistent').notNull().default(false),
    endedAt: at('ended_at'),
    /** When this sign-in completed its second factor (docs/two-factor.md); null = not done. */
    secondFactorAt: at('second_factor_at'),
    /** When this sign-in's user accepted the FedRAMP notice (docs/notices.md); null = not yet. */
    fedrampNoticeAcceptedAt: at('fedramp_notice_accepted_at'),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/** What a user allowed a third-party app, so the consent page is not shown again for the same scope. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    /** Space-separated scope tokens, the union of every grant. */
    scope: text('scope').notNull(),
    grantedAt: at('granted_at').notNull(),
  },
  (table) => [uniqueIndex('consents_user_client').on(table.userId, table.clientId)],
);

/** Authorisation codes: single use, short-lived, bound to everything the token request must repeat. */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => clients.id),
  redirectUri: text('redirect_uri').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  sessionId: integer('session_id')
    .notNull()
    .references(() => sessions.id),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge'),
  codeChallengeMethod: text('code_challenge_method'),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

/**
 * Refresh tokens, one row per issued token. A family is every token descended from one code; the
 * access token issued alongside each refresh token is recorded so revoking a family revokes it too.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    codeHash: text('code_hash').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    scope: text('scope').notNull(),
    accessTokenJti: text('access_token_jti').notNull(),
    accessTokenExpiresAt: at('access_token_expires_at').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    index('refresh_tokens_family').on(table.familyId),
    index('refresh_tokens_code').on(table.codeHash),
  ],
);

/** Revoked access-token ids, kept until the token would have expired anyway. */
export const revokedAccessTokens = pgTable('revoked_access_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at').notNull().defaultNow(),
});

/** Token signing keys, generated on first start. The newest active key signs; all active keys are published. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  /** Published (in the JWKS) from creation, used to sign only from here: verifiers have fetched it by then. */
  signsFrom: timestamp('signs_from', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a newer key takes over: kept for verification until then, when every token it signed has expired. */
  retireAt: timestamp('retire_at', { withTimezone: true }),
});

/**
 * rate-limiter-flexible's RateLimiterDrizzle store (columns named as it expects): request counters per
 * IP and per identifier, and consecutive wrong passwords per account. `expire` ends the window or block.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: at('expire'),
  },
  (table) => [index('rate_limits_expire').on(table.expire)],
);
