import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.ts';

/** The one database type services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** PGlite only: the whole database as a tarball, which `loadDataDir` can start from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { databaseUrl: string }
  /** `loadDataDir` starts from a dump instead of an empty cluster (tests use it to skip initdb). */
  | { dataDir: string | 'memory'; loadDataDir?: Blob };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies the migrations (the same SQL for both engines): PostgreSQL when a
 * URL is given, otherwise embedded PGlite on disk, or in memory for tests.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) {
    // Drizzle logs nothing by default, and postgres-js notices would only be noise.
    const client = postgres(target.databaseUrl, { onnotice: () => {} });
    const db = drizzlePostgres({ client, schema });
    await migratePostgres(db, { migrationsFolder });
    return { db, close: () => client.end({ timeout: 5 }) };
  }
  const client = await PGlite.create({
    ...(target.dataDir === 'memory' ? {} : { dataDir: target.dataDir }),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db, dump: () => client.dumpDataDir('none'), close: () => client.close() };
}
