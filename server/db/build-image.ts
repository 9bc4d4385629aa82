// node server/db/build-image.ts [outFile]: the migrated, seeded cluster as a gzipped tarball, written at
// build time so a server starting on an empty data folder unpacks it instead of running initdb, the
// migrations and the seed's password hashing (see openPglite).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { openDatabase } from './client.ts';
import { IMAGE_FILE } from './pglite.ts';
import { signingKeys } from './schema.ts';
import { seed } from './seed.ts';

/**
 * Seeded with a placeholder origin: every boot re-seeds brands and clients with the real one. The image is
 * shared by every data folder made from it, so it must hold no signing key: each folder makes its own at
 * first start.
 */
const PLACEHOLDER_ORIGIN = 'http://localhost:8080';

export async function buildImage(outFile: string): Promise<number> {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await seed(database.db, PLACEHOLDER_ORIGIN);
    await database.db.delete(signingKeys);
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

if (import.meta.main) {
  const outFile = resolve(process.argv[2] ?? join(process.env.DIST_DIR ?? 'dist', IMAGE_FILE));
  const bytes = await buildImage(outFile);
  console.log(`Database image: ${outFile} (${Math.round(bytes / 1024)} KiB)`);
}
