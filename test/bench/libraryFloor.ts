import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

/**
 * gzip -9 bytes of test/bench/floor: the design card's libraries with no Foyer code, built by Vite
 * with the app's own config (aliases, target, minifier). What the first screen adds is the
 * difference to firstScreenGzipBytes.
 */
export async function measureLibraryFloor(root: string): Promise<number> {
  const output = await build({
    configFile: `${root}vite.config.ts`,
    root: `${root}test/bench/floor`,
    logLevel: 'silent',
    build: { write: false, sourcemap: false, outDir: 'unused' },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((result) => result.output)
    .filter((file) => /\.(js|css)$/.test(file.fileName))
    .reduce((sum, file) => {
      const source = file.type === 'chunk' ? file.code : file.source;
      return sum + gzipSync(source, { level: 9 }).length;
    }, 0);
}
