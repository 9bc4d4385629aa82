import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { imageIn } from '../db/pglite.ts';

/**
 * The project's build's database image (dist/, which `npm test` builds before its tests), as startServer's
 * option: a test that starts a server on a new data folder then starts it as `npm start` does, from the
 * image, instead of spending an initdb, the migrations and the seed (seconds of CPU, several times that
 * beside a CPU-bound process). Without a build: no option, and the server runs initdb as it would.
 */
export function builtImageOption(): { databaseImage: string } | Record<string, never> {
  const image = imageIn(fileURLToPath(new URL('../../dist', import.meta.url)));
  return existsSync(image) ? { databaseImage: image } : {};
}
