import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf } from './schema.columns.ts';
import { clients } from './schema.oauth.ts';
import { users } from './schema.users.ts';

// Room activation (docs/room-activation.md): the OAuth 2.0 device authorization grant, RFC 8628.

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * pending: waiting for the person; approved: they approved on the consent page, tokens not collected
 * yet; issued: the device collected its tokens (once); denied: they refused. Expiry is `expires_at`,
 * not a status, so no job has to flip rows.
 */
export const DEVICE_GRANT_STATUSES = ['pending', 'approved', 'issued', 'denied'] as const;
export type DeviceGrantStatus = (typeof DEVICE_GRANT_STATUSES)[number];

/**
 * One device authorization request (RFC 8628 §3.1). The device code is a bearer secret: only its
 * SHA-256 is kept. The user code is kept as typed-and-normalised letters (it is short and shown on a
 * screen anyway; hashing 34 bits would protect nothing) and is unique among pending grants. `state`
 * and `code_verifier` are what the server, as the room client's stand-in, sends through the ordinary
 * sign-in (/oauth/authorize … /device/callback): the code that comes back is redeemed with them.
 */
export const deviceGrants = pgTable(
  'device_grants',
  {
    id: serial('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCode: text('user_code').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    /** What the device asked for (resolved against the client's scopes). */
    scope: text('scope').notNull(),
    status: text('status').$type<DeviceGrantStatus>().notNull().default('pending'),
    /** The interval the device must keep between polls: grows by 5 s with every slow_down. */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: at('last_polled_at'),
    /** Token requests made for this grant: polls per approval is what docs/room-activation.md measures. */
    polls: integer('polls').notNull().default(0),
    state: text('state').notNull().unique(),
    codeVerifier: text('code_verifier').notNull(),
    /** Set on approval: who approved, what the code granted, and the code's hash (the token family's origin). */
    userId: integer('user_id').references(() => users.id),
    grantedScope: text('granted_scope'),
    codeHash: text('code_hash'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (table) => [
    uniqueIndex('device_grants_pending_user_code').on(table.userCode).where(sql`status = 'pending'`),
    index('device_grants_expires').on(table.expiresAt),
    check('device_grants_status', sql.raw(oneOf('status', DEVICE_GRANT_STATUSES))),
  ],
);

export type DeviceGrant = typeof deviceGrants.$inferSelect;
