import {
  boolean,
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
import { brands } from './schema.brands.ts';
import { at, createdAt } from './schema.columns.ts';
import { sessions } from './schema.sessions.ts';
import { users } from './schema.users.ts';

// OAuth: the apps that may ask for a sign-in, what a user allowed them, and the codes, tokens and keys
// issued to them (docs/sessions.md for how a session backs them).

export type ScopeRecord = { id: string; name: string };

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
