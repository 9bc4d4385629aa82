import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { at } from './schema.columns.ts';

/**
 * One row: the fingerprint of the migrations and the seed the last full start-up applied
 * (server/db/seed-fingerprint.ts). A start that computes the same one skips the migrator and the seed.
 */
export const startupState = pgTable(
  'startup_state',
  {
    id: smallint('id').primaryKey().default(1),
    fingerprint: text('fingerprint').notNull(),
    writtenAt: at('written_at').notNull().defaultNow(),
  },
  () => [check('startup_state_one_row', sql`id = 1`)],
);
