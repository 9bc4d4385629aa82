import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { readImage, unpackImage } from './image.ts';

export interface PgliteTarget {
  dataDir: string | 'memory';
  /** Always start from this dump (tests use it to skip initdb). */
  loadDataDir?: Blob;
  /**
   * A dump made at build time (server/db/build-image.ts), used only when the cluster does not exist yet;
   * without it a fresh cluster costs an initdb. A missing file is not an error.
   */
  image?: string;
}

/** Where build-image.ts writes the image, inside the build. A dotfile, so the static routes never serve it. */
export const IMAGE_FILE = '.db-image.tar.gz';

export const imageIn = (distDir: string) => join(resolve(distDir), IMAGE_FILE);

/**
 * Postgres sizes its shared memory from shared_buffers, and in PGlite all of it is resident in the WASM heap
 * from the start: 16 MB instead of the default 128 MB took ~120 MB off the server's RSS. Foyer's working set
 * is a few MB, and the host's page cache still sits under the data folder.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

let baselineOnly = false;

/**
 * V8 tiers hot WASM functions up to TurboFan. For one of Postgres's largest functions that compile alone
 * takes ~800 ms and ~600 MB of malloc, just as the server becomes ready (RSS peaked at 760-820 MB), and
 * the optimised code kept ~60 MB more resident afterwards; queries were no faster, their time going to the
 * protocol and JS. The flags only apply to modules compiled afterwards, hence before the first PGlite.
 */
function keepWasmOnBaselineTier(): void {
  if (baselineOnly) return;
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
  baselineOnly = true;
}

const preparing = new Map<string, Promise<void>>();

/**
 * Unpacks the image into a data folder that holds no cluster yet (no PG_VERSION). main.ts starts it as soon
 * as it knows the folder, so the writes overlap the loading of the server; openPglite then waits for it.
 */
export function prepareDataDir(dataDir: string, image: string | undefined): Promise<void> {
  const key = resolve(dataDir);
  let prepared = preparing.get(key);
  if (!prepared) {
    prepared =
      image && !existsSync(join(dataDir, 'PG_VERSION'))
        ? readImage(image).then((bytes) => bytes && unpackImage(bytes, dataDir))
        : Promise.resolve();
    // Whoever opens the database awaits it and sees a failure; this only keeps it from being unhandled.
    prepared.catch(() => {});
    preparing.set(key, prepared);
  }
  return prepared;
}

export async function openPglite(target: PgliteTarget): Promise<PGlite> {
  keepWasmOnBaselineTier();
  const options = { startParams: START_PARAMS };
  if (target.dataDir === 'memory') {
    const image = target.loadDataDir ?? (target.image ? await imageBlob(target.image) : undefined);
    return PGlite.create({ ...options, ...(image ? { loadDataDir: image } : {}) });
  }
  const { dataDir } = target;
  if (target.loadDataDir) return PGlite.create({ ...options, dataDir, loadDataDir: target.loadDataDir });
  try {
    await prepareDataDir(dataDir, target.image);
  } finally {
    // Settled: the next open (a restart, a test) looks at the folder again.
    preparing.delete(resolve(dataDir));
  }
  return PGlite.create({ ...options, dataDir });
}

async function imageBlob(file: string): Promise<Blob | undefined> {
  const image = await readImage(file);
  // Typed, so PGlite gunzips it at once instead of first failing to read it as a plain tarball.
  return image && new Blob([image], { type: 'application/gzip' });
}
