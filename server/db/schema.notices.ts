import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './schema.columns.ts';
import { users } from './schema.users.ts';

// Notices (docs/notices.md "Server"): the terms of service versions and who accepted which. The FedRAMP
// flag and the retired apps' columns sit on users, sessions and clients (schema.users.ts,
// schema.sessions.ts, schema.oauth.ts).

export const TERMS_VARIANTS = ['default', 'partner'] as const;
export type TermsVariantName = (typeof TERMS_VARIANTS)[number];

/**
 * Every published version of each variant's text. The current one of a variant is the latest whose
 * effective date has come, so a new version is published ahead of time by inserting its row.
 */
export const termsVersions = pgTable(
  'terms_versions',
  {
    variant: text('variant').$type<TermsVariantName>().notNull(),
    /** A date-like id (api/contract/notices.ts termsVersionSchema). */
    version: text('version').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.variant, table.version] }),
    check('terms_versions_variant', sql.raw(oneOf('variant', TERMS_VARIANTS))),
  ],
);

/** One row per version a user accepted: who, which text, when and through which app (docs/notices.md). */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    variant: text('variant').$type<TermsVariantName>().notNull(),
    version: text('version').notNull(),
    /** The client the page was opened for (not a foreign key: the record outlives a removed client). */
    clientId: text('client_id').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({
      name: 'terms_acceptances_version_fk',
      columns: [table.variant, table.version],
      foreignColumns: [termsVersions.variant, termsVersions.version],
    }),
    // A second acceptance of the same version (a double submit, another tab) keeps the first.
    uniqueIndex('terms_acceptances_user_version').on(table.userId, table.variant, table.version),
  ],
);
