import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { PASSWORD_HASH_COST } from '../auth/password.ts';
import { dropTemplateDatabases } from '../db/build-image.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { SEED_USERS } from '../db/seed-data.ts';

/** Test support (not a test): the seeded database each test server opens, on PGlite or PostgreSQL. */

// A fresh PGlite cluster costs seconds of initdb; a migrated, seeded one is dumped once per version of the
// migrations and seed data, and every test file starts its own in-memory copy from that dump.
const template = join(tmpdir(), `foyer-test-db-${await templateKey()}.tar`);

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  for (const file of (await readdir(migrations, { recursive: true })).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(await readFile(join(migrations, file)));
  }
  for (const file of [
    'seed.ts',
    'seed-data.ts',
    'seed-brands.ts',
    'seed-clients.ts',
    'seed-user.ts',
    'seed-demo-users.ts',
    'seed-account.ts',
    'seed-emergency.ts',
    'seed-notices.ts',
    'seed-options.ts',
  ]) {
    hash.update(await readFile(fileURLToPath(new URL(`../db/${file}`, import.meta.url))));
  }
  // The users this process will seed, as loaded: a run that loaded the module before an edit of the
  // file it hashes must not save its seed under the edited file's key.
  hash.update(JSON.stringify(SEED_USERS));
  // The cost their passwords are hashed at lives apart from the seed's files.
  hash.update(JSON.stringify(PASSWORD_HASH_COST));
  // And how this file prepares the dump (dropTemplateDatabases).
  hash.update('without template databases');
  return hash.digest('hex').slice(0, 16);
}

/** The seeded database the PostgreSQL run clones for each test server (test/server/postgres.setup.ts). */
export const POSTGRES_TEMPLATE = 'foyer_seeded';

/**
 * A fresh database for one test server: cloned from the seeded template on PostgreSQL, else PGlite. The
 * PGlite template is seeded for `origin`, the one test origin (harness.ts's ORIGIN).
 */
export async function openSeededDatabase(origin: string): Promise<DatabaseHandle> {
  const adminUrl = inject('postgresAdminUrl');
  return adminUrl ? openPostgresClone(adminUrl) : openSeededPglite(origin);
}

let databases = 0;
/**
 * A database of its own in the test cluster: a clone of the seeded template, or empty (`template:
 * undefined`) for tests of a first start. `drop` removes it, closing whatever is still connected.
 */
export async function createTestDatabase(
  adminUrl: string,
  { template = POSTGRES_TEMPLATE as string | undefined } = {},
) {
  const { default: postgres } = await import('postgres');
  databases += 1;
  const name = `foyer_test_${process.pid}_${databases}`;
  const run = async (statement: string) => {
    const admin = postgres(adminUrl, { onnotice: () => {}, max: 1 });
    await admin.unsafe(statement).finally(() => admin.end());
  };
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function openPostgresClone(adminUrl: string): Promise<DatabaseHandle> {
  const clone = await createTestDatabase(adminUrl);
  const database = await openDatabase({ databaseUrl: clone.url });
  return {
    ...database,
    async close() {
      await database.close();
      await clone.drop();
    },
  };
}

/**
 * The seeded template's cluster, in memory or in a data folder on disk; made (migrated, seeded, dumped)
 * by the first process that needs it.
 */
async function openSeededPglite(origin: string, dataDir = 'memory'): Promise<DatabaseHandle> {
  const saved = await readFile(template).catch(() => undefined);
  if (saved) return openDatabase({ dataDir, loadDataDir: new Blob([saved]) });
  const database = await openDatabase({ dataDir });
  await seed(database.db, origin);
  await dropTemplateDatabases(database.db);
  const dump = await database.dump?.();
  if (dump) {
    // Write then rename, so a test file running in parallel never reads half a dump.
    const partial = `${template}.${process.pid}.${Date.now()}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, template);
  }
  return database;
}

/**
 * A PGlite data folder on disk that holds the seeded cluster, for a test of a command an operator runs
 * on the server's folder: the command then opens a cluster, as it would, instead of spending an initdb
 * and every migration on an empty folder (seconds of CPU, over a minute beside a CPU-bound process).
 */
export async function seededPgliteFolder(dataDir: string, origin: string): Promise<void> {
  const database = await openSeededPglite(origin, dataDir);
  await database.close();
}
