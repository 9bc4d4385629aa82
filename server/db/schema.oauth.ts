import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './schema.brands.ts';
import { at, createdAt, oneOf } from './schema.columns.ts';
import { sessions } from './schema.sessions.ts';
import { users } from './schema.users.ts';

// OAuth: the apps that may ask for a sign-in, what a user allowed them, and the codes, tokens and keys
// issued to them (docs/sessions.md for how a session backs them).

export type ScopeRecord = { id: string; name: string };

/** The sign-in an ID token speaks of (OpenID Connect Core §2). */
export interface SignInClaims {
  sid: string;
  auth_time: number;
  amr: string[];
  acr: string;
}

/** How a client proves itself at the token, revocation and introspection endpoints (docs/openid-connect.md). */
export const TOKEN_ENDPOINT_AUTH_METHODS = [
  'none',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
export const ID_TOKEN_ALGS = ['RS256', 'ES256'] as const;
export type IdTokenAlg = (typeof ID_TOKEN_ALGS)[number];

/**
 * OAuth clients: public ones (token endpoint auth "none", PKCE) and confidential ones, whose secrets
 * (hashes only) are in client_secrets and whose keys are their registered JWKS or jwks_uri.
 */
export const clients = pgTable(
  'clients',
  {
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
    tokenEndpointAuthMethod: text('token_endpoint_auth_method')
      .$type<TokenEndpointAuthMethod>()
      .notNull()
      .default('none'),
    /** private_key_jwt: the client's public keys, inline or by address (exactly one of the two). */
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>(),
    jwksUri: text('jwks_uri'),
    /** How the client's ID tokens are signed (OpenID Connect Dynamic Client Registration's id_token_signed_response_alg). */
    idTokenSignedResponseAlg: text('id_token_signed_response_alg')
      .$type<IdTokenAlg>()
      .notNull()
      .default('RS256'),
    /** OpenID Connect Back-Channel Logout 1.0: where logout tokens are posted; sid is always sent. */
    backchannelLogoutUri: text('backchannel_logout_uri'),
    /** Set by `npm run clients -- disable`: no sign-in, token or introspection from then on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  () => [
    check(
      'clients_token_endpoint_auth_method',
      sql.raw(oneOf('token_endpoint_auth_method', TOKEN_ENDPOINT_AUTH_METHODS)),
    ),
    check('clients_id_token_alg', sql.raw(oneOf('id_token_signed_response_alg', ID_TOKEN_ALGS))),
  ],
);

/**
 * A confidential client's secrets, as SHA-256 hashes (a secret is 256 random bits, so a fast hash is
 * enough: there is nothing to guess). Rotation adds one and gives the old one an expiry (the overlap).
 */
export const clientSecrets = pgTable(
  'client_secrets',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    /** Null: valid until rotated away. */
    expiresAt: at('expires_at'),
  },
  (table) => [index('client_secrets_client').on(table.clientId)],
);

/** private_key_jwt assertions already used (RFC 7523 §3 jti), kept until they would have expired anyway. */
export const clientAssertionJtis = pgTable(
  'client_assertion_jtis',
  {
    clientId: text('client_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.jti] })],
);

/**
 * Back-Channel Logout 1.0 deliveries: one row per (ended session, client that took part), written in the
 * same step that ends the session, posted by whichever process picks it up (docs/openid-connect.md).
 */
export const backchannelLogouts = pgTable(
  'backchannel_logouts',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The session's public id (the ID token's sid) and the user's sub. */
    sid: text('sid').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** A process's claim on the row until then, so two processes do not post it together. */
    lockedUntil: at('locked_until'),
    deliveredAt: at('delivered_at'),
    /** Retries stopped (the bounded time passed); the last error says why. */
    abandonedAt: at('abandoned_at'),
    lastError: text('last_error'),
  },
  (table) => [index('backchannel_logouts_due').on(table.nextAttemptAt)],
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
  /** OpenID Connect: the request's nonce, copied unchanged into the ID token. */
  nonce: text('nonce'),
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
    /**
     * For an openid grant: the sign-in the family stems from, as the ID token states it (sid, auth_time,
     * amr, acr), so a refreshed ID token repeats it even after the session has ended or been purged.
     */
    idTokenClaims: jsonb('id_token_claims').$type<SignInClaims>(),
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
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    alg: text('alg').notNull(),
    /**
     * The private key in clear, as databases before migration 0013 held it: sealed at the next start and
     * then null (server/oauth/sealed-keys.ts). Nothing writes it any more.
     */
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
    /** The private JWK sealed under its own data key (docs/key-management.md), `kid` as associated data. */
    sealedPrivateJwk: text('sealed_private_jwk'),
    /** The data key, sealed under the key-encryption key `kek_id` (which never enters the database). */
    wrappedKey: text('wrapped_key'),
    kekId: text('kek_id'),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    /** Published (in the JWKS) from creation, used to sign only from here: verifiers have fetched it by then. */
    signsFrom: timestamp('signs_from', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a newer key takes over: kept for verification until then, when every token it signed has expired. */
    retireAt: timestamp('retire_at', { withTimezone: true }),
  },
  () => [
    check(
      'signing_keys_private_key',
      sql`private_jwk IS NOT NULL OR (sealed_private_jwk IS NOT NULL AND wrapped_key IS NOT NULL AND kek_id IS NOT NULL)`,
    ),
  ],
);
