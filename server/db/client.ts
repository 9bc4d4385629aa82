import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { traceDatabaseQueries } from '../observability/tracing-db.ts';
import { openPglite, type PgliteTarget } from './pglite.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import * as accountSchema from './schema.account.ts';
import * as deviceSchema from './schema.device.ts';
import * as emergencySchema from './schema.emergency.ts';
import * as coreSchema from './schema.ts';
import * as twoFactorSchema from './schema.two-factor.ts';

const schema = { ...coreSchema, ...twoFactorSchema, ...accountSchema, ...emergencySchema, ...deviceSchema };

/** The one database type services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * Runs `work` while holding the database-wide start-up lock (a PostgreSQL advisory lock), so that
   * processes starting together migrate, seed and make the first signing key one at a time. PGlite has
   * one process: it just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole database as a tarball, which `loadDataDir` can start from. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget = { databaseUrl: string } | PgliteTarget;

export interface OpenOptions {
  /**
   * Start-up's warm path (server/start.ts): true when the database is known to hold every migration (its
   * stored seed fingerprint, which covers the journal, matches), and the migrator is not run.
   */
  migrated?: (db: Database) => Promise<boolean>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies the migrations (the same SQL for both engines): PostgreSQL when a
 * URL is given, otherwise embedded PGlite on disk, or in memory for tests. The migrations also run over a
 * cluster started from an image, so an image older than the code is brought up to date.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  // A span per query inside a trace; with tracing off, one check of the active context per query.
  traceDatabaseQueries();
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl, options);
  const client = await openPglite(target);
  performance.mark('foyer:pglite');
  const db = drizzlePglite({ client, schema });
  if (!(await options.migrated?.(db))) await migratePglite(db, { migrationsFolder });
  const exclusive = <T>(work: () => Promise<T>) => work();
  const dump = async (compression: 'none' | 'gzip' = 'none') => {
    // A checkpoint first, so a cluster started from the dump has no WAL to replay.
    await client.exec('CHECKPOINT');
    return client.dumpDataDir(compression);
  };
  return { db, dump, exclusive, close: () => client.close() };
}

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  // Loaded only here: most starts use PGlite, and the driver is ~40 ms of start-up.
  const [{ default: postgres }, { drizzle }, { migrate }] = await Promise.all([
    import('postgres'),
    import('drizzle-orm/postgres-js'),
    import('drizzle-orm/postgres-js/migrator'),
  ]);
  // Drizzle logs nothing by default, and postgres-js notices would only be noise.
  // While the database is away, a query fails within seconds (the caller answers 503) and the pool is
  // back within two seconds of its return: the driver's defaults wait up to 30 s for a connection and
  // back off up to 20 s between attempts (docs/deployment.md "When the database goes away").
  const client = postgres(url, {
    onnotice: () => {},
    connect_timeout: 3,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 2),
  });
  const db = drizzle({ client: withPreparedStatements(client), schema });
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    // A session-level lock needs one session: a connection of its own, held until the work is done.
    const session = await client.reserve();
    try {
      await session`SELECT pg_advisory_lock(${STARTUP_LOCK})`;
      try {
        return await work();
      } finally {
        await session`SELECT pg_advisory_unlock(${STARTUP_LOCK})`;
      }
    } finally {
      session.release();
    }
  };
  try {
    if (!(await options.migrated?.(db))) await exclusive(() => migrate(db, { migrationsFolder }));
  } catch (error) {
    await client.end({ timeout: 5 });
    throw error;
  }
  return { db, exclusive, close: () => client.end({ timeout: 5 }) };
}

/** The advisory lock key of start-up work: any fixed 64-bit number no other application of the database uses. */
const STARTUP_LOCK = 302_517_937_522; // "Foyer" in ASCII, below 2^53
