import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { oneOf } from './schema.columns.ts';
import { sessions } from './schema.sessions.ts';
import { users } from './schema.users.ts';

// Two-factor verification and its delivery (docs/two-factor.md): a file of its own, beside the core tables (schema.ts).

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/**
 * Authenticator-app (TOTP) secrets, AES-256-GCM encrypted (server/two-factor/mfa-keys.ts). At most one
 * pending (offered by mfa-totp, not yet proved) and one enrolled per user. `last_step` is the last
 * accepted RFC 6238 time step: a step is never accepted twice.
 */
export const TOTP_STATUSES = ['pending', 'enrolled'] as const;
export type TotpStatus = (typeof TOTP_STATUSES)[number];
export const totpAuthenticators = pgTable(
  'totp_authenticators',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<TotpStatus>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    createdAt: createdAt(),
    enrolledAt: at('enrolled_at'),
    lastStep: bigint('last_step', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('totp_authenticators_user_status').on(table.userId, table.status),
    check('totp_authenticators_status', sql.raw(oneOf('status', TOTP_STATUSES))),
  ],
);

/**
 * Sent security codes (send-code), one row per delivered code: only an HMAC of the code is stored. A new
 * send supersedes the session's earlier code; a verified one is used. The rows also count the sends.
 */
export const mfaCodes = pgTable(
  'mfa_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    supersededAt: at('superseded_at'),
  },
  (table) => [index('mfa_codes_session').on(table.sessionId), index('mfa_codes_user').on(table.userId)],
);

/** Wrong security codes, one row each, per user: five within 15 minutes refuse every code (326). */
export const mfaFailures = pgTable(
  'mfa_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: at('at').notNull(),
  },
  (table) => [index('mfa_failures_user_at').on(table.userId, table.at)],
);

/**
 * Security events (two-factor sends and verifications). `detail` holds kinds, channels and masked
 * contacts, never codes, secrets or full contacts; the session and the client IP are keyed digests.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    userId: integer('user_id').references(() => users.id),
    sessionHash: text('session_hash'),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean>>().notNull().default({}),
    ipHash: text('ip_hash'),
  },
  (table) => [index('audit_events_user_at').on(table.userId, table.at)],
);

/**
 * Messages the delivery port kept instead of sending (server/delivery/outbox.ts): every channel without
 * a configured adapter. /dev/outbox shows them, recipients masked.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
  },
  (table) => [index('outbox_at').on(table.at)],
);
