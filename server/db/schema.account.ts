import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './schema.columns.ts';
import { users } from './schema.users.ts';

// Password and account lifecycle (docs/passwords.md "Server"): a file of its own, beside the core tables (schema.ts).

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What an emailed token is for: a password reset or first password, a sign-in link, a confirmation, an activation. */
export const ACCOUNT_TOKEN_KINDS = ['reset', 'setup', 'express', 'confirm', 'activation'] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/**
 * Emailed tokens: 32 random bytes, of which only the SHA-256 is stored; single use (`used_at`, also set
 * when a newer token of the same kind replaces it), expiring. Activation emails also carry a six-digit
 * code, kept as a keyed digest (`code_hash`) with its wrong attempts. The rows count the sends (413).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<AccountTokenKind>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [
    index('account_tokens_user_created').on(table.userId, table.createdAt),
    check('account_tokens_kind', sql.raw(oneOf('kind', ACCOUNT_TOKEN_KINDS))),
  ],
);

/** The argon2 hashes of a user's previous passwords, only as many as the last-N rule needs (PWD-015). */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('password_history_user').on(table.userId, table.createdAt)],
);
