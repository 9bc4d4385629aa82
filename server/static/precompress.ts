import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { compressWith, ENCODINGS } from '../http/compression.ts';

/** Text the browser downloads; source maps are left plain (only developer tools fetch them). */
export const PRECOMPRESSED_TYPES = /\.(?:js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes `file.br` (brotli quality 11) and `file.gz` (gzip level 9) beside every text file of the build, once, so
 * the server never compresses a static file per request. A variant that would not be smaller is not
 * written, and the server then sends the file as it is.
 */
export function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: 'foyer-precompress',
    apply: 'build',
    configResolved(config) {
      // A build kept in memory (the bench's library floor) has nothing on disk to compress.
      outDir = config.build.write ? resolve(config.root, config.build.outDir) : undefined;
    },
    async closeBundle() {
      if (!outDir) return;
      const files = await textFilesUnder(outDir);
      await Promise.all(files.map(compressBeside));
    },
  };
}

async function compressBeside(file: string): Promise<void> {
  const content = await readFile(file);
  for (const { name, suffix } of ENCODINGS) {
    const variant = await compressWith(name, content, 'max');
    if (variant.length < content.length) await writeFile(file + suffix, variant);
  }
}

async function textFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && PRECOMPRESSED_TYPES.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
