import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { max } from 'drizzle-orm';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** The table drizzle's migrator keeps (its default schema and name), as far as this check reads it. */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  createdAt: bigint('created_at', { mode: 'number' }),
});

interface Journal {
  entries: Array<{ when: number }>;
}

/**
 * Whether drizzle's migrator would apply nothing. It applies every journal entry whose `when` is newer than
 * the newest `created_at` it recorded, after reading and hashing every migration file and running four
 * statements; this asks the same question with the journal and one query (~15 ms less at every start).
 * Any doubt (no table yet, no journal) answers false, and the migrator runs as before.
 */
export async function migrationsCurrent(db: Database, migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(
      await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const [applied] = await db.select({ newest: max(appliedMigrations.createdAt) }).from(appliedMigrations);
    const newest = applied?.newest;
    return newest != null && journal.entries.every((entry) => entry.when <= Number(newest));
  } catch {
    return false;
  }
}
