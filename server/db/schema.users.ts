import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './schema.brands.ts';
import { createdAt, oneOf } from './schema.columns.ts';

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
    /** OpenID Connect standard claims (docs/openid-connect.md): the profile scope's names, as the person writes them. */
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    /** BCP 47, e.g. en-US; null: not set, so the claim is left out. */
    locale: text('locale'),
    /** IANA time zone, e.g. America/Los_Angeles; null: not set. */
    zoneinfo: text('zoneinfo'),
    /** The address was proved by a confirmation link or code (not_confirmed accounts have not). */
    emailVerified: boolean('email_verified').notNull().default(true),
    /** The number is the platform's own (assigned by the carrier), so it is verified unless said otherwise. */
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(true),
    /** When a profile claim last changed (OpenID's updated_at). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
