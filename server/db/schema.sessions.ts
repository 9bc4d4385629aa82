import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { brands } from './schema.brands.ts';
import { at, createdAt } from './schema.columns.ts';
import { users } from './schema.users.ts';

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
    /**
     * How this sign-in was proved, as RFC 8176 authentication method references in the order they
     * happened (pwd, then otp/sms/tel/email and mfa; hwk and user for a passkey): the ID token's amr.
     */
    amr: jsonb('amr').$type<string[]>().notNull().default([]),
  },
  (table) => [index('sessions_user').on(table.userId)],
);
