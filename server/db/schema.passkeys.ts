import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands, oneOf, users } from './schema.ts';

// Passkeys (WebAuthn discoverable credentials, docs/passkeys.md): every table of theirs lives here, so
// the feature adds no column to the tables of schema.ts.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const PASSKEY_DEVICE_TYPES = ['singleDevice', 'multiDevice'] as const;
export type PasskeyDeviceType = (typeof PASSKEY_DEVICE_TYPES)[number];
/** The longest name a passkey may carry (the user's own, or one derived from the browser). */
export const PASSKEY_NAME_MAX = 64;

/**
 * One row per registered credential. The credential id and the COSE public key are base64url text (the
 * form WebAuthn's JSON carries them in, and the same on PGlite and PostgreSQL). Removal deletes the row
 * (and is audited): a removed credential is then simply unknown (751).
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: serial('id').primaryKey(),
    credentialId: text('credential_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (an unsigned 32-bit number, so not an int4). */
    signCounter: bigint('sign_counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<PasskeyDeviceType>().notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkey_credentials_credential_id').on(table.credentialId),
    index('passkey_credentials_user').on(table.userId),
    check('passkey_credentials_device_type', sql.raw(oneOf('device_type', PASSKEY_DEVICE_TYPES))),
    check('passkey_credentials_name', sql.raw(`char_length(name) BETWEEN 1 AND ${PASSKEY_NAME_MAX}`)),
  ],
);

/**
 * What WebAuthn knows a user by: a random handle (never the email or the user id, which an
 * authenticator would show or leak across sites), and the administrator's re-enrolment flag.
 */
export const passkeyUsers = pgTable(
  'passkey_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHandle: text('user_handle').notNull(),
    /** Set by `npm run passkeys:require-reenrolment`: credentials created before it no longer sign in. */
    reenrolmentRequiredAt: at('reenrolment_required_at'),
  },
  (table) => [uniqueIndex('passkey_users_user_handle').on(table.userHandle)],
);

export const PASSKEY_CHALLENGE_PURPOSES = ['registration', 'authentication'] as const;
export type PasskeyChallengePurpose = (typeof PASSKEY_CHALLENGE_PURPOSES)[number];

/**
 * Challenges handed out by the options calls, each used once: the verification deletes its row
 * (DELETE … RETURNING) whatever the outcome. `user_id` binds a registration, or a sign-in started from
 * the account picker (`login_hinted`), to one account; a picker's sign-in for a login id that names no
 * account has `login_hinted` without a user, so no passkey verifies with it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').$type<PasskeyChallengePurpose>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    loginHinted: boolean('login_hinted').notNull().default(false),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    index('passkey_challenges_expires_at').on(table.expiresAt),
    check('passkey_challenges_purpose', sql.raw(oneOf('purpose', PASSKEY_CHALLENGE_PURPOSES))),
  ],
);

/**
 * Which brands offer passkeys (brand config's `passkeys`). A table of its own rather than a column on
 * brands, so the feature stays in this file; a brand without a row does not offer them.
 */
export const passkeyBrands = pgTable('passkey_brands', {
  brandId: text('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
});
