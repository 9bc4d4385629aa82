// node server/db/build-image.ts [outFile]: the migrated, seeded cluster as a gzipped tarball, written at
// build time so a server starting on an empty data folder unpacks it instead of running initdb, the
// migrations and the seed's password hashing (see openPglite).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from './client.ts';
import { IMAGE_FILE } from './pglite.ts';
import { signingKeys } from './schema.ts';
import { seed } from './seed.ts';

/**
 * Seeded with a placeholder origin: every boot re-seeds brands and clients with the real one. The image is
 * shared by every data folder made from it, so it must hold no signing key: each folder makes its own at
 * first start. Without the template databases it is 602 files and 15 MB smaller, which a fresh data folder
 * no longer waits to write (docs/benchmarks.md "Ready in half a second").
 */
const PLACEHOLDER_ORIGIN = 'http://localhost:8080';

export async function buildImage(outFile: string): Promise<number> {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await seed(database.db, PLACEHOLDER_ORIGIN);
    await database.db.delete(signingKeys);
    await dropTemplateDatabases(database.db);
    const image = await database.dump?.('gzip');
    if (!image) throw new Error('PGlite gave no dump');
    const bytes = new Uint8Array(await image.arrayBuffer());
    await mkdir(dirname(outFile), { recursive: true });
    // Write then rename: a server starting meanwhile never reads half an image.
    const partial = `${outFile}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, outFile);
    return bytes.length;
  } finally {
    await database.close();
  }
}

/**
 * PGlite works in the `postgres` database; template0 and template1 only serve CREATE DATABASE, which
 * neither the server nor a test server runs. Without them the dump is 27 MB instead of 42, and unpacking it
 * (into a data folder, or PGlite's in-memory file system for a server test) takes about half the time.
 */
export async function dropTemplateDatabases(db: Database) {
  await db.execute(
    sql`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  );
  await db.execute(sql`DROP DATABASE template0`);
  await db.execute(sql`DROP DATABASE template1`);
}

if (import.meta.main) {
  const outFile = resolve(process.argv[2] ?? join(process.env.DIST_DIR ?? 'dist', IMAGE_FILE));
  const bytes = await buildImage(outFile);
  console.log(`Database image: ${outFile} (${Math.round(bytes / 1024)} KiB)`);
}
